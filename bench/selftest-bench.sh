#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks the self-test comparison (core/selftest/tensorcompare.*) against numpy
# on the same two float32 arrays, in the same run, and prints times, throughput
# and the ratio. Carton Studio computes the allclose verdict plus every figure of
# its report (max/mean/median/p99 abs and rel error, minimum passing atol/rtol,
# mismatch count, 10 worst indices, NaN/Inf counts, histograms); numpy computes
# allclose plus max/mean of the absolute and relative error. Builds nothing: pass
# the built helper.
#
#   bench/selftest-bench.sh [path/to/selftestbench]   (default build/release/bin/selftestbench)
#
# Environment:
#   BENCH_DIR=/tmp              where the temporary work folder is created
#   BENCH_COMPARE_MIB=256       size of each array
#   BENCH_REPEAT=3              runs per tool (best time kept)
#   BENCH_PYTHON                a python3 with numpy (default: python3 if it imports
#                               numpy, else /usr/bin/python3 with Debian's python3-numpy)
# Needs: bash, python3-numpy (scripts/install-deps.sh installs it).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
helper=${1:-$repo/build/release/bin/selftestbench}
mib=${BENCH_COMPARE_MIB:-256}
repeat=${BENCH_REPEAT:-3}
rtol=1e-5
atol=1e-8

die() { echo "selftest-bench: $*" >&2; exit 2; }
[ -x "$helper" ] || die "no selftestbench at $helper (build the 'selftestbench' target, or pass its path)"
python=${BENCH_PYTHON:-}
if [ -z "$python" ]; then
  for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null && "$p" -c 'import numpy' 2>/dev/null; then python=$p; break; fi
  done
fi
[ -n "$python" ] || die "no python3 with numpy: run scripts/install-deps.sh (python3-numpy)"

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-selftest-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

log "generating two ${mib} MiB float32 arrays"
"$python" - "$work" "$mib" <<'PY'
import sys, numpy as np
work, mib = sys.argv[1], int(sys.argv[2])
n = mib * (1 << 20) // 4
rng = np.random.default_rng(1)
expected = rng.standard_normal(n, dtype=np.float32)
# Typical model noise (float32 rounding of a different summation order), plus a
# thousandth of the elements off by more, and a few zeros in expected (inf relative error).
actual = expected * (1 + rng.standard_normal(n, dtype=np.float32) * np.float32(2e-7))
bad = rng.integers(0, n, n // 1000)
actual[bad] += np.float32(1e-3)
expected[rng.integers(0, n, 16)] = 0
expected.astype('<f4').tofile(f"{work}/expected.f32")
actual.astype('<f4').tofile(f"{work}/actual.f32")
PY

log "numpy: allclose + max/mean abs and rel error"
numpy_json=$("$python" - "$work" "$repeat" "$rtol" "$atol" <<'PY'
import sys, time, json, numpy as np
work, repeat, rtol, atol = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
a = np.fromfile(f"{work}/actual.f32", dtype="<f4")
e = np.fromfile(f"{work}/expected.f32", dtype="<f4")
best = best_cpu = float("inf")
for _ in range(repeat):
    t0, c0 = time.perf_counter(), time.process_time()
    ok = bool(np.allclose(a, e, rtol=rtol, atol=atol))
    d = np.abs(a - e)
    dmax, dmean = float(d.max()), float(d.mean())
    with np.errstate(divide="ignore", invalid="ignore"):
        r = d / np.abs(e)
    rmax, rmean = float(r.max()), float(r.mean())
    best = min(best, time.perf_counter() - t0)
    best_cpu = min(best_cpu, time.process_time() - c0)
mismatches = int(np.count_nonzero(~np.isclose(a, e, rtol=rtol, atol=atol)))
print(json.dumps({"seconds": best, "cpu_seconds": best_cpu, "allclose": ok, "abs_max": dmax, "abs_mean": dmean,
                  "rel_max": rmax, "rel_mean": rmean, "mismatch_count": mismatches,
                  "numpy": np.__version__}))
PY
)

log "carton: compareTensors (verdict + every figure)"
carton_json=$("$helper" "$work/actual.f32" "$work/expected.f32" --repeat "$repeat" --rtol "$rtol" --atol "$atol")

"$python" - "$numpy_json" "$carton_json" "$mib" <<'PY'
import sys, json, os
n, c, mib = json.loads(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
nbytes = 2 * mib * (1 << 20)
gbps = lambda s: nbytes / s / 1e9
ratio = n["seconds"] / c["seconds"]
print(f"Self-test comparison benchmark: two {mib} MiB float32 arrays ({nbytes / 1e9:.2f} GB read), "
      f"{os.cpu_count()} cores, numpy {n['numpy']}, best of runs")
print(f"{'tool':<55} {'wall s':>7} {'GB/s':>6} {'cpu s':>7} {'GB/cpu-s':>8}  mismatches")
for name, r in (("numpy allclose + max/mean abs/rel error", n), ("carton compareTensors (verdict + every report figure)", c)):
    print(f"{name:<55} {r['seconds']:>7.3f} {gbps(r['seconds']):>6.2f} {r['cpu_seconds']:>7.3f} {gbps(r['cpu_seconds']):>8.2f}  {r['mismatch_count']}")
print(f"load average at the end: {os.getloadavg()[0]:.1f} (wall times on a busy machine are slower than the cpu times suggest)")
print(f"ratio: carton is {ratio:.2f}x numpy's speed (target >= 1.00x): {'ok' if ratio >= 1 else 'MISSED'}")
print(f"throughput: {gbps(c['seconds']):.2f} GB/s (target >= 1 GB/s): {'ok' if gbps(c['seconds']) >= 1 else 'MISSED'}")
a, r = c["abs_error"], c["rel_error"]
print(f"figures (carton; numpy): abs max {a['max']:.6g}; {n['abs_max']:.6g}   abs mean {a['mean']:.6g}; {n['abs_mean']:.6g}   "
      f"rel max {r['max']}; {n['rel_max']}")
print(f"  carton only: abs median {a['median']:.3g}, p99 {a['p99']:.3g}; min atol {c.get('min_atol')}, min rtol {c.get('min_rtol')}; "
      f"NaN actual {c['non_finite']['actual']['nan']}")
PY
