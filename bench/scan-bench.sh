#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks `carton scan` (the pickle disassembler + allow-list, issue 12) against
# Python's own pickle disassembler on the same data, and prints one table with the
# ratios. Two pickles, generated here (never committed):
#   weights : a torch-like state dict (OrderedDict of numpy arrays, protocol 4),
#             BENCH_SCAN_MIB MiB, mostly large byte payloads (skipped, not kept)
#   objects : many small objects (BENCH_SCAN_OBJECTS dicts of lists and strings):
#             opcode-bound, the hostile case for time
# Each is scanned inside a carton (stored entry, as `carton scan FILE.carton`) and
# disassembled by `python3 -m pickletools -a` (output to /dev/null) and by a
# genops loop that only collects GLOBAL/STACK_GLOBAL (what fickling-like scanners do).
# A third carton holds no pickle at all (issue 27: every file is read as a pickle
# by content, whatever its name), to time what that costs:
#   data    : BENCH_SCAN_FILES files of 4 KiB random bytes (deflated) and a
#             BENCH_SCAN_MIB MiB model/weights.bin of random float32 (stored)
# python3-torch is not required (the state dict is numpy, the same opcodes
# torch.save's data.pkl uses minus the persistent ids).
#
#   bench/scan-bench.sh [path/to/carton]      (default build/release/bin/carton)
# Environment: BENCH_DIR=/tmp, BENCH_SCAN_MIB=100, BENCH_SCAN_OBJECTS=100000,
#              BENCH_SCAN_FILES=2000, BENCH_REPEAT=2 (best wall time kept), BENCH_KEEP=0.
# Needs: bash, /usr/bin/python3 with numpy, /usr/bin/time (scripts/install-deps.sh).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_SCAN_MIB:-100}
objects=${BENCH_SCAN_OBJECTS:-100000}
files=${BENCH_SCAN_FILES:-2000}
repeat=${BENCH_REPEAT:-2}
py=/usr/bin/python3

. "$repo/bench/common.sh" scan-bench
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
$py -c 'import numpy' 2>/dev/null || die "numpy is missing (python3-numpy): run scripts/install-deps.sh"

bench_workdir

log "generating pickles and cartons in $work"
$py - "$work" "$mib" "$objects" "$files" <<'PY'
import collections, os, pickle, sys, zipfile
import numpy as np
work, mib, objects, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(1)
state = collections.OrderedDict()
left, i = mib << 20, 0
while left > 0:
    n = min(left, 1 << 20) // 4
    state[f"layer{i}.weight"] = rng.standard_normal(n, dtype=np.float32)
    state[f"layer{i}.bias"] = np.zeros(16, dtype=np.float32)
    left -= n * 4 + 64
    i += 1
with open(f"{work}/weights.pkl", "wb") as f:
    pickle.dump(state, f, protocol=4)
data = [{"id": k, "name": f"item{k}", "tags": ["a", "b", k % 7], "v": k * 0.5} for k in range(objects)]
with open(f"{work}/objects.pkl", "wb") as f:
    pickle.dump(data, f, protocol=4)
toml = ('spec_version = 1\nmodel_name = "bench"\n[runner]\nrunner_name = "python"\n'
        'required_framework_version = "=3.11.1"\nrunner_compat_version = 1\n')
for name in ("weights", "objects"):
    with zipfile.ZipFile(f"{work}/{name}.carton", "w", zipfile.ZIP_STORED) as z:
        z.writestr("carton.toml", toml)
        z.write(f"{work}/{name}.pkl", "model/model.pkl")
with zipfile.ZipFile(f"{work}/data.carton", "w", zipfile.ZIP_STORED) as z:
    z.writestr("carton.toml", toml)
    for k in range(files):
        z.writestr(f"misc/f{k:05}.dat", os.urandom(4096), compress_type=zipfile.ZIP_DEFLATED)
    z.writestr("model/weights.bin", rng.standard_normal((mib << 20) // 4, dtype=np.float32).tobytes())
PY
cat > "$work/globals.py" <<'PY'
import pickletools, sys
found = set()
with open(sys.argv[1], "rb") as f:
    for op, arg, pos in pickletools.genops(f):
        if op.name in ("GLOBAL", "STACK_GLOBAL", "INST"):
            found.add((op.name, arg))
print(len(found))
PY

measure() { # NAME CMD...: exit codes up to 2 (findings) are results, not failures
  local name=$1; shift
  best_of --ok 2 "$@"
  rows+=("$(printf '%-44s %8.2f s %8d MiB' "$name" "$wall" "$rss")")
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a <= 0) a = 0.01; printf "%.1fx", b / a }'; }

for name in weights objects; do
  size=$(stat -c %s "$work/$name.pkl")
  log "$name.pkl: $((size >> 20)) MiB"
  "$carton" scan "$work/$name.carton" --json > "$work/$name.json" || [ $? -le 1 ] || die "carton scan failed"
  $py -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['status']=='complete', r['problems']; \
print('  carton scan: status', r['status'], '- verdict', r['verdict'], '-', r['pickles'][0]['opcodes'], 'opcodes')" \
    "$work/$name.json" >&2
  measure "carton scan $name.carton" "$carton" scan "$work/$name.carton"
  scan=$wall
  measure "python3 -m pickletools -a $name.pkl" $py -m pickletools -a "$work/$name.pkl"
  dis=$wall
  measure "python3 genops globals-only $name.pkl" $py "$work/globals.py" "$work/$name.pkl"
  genops=$wall
  rows+=("$(printf '  %s: python time / carton scan time = %s (pickletools -a), %s (genops loop)' \
    "$name ($((size >> 20)) MiB)" "$(ratio "$scan" "$dis")" "$(ratio "$scan" "$genops")")")
done

"$carton" scan "$work/data.carton" --json > "$work/data.json" || [ $? -le 1 ] || die "carton scan failed"
$py -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['status']=='complete', r['problems']; \
print('  carton scan data.carton: status', r['status'], '- verdict', r['verdict'], '-', r['files_examined'], 'files,', \
len(r['pickles']), 'pickles')" "$work/data.json" >&2
measure "carton scan data.carton ($((files + 2)) files, no pickle)" "$carton" scan "$work/data.carton"

echo
printf '%-44s %10s %12s\n' "measurement" "wall" "peak RSS"
printf '%s\n' "${rows[@]}"
