#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Exports torchvision models with random weights to ONNX for the graph benchmarks
(bench/graph-bench.sh) and screenshots: make-vision-onnx.py OUTDIR [NAME...]
(default names: resnet18 swin_t). Needs python3-torch and python3-torchvision;
nothing is downloaded (weights=None)."""
import os
import sys

import onnx
import torch
import torchvision


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    names = sys.argv[2:] or ["resnet18", "swin_t"]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    for name in names:
        path = os.path.join(out, name + ".onnx")
        if os.path.exists(path):
            print(path, "(kept)")
            continue
        model = getattr(torchvision.models, name)(weights=None).eval()
        x = torch.randn(1, 3, 224, 224)
        torch.onnx.export(model, x, path, opset_version=17, input_names=["image"], output_names=["logits"],
                          dynamic_axes={"image": {0: "batch"}, "logits": {0: "batch"}})
        # The types and shapes between nodes (value_info), as newer exporters write them.
        onnx.shape_inference.infer_shapes_path(path, path)
        print(path)


if __name__ == "__main__":
    main()
