// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartontensoropener.h"

#include "package/carton.h"

#include <QCoreApplication>

namespace studio {

TensorOpener cartonTensorOpener(std::shared_ptr<const carton::Carton> carton)
{
    return [carton](const QString &name) -> carton::Result<OpenedTensor> {
        const auto &index = carton->tensorIndex();
        if (!index)
            return carton::makeError(
                carton::ErrorCode::NotFound,
                QCoreApplication::translate("studio::TensorsPage",
                                            "tensor_data/index.toml is missing or could not be read."),
                carton->path());
        const carton::TensorIndexEntry *entry = index->find(name);
        if (!entry)
            return carton::makeError(
                carton::ErrorCode::NotFound,
                QCoreApplication::translate("studio::TensorsPage", "No tensor named %1 in tensor_data/index.toml.")
                    .arg(name),
                carton->path());
        OpenedTensor opened;
        opened.name = name;
        if (entry->dtype == carton::DType::Nested) {
            for (const QString &innerName : entry->inner) {
                const carton::TensorIndexEntry *inner = index->find(innerName);
                opened.inner.append({innerName, inner ? carton::dtypeName(inner->dtype) : QStringLiteral("—"),
                                     inner && inner->shape ? carton::shapeText(*inner->shape) : QString()});
            }
            return opened;
        }
        if (entry->dtype == carton::DType::String) {
            auto loaded = carton->loadTensor(name);
            if (!loaded.ok())
                return loaded.error();
            opened.value = *loaded;
            return opened;
        }
        auto reader = carton->openTensor(name);
        if (!reader.ok())
            return reader.error();
        opened.reader = *reader;
        return opened;
    };
}

} // namespace studio
