// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_model: ONNX's TensorProto.DataType table and field numbers
// (onnx/onnx.proto, IR version 10).

#include "format/dtype.h"
#include "tensor/narrowfloat.h"

#include <QString>
#include <optional>

namespace carton::onnx {

struct ElemType {
    const char *name;                      // "FLOAT", "FLOAT8E4M3FN"
    std::optional<DType> dtype;            // nullopt: values cannot be shown
    int bits;                              // 0 for STRING and UNDEFINED
    std::optional<NarrowType> narrow = {}; // 8- and 4-bit types: read as float32 (raw or external data)
};

// The data type `code`, or nullptr for a code ONNX does not define.
const ElemType *elemType(qint64 code);
// carton's name for the type ("float32") or ONNX's in lower case ("complex64"),
// "undefined" / "type 99" otherwise.
QString elemTypeText(qint64 code);

// Field numbers of the messages read.
enum ModelField {
    ModelIrVersion = 1,
    ModelProducerName = 2,
    ModelProducerVersion = 3,
    ModelDomain = 4,
    ModelVersion = 5,
    ModelDoc = 6,
    ModelGraph = 7,
    ModelOpset = 8,
    ModelMetadata = 14,
    ModelTraining = 20,
    ModelFunctions = 25
};
enum GraphField {
    GraphNode = 1,
    GraphName = 2,
    GraphInitializer = 5,
    GraphDoc = 10,
    GraphInput = 11,
    GraphOutput = 12,
    GraphValueInfo = 13,
    GraphQuantization = 14,
    GraphSparseInitializer = 15
};
enum NodeField {
    NodeInput = 1,
    NodeOutput = 2,
    NodeName = 3,
    NodeOpType = 4,
    NodeAttribute = 5,
    NodeDoc = 6,
    NodeDomain = 7
};
enum AttributeField {
    AttrName = 1,
    AttrF = 2,
    AttrI = 3,
    AttrS = 4,
    AttrT = 5,
    AttrG = 6,
    AttrFloats = 7,
    AttrInts = 8,
    AttrStrings = 9,
    AttrTensors = 10,
    AttrGraphs = 11,
    AttrDoc = 13,
    AttrTp = 14,
    AttrTypeProtos = 15,
    AttrType = 20,
    AttrRefName = 21,
    AttrSparseTensor = 22,
    AttrSparseTensors = 23
};
enum TensorField {
    TensorDims = 1,
    TensorDataType = 2,
    TensorSegment = 3,
    TensorFloatData = 4,
    TensorInt32Data = 5,
    TensorStringData = 6,
    TensorInt64Data = 7,
    TensorName = 8,
    TensorRawData = 9,
    TensorDoubleData = 10,
    TensorUint64Data = 11,
    TensorDoc = 12,
    TensorExternalData = 13,
    TensorDataLocation = 14
};

// The typed field holding values of data type `code` when raw_data is absent, and
// the wire width of its packed elements (0: varint).
struct TypedField {
    int number = 0;
    int width = 0;
};
TypedField typedFieldFor(qint64 code);

} // namespace carton::onnx
