// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Tokenizer tab's vocabulary filter (VocabularyModel::setFilter) on a
// tokenizer.json: reads it (HfVocabulary::fromJson, as the window does), then
// times each filter, best of `repeat`, printing the rows kept and the time.
// The filters are those the window offers: an id (#N), an id range (N-M), a
// number (its id first, then the tokens holding it), two substrings (many and
// few matches, case-insensitive, in the token and its text) and no filter.
//   vocabbench TOKENIZER.json [repeat=5]
#include "model/hfvocabulary.h"
#include "model/vocabularymodel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <cstdio>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: vocabbench TOKENIZER.json [repeat=5]\n");
        return 2;
    }
    const int repeat = args.size() > 2 ? std::max(1, args.at(2).toInt()) : 5;
    QFile file(args.at(1));
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(args.at(1)));
        return 2;
    }
    QElapsedTimer timer;
    timer.start();
    carton::Result<carton::HfVocabulary> vocabulary = carton::HfVocabulary::fromJson(file.readAll(), args.at(1));
    if (!vocabulary) {
        std::fprintf(stderr, "%s\n", qPrintable(vocabulary.error().toString()));
        return 2;
    }
    std::printf("%-28s %8lld tokens %9.1f ms\n", "read (HfVocabulary)", vocabulary->tokenCount(),
                double(timer.nsecsElapsed()) / 1e6);
    studio::VocabularyModel model;
    model.setVocabulary(std::make_shared<const carton::HfVocabulary>(std::move(vocabulary).value()));
    for (const QString &filter : {QStringLiteral("#77"), QStringLiteral("100-104"), QStringLiteral("11999"),
                                  QStringLiteral("the"), QStringLiteral("HELLO"), QString()}) {
        double best = 1e9;
        for (int i = 0; i < repeat; ++i) {
            model.setFilter(QStringLiteral("x")); // a different filter first: each run filters
            timer.restart();
            model.setFilter(filter);
            best = std::min(best, double(timer.nsecsElapsed()) / 1e6);
        }
        std::printf("filter %-21s %8d rows   %9.2f ms\n", qPrintable(u'"' + filter + u'"'), model.rowCount(), best);
    }
    return 0;
}
