// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftestcommand.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace studio {

QString SelfTestCommand::toString(const QString &programName) const
{
    QStringList args{shellQuote(programName), u"selftest"_s, shellQuote(cartonPath)};
    if (!kserveUrl.isEmpty()) {
        args << u"--kserve-url"_s << shellQuote(kserveUrl);
        if (!kserveModel.isEmpty())
            args << u"--kserve-model"_s << shellQuote(kserveModel);
    } else if (!runnerName.isEmpty()) {
        args << u"--runner"_s << shellQuote(runnerName) << u"--force"_s;
    }
    if (preset != carton::TolerancePreset::Close)
        args << u"--preset"_s << carton::tolerancePresetName(preset);
    for (const QString &v : toleranceValues(rtol))
        args << u"--rtol"_s << shellQuote(v);
    for (const QString &v : toleranceValues(atol))
        args << u"--atol"_s << shellQuote(v);
    if (ignoreCartonTolerances)
        args << u"--ignore-carton-tolerances"_s;
    if (ignoreSpecMismatch)
        args << u"--ignore-spec-mismatch"_s;
    if (kserveUrl.isEmpty() && noSandbox)
        args << u"--no-sandbox"_s;
    if (!tests.isEmpty() && tests.size() < testCount)
        for (int t : tests)
            args << u"--test"_s << QString::number(t);
    if (benchmarkIterations > 0)
        args << u"--benchmark"_s << QString::number(benchmarkIterations) << u"--warmup"_s
             << QString::number(benchmarkWarmup);
    return args.join(u' ');
}

QString SelfTestCommand::program(const QString &folder)
{
    const QString name = u"carton"_s;
    const QString beside = QStandardPaths::findExecutable(name, {folder});
    if (beside.isEmpty())
        return name; // an installation without the tool: nothing better to say
    const QString onPath = QStandardPaths::findExecutable(name);
    const bool same =
        !onPath.isEmpty() && QFileInfo(onPath).canonicalFilePath() == QFileInfo(beside).canonicalFilePath();
    return same ? name : beside;
}

QString SelfTestCommand::shellQuote(const QString &s)
{
    static const QRegularExpression plain(u"^[A-Za-z0-9_@%+=:,./-]+$"_s);
    if (!s.isEmpty() && plain.match(s).hasMatch())
        return s;
    QString quoted = s;
    quoted.replace(u'\'', u"'\\''"_s);
    return u'\'' + quoted + u'\'';
}

QStringList SelfTestCommand::toleranceValues(const QString &text)
{
    QStringList out;
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        const QString v = part.trimmed();
        if (!v.isEmpty())
            out.append(v);
    }
    return out;
}

} // namespace studio
