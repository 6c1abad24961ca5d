#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# The one way to take screenshots. Launches the real carton-studio under Xvfb and
# saves one PNG per view tab (carton-studio --screenshot), plus the welcome page
# and a full-screen capture (import -window root); then runs the GUI tests that
# picture states the window does not reach by itself (editors showing errors, a
# media preview) with CARTON_SHOT_DIR set (tests/common/testshot.h), each test
# that is built. Builds nothing.
#
#   scripts/screenshots.sh [-b BUILD_DIR] [-o OUT_DIR] [-l LANGUAGE] [-d] [CARTON]
#
# BUILD_DIR defaults to build/release (then any build*/bin/carton-studio found),
# OUT_DIR to build/screenshots, CARTON to the sample carton, else the upstream
# fixture. LANGUAGE (de_DE, zh_CN...) runs the app in that language (LANGUAGE
# and LANG set; the default is English); Chinese needs a CJK font installed
# (Debian: fonts-noto-cjk), which is checked first. -d: the dark theme.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

build=""
out="build/screenshots"
language=""
theme=""
while getopts "b:o:l:dh" opt; do
  case $opt in
    b) build=$OPTARG ;;
    o) out=$OPTARG ;;
    l) language=$OPTARG ;;
    d) theme=dark ;;
    h) sed -n '4,19p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))

app=""
if [ -n "$build" ]; then
  app="$build/bin/carton-studio"
else
  for candidate in build/release/bin/carton-studio build*/bin/carton-studio; do
    if [ -x "$candidate" ]; then app=$candidate; break; fi
  done
fi
if [ -z "$app" ] || [ ! -x "$app" ]; then
  echo "screenshots.sh: carton-studio not found (build it first, or pass -b BUILD_DIR)" >&2
  exit 1
fi
app=$(cd "$(dirname "$app")" && pwd)/$(basename "$app")

carton=${1:-}
if [ -z "$carton" ]; then
  for candidate in "$(dirname "$app")/../resources/sample.carton" "$root/../shared/fixtures/upstream/test.carton"; do
    if [ -f "$candidate" ]; then carton=$candidate; break; fi
  done
fi
if [ -z "$carton" ] || [ ! -e "$carton" ]; then
  echo "screenshots.sh: no carton to show (pass one)" >&2
  exit 1
fi
for tool in Xvfb /usr/bin/import; do
  command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 1; }
done

if [ -n "$language" ]; then
  case $language in
    zh* | ja* | ko*)
      # Without a CJK font every Han character is a box ("tofu").
      if ! fc-list ":lang=${language%%_*}" family | grep -q .; then
        echo "screenshots.sh: no font for $language (install fonts-noto-cjk)" >&2
        exit 1
      fi ;;
  esac
fi

mkdir -p "$out"
out=$(cd "$out" && pwd)

# A display nobody uses, and settings of our own (not the user's).
display=99
while [ -e "/tmp/.X${display}-lock" ] || [ -e "/tmp/.X11-unix/X${display}" ]; do display=$((display + 1)); done
scratch=$(mktemp -d)
Xvfb ":$display" -screen 0 1400x900x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb=$!
cleanup() {
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
for _ in $(seq 50); do
  [ -e "/tmp/.X11-unix/X${display}" ] && break
  sleep 0.1
done

export DISPLAY=":$display" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch"
if [ -n "$theme" ]; then # the app's own preference, in the scratch settings
  mkdir -p "$scratch/config/CartonStudio"
  printf '[preferences]\ntheme=%s\n' "$theme" >"$scratch/config/CartonStudio/carton-studio.conf"
fi
export QT_LOGGING_RULES="qt.qpa.*=false"
if [ -n "$language" ]; then
  export LANGUAGE="$language" LANG="$language.UTF-8" LC_ALL=""
else
  export LANGUAGE=en LANG=C.UTF-8
fi

shot() { # NAME [app arguments...]
  local name=$1; shift
  if timeout 120 "$app" --new-instance --screenshot "$out/$name.png" "$@" >/dev/null; then
    echo "$out/$name.png"
  else
    echo "screenshots.sh: $name failed" >&2
    return 1
  fi
}

status=0
tabs=(overview runner inputs files model tensors selftests safety)
for i in "${!tabs[@]}"; do
  shot "$((i + 1))-${tabs[$i]}" --tab "${tabs[$i]}" "$carton" || status=1
done
# Last, so that its Recent list shows the carton opened above.
shot welcome || status=1

# The whole screen as X sees it, with the app running: import -window root.
"$app" --new-instance "$carton" >/dev/null 2>&1 &
running=$!
sleep 4
/usr/bin/import -window root "$out/screen.png" && echo "$out/screen.png" || status=1
kill "$running" 2>/dev/null || true
wait "$running" 2>/dev/null || true

# States pictured by the GUI tests themselves (testutil::shot), offscreen.
tests_dir=$(cd "$(dirname "$app")/.." && pwd)/tests
for t in editors/tst_specspage editors/tst_selftestseditor editors/tst_metadataeditor editors/tst_runnereditor \
  media/tst_mediapreview; do
  if [ ! -x "$tests_dir/$t" ]; then
    echo "screenshots.sh: $t is not built; its pictures are left out" >&2
    continue
  fi
  if CARTON_SHOT_DIR="$out" QT_QPA_PLATFORM=offscreen XDG_DATA_HOME="$scratch/data" timeout 300 "$tests_dir/$t" \
    >"$scratch/$(basename "$t").log" 2>&1; then
    echo "$out: pictures of $(basename "$t")"
  else
    echo "screenshots.sh: $t failed (log: $(tail -3 "$scratch/$(basename "$t").log" | tr '\n' ' '))" >&2
    status=1
  fi
done
exit $status
