#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Writes the model-review benchmarks' two ONNX graphs: make-review-graphs.py OUTDIR NODES [--scopes]

OUTDIR/a.onnx: a residual chain of about NODES nodes (blocks of Conv 1x1, Relu, Add, with their
weights); OUTDIR/b.onnx: the same with three Sigmoid nodes inserted (blocks 100, 700, 1200) and
block 500's Conv strides changed. --scopes names the nodes "blockN/..." (50 blocks a scope), as
exporters do, so that a big graph collapses by scope in the app (bench/review-gui-bench.sh)."""
import sys

import numpy as np
import onnx
from onnx import helper, TensorProto, numpy_helper


def graph(path, nodes, inserted, strides_at, scopes):
    rng = np.random.default_rng(1)
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 8, 32, 32])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, None)
    ns, inits, prev, k = [], [], "x", 0
    while k < nodes // 3:  # blocks of Conv, Relu, Add: the same count on both sides
        w = "w%d" % k
        inits.append(numpy_helper.from_array(rng.standard_normal((8, 8, 1, 1), dtype=np.float32), w))
        s = [2, 2] if k == strides_at else [1, 1]
        scope = "block%d/" % (k // 50) if scopes else ""
        ns.append(helper.make_node("Conv", [prev, w], ["c%d" % k], name=scope + "conv%d" % k, strides=s))
        ns.append(helper.make_node("Relu", ["c%d" % k], ["r%d" % k], name=scope + "relu%d" % k))
        last = "r%d" % k
        if k in inserted:
            ns.append(helper.make_node("Sigmoid", [last], ["s%d" % k], name=scope + "extra%d" % k))
            last = "s%d" % k
        ns.append(helper.make_node("Add", [last, prev], ["a%d" % k], name=scope + "add%d" % k))
        prev, k = "a%d" % k, k + 1
    ns.append(helper.make_node("Identity", [prev], ["y"], name="out"))
    g = helper.make_graph(ns, "chain", [x], [y], inits)
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, nodes, scopes = sys.argv[1], int(sys.argv[2]), "--scopes" in sys.argv[3:]
    graph(out + "/a.onnx", nodes, set(), -1, scopes)
    graph(out + "/b.onnx", nodes, {100, 700, 1200}, 500, scopes)


if __name__ == "__main__":
    main()
