// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "model/onnxschema.h"

#include <QHash>

namespace carton {

namespace {

// Input names and summaries as onnx/defs declares them (opset 17-21).
QHash<QString, OnnxOpSchema> makeTable()
{
    QHash<QString, OnnxOpSchema> t;
    const auto add = [&t](const char *op, QStringList inputs, const char *summary, bool variadic = false) {
        t.insert(QString::fromLatin1(op), OnnxOpSchema{std::move(inputs), QString::fromLatin1(summary), variadic});
    };
    using L = QStringList;
    const QString X = QStringLiteral("X"), A = QStringLiteral("A"), B = QStringLiteral("B");
    add("Conv", L{X, QStringLiteral("W"), B}, "Convolution of X with the filters W, plus the bias B.");
    add("ConvTranspose", L{X, QStringLiteral("W"), B}, "Transposed convolution of X with the filters W, plus B.");
    add("Gemm", L{A, B, QStringLiteral("C")}, "General matrix multiplication: alpha·A'·B' + beta·C.");
    add("MatMul", L{A, B}, "Matrix product of A and B, like numpy.matmul.");
    for (const char *op : {"Add", "Sub", "Mul", "Div", "Pow", "Equal", "Less", "LessOrEqual", "Greater",
                           "GreaterOrEqual", "And", "Or", "Xor", "Mod", "BitShift"})
        add(op, L{A, B}, "Element-wise binary operation with numpy-style broadcasting.");
    add("BatchNormalization",
        L{X, QStringLiteral("scale"), B, QStringLiteral("input_mean"), QStringLiteral("input_var")},
        "Batch normalization: (X - mean) / sqrt(var + epsilon) · scale + B.");
    add("LayerNormalization", L{X, QStringLiteral("Scale"), B},
        "Layer normalization over the trailing axes from axis, then Scale and B.");
    add("InstanceNormalization", L{QStringLiteral("input"), QStringLiteral("scale"), B},
        "Instance normalization: per instance and channel, then scale and B.");
    add("GroupNormalization", L{X, QStringLiteral("scale"), QStringLiteral("bias")},
        "Group normalization over groups of channels, then scale and bias.");
    add("Reshape", L{QStringLiteral("data"), QStringLiteral("shape")}, "Reshapes data to shape.");
    add("Resize", L{X, QStringLiteral("roi"), QStringLiteral("scales"), QStringLiteral("sizes")},
        "Resizes X by scales or to sizes (nearest, linear or cubic).");
    add("Gather", L{QStringLiteral("data"), QStringLiteral("indices")}, "Gathers entries of data along axis.");
    add("GatherElements", L{QStringLiteral("data"), QStringLiteral("indices")},
        "Gathers single elements of data along axis.");
    add("Slice",
        L{QStringLiteral("data"), QStringLiteral("starts"), QStringLiteral("ends"), QStringLiteral("axes"),
          QStringLiteral("steps")},
        "A slice of data along axes.");
    add("Unsqueeze", L{QStringLiteral("data"), QStringLiteral("axes")}, "Inserts dimensions of size 1 at axes.");
    add("Squeeze", L{QStringLiteral("data"), QStringLiteral("axes")}, "Removes dimensions of size 1.");
    add("Expand", L{QStringLiteral("input"), QStringLiteral("shape")}, "Broadcasts input to shape.");
    add("Tile", L{QStringLiteral("input"), QStringLiteral("repeats")}, "Repeats input along each axis.");
    add("Pad",
        L{QStringLiteral("data"), QStringLiteral("pads"), QStringLiteral("constant_value"), QStringLiteral("axes")},
        "Pads data (constant, reflect, edge or wrap).");
    add("Clip", L{QStringLiteral("input"), QStringLiteral("min"), QStringLiteral("max")},
        "Limits input to [min, max].");
    add("Transpose", L{QStringLiteral("data")}, "Permutes the axes of data.");
    add("Split", L{QStringLiteral("input"), QStringLiteral("split")}, "Splits input into parts along axis.");
    add("Concat", L{QStringLiteral("inputs")}, "Concatenates the inputs along axis.", true);
    add("Sum", L{QStringLiteral("data_0")}, "Element-wise sum of the inputs.", true);
    for (const char *op : {"ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL2",
                           "ReduceSumSquare", "ReduceLogSumExp"})
        add(op, L{QStringLiteral("data"), QStringLiteral("axes")}, "Reduces data along axes.");
    for (const char *op : {"Softmax", "LogSoftmax", "Hardmax"})
        add(op, L{QStringLiteral("input")}, "Normalised exponential along axis.");
    add("PRelu", L{X, QStringLiteral("slope")}, "Parametric ReLU: max(0, X) + slope · min(0, X).");
    add("LSTM",
        L{X, QStringLiteral("W"), QStringLiteral("R"), B, QStringLiteral("sequence_lens"), QStringLiteral("initial_h"),
          QStringLiteral("initial_c"), QStringLiteral("P")},
        "A long short-term memory layer.");
    add("GRU",
        L{X, QStringLiteral("W"), QStringLiteral("R"), B, QStringLiteral("sequence_lens"), QStringLiteral("initial_h")},
        "A gated recurrent unit layer.");
    add("RNN",
        L{X, QStringLiteral("W"), QStringLiteral("R"), B, QStringLiteral("sequence_lens"), QStringLiteral("initial_h")},
        "A simple recurrent layer.");
    add("Einsum", L{QStringLiteral("Inputs")}, "Einstein summation over the inputs.", true);
    add("Range", L{QStringLiteral("start"), QStringLiteral("limit"), QStringLiteral("delta")},
        "The numbers from start up to limit by delta.");
    add("ConstantOfShape", L{QStringLiteral("input")}, "A tensor of the given shape filled with value.");
    add("Constant", L{}, "A constant tensor (its value attribute).");
    add("Cast", L{QStringLiteral("input")}, "Converts input to the type `to`.");
    add("Dropout", L{QStringLiteral("data"), QStringLiteral("ratio"), QStringLiteral("training_mode")},
        "Randomly zeroes elements while training; identity in inference.");
    add("QuantizeLinear", L{QStringLiteral("x"), QStringLiteral("y_scale"), QStringLiteral("y_zero_point")},
        "Quantizes x: saturate(round(x / y_scale) + y_zero_point).");
    add("DequantizeLinear", L{QStringLiteral("x"), QStringLiteral("x_scale"), QStringLiteral("x_zero_point")},
        "Dequantizes x: (x - x_zero_point) · x_scale.");
    add("TopK", L{X, QStringLiteral("K")}, "The K largest (or smallest) elements along axis.");
    add("Trilu", L{QStringLiteral("input"), QStringLiteral("k")}, "The upper or lower triangle of matrices.");
    add("ScatterND", L{QStringLiteral("data"), QStringLiteral("indices"), QStringLiteral("updates")},
        "A copy of data with updates written at indices.");
    add("Where", L{QStringLiteral("condition"), X, QStringLiteral("Y")},
        "Elements of X where condition holds, else of Y.");
    add("If", L{QStringLiteral("cond")}, "Runs the then_branch or the else_branch graph.");
    add("Loop", L{QStringLiteral("M"), QStringLiteral("cond"), QStringLiteral("v_initial")},
        "Runs the body graph while cond holds, at most M times.", true);
    add("Scan", L{QStringLiteral("initial_state_and_scan_inputs")}, "Runs the body graph over scan inputs.", true);
    for (const char *op : {"MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool", "LpPool"})
        add(op, L{X}, "Pooling over windows of X.");
    for (const char *op :
         {"Relu",       "Sigmoid", "Tanh", "LeakyRelu", "Elu",  "Selu", "HardSigmoid", "HardSwish", "Softplus",
          "Softsign",   "Gelu",    "Mish", "Erf",       "Sqrt", "Exp",  "Log",         "Abs",       "Neg",
          "Reciprocal", "Floor",   "Ceil", "Round",     "Sin",  "Cos",  "Not",         "Sign",      "IsNaN"})
        add(op, L{X}, "Element-wise function of X.");
    add("Flatten", L{QStringLiteral("input")}, "Flattens input to a matrix at axis.");
    add("Identity", L{QStringLiteral("input")}, "The input, unchanged.");
    add("Shape", L{QStringLiteral("data")}, "The shape of data, as an int64 tensor.");
    add("Size", L{QStringLiteral("data")}, "The number of elements of data.");
    add("NonZero", L{X}, "The indices of the elements that are not zero.");
    add("ArgMax", L{QStringLiteral("data")}, "The index of the largest element along axis.");
    add("ArgMin", L{QStringLiteral("data")}, "The index of the smallest element along axis.");
    add("CumSum", L{QStringLiteral("x"), QStringLiteral("axis")}, "Cumulative sum along axis.");
    add("OneHot", L{QStringLiteral("indices"), QStringLiteral("depth"), QStringLiteral("values")},
        "One-hot encoding of indices.");
    add("DepthToSpace", L{QStringLiteral("input")}, "Moves depth blocks into spatial blocks.");
    add("SpaceToDepth", L{QStringLiteral("input")}, "Moves spatial blocks into depth.");
    add("Upsample", L{X, QStringLiteral("scales")}, "Upsamples X by scales.");
    add("LRN", L{X}, "Local response normalization across channels.");
    add("Max", L{QStringLiteral("data_0")}, "Element-wise maximum of the inputs.", true);
    add("Min", L{QStringLiteral("data_0")}, "Element-wise minimum of the inputs.", true);
    add("Mean", L{QStringLiteral("data_0")}, "Element-wise mean of the inputs.", true);
    return t;
}

} // namespace

const OnnxOpSchema *onnxOpSchema(const QString &domain, const QString &op)
{
    if (!domain.isEmpty() && domain != u"ai.onnx")
        return nullptr;
    static const QHash<QString, OnnxOpSchema> table = makeTable();
    const auto found = table.constFind(op);
    return found == table.cend() ? nullptr : &*found;
}

QString onnxInputName(const QString &domain, const QString &op, int slot)
{
    const OnnxOpSchema *schema = onnxOpSchema(domain, op);
    if (!schema || slot < 0 || schema->inputs.isEmpty())
        return {};
    if (slot < schema->inputs.size())
        return schema->inputs.at(slot);
    return schema->variadicLast ? schema->inputs.last() : QString();
}

} // namespace carton
