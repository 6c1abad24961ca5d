#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# GUI responsiveness during a self-test run (issue 9: no event-loop stall > 50 ms).
# selftestguibench builds a carton in code with BENCH_TESTS self-tests of one
# BENCH_MIB MiB float32 tensor each (noop runner; one test 0.1 % off), opens it in
# the Self-tests page (offscreen), presses Run all and records the gaps between the
# ticks of a BENCH_TICK_MS timer on the GUI thread until the run has finished.
#
#   bench/selftest-gui-bench.sh [BUILD_DIR]   (default build/release; build target selftestguibench)
#
# Environment: BENCH_TESTS=4, BENCH_MIB=64, BENCH_TICK_MS=5
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo/build/release}
bench=$build/bin/selftestguibench
[ -x "$bench" ] || { echo "selftest-gui-bench: no $bench (cmake --build $build --target selftestguibench)" >&2; exit 2; }
tests=${BENCH_TESTS:-4}
mib=${BENCH_MIB:-64}
tick=${BENCH_TICK_MS:-5}
out=$("$bench" "$tests" "$mib" "$tick")
python3 - "$out" <<'PY'
import os, sys
kv = dict(line.split("=", 1) for line in sys.argv[1].splitlines() if "=" in line)
print("load average %.1f on %d cores (a stall includes time the GUI thread waited for a core)"
      % (os.getloadavg()[0], os.cpu_count()))
print("Self-tests page, Run all: %s tests x %s MiB float32 (noop runner), %s ms GUI timer"
      % (kv["tests"], kv["tensor_mib"], kv["tick_ms"]))
print("run wall time            %8.1f ms  (%s timer ticks)" % (float(kv["run_ms"]), kv["ticks"]))
stall = float(kv["max_stall_ms"])
print("largest event-loop stall %8.1f ms  target <= 50 ms: %s" % (stall, "ok" if stall <= 50 else "MISSED"))
print("p99 stall                %8.1f ms" % float(kv["p99_stall_ms"]))
print("stalls over 50 ms        %8s" % kv["stalls_over_50ms"])
cpu = float(kv["max_gui_cpu_between_ticks_ms"])
print("largest GUI-thread CPU between two ticks %.1f ms (%s): the stall an idle machine would show"
      % (cpu, "ok" if cpu <= 50 else "MISSED"))
PY
