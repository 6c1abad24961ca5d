#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The static TorchScript graph (issue 40, item 4): torchvision's resnet50 with random
# weights, scripted and traced and saved by python3-torch (kept as
# BENCH_DIR/carton-torchscript/resnet50_{script,trace}.pt), read by
# `carton model FILE --graph --json` (process start, the weights listed, forward's graph
# read from code/ and data.pkl, the JSON written) beside torch's own
# `torch.jit.load(FILE).inlined_graph` in python on the same file (the load alone, inside
# python, and the whole python process with `import torch`). Best of BENCH_REPEAT runs;
# prints the ratios.
#
#   bench/torchscript-graph-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Needs /usr/bin/python3 with torch and torchvision, /usr/bin/time.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
dir=${BENCH_DIR:-/tmp}/carton-torchscript
repeat=${BENCH_REPEAT:-5}
py=/usr/bin/python3
[ -x "$carton" ] || { echo "torchscript-graph-bench: no carton binary at $carton" >&2; exit 2; }
mkdir -p "$dir"
if [ ! -f "$dir/resnet50_trace.pt" ]; then
    $py - "$dir" <<'PY'
import sys, torch, torchvision
m = torchvision.models.resnet50().eval()
torch.jit.script(m).save(sys.argv[1] + "/resnet50_script.pt")
torch.jit.trace(m, torch.randn(1, 3, 224, 224)).save(sys.argv[1] + "/resnet50_trace.pt")
PY
fi

best() { # best wall time (s) of $repeat runs of CMD
    local b=""
    for _ in $(seq "$repeat"); do
        /usr/bin/time -f %e -o "$dir/t" "$@" >/dev/null 2>"$dir/err" || { cat "$dir/err" >&2; exit 1; }
        local t; t=$(cat "$dir/t")
        if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN {exit !(a < b)}'; then b=$t; fi
    done
    echo "$b"
}

echo "TorchScript graph benchmark — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-20s %8s %10s %12s %14s %10s %10s\n' file nodes carton_s torch_load_s torch_process_s ratio_load ratio_proc
for f in resnet50_script resnet50_trace; do
    ours=$(best "$carton" model "$dir/$f.pt" --graph --json)
    nodes=$("$carton" model "$dir/$f.pt" --json | $py -c 'import json,sys; print(json.load(sys.stdin)["models"][0]["node_count"])')
    inside=$($py - "$dir/$f.pt" "$repeat" <<'PY'
import sys, time, torch
best = None
for _ in range(int(sys.argv[2])):
    t = time.perf_counter()
    g = torch.jit.load(sys.argv[1]).inlined_graph
    n = len(list(g.nodes()))
    t = time.perf_counter() - t
    best = t if best is None or t < best else best
print("%.3f" % best)
PY
)
    process=$(best $py -c "import sys, torch; torch.jit.load(sys.argv[1]).inlined_graph" "$dir/$f.pt")
    printf '%-20s %8s %10s %12s %14s %9.1fx %9.1fx\n' "$f" "$nodes" "$ours" "$inside" "$process" \
        "$(echo "$inside / $ours" | bc -l)" "$(echo "$process / $ours" | bc -l)"
done
