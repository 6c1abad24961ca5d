// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelweightopener.h"

#include "model/modelset.h"

namespace studio {

TensorOpener modelWeightOpener(std::shared_ptr<const carton::ModelSet> set, std::shared_ptr<const void> keepAlive)
{
    return
        [set = std::move(set), keepAlive = std::move(keepAlive)](const QString &name) -> carton::Result<OpenedTensor> {
            carton::Result<carton::TensorReaderPtr> reader = set->openWeight(name);
            if (!reader.ok())
                return reader.error();
            OpenedTensor opened;
            opened.name = name;
            opened.reader = *reader;
            return opened;
        };
}

} // namespace studio
