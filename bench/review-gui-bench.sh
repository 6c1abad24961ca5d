#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The Compare tab's model review in the window (issue 41), with bench/reviewguibench:
#  1. torchvision's resnet18 (random weights) against the same with layer3.1.conv2 made a 1x1
#     convolution and a hidden layer added to the head, exported to ONNX: the time to review
#     (package, weights, graph: until the tab says "Different"), to draw the coloured graph
#     (overlay, layout on a worker thread, items), the worst GUI-thread stall meanwhile;
#  2. two ONNX chains of BENCH_REVIEW_NODES nodes (B: one strides changed, three Sigmoids
#     inserted), the same figures; more than 1,000 nodes open collapsed by scope.
# overlay_us: building the drawn graph (GraphOverlay) alone, on the GUI thread. The worst stall
# includes the window's creation and first paint (the ticker starts before the page is made).
# With BENCH_SHOTS=DIR it also writes the review at 1366x768 and 1920x1080 (first change
# selected) as DIR/review-1366x768.png and DIR/review-1920x1080.png.
#
#   bench/review-gui-bench.sh [path/to/reviewguibench]   (default build/release/bin/reviewguibench)
#
# Environment: BENCH_DIR=/tmp BENCH_REVIEW_NODES=5000 BENCH_REPEAT=3 BENCH_KEEP=0 BENCH_SHOTS=
# (QT_QPA_PLATFORM defaults to offscreen; DISPLAY=:N QT_QPA_PLATFORM=xcb for an X server's fonts).
# Needs: python3-torch, python3-torchvision, python3-onnx.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench=${1:-$repo/build/release/bin/reviewguibench}
nodes=${BENCH_REVIEW_NODES:-5000}
repeat=${BENCH_REPEAT:-3}
die() { echo "review-gui-bench: $*" >&2; exit 2; }
[ -x "$bench" ] || die "no reviewguibench at $bench (build the target reviewguibench)"
work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-review-gui.XXXXXX")
cleanup() { if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT

/usr/bin/python3 - "$work" "$nodes" <<'PY'
import sys, torch, torchvision
out, nodes = sys.argv[1], int(sys.argv[2])
torch.manual_seed(0)
x = torch.randn(1, 3, 224, 224)
m = torchvision.models.resnet18(weights=None).eval()
torch.onnx.export(m, x, out + "/resnet18.onnx", opset_version=17, input_names=["image"], output_names=["logits"])
m.layer3[1].conv2 = torch.nn.Conv2d(256, 256, 1, 1, 0, bias=False)
m.fc = torch.nn.Sequential(torch.nn.Linear(512, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1000))
torch.onnx.export(m.eval(), x, out + "/resnet18-changed.onnx", opset_version=17, input_names=["image"],
                  output_names=["logits"])
PY
/usr/bin/python3 "$repo/bench/make-review-graphs.py" "$work" "$nodes" --scopes

run() { # NAME A B: the best of $repeat runs of each figure
  local name=$1 a=$2 b=$3 best_review="" best_draw="" worst=""
  for _ in $(seq "$repeat"); do
    "$bench" "$a" "$b" 1366x768 >"$work/out.txt" 2>/dev/null || die "$name: reviewguibench failed"
    local r d s
    r=$(sed -n 's/^review_ms=//p' "$work/out.txt"); d=$(sed -n 's/^graph_draw_ms=//p' "$work/out.txt")
    s=$(sed -n 's/^worst_gui_stall_ms=//p' "$work/out.txt")
    { [ -z "$best_review" ] || [ "$r" -lt "$best_review" ]; } && best_review=$r
    { [ -z "$best_draw" ] || [ "$d" -lt "$best_draw" ]; } && best_draw=$d
    { [ -z "$worst" ] || [ "$s" -lt "$worst" ]; } && worst=$s
  done
  printf '%-44s review %6s ms   coloured graph drawn %6s ms   worst GUI stall %5s ms   (%s)\n' "$name" \
    "$best_review" "$best_draw" "$worst" "$(grep -E '^(nodes|added|removed|changed|overlay_us)=' "$work/out.txt" | tr '\n' ' ')"
}
run "resnet18 vs one layer changed (ONNX)" "$work/resnet18.onnx" "$work/resnet18-changed.onnx"
run "$nodes-node chains (3 inserted, 1 changed)" "$work/a.onnx" "$work/b.onnx"
if [ -n "${BENCH_SHOTS:-}" ]; then
  mkdir -p "$BENCH_SHOTS"
  for size in 1366x768 1920x1080; do
    "$bench" "$work/resnet18.onnx" "$work/resnet18-changed.onnx" "$size" "$BENCH_SHOTS/review-$size.png" >/dev/null
    echo "wrote $BENCH_SHOTS/review-$size.png"
  done
fi
