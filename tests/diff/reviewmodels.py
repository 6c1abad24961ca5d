# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Makes the model-review test models with Debian's python3-torch and python3-onnx.

Usage: reviewmodels.py DIR

ResNet-18 and ResNet-34 (torchvision's architecture and parameter names, defined here so
that no torchvision download or package is needed), random weights:
  r18.pt           torch.save(state_dict) of ResNet-18 (zip checkpoint)
  r18ft.pt         the same with two tensors fine-tuned (fc.weight, layer4.1.conv2.weight)
  r34.pt           ResNet-34 whose tensors shared with r18 (by name) are r18's
  r18.onnx, r34.onnx   the two exported (eval mode: batch norms folded into the convolutions)
  r18_renamed.onnx r18.onnx with every node, value and initializer renamed
  r18_strides.onnx r18.onnx with one Conv's strides changed from [1, 1] to [2, 2]
  if_a.onnx, if_b.onnx  a model with an If whose else-branch has one Add changed to Sub
  expect.json      what numpy computes for r18 -> r18ft (per changed tensor: max_abs_diff,
                   rel_l2, changed_fraction), the names r34 adds, the changed Conv's name
"""
import json
import os
import sys

import numpy as np
import onnx
import torch
from onnx import helper, TensorProto


class BasicBlock(torch.nn.Module):
    def __init__(self, inplanes, planes, stride=1):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(planes)
        self.relu = torch.nn.ReLU(inplace=True)
        self.conv2 = torch.nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(planes)
        self.downsample = None
        if stride != 1 or inplanes != planes:
            self.downsample = torch.nn.Sequential(torch.nn.Conv2d(inplanes, planes, 1, stride, bias=False),
                                                  torch.nn.BatchNorm2d(planes))

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class ResNet(torch.nn.Module):
    def __init__(self, layers, num_classes=1000):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(64)
        self.relu = torch.nn.ReLU(inplace=True)
        self.maxpool = torch.nn.MaxPool2d(3, 2, 1)
        inplanes = 64
        for i, (planes, blocks) in enumerate(zip((64, 128, 256, 512), layers)):
            stride = 1 if i == 0 else 2
            mods = [BasicBlock(inplanes, planes, stride)] + [BasicBlock(planes, planes) for _ in range(blocks - 1)]
            inplanes = planes
            setattr(self, "layer%d" % (i + 1), torch.nn.Sequential(*mods))
        self.avgpool = torch.nn.AdaptiveAvgPool2d((1, 1))
        self.fc = torch.nn.Linear(512, num_classes)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


def randomize_bn(model):
    # Non-trivial batch-norm statistics, so that folding them changes the weights.
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.running_mean.uniform_(-0.1, 0.1)
            m.running_var.uniform_(0.5, 1.5)
            m.weight.data.uniform_(0.5, 1.5)
            m.bias.data.uniform_(-0.1, 0.1)


def export(model, path):
    model.eval()
    torch.onnx.export(model, torch.randn(1, 3, 64, 64), path, opset_version=13, input_names=["input"],
                      output_names=["logits"])


def renamed(src, dst):
    m = onnx.load(src)
    g = m.graph
    names = {}

    def new(name):
        if not name:
            return name
        if name not in names:
            names[name] = "t%d" % len(names)
        return names[name]

    keep = {v.name for v in g.input} | {v.name for v in g.output}  # the signature keeps its names
    for init in g.initializer:
        init.name = new(init.name)
    for i, node in enumerate(g.node):
        node.name = "renamed_node_%d" % (len(g.node) - i)
        for k, x in enumerate(node.input):
            node.input[k] = x if x in keep else new(x)
        for k, x in enumerate(node.output):
            node.output[k] = x if x in keep else new(x)
    for v in list(g.value_info):
        v.name = new(v.name)
    onnx.save(m, dst)


def strides_changed(src, dst):
    m = onnx.load(src)
    convs = [n for n in m.graph.node if n.op_type == "Conv"]
    # The first 3x3 convolution of layer1's second block: strides [1, 1].
    target = [n for n in convs if any(a.name == "strides" and list(a.ints) == [1, 1] for a in n.attribute)][3]
    for a in target.attribute:
        if a.name == "strides":
            del a.ints[:]
            a.ints.extend([2, 2])
    onnx.save(m, dst)
    return target.name


def if_model(path, else_op):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])
    c = helper.make_tensor_value_info("c", TensorProto.BOOL, [])
    one = helper.make_tensor("one", TensorProto.FLOAT, [2], [1.0, 1.0])
    then_out = helper.make_tensor_value_info("then_y", TensorProto.FLOAT, [2])
    else_out = helper.make_tensor_value_info("else_y", TensorProto.FLOAT, [2])
    then_g = helper.make_graph([helper.make_node("Mul", ["x", "one"], ["then_y"], name="then_mul")], "then", [],
                               [then_out])
    else_g = helper.make_graph([helper.make_node("Neg", ["x"], ["n"], name="else_neg"),
                                helper.make_node(else_op, ["n", "one"], ["else_y"], name="else_op")],
                               "else", [], [else_out])
    nodes = [helper.make_node("Relu", ["x"], ["r"], name="relu"),
             helper.make_node("If", ["c"], ["y0"], name="branch", then_branch=then_g, else_branch=else_g),
             helper.make_node("Add", ["y0", "r"], ["y"], name="out")]
    g = helper.make_graph(nodes, "if_model", [x, c], [y], [one])
    onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), path)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(41)
    r18 = ResNet([2, 2, 2, 2])
    randomize_bn(r18)
    r18.eval()
    sa = {k: v.clone() for k, v in r18.state_dict().items()}
    torch.save(sa, os.path.join(out, "r18.pt"))

    sb = {k: v.clone() for k, v in sa.items()}
    sb["fc.weight"] += 0.01 * torch.randn_like(sb["fc.weight"])
    w = sb["layer4.1.conv2.weight"]
    w[:8] *= 1.05  # a fine-tune that touches a part of the tensor only
    torch.save(sb, os.path.join(out, "r18ft.pt"))

    r34 = ResNet([3, 4, 6, 3])
    randomize_bn(r34)
    s34 = r34.state_dict()
    for k in s34:
        if k in sa:
            s34[k].copy_(sa[k])
    r34.load_state_dict(s34)
    r34.eval()
    torch.save(r34.state_dict(), os.path.join(out, "r34.pt"))

    export(r18, os.path.join(out, "r18.onnx"))
    export(r34, os.path.join(out, "r34.onnx"))
    renamed(os.path.join(out, "r18.onnx"), os.path.join(out, "r18_renamed.onnx"))
    conv = strides_changed(os.path.join(out, "r18.onnx"), os.path.join(out, "r18_strides.onnx"))
    if_model(os.path.join(out, "if_a.onnx"), "Add")
    if_model(os.path.join(out, "if_b.onnx"), "Sub")

    changed = {}
    for k in sa:
        a = sa[k].double().numpy()
        b = sb[k].double().numpy()
        if np.array_equal(a, b):
            continue
        d = b - a
        changed[k] = {"max_abs_diff": float(np.max(np.abs(d))),
                      "rel_l2": float(np.linalg.norm(d) / np.linalg.norm(a)),
                      "changed_fraction": float(np.count_nonzero(d) / d.size)}
    onnx18 = onnx.load(os.path.join(out, "r18.onnx"))
    onnx34 = onnx.load(os.path.join(out, "r34.onnx"))
    expect = {"changed": changed,
              "r18_tensors": len(sa),
              "r34_added": sorted(k for k in s34 if k not in sa),
              "r18_onnx_nodes": len(onnx18.graph.node),
              "r34_onnx_nodes": len(onnx34.graph.node),
              "r18_onnx_ops": {op: sum(1 for n in onnx18.graph.node if n.op_type == op)
                               for op in {n.op_type for n in onnx18.graph.node}},
              "r34_onnx_ops": {op: sum(1 for n in onnx34.graph.node if n.op_type == op)
                               for op in {n.op_type for n in onnx34.graph.node}},
              "strides_conv": conv}
    with open(os.path.join(out, "expect.json"), "w") as f:
        json.dump(expect, f, indent=1)


if __name__ == "__main__":
    main()
