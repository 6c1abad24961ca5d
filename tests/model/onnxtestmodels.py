# SPDX-License-Identifier: Apache-2.0
# Makes the ONNX models tst_onnxmodel reads, with Debian's python3-onnx, and writes
# what onnx itself reads from them (reference.json) for the test to compare with.
#   onnxtestmodels.py OUTDIR
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(os.path.join(out, "ext"), exist_ok=True)
rng = np.random.default_rng(7)

raw = [
    numpy_helper.from_array((rng.standard_normal((4, 3, 3, 3)) * 3).astype(np.float32), "conv1.weight"),
    numpy_helper.from_array(np.array([0.5, -1.25, 3.0, 1e-8], dtype=np.float32), "conv1.bias"),
    numpy_helper.from_array(rng.standard_normal((10, 4)).astype(np.float32), "fc.weight"),
    numpy_helper.from_array(np.array([[1.5, -2.0], [65504.0, 6.1e-5]], dtype=np.float16), "half"),
    numpy_helper.from_array(np.array([1e300, -2.5, np.pi], dtype=np.float64), "double"),
    numpy_helper.from_array(np.array([-128, 0, 127], dtype=np.int8), "i8"),
    numpy_helper.from_array(np.array([0, 200, 255], dtype=np.uint8), "u8"),
    numpy_helper.from_array(np.array([-32768, 32767], dtype=np.int16), "i16"),
    numpy_helper.from_array(np.array([65535, 1], dtype=np.uint16), "u16"),
    numpy_helper.from_array(np.array([-2**31, 2**31 - 1], dtype=np.int32), "i32"),
    numpy_helper.from_array(np.array([4000000000, 7], dtype=np.uint32), "u32"),
    numpy_helper.from_array(np.array([-2**40, 2**40, 3], dtype=np.int64), "i64"),
    numpy_helper.from_array(np.array([2**40, 9], dtype=np.uint64), "u64"),
    numpy_helper.from_array(np.array([True, False, True], dtype=np.bool_), "flags"),
    numpy_helper.from_array(np.array(2.5, dtype=np.float32), "scalar"),
    numpy_helper.from_array(np.zeros((0, 3), dtype=np.float32), "empty"),
    numpy_helper.from_array(np.array([1 + 2j, -3j], dtype=np.complex64), "complex"),
]
# Typed fields (raw=False): float_data (packed), int32_data, int64_data, double_data, uint64_data.
typed = [
    helper.make_tensor("fc.bias", TensorProto.FLOAT, [10], [float(i) / 4 - 1 for i in range(10)]),
    helper.make_tensor("steps", TensorProto.INT64, [3], [1, -2, 2**50]),
    helper.make_tensor("t_i32", TensorProto.INT32, [2, 2], [-7, 0, 7, 2**31 - 1]),
    helper.make_tensor("t_i8", TensorProto.INT8, [3], [-128, -1, 127]),
    helper.make_tensor("t_u16", TensorProto.UINT16, [2], [0, 65535]),
    helper.make_tensor("t_half", TensorProto.FLOAT16, [3], [1.5, -2.0, 0.099975586]),
    helper.make_tensor("t_bf16", TensorProto.BFLOAT16, [3], [1.5, -2.0, 3.140625]),
    helper.make_tensor("t_bool", TensorProto.BOOL, [2], [True, False]),
    helper.make_tensor("t_double", TensorProto.DOUBLE, [2], [0.1, -1e-300]),
    helper.make_tensor("t_u64", TensorProto.UINT64, [2], [2**63 + 5, 1]),
    helper.make_tensor("t_u32", TensorProto.UINT32, [2], [2**32 - 1, 2]),
]
then = helper.make_graph([helper.make_node("Identity", ["a"], ["y"])], "then", [],
                         [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])])
els = helper.make_graph([helper.make_node("Neg", ["a"], ["y0"]), helper.make_node("Identity", ["y0"], ["y"])], "else",
                        [], [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])])
