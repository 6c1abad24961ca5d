// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "historycli.h"

#include "commands.h"
#include "output.h"
#include "package/carton.h"

#include <QJsonArray>
#include <QTextStream>

namespace cli {

using namespace carton;

void keepInHistory(const SelfTestRun &run)
{
    const QString folder = RunHistory::defaultFolder();
    if (folder.isEmpty())
        return;
    const Status kept = RunHistory::append(folder, runRecordOf(run, QDateTime::currentDateTimeUtc()));
    if (!kept)
        printWarning(QStringLiteral("the run was not kept in the history: %1").arg(kept.error().toString()));
}

int printHistory(const Carton &carton, bool json)
{
    const QString hash = historyKey(QString::fromLatin1(carton.modelHash()), carton.path());
    const Result<QList<RunRecord>> runs = RunHistory::load(RunHistory::defaultFolder(), hash);
    if (!runs) {
        printError(runs.error());
        return UsageOrInput;
    }
    const QStringList changes =
        runs->size() >= 2 ? runRecordChanges(runs->at(runs->size() - 2), runs->last()) : QStringList();
    if (json) {
        QJsonArray list;
        for (const RunRecord &r : *runs)
            list.append(runRecordToJson(r));
        printJson(QJsonDocument(QJsonObject{{QStringLiteral("model_hash"), hash},
                                            {QStringLiteral("runs"), list},
                                            {QStringLiteral("last_changes"), QJsonArray::fromStringList(changes)}}));
        return Success;
    }
    QString out;
    QTextStream s(&out);
    s << QStringLiteral("%1 run(s) kept for model %2 (%3)\n")
             .arg(runs->size())
             .arg(hash, RunHistory::filePath(RunHistory::defaultFolder(), hash));
    for (qsizetype i = runs->size() - 1; i >= 0; --i) {
        const RunRecord &r = runs->at(i);
        qsizetype passed = 0;
        for (const HistoryTest &t : r.tests)
            passed += t.status == u"passed";
        s << r.date.toString(Qt::ISODate) << "  " << r.runner << "  " << passed << '/' << r.tests.size() << " passed\n";
    }
    if (runs->size() >= 2) {
        s << "changes in the last run:\n";
        if (changes.isEmpty())
            s << "  none\n";
        for (const QString &line : changes)
            s << "  " << line << '\n';
    }
    printOut(out);
    return Success;
}

} // namespace cli
