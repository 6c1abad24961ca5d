#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# What the bench/*.sh scripts share. Source it with the script's name:
#   . "$repo/bench/common.sh" diff-bench
# which defines die and log (messages name the script), then
#   bench_workdir      the work folder $work (removed at exit unless BENCH_KEEP=1),
#                      $repeat (BENCH_REPEAT; the script's default or 3) and an empty $rows
#   best_of [--ok N] CMD...        the timing loop: CMD $repeat times under /usr/bin/time
#   measure [--ok N] NAME CMD...   best_of plus a row "NAME  WALL s  RSS MiB" in $rows
#   ratio A B [DECIMALS]           A / B
# Environment: BENCH_DIR=/tmp (where the work folder is made), BENCH_KEEP=0, BENCH_REPEAT=3.

bench_name=${1:?usage: . bench/common.sh NAME}

die() { echo "$bench_name: $*" >&2; exit 2; }
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

bench_workdir() {
  [ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian package 'time'): run scripts/install-deps.sh"
  repeat=${BENCH_REPEAT:-${repeat:-3}} # a script may set its own default first
  rows=()
  work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-$bench_name.XXXXXX")
  trap bench_cleanup EXIT
}
bench_cleanup() { if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }

# best_of [--ok N] CMD...: runs CMD $repeat times; the best wall time -> $wall (s) and
# the peak RSS of that run -> $rss (MiB). The last run's output is in $work/out.txt
# and $work/err.txt. An exit code above N (default 0) fails the benchmark.
best_of() {
  local ok=0 rc w r
  if [ "$1" = --ok ]; then ok=$2; shift 2; fi
  wall=""; rss=""
  for _ in $(seq "$repeat"); do
    rc=0
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt" || rc=$?
    [ "$rc" -le "$ok" ] || { cat "$work/err.txt" >&2; die "$1 failed (exit $rc)"; }
    read -r w r < <(tail -1 "$work/time.txt") # after "Command exited with non-zero status N"
    if [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN {exit !(a < b)}'; then wall=$w; rss=$((r / 1024)); fi
  done
}

# measure [--ok N] NAME CMD...: best_of CMD, then a row in $rows (NAME padded to
# $name_width, default 52) and a log line.
measure() {
  local ok=()
  if [ "$1" = --ok ]; then ok=(--ok "$2"); shift 2; fi
  local name=$1; shift
  best_of "${ok[@]}" "$@"
  rows+=("$(printf "%-${name_width:-52}s %8s s %8s MiB" "$name" "$wall" "$rss")")
  log "$name: $wall s, $rss MiB"
}

# ratio A B [DECIMALS]: A / B with DECIMALS (2) decimals; "-" when B is not positive.
ratio() { awk -v a="$1" -v b="$2" -v d="${3:-2}" 'BEGIN {if (b > 0) printf("%." d "f", a / b); else print "-"}'; }