nodes = [
    helper.make_node("Conv", ["image", "conv1.weight", "conv1.bias"], ["c1"], name="conv1", kernel_shape=[3, 3],
                     pads=[1, 1, 1, 1], strides=[1, 1]),
    helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
    helper.make_node("GlobalAveragePool", ["r1"], ["p"], name="pool"),
    helper.make_node("Flatten", ["p"], ["f"], name="flat", axis=1),
    helper.make_node("Gemm", ["f", "fc.weight", "fc.bias"], ["logits"], name="fc", transB=1, alpha=0.5, beta=1.0),
    helper.make_node("Constant", [], ["k"], name="const", value=numpy_helper.from_array(np.ones((2, 2), np.float32))),
    helper.make_node("Resize", ["image", "", "scales"], ["big"], name="resize", mode="linear"),
    helper.make_node("If", ["cond"], ["branch"], name="if", then_branch=then, else_branch=els),
    helper.make_node("Mul", ["logits", "k2"], ["scaled"], name="scale", domain="com.example"),
]
inputs = [
    helper.make_tensor_value_info("image", TensorProto.FLOAT, ["batch", 3, 32, 32]),
    helper.make_tensor_value_info("cond", TensorProto.BOOL, []),
    helper.make_tensor_value_info("mask", TensorProto.UINT8, ["batch", None]),
    # IR < 4 style: an initializer listed among the inputs (not part of the signature)
    helper.make_tensor_value_info("conv1.weight", TensorProto.FLOAT, [4, 3, 3, 3]),
]
outputs = [
    helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 10]),
    helper.make_tensor_value_info("big", TensorProto.FLOAT, None),
]
graph = helper.make_graph(nodes, "tiny", inputs, outputs, raw + typed)
model = helper.make_model(graph, producer_name="pytorch", producer_version="2.1.0",
                          opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.example", 1)])
model.model_version = 3
helper.set_model_props(model, {"author": "tests", "license": "Apache-2.0"})
onnx.save(model, os.path.join(out, "tiny.onnx"))

# External data: every tensor of a copy in one file beside the model (offsets > 0).
ext = onnx.load(os.path.join(out, "tiny.onnx"))
# onnx 1.12 reads an empty external tensor back as the whole file: leave it out.
ext.graph.initializer.remove(next(t for t in ext.graph.initializer if t.name == "empty"))
onnx.save_model(ext, os.path.join(out, "ext", "ext.onnx"), save_as_external_data=True,
                all_tensors_to_one_file=True, location="weights.bin", size_threshold=0)


def dims(value):
    t = value.type.tensor_type
    if not t.HasField("shape"):
        return None
    return [d.dim_value if d.HasField("dim_value") else (d.dim_param if d.HasField("dim_param") else None)
            for d in t.shape.dim]


def describe(path):
    m = onnx.load(path, load_external_data=True)
    g = m.graph
    stored = {t.name: t.data_location == TensorProto.EXTERNAL
              for t in onnx.load(path, load_external_data=False).graph.initializer}
    inits = []
    for t in g.initializer:
        entry = {"name": t.name, "data_type": TensorProto.DataType.Name(t.data_type), "dims": list(t.dims),
                 "external": stored[t.name]}
        if t.data_type in (TensorProto.COMPLEX64, TensorProto.COMPLEX128, TensorProto.STRING):
            entry["values"] = None
        else:
            a = numpy_helper.to_array(t)
            # exact integers as text (uint64 > 2^53), floats as their double value
            entry["values"] = [str(int(v)) if a.dtype.kind in "iub" else float(v) for v in a.flatten()]
        inits.append(entry)
    names = {t.name for t in g.initializer}
    return {
        "ir_version": m.ir_version, "producer_name": m.producer_name, "producer_version": m.producer_version,
        "model_version": m.model_version,
        "opsets": [[o.domain, o.version] for o in m.opset_import],
        "metadata": {p.key: p.value for p in m.metadata_props},
        "inputs": [{"name": v.name, "elem_type": v.type.tensor_type.elem_type, "dims": dims(v)}
                   for v in g.input if v.name not in names],
        "outputs": [{"name": v.name, "elem_type": v.type.tensor_type.elem_type, "dims": dims(v)} for v in g.output],
        "nodes": [{"op_type": n.op_type, "name": n.name, "domain": n.domain, "inputs": list(n.input),
                   "outputs": list(n.output),
                   "attributes": [[a.name, onnx.AttributeProto.AttributeType.Name(a.type)] for a in n.attribute]}
                  for n in g.node],
        "initializers": inits,
    }


# Constants as torch.onnx.export writes them (raw_data): small ones are shown with their values.
consts = [
    ("half", np.array(0.5, np.float32)), ("axes", np.array([1, -1], np.int64)),
    ("grid", np.ones((2, 2), np.float32)), ("many", np.arange(9, dtype=np.int64)),
]
cnodes = [helper.make_node("Constant", [], [n], name=n, value=numpy_helper.from_array(v)) for n, v in consts]
cnodes.append(helper.make_node("Sum", ["x"] + [n for n, _ in consts], ["y"], name="sum"))
cgraph = helper.make_graph(cnodes, "constants", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [])],
                           [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
onnx.save(helper.make_model(cgraph, opset_imports=[helper.make_opsetid("", 17)]), os.path.join(out, "constants.onnx"))

json.dump({"tiny.onnx": describe(os.path.join(out, "tiny.onnx")),
           "ext/ext.onnx": describe(os.path.join(out, "ext", "ext.onnx"))},
          open(os.path.join(out, "reference.json"), "w"))

# Narrow types (FLOAT8E4M3FN 17, FLOAT8E4M3FNUZ 18, FLOAT8E5M2 19, FLOAT8E5M2FNUZ 20,
# UINT4 21, INT4 22, FLOAT4E2M1 23), every code, stored twice: packed in raw_data and
# one byte per value in int32_data (4-bit types: two codes a byte, low nibble first,
# as onnx.proto says). Written field by field: this onnx may predate the types.
narrow = []
for code in (17, 18, 19, 20, 21, 22, 23):
    four = code >= 21
    packed = bytes(range(256)) if not four else bytes((2 * i) | ((2 * i + 1) << 4) for i in range(8))
    count = 256 if not four else 15  # an odd count: the last byte's high nibble is unused
    for kind in ("raw", "typed"):
        t = TensorProto()
        t.name = "n%d_%s" % (code, kind)
        t.data_type = code
        t.dims.append(count)
        if kind == "raw":
            t.raw_data = packed
        else:
            t.int32_data.extend(packed)
        narrow.append(t)
narrow_graph = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "narrow",
                                 [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
                                 [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])], narrow)
onnx.save(helper.make_model(narrow_graph), os.path.join(out, "narrow.onnx"))
