# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Makes the PyTorch test models of tst_torchmodel with Debian's python3-torch.

Usage: torchtestmodels.py DIR

Writes into DIR:
  scripted.pt   torch.jit.script of a conv + batchnorm module (TorchScript archive)
  traced.pt     torch.jit.trace of the same module
  state.pt      torch.save(state_dict) (zip)
  legacy.pt     torch.save(state_dict, _use_new_zipfile_serialization=False)
  module.pt     torch.save(model): the whole module, its class pickled by name
  constants.pt  torch.jit.trace of a module computing x + k * 2: TorchScript keeps k and 2 as
                tensor constants (constants.pkl, constants/N), its code calls them CONSTANTS.c0, .c1
  views.pt      torch.save of a dict with a transposed view, a view with a storage offset
                and one tensor of every dtype (zip); views_legacy.pt the same, legacy
  protocolN.pt, protocolN_legacy.pt  the views file saved with pickle_protocol N (1, 4, 5), zip and legacy
  expected/NAME/KEY.npy  the values torch reads for every tensor of NAME (C order)
"""
import os
import sys

import numpy as np
import torch


class Constants(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.k = torch.arange(6.0).reshape(2, 3)

    def forward(self, x):
        return x + self.k * 2


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 4, 3)
        self.bn1 = torch.nn.BatchNorm2d(4)

    def forward(self, x):
        return self.bn1(self.conv1(x))


def dump(out, name, tensors):
    folder = os.path.join(out, "expected", name)
    os.makedirs(folder, exist_ok=True)
    for key, t in tensors.items():
        t = t.detach()
        if t.dtype == torch.bfloat16:
            t = t.float()  # numpy has no bfloat16: compare as float32 (exact)
        np.save(os.path.join(folder, key + ".npy"), np.ascontiguousarray(t.numpy()))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(28)
    net = Net()
    with torch.no_grad():
        net.bn1.running_mean.uniform_(-1, 1)
        net.bn1.running_var.uniform_(0.5, 2)
    net.eval()
    torch.jit.save(torch.jit.script(net), os.path.join(out, "scripted.pt"))
    torch.jit.save(torch.jit.trace(net, torch.zeros(1, 3, 8, 8)), os.path.join(out, "traced.pt"))
    state = net.state_dict()
    torch.save(state, os.path.join(out, "state.pt"))
    torch.save(state, os.path.join(out, "legacy.pt"), _use_new_zipfile_serialization=False)
    torch.save(net, os.path.join(out, "module.pt"))
    for name in ("scripted", "traced", "state", "legacy", "module"):
        dump(out, name, state)

    traced = torch.jit.trace(Constants(), torch.zeros(2, 3))
    torch.jit.save(traced, os.path.join(out, "constants.pt"))
    code = torch.jit.load(os.path.join(out, "constants.pt")).code
    assert "CONSTANTS.c0" in code and "CONSTANTS.c1" in code, code
    assert torch.equal(traced(torch.zeros(2, 3)), Constants().k * 2)
    dump(out, "constants", {"CONSTANTS.c0": Constants().k, "CONSTANTS.c1": torch.tensor(2)})

    base = torch.arange(60, dtype=torch.float32).reshape(6, 10)
    views = {
        "transposed": base.t(),  # shape (10, 6), strides (1, 10)
        "offset": base[2:5, 3:7],  # storage offset 23, strides (10, 1)
        "base": base,
        "float64": torch.linspace(-2, 2, 7, dtype=torch.float64),
        "float16": torch.tensor([0.5, -1.25, 3.0], dtype=torch.float16),
        "bfloat16": torch.tensor([1.5, -2.0, 0.0078125], dtype=torch.bfloat16),
        "int8": torch.tensor([-128, 0, 127], dtype=torch.int8),
        "uint8": torch.tensor([0, 1, 255], dtype=torch.uint8),
        "int16": torch.tensor([-32768, 7, 32767], dtype=torch.int16),
        "int32": torch.tensor([-(2**31), 5, 2**31 - 1], dtype=torch.int32),
        "int64": torch.tensor([-(2**63), 9, 2**63 - 1], dtype=torch.int64),
        "bool": torch.tensor([True, False, True]),
        "scalar": torch.tensor(3.25),
    }
    torch.save(views, os.path.join(out, "views.pt"))
    torch.save(views, os.path.join(out, "views_legacy.pt"), _use_new_zipfile_serialization=False)
    dump(out, "views", views)
    dump(out, "views_legacy", views)
    for protocol in (1, 4, 5):
        for suffix, zipped in (("", True), ("_legacy", False)):
            name = f"protocol{protocol}{suffix}"
            torch.save(views, os.path.join(out, name + ".pt"), pickle_protocol=protocol,
                       _use_new_zipfile_serialization=zipped)
            dump(out, name, views)


if __name__ == "__main__":
    main()
