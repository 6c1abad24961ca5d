// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "keeptolerance.h"

#include "document/cartondocument.h"

namespace studio {

carton::Status keepTolerance(CartonDocument &document, int selfTestIndex, const carton::CartonTolerance &tolerance,
                             const QString &what)
{
    carton::CartonInfo info = document.state().info;
    if (selfTestIndex < 0 || selfTestIndex >= info.selfTests.size())
        return carton::makeError(carton::ErrorCode::NotFound,
                                 QStringLiteral("carton.toml has no self_test[%1] (it has %2)")
                                     .arg(selfTestIndex)
                                     .arg(info.selfTests.size()));
    carton::SelfTest &test = info.selfTests[selfTestIndex];
    carton::Result<QByteArray> kept = carton::withCartonTolerance(test.unknownToml, tolerance);
    if (!kept)
        return kept.error(); // the self-test's other kept keys would be lost: nothing changes
    test.unknownToml = *kept;
    document.setInfo(info, what);
    return {};
}

} // namespace studio
