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

namespace {

bool sameSelfTest(const carton::SelfTest &a, const carton::SelfTest &b)
{
    return a.name == b.name && a.inputs == b.inputs && a.expectedOut == b.expectedOut;
}

} // namespace

carton::Status keepTolerance(CartonDocument &document, const carton::SelfTestResult &asRun,
                             const carton::CartonTolerance &tolerance, const QString &what)
{
    const QList<carton::SelfTest> &tests = document.state().info.selfTests;
    QList<int> matches;
    for (int i = 0; i < tests.size(); ++i)
        if (sameSelfTest(tests.at(i), asRun.asRun))
            matches.append(i);
    if (matches.isEmpty())
        return carton::makeError(carton::ErrorCode::NotFound,
                                 QStringLiteral("carton.toml no longer has the self-test “%1” as it was run (it was "
                                                "removed, or its name, inputs or expected_out changed): run the "
                                                "self-tests again")
                                     .arg(asRun.name));
    if (matches.size() > 1 && !matches.contains(asRun.index))
        return carton::makeError(carton::ErrorCode::Usage,
                                 QStringLiteral("carton.toml has %1 self-tests like “%2” and none at its old position "
                                                "%3: run the self-tests again")
                                     .arg(matches.size())
                                     .arg(asRun.name)
                                     .arg(asRun.index));
    return keepTolerance(document, matches.size() == 1 ? matches.first() : asRun.index, tolerance, what);
}

} // namespace studio
