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
# Also runs unzip -l / unzip -t and python3's zipfile on the same file, and prints CPU
# time (user + sys) beside wall time: on a shared machine the CPU time is what an idle
# machine's wall time approaches.
# Needs: bash, coreutils, bc, GNU time, unzip; strace for the system-call counts (skipped without it).
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

# best wall time of $runs runs of "$@": prints "wall cpu" (cpu = user + sys of that run, GNU time)
best() {
  local best_w="" best_c=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" >/dev/null 2>&1 ||
      { echo "many-entries-bench: failed: $*" >&2; exit 2; }
    read -r w u s < "$work/time.txt"
    if [ -z "$best_w" ] || [ "$(echo "$w < $best_w" | bc)" = 1 ]; then best_w=$w; best_c=$(echo "$u + $s" | bc); fi
  done
  echo "$best_w $best_c"
}

read -r verify_s verify_c < <(best "$carton" verify "$work/many.carton")
read -r info_s info_c < <(best "$carton" info "$work/many.carton")
# The standard tools on the same file: list (central directory only) and test (every
# entry's CRC-32), and Python's zipfile (list; read every entry and hash it).
read -r unzipl_s unzipl_c < <(best unzip -l "$work/many.carton")
read -r unzipt_s unzipt_c < <(best unzip -tq "$work/many.carton")
read -r pyl_s pyl_c < <(best /usr/bin/python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).infolist()' "$work/many.carton")
read -r pyh_s pyh_c < <(best /usr/bin/python3 -c '
import hashlib, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
for i in z.infolist():
    hashlib.sha256(z.read(i)).hexdigest()' "$work/many.carton")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo "many-entries-bench — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-46s %8s %8s %12s %10s\n' "what ($entries entries, best of $runs)" "wall s" "cpu s" "wall ratio" "target"
printf '%-46s %8.3f %8.2f %12s %10s\n' "unzip -l (list)" "$unzipl_s" "$unzipl_c" "" ""
printf '%-46s %8.3f %8.2f %12s %10s\n' "python3 zipfile: list" "$pyl_s" "$pyl_c" "" ""
printf '%-46s %8.3f %8.2f %12s %10s\n' "carton info" "$info_s" "$info_c" "$(ratio "$info_s" "$unzipl_s")x unzip -l" "< 0.2"
printf '%-46s %8.3f %8.2f %12s %10s\n' "unzip -tq (test every CRC-32)" "$unzipt_s" "$unzipt_c" "" ""
printf '%-46s %8.3f %8.2f %12s %10s\n' "python3 zipfile: read + sha256 every entry" "$pyh_s" "$pyh_c" "" ""
printf '%-46s %8.3f %8.2f %12s %10s\n' "carton verify" "$verify_s" "$verify_c" "$(ratio "$verify_s" "$unzipt_s")x unzip -t" "< 1.0"

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
