#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# The Linux installation check (ctest linux_install_check, label `install`): packages the built
# tree with CPack and checks what a user gets from the .deb, without network access.
#
#  1. `cpack -G DEB` in the existing build tree (no rebuild): carton-studio and, when the
#     torchscript runner was built, carton-studio-torchscript.
#  2. lintian on every .deb: no errors (its warnings are printed). `cpack -G RPM`: each RPM holds
#     the same files as its .deb, with requirements computed by rpmbuild.
#  3. apt accepts the packages: `apt-get install --simulate` resolves their computed
#     dependencies against this system's package lists (nothing is downloaded or changed).
#  4. Installation: the packages are unpacked with `dpkg-deb -x` into a temporary root.
#     Installing with apt into a throwaway Debian root needs either debootstrap (it downloads
#     the base system: no network here) or a chroot, which needs privileges a test must not
#     assume; and installing into this system would change the machine the tests run on.
#     The unpacked root holds exactly the files dpkg would install; the maintainer-script
#     work dpkg triggers do (update-mime-database, update-desktop-database) is run on it.
#  5. With XDG_DATA_DIRS pointing at the root (and an empty HOME): a .carton file is
#     application/x-carton (by name; without a name, by its zip signature and carton.toml),
#     while a plain zip stays application/zip; the default application of application/x-carton
#     is carton-studio.desktop; the icons are in hicolor.
#  6. The installed programs, with no LD_LIBRARY_PATH and no build tree on any search path
#     (the RUNPATH finds the private core library): `carton` packs a carton the script builds,
#     then `info` and `verify` it and the installed sample, runs the sample's self-test (through
#     the installed runner host and noop runner); `carton runners --json` finds the
#     installed runner plugins (noop, python, kserve, and torchscript from its own package);
#     `carton-studio` starts offscreen, opens the carton (--quit-after-card) and takes a
#     screenshot of it once verified (--screenshot).
#  7. The .tar.gz (`cpack -G TGZ`, a prefix with bin/, lib/, share/) unpacked into another
#     folder works there too: the installation is relocatable.
#
# Usage: check-install.sh BUILD_DIR [WORK_DIR]    (WORK_DIR is kept; default: a temporary folder)
set -euo pipefail
build=$(cd "${1:?usage: check-install.sh BUILD_DIR [WORK_DIR]}" && pwd)
work=${2:-}
if [ -z "$work" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
work=$(cd "$work" && pwd)
start=$(date +%s)

fail=0
problem() { echo "check-install.sh: FAIL: $*" >&2; fail=1; }
step() { echo "== $* ($(($(date +%s) - start)) s)"; }

for tool in cpack dpkg-deb dpkg-shlibdeps lintian apt-get xdg-mime mimetype update-mime-database \
            update-desktop-database /usr/bin/python3 readelf ldd rpmbuild rpm; do
  command -v "$tool" >/dev/null ||
    { echo "check-install.sh: $tool not found (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
cpack=$(grep -s '^CMAKE_COMMAND:' "$build/CMakeCache.txt" | sed 's/.*=//; s#/cmake$#/cpack#')
[ -x "$cpack" ] || cpack=cpack

step "cpack -G DEB in $build"
rm -rf "$work/packages"
"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$work/packages" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; echo "check-install.sh: cpack failed" >&2; exit 1; }
mapfile -t debs < <(ls "$work"/packages/*.deb)
[ ${#debs[@]} -ge 1 ] || { echo "check-install.sh: cpack made no .deb" >&2; exit 1; }
main_deb=$(ls "$work"/packages/carton-studio_*.deb 2>/dev/null | head -1)
[ -n "$main_deb" ] || { echo "check-install.sh: no carton-studio_*.deb in ${debs[*]}" >&2; exit 1; }
torch_deb=$(ls "$work"/packages/carton-studio-torchscript_*.deb 2>/dev/null | head -1 || true)
for deb in "${debs[@]}"; do
  echo "$(basename "$deb"): $(stat -c %s "$deb") bytes; Depends: $(dpkg-deb -f "$deb" Depends)"
done
# Dependencies are computed by dpkg-shlibdeps: Qt, libzstd, libssl... are there.
dpkg-deb -f "$main_deb" Depends | grep -q 'libqt6widgets6' ||
  problem "carton-studio's Depends lacks libqt6widgets6 (dpkg-shlibdeps did not run?)"
if [ -n "$torch_deb" ]; then
  dpkg-deb -f "$torch_deb" Depends | grep -q 'libtorch' ||
    problem "carton-studio-torchscript's Depends lacks libtorch"
  dpkg-deb -c "$main_deb" | grep -q torchscript && problem "the torchscript runner is in the main package"
fi

step "lintian"
for deb in "${debs[@]}"; do
  if ! lintian --fail-on error "$deb" >"$work/lintian.log" 2>&1; then
    problem "lintian reports errors on $(basename "$deb")"
  fi
  grep -v 'running with root privileges' "$work/lintian.log" | sed "s/^/  lintian: /" || true
  echo "  lintian: $(basename "$deb"): $(grep -c '^[EW]: ' "$work/lintian.log" || true) errors and warnings"
done

step "cpack -G RPM: the same files, requirements computed by rpmbuild"
"$cpack" --config "$build/CPackConfig.cmake" -G RPM -B "$work/rpm" >"$work/cpack-rpm.log" 2>&1 ||
  { cat "$work/cpack-rpm.log" >&2; problem "cpack -G RPM failed"; }
for deb in "${debs[@]}"; do
  name=$(dpkg-deb -f "$deb" Package)
  rpm=$(ls "$work"/rpm/"$name"-[0-9]*.rpm 2>/dev/null | head -1)
  [ -n "$rpm" ] || { problem "no $name RPM"; continue; }
  echo "$(basename "$rpm"): $(stat -c %s "$rpm") bytes"
  # Files and links (not folders): the .deb minus what only Debian wants.
  dpkg-deb --fsys-tarfile "$deb" | tar -t | grep -v '/$' | sed 's#^\.##' | sort >"$work/deb.files"
  rpm -qp --qf '[%{FILEMODES:perms} %{FILENAMES}\n]' "$rpm" 2>/dev/null | grep -v '^d' | cut -d' ' -f2- | sort >"$work/rpm.files"
  diff "$work/deb.files" "$work/rpm.files" >"$work/files.diff" ||
    problem "$name: the RPM's files differ from the .deb's: $(cat "$work/files.diff")"
  rpm -qp --requires "$rpm" 2>/dev/null >"$work/rpm.requires"
  grep -q libcartoncore "$work/rpm.requires" && problem "$name RPM requires the private libcartoncore"
  [ "$name" = carton-studio ] && { grep -q '^libQt6Widgets.so.6' "$work/rpm.requires" ||
    problem "the carton-studio RPM does not require libQt6Widgets (rpmbuild's dependency generator did not run?)"; }
  [ "$name" = carton-studio-torchscript ] && { grep -q '^carton-studio = ' "$work/rpm.requires" ||
    problem "the carton-studio-torchscript RPM does not require carton-studio"; }
done

step "apt-get install --simulate"
if ! apt-get install --simulate -qq "${debs[@]}" >"$work/apt.log" 2>&1; then
  cat "$work/apt.log" >&2
  problem "apt cannot resolve the packages' dependencies"
fi

step "dpkg-deb -x into $work/root"
root=$work/root
rm -rf "$root"
for deb in "${debs[@]}"; do dpkg-deb -x "$deb" "$root"; done
# (Both note on stderr that the folders are not in XDG_DATA_DIRS yet.)
update-mime-database "$root/usr/share/mime" >"$work/update.log" 2>&1 || { cat "$work/update.log" >&2; exit 1; }
update-desktop-database "$root/usr/share/applications" >"$work/update.log" 2>&1 || { cat "$work/update.log" >&2; exit 1; }

# A user session that sees the installed data and nothing of this machine's user.
export HOME=$work/home
rm -rf "$HOME"
mkdir -p "$HOME"
export XDG_DATA_HOME=$HOME/.local/share XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache
export XDG_DATA_DIRS=$root/usr/share:/usr/share XDG_CONFIG_DIRS=/nonexistent XDG_RUNTIME_DIR=$work/runtime
mkdir -p -m 0700 "$XDG_RUNTIME_DIR"
unset XDG_CURRENT_DESKTOP DESKTOP_SESSION KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID XDG_SESSION_DESKTOP
unset LD_LIBRARY_PATH CARTON_RUNNER_PATH CARTON_RUNNER_HOST QT_PLUGIN_PATH
bin=$root/usr/bin

step "installed files and RUNPATH"
for f in usr/bin/carton usr/bin/carton-studio usr/libexec/carton-studio/carton-runner-host usr/lib/carton-studio/libcartoncore.so.0 \
         usr/share/applications/carton-studio.desktop usr/share/mime/packages/carton-studio.xml \
         usr/share/metainfo/org.cartonstudio.CartonStudio.metainfo.xml usr/share/carton-studio/sample.carton \
         usr/share/icons/hicolor/scalable/apps/carton-studio.svg \
         usr/share/icons/hicolor/48x48/apps/carton-studio.png \
         usr/share/icons/hicolor/scalable/mimetypes/application-x-carton.svg \
         usr/share/icons/hicolor/256x256/mimetypes/application-x-carton.png \
         usr/share/doc/carton-studio/copyright usr/share/doc/carton-studio/changelog.gz \
         usr/share/man/man1/carton.1.gz usr/share/man/man1/carton-studio.1.gz; do
  [ -e "$root/$f" ] || problem "/$f is not installed"
done
/usr/bin/python3 - "$root/usr/share/icons/hicolor" <<'PY' || problem "hicolor PNG icons are not the size of their folder"
import struct, sys, pathlib
bad = []
for png in pathlib.Path(sys.argv[1]).glob("*x*/*/*.png"):
    head = png.read_bytes()[:24]
    size = int(png.parent.parent.name.split("x")[0])
    if head[:8] != b"\x89PNG\r\n\x1a\n" or struct.unpack(">II", head[16:24]) != (size, size):
        bad.append(str(png))
for p in bad:
    print(p, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
for elf in "$bin/carton" "$bin/carton-studio" "$root/usr/libexec/carton-studio/carton-runner-host" \
           "$root"/usr/lib/carton-studio/runners/*.so; do
  runpath=$(readelf -d "$elf" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  case "$runpath" in
    '$ORIGIN/../lib/carton-studio' | '$ORIGIN/../../lib/carton-studio' | '$ORIGIN/..') ;;
    *) problem "$(basename "$elf"): RUNPATH \"$runpath\", expected \$ORIGIN/../lib/carton-studio (bin), \$ORIGIN/../../lib/carton-studio (libexec) or \$ORIGIN/.. (plugins)" ;;
  esac
  if ldd "$elf" | grep -q 'not found'; then problem "$(basename "$elf"): unresolved libraries"; ldd "$elf" >&2; fi
  readelf -d "$elf" | grep -q 'NEEDED.*\[libcartoncore.so.0\]' || continue # (the noop runner uses none of it)
  core=$(ldd "$elf" | sed -n 's/.*libcartoncore.so.0 => \([^ ]*\).*/\1/p')
  [ "$(readlink -f "$core")" = "$(readlink -f "$root/usr/lib/carton-studio/libcartoncore.so.0")" ] ||
    problem "$(basename "$elf") loads libcartoncore from \"$core\", not from the installed package"
done

step "MIME type and default application (xdg-mime)"
# A carton built from a folder made here, packed by the installed carton.
mkdir -p "$work/sample/model"
printf 'weights\n' >"$work/sample/model/weights.bin"
"$bin/carton" pack "$work/sample" -o "$work/x.carton" --runner noop --framework-version '>=1.0.0' \
  --name install-check --force >/dev/null || problem "the installed carton cannot pack a folder"
cp "$work/x.carton" "$work/unnamed"
(cd "$work/sample" && /usr/bin/python3 -c "import zipfile; zipfile.ZipFile('$work/plain.zip', 'w').write('model/weights.bin')")
cp "$work/plain.zip" "$work/plain-unnamed"
expect_type() { # FILE TYPE
  local got
  got=$(xdg-mime query filetype "$1" 2>&1 || true)
  got=${got%%;*}
  [ "$got" = "$2" ] && echo "  $(basename "$1"): $got" || problem "xdg-mime query filetype $(basename "$1"): \"$got\", expected $2"
}
expect_type "$work/x.carton" application/x-carton
expect_type "$work/unnamed" application/x-carton
expect_type "$work/plain.zip" application/zip
expect_type "$work/plain-unnamed" application/zip
default=$(xdg-mime query default application/x-carton 2>&1 || true)
[ "$default" = carton-studio.desktop ] && echo "  default application: $default" ||
  problem "xdg-mime query default application/x-carton: \"$default\", expected carton-studio.desktop"
grep -q '^application/x-carton=.*carton-studio.desktop' "$root/usr/share/applications/mimeinfo.cache" ||
  problem "update-desktop-database did not list carton-studio.desktop for application/x-carton"

step "carton info / verify"
"$bin/carton" info "$work/x.carton" >"$work/info.txt" 2>&1 || problem "carton info x.carton failed: $(cat "$work/info.txt")"
grep -q install-check "$work/info.txt" || problem "carton info does not show the model name: $(cat "$work/info.txt")"
for c in "$work/x.carton" "$root/usr/share/carton-studio/sample.carton"; do
  "$bin/carton" verify "$c" >"$work/verify.txt" 2>&1 || problem "carton verify $(basename "$c") failed: $(cat "$work/verify.txt")"
done

# The sample's self-test runs through the installed runner host (libexec) and noop runner.
"$bin/carton" selftest "$root/usr/share/carton-studio/sample.carton" >"$work/selftest.txt" 2>&1 ||
  problem "carton selftest of the installed sample failed: $(cat "$work/selftest.txt")"

step "carton runners --json"
"$bin/carton" runners --json >"$work/runners.json" 2>"$work/runners.err" ||
  problem "carton runners --json failed: $(cat "$work/runners.err")"
expected_runners="noop python kserve"
[ -n "$torch_deb" ] && expected_runners="$expected_runners torchscript"
/usr/bin/python3 - "$work/runners.json" "$root" $expected_runners <<'PY' ||
import json, sys
doc = json.load(open(sys.argv[1]))
root, expected = sys.argv[2], sys.argv[3:]
folder = root + "/usr/lib/carton-studio/runners"
found = {r["runner_name"]: r["path"] for r in doc["plugins"]}
print("  runners:", ", ".join(f"{n} ({p})" for n, p in sorted(found.items())))
problems = [f"runner {n} not found" for n in expected if n not in found]
problems += [f"runner {n} loaded from {p}, not {folder}" for n, p in found.items() if not p.startswith(folder + "/")]
problems += [f"plugin problem: {p['path']}: {p['message']}" for p in doc["problems"]]
if doc["runner_host"] != root + "/usr/libexec/carton-studio/carton-runner-host":
    problems.append(f"runner host {doc['runner_host']!r}, not the installed one")
for p in problems:
    print(p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
  problem "carton runners --json: the installed runners are not all found (output in $work/runners.json)"

step "the .tar.gz unpacked elsewhere (relocatable)"
"$cpack" --config "$build/CPackConfig.cmake" -G TGZ -B "$work/tgz" >"$work/cpack-tgz.log" 2>&1 ||
  { cat "$work/cpack-tgz.log" >&2; problem "cpack -G TGZ failed"; }
rm -rf "$work/elsewhere"
mkdir -p "$work/elsewhere"
tar -xzf "$work"/tgz/carton-studio-*.tar.gz -C "$work/elsewhere"
moved=$(ls -d "$work"/elsewhere/carton-studio-*)
echo "$(basename "$work"/tgz/carton-studio-*.tar.gz): $(stat -c %s "$work"/tgz/carton-studio-*.tar.gz) bytes"
"$moved/bin/carton" verify "$moved/share/carton-studio/sample.carton" >/dev/null 2>&1 ||
  problem "carton from the unpacked .tar.gz cannot verify its sample"
"$moved/bin/carton" selftest "$moved/share/carton-studio/sample.carton" >"$work/selftest.txt" 2>&1 ||
  problem "carton selftest from the unpacked .tar.gz failed: $(cat "$work/selftest.txt")"
"$moved/bin/carton" runners --json >"$work/runners-moved.json" 2>/dev/null
/usr/bin/python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
paths = [p["path"] for p in doc["plugins"]]
sys.exit(0 if len(paths) >= 3 and all(p.startswith(sys.argv[2] + "/lib/carton-studio/runners/") for p in paths)
         and doc["runner_host"] == sys.argv[2] + "/libexec/carton-studio/carton-runner-host" else 1)' \
  "$work/runners-moved.json" "$moved" ||
  problem "carton from the unpacked .tar.gz does not use its own runners and runner host: $(cat "$work/runners-moved.json")"

step "carton-studio offscreen"
export QT_QPA_PLATFORM=offscreen
if out=$(timeout 120 "$bin/carton-studio" --quit-after-card "$work/x.carton" 2>&1); then
  echo "$out" | grep "card shown after .* ms: .*x.carton" | sed 's/^/  /' | grep . ||
    problem "carton-studio did not show x.carton: $out"
else
  problem "carton-studio --quit-after-card x.carton failed: $out"
fi
if out=$(timeout 120 "$bin/carton-studio" --screenshot "$work/shot.png" "$work/x.carton" 2>&1); then
  [ "$(head -c 8 "$work/shot.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
    problem "carton-studio --screenshot wrote no PNG"
else
  problem "carton-studio --screenshot failed: $out"
fi

echo "check-install.sh: $([ $fail = 0 ] && echo passed || echo FAILED) in $(($(date +%s) - start)) s"
exit $fail
