#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Metadata-only save of a large carton: `carton edit FILE --set model_name=...`
# (unchanged entries copied as their compressed bytes, copy_file_range) against
# `cp` of the same carton, side by side in one run. Prints wall time, peak RSS
# (/usr/bin/time) and the ratios the project targets: edit <= 1.1 x cp, peak RSS
# < 100 MiB. `cp` does not fsync while `carton edit` does (an atomic save must), so
# `cp + sync FILE` is measured too; the in-place edit (which also drops the old
# file: on a filesystem mounted with `discard` that costs a TRIM of its blocks) is
# set against its standard-tool equivalent, `cp FILE TMP && sync TMP && mv TMP FILE`.
#
#   bench/edit-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment:
#   BENCH_DIR=/tmp          where the temporary work folder is created
#   BENCH_EDIT_MIB=4096     size of the carton's model file (sparse file, packed Stored)
#   BENCH_REPEAT=3          runs per measurement (best wall time kept, largest RSS)
#   BENCH_VERIFY=1          0: skip `carton verify` of the edited carton
#   BENCH_KEEP=0            1: keep the work folder
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_EDIT_MIB:-4096}
repeat=${BENCH_REPEAT:-3}

die() { echo "edit-bench: $*" >&2; exit 2; }
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
carton=$(cd "$(dirname "$carton")" && pwd)/$(basename "$carton")
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian package 'time'): run scripts/install-deps.sh"

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-edit-bench.XXXXXX")
cleanup() { if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# ---------------------------------------------------------------- data
log "packing a carton with a $mib MiB model file (sparse, Stored) in $work"
mkdir -p "$work/src/model"
truncate -s "${mib}M" "$work/src/model/weights.bin"
printf 'tokenizer\n' > "$work/src/model/vocab.txt"
"$carton" pack "$work/src" -o "$work/big.carton" --compression stored \
  --runner torchscript --framework-version '=2.0.1' --name bench >/dev/null
rm -rf "$work/src"
size=$(stat -c %s "$work/big.carton")

# ---------------------------------------------------------------- measure
# run LABEL CMD...: best wall seconds and largest peak RSS (KiB) over $repeat runs,
# removing $work/out.carton before each run.
best_s="" ; max_kib=0
run() {
  local label=$1; shift
  best_s=""; max_kib=0
  for ((i = 0; i < repeat; i++)); do
    rm -f "$work/out.carton"
    sync
    local t0 t1 kib
    t0=$(date +%s.%N)
    /usr/bin/time -f '%M' -o "$work/time.txt" "$@" >/dev/null
    t1=$(date +%s.%N)
    kib=$(tail -n1 "$work/time.txt")
    local s
    s=$(python3 -c "print(f'{$t1 - $t0:.3f}')")
    if [ -z "$best_s" ] || python3 -c "import sys; sys.exit(0 if $s < $best_s else 1)"; then best_s=$s; fi
    [ "$kib" -gt "$max_kib" ] && max_kib=$kib
  done
  log "$label: best ${best_s}s, peak RSS ${max_kib} KiB"
}

run "cp" cp "$work/big.carton" "$work/out.carton"
cp_s=$best_s; cp_kib=$max_kib
run "cp + sync" sh -c 'cp "$1" "$2" && sync "$2"' sh "$work/big.carton" "$work/out.carton"
cps_s=$best_s; cps_kib=$max_kib
run "carton edit -o" "$carton" edit "$work/big.carton" --set model_name=edited -o "$work/out.carton"
edit_s=$best_s; edit_kib=$max_kib
if [ "${BENCH_VERIFY:-1}" = 1 ]; then
  log "verifying the edited carton"
  "$carton" verify "$work/out.carton" >/dev/null || die "the edited carton does not verify"
  "$carton" info --json "$work/out.carton" | grep -q '"model_name": "edited"' || die "model_name was not changed"
fi
# In place: the same file is replaced each run (atomic replace), by the standard
# tools and by carton edit.
run "cp + sync + mv (in place)" sh -c 'cp "$1" "$1.tmp" && sync "$1.tmp" && mv "$1.tmp" "$1"' sh "$work/big.carton"
cpmv_s=$best_s; cpmv_kib=$max_kib
run "carton edit (in place)" "$carton" edit "$work/big.carton" --set model_name=in-place
place_s=$best_s; place_kib=$max_kib

# ---------------------------------------------------------------- report
python3 - "$size" "$cp_s" "$cp_kib" "$cps_s" "$cps_kib" "$edit_s" "$edit_kib" "$cpmv_s" "$cpmv_kib" \
  "$place_s" "$place_kib" <<'PY'
import sys
size, cp, cpk, cps, cpsk, ed, edk, cm, cmk, pl, plk = sys.argv[1:]
size = int(size); cp, cps, ed, cm, pl = map(float, (cp, cps, ed, cm, pl))
gib = size / 2**30
print(f"carton: {size} bytes ({gib:.2f} GiB), metadata-only edit")
print(f"{'command':<28}{'wall s':>9}{'GiB/s':>9}{'peak RSS MiB':>14}")
for name, s, k in (("cp", cp, cpk), ("cp + sync FILE", cps, cpsk), ("carton edit -o OUT", ed, edk),
                   ("cp + sync + mv (in place)", cm, cmk), ("carton edit (in place)", pl, plk)):
    print(f"{name:<28}{s:>9.3f}{gib / s if s else 0:>9.2f}{int(k) / 1024:>14.1f}")
print(f"ratio edit -o / cp                          : {ed / cp:.2f}  (target <= 1.1)  {'PASS' if ed <= 1.1 * cp else 'FAIL'}")
print(f"ratio edit -o / (cp + sync)                 : {ed / cps:.2f}  (same durability)")
print(f"ratio edit in place / (cp + sync + mv)      : {pl / cm:.2f}  (same durability, same replace)")
peak = max(int(edk), int(plk)) / 1024
print(f"peak RSS of carton edit  : {peak:.1f} MiB (target < 100)  {'PASS' if peak < 100 else 'FAIL'}")
PY
