#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The graph view on real models (issue 40): exports resnet18 and swin_t from
# torchvision (random weights, bench/make-vision-onnx.py), opens each in the graph
# view (bin/graphbench: time to the first graph, longest GUI-thread gap, layout
# alone), constants folded and as nodes; and lays the very same graph out with
# Graphviz's dot (libgvc's layered layout, `dot -Tplain`) for comparison.
#
#   bench/graph-bench.sh [BUILD_DIR]        (default build/release)
#
# Environment: BENCH_DIR=/tmp (models are kept as BENCH_DIR/carton-vision/*.onnx),
# BENCH_DOT_TIMEOUT=600 (seconds given to dot per graph).
# Needs /usr/bin/python3 with torch and torchvision (python3-torch, python3-torchvision),
# and graphviz for the comparison (skipped without `dot`).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo/build/release}
bench=$build/bin/graphbench
dir=${BENCH_DIR:-/tmp}/carton-vision
timeout_s=${BENCH_DOT_TIMEOUT:-600}
[ -x "$bench" ] || { echo "graph-bench: no $bench (build the graphbench target)" >&2; exit 2; }
/usr/bin/python3 "$repo/bench/make-vision-onnx.py" "$dir" resnet18 swin_t >/dev/null

echo "Graph view benchmark — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for model in resnet18 swin_t; do
    for mode in "" --weights-as-nodes --expand; do
        echo "== $model ${mode:-(constants folded)}"
        "$bench" "$dir/$model.onnx" $mode --dot "$dir/$model${mode}.dot"
        if command -v dot >/dev/null; then
            start=$(date +%s.%N)
            if timeout "$timeout_s" dot -Tplain "$dir/$model${mode}.dot" -o "$dir/$model${mode}.plain"; then
                end=$(date +%s.%N)
                printf 'graphviz dot -Tplain: %.0f ms (same items and edges)\n' "$(echo "($end - $start) * 1000" | bc)"
            else
                echo "graphviz dot -Tplain: did not finish in ${timeout_s} s"
            fi
        fi
    done
done
