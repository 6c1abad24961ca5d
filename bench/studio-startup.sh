#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Startup benchmark of the real carton-studio: time from process start to the
# first paint of a carton's card, and peak RSS, for a big carton (default
# 4 GiB). Runs under Xvfb with `--quit-after-card`. Builds nothing.
#
#   bench/studio-startup.sh [-b BUILD_DIR] [-s SIZE_MIB] [-n ENTRIES] [-r RUNS] [CARTON]
#
# Without CARTON, a carton with one SIZE_MIB model file is packed (Stored) with
# the build's `carton pack` in a temporary folder under BENCH_DIR (/tmp); with
# -n, a carton of ENTRIES tiny files instead (issue 29: 100,000 entries < 1 s).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/release
size=4096
runs=3
entries=0
while getopts "b:s:n:r:h" opt; do
  case $opt in
    b) build=$OPTARG ;;
    s) size=$OPTARG ;;
    n) entries=$OPTARG ;;
    r) runs=$OPTARG ;;
    h) sed -n '4,12p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
app=$build/bin/carton-studio
cli=$build/bin/carton
[ -x "$app" ] || { echo "studio-startup-bench: no $app (build it, or pass -b)" >&2; exit 1; }
for tool in Xvfb /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "studio-startup-bench: $tool is missing" >&2; exit 1; }
done

work=$(mktemp -d "${BENCH_DIR:-/tmp}/studio-bench.XXXXXX")
xvfb=""
cleanup() {
  [ -n "$xvfb" ] && { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

carton=${1:-}
if [ -z "$carton" ]; then
  [ -x "$cli" ] || { echo "studio-startup-bench: no $cli to pack the test carton" >&2; exit 1; }
  mkdir -p "$work/src/model"
  cat >"$work/src/carton.toml" <<'TOML'
spec_version = 1
model_name = "big-model"
short_description = "A big carton for the startup benchmark"
model_description = "# Big model\n\nOne large model file."
[runner]
runner_name = "noop"
required_framework_version = "=1.0.0"
runner_compat_version = 1
TOML
  if [ "$entries" -gt 0 ]; then
    echo "packing a carton of $entries files..." >&2
    (cd "$work/src/model" && seq -f 'f%06g.txt' "$entries" | xargs touch)
  else
    echo "packing a ${size} MiB carton..." >&2
    head -c "$((size * 1024 * 1024))" /dev/urandom >"$work/src/model/weights.bin"
  fi
  "$cli" pack "$work/src" -o "$work/big.carton" --compression stored --force >/dev/null
  rm -rf "$work/src"
  carton=$work/big.carton
fi

display=99
while [ -e "/tmp/.X${display}-lock" ] || [ -e "/tmp/.X11-unix/X${display}" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display}" ] && break; sleep 0.1; done
export DISPLAY=":$display" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$work/config" XDG_RUNTIME_DIR="$work"
export QT_LOGGING_RULES="qt.qpa.*=false"

printf '%-6s %-22s %-16s %s\n' run "card shown (in app)" "process wall" "peak RSS"
for run in $(seq "$runs"); do
  /usr/bin/time -f '%e %M' -o "$work/time.txt" "$app" --quit-after-card "$carton" >"$work/out.txt" 2>/dev/null
  card=$(sed -n 's/^card shown after \([0-9]*\) ms.*/\1/p' "$work/out.txt")
  read -r wall rss <"$work/time.txt"
  printf '%-6s %-22s %-16s %s\n' "$run" "${card} ms" "${wall} s" "$((rss / 1024)) MiB"
done
echo "carton: $carton ($(du -h "$carton" | cut -f1))"
