#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Runner host figures (issue 9 targets), measured with the build's runnerbench:
#   - host start + model load + teardown on the noop runner, beyond starting and
#     ending a trivial process (/bin/true through the same QProcess path would be
#     the floor, measured through the same FramedProcess path; python3 -c pass
#     beside it) — target <= 30 ms;
#   - tensor transfer app <-> host for one float32 tensor (noop echoes it: the
#     bytes cross the pipes twice) — target >= 1 GB/s; compared with `dd | dd`
#     through one pipe in the same run;
#   - `carton selftest --benchmark`'s own overhead per inference on the noop
#     runner (issue 31: <= 0.1 ms): the model time it reports against a loop of the
#     noop model's code in one process; the app <-> host round trip apart.
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

# Baselines through the same mechanism (FramedProcess: QProcess, child modifier,
# pipes, stdin closed, reaped): /bin/true (the floor), python3 reading an empty script (a standard
# interpreter start) and the host itself started and ended at once (exec, dynamic
# linking, QCoreApplication: no plugin, no model). Median of $runs each.
read -r floor_ms floor_cpu_ms < <("$bench" spawn /bin/true "$runs")
read -r python_ms python_cpu_ms < <("$bench" spawn /usr/bin/python3 "$runs" 2>/dev/null || echo "0 0")
read -r bare_ms bare_cpu_ms < <("$bench" spawn "$build/bin/carton-runner-host" "$runs")
read -r startup_ms startup_cpu_ms < <("$bench" startup "$runs")
read -r transfer transfer_cpu < <("$bench" transfer "$mib" "$repeat")
# The same without the sandbox (bubblewrap), in the same run: what the sandbox costs.
read -r bare_startup_ms bare_startup_cpu_ms < <("$bench" --no-sandbox startup "$runs")
read -r bare_transfer bare_transfer_cpu < <("$bench" --no-sandbox transfer "$mib" "$repeat")
read -r bench_mean bench_p50 loop_timed_mean loop_timed_p50 loop_bare transfer_mean bench_wall \
  < <("$bench" benchmark "${BENCH_INFERENCES:-20000}")
# Baseline: one pipe between two dd processes, bytes once.
pipe=$( { /usr/bin/time -f %e dd if=/dev/zero bs=1M count="$mib" status=none | dd of=/dev/null bs=1M status=none; } 2>&1 | tail -1)
pipe_gbs=$(python3 -c "print('%.2f' % ($mib * 1048576 / max(float('$pipe'), 1e-3) / 1e9))")

python3 - "$startup_ms" "$floor_ms" "$transfer" "$pipe_gbs" "$mib" "$startup_cpu_ms" "$transfer_cpu" \
  "$floor_cpu_ms" "$python_ms" "$python_cpu_ms" "$bare_ms" "$bare_cpu_ms" "$bare_startup_ms" "$bare_startup_cpu_ms" \
  "$bare_transfer" "$bench_mean" "$bench_p50" "$loop_timed_mean" "$loop_timed_p50" "$loop_bare" "$transfer_mean" \
  "$bench_wall" <<'PY'
import os, sys
(startup, floor, transfer, pipe, mib, startup_cpu, transfer_cpu, floor_cpu, python, python_cpu, bare,
 bare_cpu, unsandboxed, unsandboxed_cpu, unsandboxed_transfer, bench_mean, bench_p50, loop_timed_mean, loop_timed_p50,
 loop_bare, transfer_mean, bench_wall) = map(float, sys.argv[1:])
print("load average %.1f on %d cores (wall-clock figures need an idle machine; CPU figures do not)"
      % (os.getloadavg()[0], os.cpu_count()))
print("runner host (noop)                    value      target    vs standard tool")
print("start+load+infer+teardown       %8.2f ms              %.1fx /bin/true (%.2f ms), %.2fx python3 on an empty script (%.2f ms)"
      % (startup, startup / floor, floor, startup / python if python else 0, python))
print("  beyond /bin/true              %8.2f ms   <= 30 ms   %s" % (startup - floor, "ok" if startup - floor <= 30 else "MISSED"))
print("  CPU time per run (app + host) %8.2f ms              /bin/true %.2f ms, python3 %.2f ms" % (startup_cpu, floor_cpu, python_cpu))
print("  CPU beyond /bin/true          %8.2f ms   (what an idle machine's wall time approaches)" % (startup_cpu - floor_cpu))
print("  of which the bare host        %8.2f ms   CPU %.2f ms (exec + dynamic linking + QCoreApplication)" % (bare - floor, bare_cpu - floor_cpu))
print("transfer %d MiB both ways      %8.2f GB/s  >= 1 GB/s  %.2fx dd|dd pipe (%.2f GB/s)" % (mib, transfer, transfer / pipe, pipe))
print("  per CPU second (app + host)   %8.2f GB/s" % transfer_cpu)
print("sandbox (bubblewrap) start-up   %8.2f ms   <= 30 ms   %s (sandboxed %.2f ms, not sandboxed %.2f ms; CPU +%.2f ms)"
      % (startup - unsandboxed, "ok" if startup - unsandboxed <= 30 else "MISSED", startup, unsandboxed,
         startup_cpu - unsandboxed_cpu))
print("  transfer without the sandbox  %8.2f GB/s  (sandboxed %.2f GB/s: %.2fx)" % (unsandboxed_transfer, transfer,
      transfer / unsandboxed_transfer if unsandboxed_transfer else 0))
overhead = (bench_mean - loop_bare) / 1e6
print("selftest --benchmark, noop model time: mean %.1f ns, p50 %.1f ns; a loop of the noop model's code: %.1f ns per call"
      % (bench_mean, bench_p50, loop_bare))
print("  (timed around each call as the host does: mean %.1f ns, p50 %.1f ns)" % (loop_timed_mean, loop_timed_p50))
print("  benchmark overhead per inference %.6f ms  <= 0.1 ms  %s" % (overhead, "ok" if overhead <= 0.1 else "MISSED"))
print("  app <-> host round trip beyond the model (reported apart as transfer): mean %.3f ms; wall per inference %.3f ms"
      % (transfer_mean / 1e6, bench_wall / 1e6))
PY
