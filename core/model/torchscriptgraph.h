// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// A TorchScript archive's graph, read statically: the forward method of the
// archive's root module (data.pkl) is followed through the archive's code/ files
// (torchscriptsyntax.h) with the module tree's attributes as known values: calls of
// submodules are inlined with the submodule's path as the scope, `self.training`
// and the other attributes choose branches, weights become the values named as
// the model file names them ("layer1.0.conv1.weight", "CONSTANTS.c0"), and every
// call of a torch operator becomes a node ("aten::conv2d") whose tensor arguments
// are its inputs (named by the operator's schema: "input", "weight", "bias") and
// whose other arguments are attributes (`stride=[2, 2]`). A branch or loop on a
// value known only at run time becomes a prim::If / prim::Loop node with its bodies
// as graphs. Checks that only raise (`if x.dim() != 4: raise ...`) are left out and
// counted, and what no output needs is dropped. Nothing is executed: the code is
// parsed by a bounded parser and followed symbolically, within TorchScriptLimits.

#include "base/result.h"
#include "cartoncore_export.h"
#include "model/modelinfo.h"
#include "model/torchscriptsyntax.h"

#include <functional>

namespace carton {

struct TorchValue;

// What the graph builder needs of an archive.
struct TorchScriptArchive {
    QString location;       // the archive's file name, for errors
    const TorchValue *root; // data.pkl's root: the module object
    // Reads a code/ file ("code/__torch__/torchvision/models/resnet.py"); NotFound when absent.
    std::function<Result<QByteArray>(const QString &path, qint64 maxBytes)> readCode;
};

// The graph (as OnnxInfo: nodes, graph inputs named as forward's arguments with their
// annotated type as kind, the returned values as outputs). Its metadata says
// ("source", "code"), ("checks_left_out", N) and ("method", "forward"). Errors name
// the code file and line.
CARTONCORE_EXPORT Result<OnnxInfo> buildTorchScriptGraph(const TorchScriptArchive &archive,
                                                         const TorchScriptLimits &limits = {});

// The argument names of a torch operator ("aten::conv2d" -> input, weight, bias,
// stride, padding, dilation, groups); empty when the table does not know it.
CARTONCORE_EXPORT QStringList torchOpArguments(const QString &op);

} // namespace carton
