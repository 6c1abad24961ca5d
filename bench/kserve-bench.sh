#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The kserve runner's round trip: one float32 tensor (64 MiB by default) through
# carton-runner-host + the kserve plugin to kserve-test-server's "echo" model and
# back (runnerbench kserve), compared in the same run with curl posting the same bytes
# (same JSON header, binary tensor data extension) to the same server and
# discarding the answer. Median of BENCH_RUNS each; prints the ratio.
#
#   bench/kserve-bench.sh [BUILD_DIR]   (default build/release; build target runnerbench first)
#
# Environment: BENCH_MIB=64, BENCH_RUNS=5
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo/build/release}
mib=${BENCH_MIB:-64}
runs=${BENCH_RUNS:-5}
bench=$build/tests/runner/runnerbench
server=$build/tests/runner/kserve-test-server
for exe in "$bench" "$server"; do
  [ -x "$exe" ] || { echo "kserve-bench: no $exe (cmake --build $build --target runnerbench)" >&2; exit 2; }
done
command -v curl >/dev/null || { echo "kserve-bench: curl is needed for the comparison" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
"$server" >"$tmp/server.out" 2>"$tmp/server.err" &
server_pid=$!
for _ in $(seq 50); do grep -q listening "$tmp/server.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$tmp/server.out")
[ -n "$url" ] || { echo "kserve-bench: kserve-test-server did not start" >&2; cat "$tmp/server.err" >&2; exit 1; }

read -r plugin_s host_rss_kib < <("$bench" kserve "$url" "$mib" "$runs")

# The same request for curl: JSON header + the tensor's bytes.
header_len=$(python3 - "$mib" "$tmp/request.bin" <<'PY'
import json, struct, sys
mib, path = int(sys.argv[1]), sys.argv[2]
n = mib * 1048576 // 4
header = json.dumps({"inputs": [{"name": "x", "datatype": "FP32", "shape": [n],
                                 "parameters": {"binary_data_size": n * 4}}],
                     "outputs": [{"name": "x", "parameters": {"binary_data": True}}],
                     "parameters": {"binary_data_output": True}}, separators=(",", ":")).encode()
block = struct.pack("<1000f", *[i * 0.5 for i in range(1000)])
with open(path, "wb") as f:
    f.write(header)
    left = n * 4
    while left > 0:
        f.write(block[:left]); left -= len(block)
print(len(header))
PY
)
curl_times=()
for _ in $(seq "$runs"); do
  curl_times+=("$(curl -sS -o /dev/null -w '%{time_total}' -X POST \
    -H 'Content-Type: application/octet-stream' -H "Inference-Header-Content-Length: $header_len" \
    --data-binary @"$tmp/request.bin" "$url/v2/models/echo/infer")")
done
curl_s=$(printf '%s\n' "${curl_times[@]}" | sort -g | sed -n "$(( (runs + 1) / 2 ))p")

python3 - "$mib" "$plugin_s" "$curl_s" "$host_rss_kib" <<'PY'
import os, sys
mib, plugin, curl, rss = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
gb = mib * 1048576 * 2 / 1e9  # bytes up and back down
print("load average %.1f on %d cores (wall-clock figures need an idle machine)" % (os.getloadavg()[0], os.cpu_count()))
print("%d MiB float32 echo via kserve-test-server   median s   GB/s (both ways)" % mib)
print("kserve runner (host + plugin + pipe)     %8.3f   %6.2f" % (plugin, gb / plugin))
print("curl --data-binary, answer discarded     %8.3f   %6.2f" % (curl, gb / curl))
print("ratio kserve runner / curl               %8.2fx" % (plugin / curl))
print("runner host peak RSS                     %8.1f MiB (%.1fx the tensor)" % (rss / 1024, rss / 1024 / mib))
PY
