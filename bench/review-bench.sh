#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks the model level of `carton diff` (issue 41):
#  1. two torch.save checkpoints of BENCH_REVIEW_MIB MiB (float32 tensors of 16 MiB) that differ
#     in one tensor: `carton diff A B --json` against `sha256sum A B` on warm caches (target
#     <= 1.5x), and its peak RSS (target <= 300 MiB);
#  2. two ONNX graphs of BENCH_REVIEW_NODES nodes (a residual chain of Conv/Relu/Add with its
#     weights; B has one attribute changed and a few nodes inserted): `carton diff --json`
#     (target < 2 s for 5,000 nodes).
#
#   bench/review-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment (data is generated under BENCH_DIR, never in the repo):
#   BENCH_DIR=/tmp  BENCH_REVIEW_MIB=512  BENCH_REVIEW_NODES=5000  BENCH_REPEAT=3  BENCH_KEEP=0
# Needs: python3-torch, python3-onnx, coreutils, /usr/bin/time (scripts/install-deps.sh).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_REVIEW_MIB:-512}
nodes=${BENCH_REVIEW_NODES:-5000}

. "$repo/bench/common.sh" review-bench
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"

bench_workdir

log "generating two $mib MiB checkpoints and two $nodes-node ONNX graphs"
/usr/bin/python3 - "$work" "$mib" "$nodes" <<'PY'
import sys, torch
out, mib, nodes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
torch.manual_seed(0)
n = max(1, mib // 16)
a = {"layer%03d.weight" % i: torch.randn(1024, 4096) for i in range(n)}
torch.save(a, out + "/a.pt")
a["layer%03d.weight" % (n // 2)][:16] += 0.01
torch.save(a, out + "/b.pt")
PY
/usr/bin/python3 "$repo/bench/make-review-graphs.py" "$work" "$nodes"
ls -l "$work"/a.pt "$work"/b.pt >&2

measure "sha256sum a.pt b.pt" sha256sum "$work/a.pt" "$work/b.pt"
base=$wall
measure --ok 1 "carton diff a.pt b.pt --json" "$carton" diff "$work/a.pt" "$work/b.pt" --json
diffwall=$wall; diffrss=$rss
grep -q '"status": "changed"' "$work/out.txt" || die "carton diff found no changed tensor"
measure --ok 1 "carton diff a.onnx b.onnx --json ($nodes nodes)" "$carton" diff "$work/a.onnx" "$work/b.onnx" --json
graphwall=$wall

echo
printf '%-52s %10s %12s\n' "command" "wall" "peak RSS"
for r in "${rows[@]}"; do echo "$r"; done
echo
echo "carton diff / sha256sum: $(ratio "$diffwall" "$base")x (target <= 1.5x); peak RSS $diffrss MiB (target <= 300 MiB)"
echo "graph diff of $nodes nodes: $graphwall s (target < 2 s)"
