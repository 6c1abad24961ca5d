// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Tensors in the KServe v2 binary tensor data layout
// (specs/triton-binary-tensor-data.txt): each tensor is a JSON descriptor
// {"name", "datatype", "shape", "parameters": {"binary_data_size": N}} and N raw
// bytes that follow the JSON in descriptor order: little-endian, row-major, no
// padding; BOOL one byte (0/1) per element; BYTES a 4-byte little-endian length
// and the bytes, per element. Used by the runner host's pipe protocol and by a
// KServe HTTP client alike (the descriptors are the "inputs"/"outputs" arrays of
// a v2 inference request/response).

#include "base/result.h"
#include "cartoncore_export.h"
#include "format/dtype.h"
#include "tensor/tensor.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <functional>
#include <optional>

namespace carton::wire {

// Caps for decoding what another process (or a server) sent.
struct WireLimits {
    qint64 maxHeaderBytes = 16ll << 20;         // the JSON part
    qint64 maxBinaryBytes = 64ll << 30;         // all tensor bytes of one message
    qint64 maxTensors = 100'000;                // descriptors in one message
    qint64 maxRank = 64;                        // dims of one tensor
    qint64 maxTensorElements = qint64(1) << 40; // product of a tensor's dims
    // Accept KServe JSON tensors: a descriptor without binary_data_size whose
    // "data" array holds the elements (a KServe server's JSON outputs).
    bool acceptJsonData = false;
};

// "FP32", "INT64", "BYTES", "BOOL", "FP16", "BF16", ...; empty for Nested.
CARTONCORE_EXPORT QString kserveDatatype(DType dtype);
// The inverse of kserveDatatype; nullopt for unknown names.
CARTONCORE_EXPORT std::optional<DType> parseKserveDatatype(QStringView name);

// Descriptors plus the bytes to send after the JSON, in order. Numeric tensors'
// data is shared (QByteArray implicit sharing), not copied.
struct EncodedTensors {
    QJsonArray descriptors;
    QList<QByteArray> chunks;
    qint64 binarySize = 0;
};

// Puts a numeric tensor's bytes somewhere else (shared memory) and returns the
// descriptor parameters that say where ("shared_memory_region",
// "shared_memory_offset", "shared_memory_byte_size", as KServe's shared-memory
// extension names them), or nullopt to send the bytes in the message.
using Externalizer = std::function<Result<std::optional<QJsonObject>>(const Tensor &tensor)>;
// Reads `size` bytes of tensor `name` described by such parameters.
using ExternalReader =
    std::function<Result<QByteArray>(const QString &name, const QJsonObject &parameters, qint64 size)>;

// Fails (ErrorCode::Format, naming the tensor) for nested tensors, a numeric
// tensor whose byte count disagrees with its shape, or a string element longer
// than 4 GiB - 1 bytes.
CARTONCORE_EXPORT Result<EncodedTensors> encodeTensors(const QList<Tensor> &tensors,
                                                       const Externalizer &externalize = {});

// Decodes `descriptors` over `binary` (the bytes after the JSON). Every
// descriptor needs name, datatype, shape and parameters.binary_data_size; sizes
// must add up to exactly binary.size() and agree with shape × element size;
// BYTES elements must stay inside their tensor's bytes and be valid UTF-8.
// Nothing is allocated from a declared size before the bytes are known to be
// there. `where` names the message in errors ("runner host response"). A
// numeric tensor whose parameters name a "shared_memory_region" is read through
// `external` (an error when none is given).
CARTONCORE_EXPORT Result<QList<Tensor>> decodeTensors(const QJsonArray &descriptors, const QByteArray &binary,
                                                      const QString &where, const WireLimits &limits = {},
                                                      const ExternalReader &external = {});

// A tensor's elements as a KServe v2 JSON "data" array (row-major, flat):
// numbers for numeric dtypes (integers exact, float16/bfloat16 converted), true/false
// for BOOL, strings for BYTES. Non-finite floats have no JSON form: an error naming
// the tensor, as for nested tensors.
CARTONCORE_EXPORT Result<QJsonArray> encodeJsonData(const Tensor &tensor);

// The body of a KServe v2 HTTP request or response: the JSON object and the
// binary tensor data after it.
struct InferBody {
    QJsonObject json;
    QByteArray binary;
};
// Splits `body` at its Inference-Header-Content-Length (`headerLength`, the
// header's text; a null QByteArray when the header was absent, then the whole
// body is JSON). The length must be a decimal integer between 1 and the body
// size; the JSON part must be an object of at most limits.maxHeaderBytes. Errors
// (ErrorCode::Format or Limit) name `where` and what was expected. Moving a body
// in costs no copy of its binary part (it becomes InferBody::binary).
CARTONCORE_EXPORT Result<InferBody> splitInferBody(QByteArray body, const QByteArray &headerLength,
                                                   const QString &where, const WireLimits &limits = {});

} // namespace carton::wire
