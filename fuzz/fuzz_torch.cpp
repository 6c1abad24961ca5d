// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// PyTorch files: the bounded pickle evaluator on the raw bytes (and the tensors it
// names), a torch zip archive and a legacy torch.save file read from the same bytes,
// and every weight's first elements (strided views included).
#include "base/bytesource.h"
#include "fuzzmodel.h"
#include "fuzzutil.h"
#include "model/sourcecursor.h"
#include "model/torchpickle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    auto source = std::make_shared<carton::MemorySource>(bytes, QStringLiteral("m.pt"));
    carton::TorchPickleLimits limits;
    limits.maxOpcodes = 200'000;
    limits.maxValues = 200'000;
    limits.maxVisits = 200'000;
    carton::SourceCursor cursor(*source);
    if (auto pickle = carton::TorchPickle::evaluate(cursor, QStringLiteral("m.pt"), limits))
        (void)pickle->tensors(QStringLiteral("m.pt"), limits);
    (void)carton::ModelFile::detect(*source, fuzz::limits());
    (void)carton::readTorchZipModel(source, fuzz::limits());
    (void)carton::readTorchLegacyModel(*source, fuzz::limits());
    if (auto read = carton::ModelFile::read(source, {}, fuzz::limits()))
        fuzz::readWeights(**read);
    return 0;
}
