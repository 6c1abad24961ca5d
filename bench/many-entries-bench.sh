#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# `carton verify` and `carton info` on a carton of many tiny entries (issue 39:
# 100,000 entries, verify < 1 s, info < 0.2 s), and the system calls verify makes
# per entry (strace -c: newfstatat, pread64), which must not grow with the entries
# beyond one read of a local header and one of the data.
#
#   bench/many-entries-bench.sh [path/to/carton]     (default build/release/bin/carton)
#
# Environment: BENCH_DIR=/tmp, BENCH_ENTRIES=100000, BENCH_RUNS=3 (best of).
# Needs: bash, coreutils, bc; strace for the system-call counts (skipped without it).
# Exit status 1 when a target is missed.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
entries=${BENCH_ENTRIES:-100000}
runs=${BENCH_RUNS:-3}
[ -x "$carton" ] || { echo "many-entries-bench: no carton binary at $carton" >&2; exit 2; }

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-many-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/src/model"
cat > "$work/src/carton.toml" <<'TOML'
spec_version = 1
model_name = "many-entries"
short_description = "A carton of many tiny files"
[runner]
runner_name = "noop"
required_framework_version = "=1.0.0"
runner_compat_version = 1
TOML
echo "packing a carton of $entries files..." >&2
/usr/bin/python3 - "$work/src/model" "$entries" <<'PY'
import os, sys
folder, n = sys.argv[1], int(sys.argv[2])
for i in range(1, n + 1):
    with open(os.path.join(folder, "f%06d.txt" % i), "w") as f:
        f.write("file %d\n" % i)  # a few bytes each: every file is read when listed and verified
PY
"$carton" pack "$work/src" -o "$work/many.carton" --compression stored --force >/dev/null
rm -rf "$work/src"

# best wall time of $runs runs of "$@", in seconds
best() {
  local best_s=
  for _ in $(seq "$runs"); do
    local start end s
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "many-entries-bench: failed: $*" >&2; exit 2; }
    end=$(date +%s.%N)
    s=$(echo "$end - $start" | bc)
    if [ -z "$best_s" ] || [ "$(echo "$s < $best_s" | bc)" = 1 ]; then best_s=$s; fi
  done
  echo "$best_s"
}

verify_s=$(best "$carton" verify "$work/many.carton")
info_s=$(best "$carton" info "$work/many.carton")

printf '%-40s %10s %10s\n' "what ($entries entries)" "best s" "target"
printf '%-40s %10.3f %10s\n' "carton verify" "$verify_s" "< 1.0"
printf '%-40s %10.3f %10s\n' "carton info" "$info_s" "< 0.2"

if command -v strace >/dev/null; then
  for cmd in verify info; do
    strace -f -c -o "$work/strace.$cmd" "$carton" "$cmd" "$work/many.carton" >/dev/null 2>&1 || true
    stats=$(awk '$NF == "newfstatat" || $NF == "pread64" || $NF == "statx" { printf "%s %s  ", $NF, $4 }' \
      "$work/strace.$cmd")
    echo "strace -c carton $cmd: ${stats:-none}"
  done
fi

status=0
[ "$(echo "$verify_s < 1.0" | bc)" = 1 ] || { echo "MISSED: verify"; status=1; }
[ "$(echo "$info_s < 0.2" | bc)" = 1 ] || { echo "MISSED: info"; status=1; }
[ $status = 0 ] && echo "targets met"
exit $status
