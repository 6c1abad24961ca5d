# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Makes the TorchScript archives of tst_torchscriptgraph and what torch's own graph says of them.

Usage (once, with Debian's python3-torch and python3-torchvision): make_reference.py DIR

Writes into DIR:
  resnet18_script.pt  torch.jit.script(torchvision resnet18), resnet18_trace.pt  torch.jit.trace of it
  control.pt          a scripted module with a check that raises, a ModuleList, a branch and a loop on
                      run-time values, an Optional attribute and two outputs
  reference.json      per archive, from torch's graph of the module frozen (torch._C._freeze_module:
                      submodules inlined, attributes such as `training` made constants) with the checks
                      that only raise removed and then dead code eliminated (the rule the static graph
                      follows): node counts by kind (bodies included), edges between aten/prim nodes
                      ("aten::conv2d->aten::batch_norm": count), the number of inputs and outputs.
The weights are made zero after the reference is taken and the archives are written with deflate,
without the .debug_pkl files (the code and structure are what the test reads; zeros compress to almost
nothing), so each archive is tens of kilobytes.
"""
import collections
import json
import os
import sys
import zipfile
from typing import List, Optional, Tuple

import torch
import torchvision


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(4, 4, 3, padding=1)

    def forward(self, x):
        return torch.relu(self.conv(x))


class Control(torch.nn.Module):
    scale: Optional[torch.Tensor]

    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 4, 3, padding=1, bias=False)
        self.blocks = torch.nn.ModuleList([Block(), Block()])
        self.head = torch.nn.Linear(4, 2)
        self.scale = None

    def forward(self, x: torch.Tensor, steps: int) -> Tuple[torch.Tensor, torch.Tensor]:
        if x.dim() != 4:
            raise ValueError("expected a 4-D input")
        y = self.stem(x)
        for block in self.blocks:
            y = block(y)
        scale = self.scale
        if scale is not None:
            y = y * scale
        if bool(y.sum() > 0):
            y = y * 2
        else:
            y = y - 1
        for _ in range(steps):
            y = y + 1
        z = torch.flatten(torch.nn.functional.adaptive_avg_pool2d(y, 1), 1)
        return self.head(z), y


def only_raises(block):
    return all(n.kind() == "prim::RaiseException" or n.kind() == "prim::Constant" for n in block.nodes())


def reference(module):
    frozen = torch._C._freeze_module(module._c)
    graph = frozen._get_method("forward").graph
    for node in list(graph.nodes()):
        if node.kind() == "prim::If" and node.outputsSize() == 0:
            blocks = list(node.blocks())
            if any(only_raises(b) for b in blocks) and all(
                    all(n.kind() in ("prim::RaiseException", "prim::Constant") or not n.hasSideEffects()
                        for n in b.nodes()) for b in blocks):
                node.destroy()
    torch._C._jit_pass_dce(graph)
    counts = collections.Counter()
    edges = collections.Counter()

    def walk(block):
        for n in block.nodes():
            counts[n.kind()] += 1
            for v in n.inputs():
                p = v.node()
                if p.kind().startswith(("aten::", "prim::If", "prim::Loop")) and p.kind() != "prim::Constant":
                    edges[p.kind() + "->" + n.kind()] += 1
            for b in n.blocks():
                walk(b)

    walk(graph)
    kept = {k: v for k, v in counts.items() if k not in ("prim::Constant", "prim::ListConstruct",
                                                         "prim::TupleConstruct", "prim::GetAttr")}
    return {"ops": dict(sorted(kept.items())), "edges": dict(sorted(edges.items())),
            "inputs": len(list(graph.inputs())) - 1, "outputs": len(list(graph.outputs()))}


def save_small(module, path):
    with torch.no_grad():
        for p in module.parameters():
            p.zero_()
        for name, b in module.named_buffers():
            if b.is_floating_point():
                b.zero_()
    tmp = path + ".tmp"
    module.save(tmp)
    with zipfile.ZipFile(tmp) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename.endswith(".debug_pkl"):
                continue
            dst.writestr(info.filename, src.read(info.filename))
    os.remove(tmp)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(40)
    refs = {}
    net = torchvision.models.resnet18().eval()
    scripted = torch.jit.script(net)
    refs["resnet18_script.pt"] = reference(scripted)
    traced = torch.jit.trace(net, torch.randn(1, 3, 64, 64))
    refs["resnet18_trace.pt"] = reference(traced)
    control = torch.jit.script(Control().eval())
    refs["control.pt"] = reference(control)
    save_small(scripted, os.path.join(out, "resnet18_script.pt"))
    save_small(traced, os.path.join(out, "resnet18_trace.pt"))
    save_small(control, os.path.join(out, "control.pt"))
    with open(os.path.join(out, "reference.json"), "w") as f:
        json.dump(refs, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
