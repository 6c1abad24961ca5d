#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Runner host figures (issue 9 targets), measured with the build's runnerbench:
#   - host start + model load + teardown on the noop runner, beyond starting and
#     ending a trivial process (/bin/true through the same QProcess path would be
#     the floor; we compare with `true` started by bash) — target <= 30 ms;
#   - tensor transfer app <-> host for one float32 tensor (noop echoes it: the
#     bytes cross the pipes twice) — target >= 1 GB/s; compared with `dd | dd`
#     through one pipe in the same run.
#
#   bench/runner-bench.sh [BUILD_DIR]     (default build/release; build target runnerbench first)
#
# Environment: BENCH_RUNS=20 (startup runs, median kept), BENCH_MIB=256, BENCH_REPEAT=3
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo/build/release}
bench=$build/tests/runner/runnerbench
runs=${BENCH_RUNS:-20}
mib=${BENCH_MIB:-256}
repeat=${BENCH_REPEAT:-3}
[ -x "$bench" ] || { echo "runner-bench: no $bench (cmake --build $build --target runnerbench)" >&2; exit 2; }

# Floor: starting and reaping a trivial process, median of $runs.
floor_ms=$(python3 - "$runs" <<'PY'
import subprocess, sys, time
runs = int(sys.argv[1]); t = []
for _ in range(runs):
    s = time.perf_counter(); subprocess.run(["true"]); t.append((time.perf_counter() - s) * 1000)
t.sort(); print("%.2f" % t[len(t) // 2])
PY
)
read -r startup_ms startup_cpu_ms < <("$bench" startup "$runs")
read -r transfer transfer_cpu < <("$bench" transfer "$mib" "$repeat")
# Baseline: one pipe between two dd processes, bytes once.
pipe=$( { /usr/bin/time -f %e dd if=/dev/zero bs=1M count="$mib" status=none | dd of=/dev/null bs=1M status=none; } 2>&1 | tail -1)
pipe_gbs=$(python3 -c "print('%.2f' % ($mib * 1048576 / max(float('$pipe'), 1e-3) / 1e9))")

python3 - "$startup_ms" "$floor_ms" "$transfer" "$pipe_gbs" "$mib" "$startup_cpu_ms" "$transfer_cpu" <<'PY'
import os, sys
startup, floor, transfer, pipe, mib, startup_cpu, transfer_cpu = map(float, sys.argv[1:])
print("load average %.1f on %d cores (wall-clock figures need an idle machine; CPU figures do not)"
      % (os.getloadavg()[0], os.cpu_count()))
print("runner host (noop)                    value      target    vs standard tool")
print("start+load+infer+teardown       %8.2f ms   <= 30 ms   %.1fx `true` (%.2f ms)" % (startup, startup / floor, floor))
print("  beyond a trivial process      %8.2f ms" % (startup - floor))
print("  CPU time per run (app + host) %8.2f ms" % startup_cpu)
print("transfer %d MiB both ways      %8.2f GB/s  >= 1 GB/s  %.2fx dd|dd pipe (%.2f GB/s)" % (mib, transfer, transfer / pipe, pipe))
print("  per CPU second (app + host)   %8.2f GB/s" % transfer_cpu)
PY
