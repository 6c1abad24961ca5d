// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What the `carton` end-to-end tests (tst_cliusage, tst_cliinfo, tst_cliverify,
// tst_clipack) read: the upstream fixture, the sample source folder, file trees.

#include "clirunner.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QDirIterator>
#include <QMap>
#include <QSet>
#include <QTest>

namespace clifixtures {

inline const QString kFixture = testutil::sharedPath(u"/fixtures/upstream/test.carton");
inline const QString kSampleDir = testutil::sourcePath(u"/resources/sample");
inline const QByteArray kFixtureHash = "f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5";

// Relative path -> content of every file below `root`.
inline QMap<QString, QByteArray> treeContents(const QString &root, const QSet<QString> &skip = {})
{
    QMap<QString, QByteArray> out;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(root).relativeFilePath(path);
        if (!skip.contains(rel))
            out.insert(rel, testutil::readFile(path));
    }
    return out;
}

// `carton pack FOLDER -o OUT --compression METHOD`: its exit code.
inline int packWith(const QString &folder, const QString &out, const QString &method)
{
    return runCarton(
               {QStringLiteral("pack"), folder, QStringLiteral("-o"), out, QStringLiteral("--compression"), method})
        .exitCode;
}

// Copies every file below `from` to the same place below `to` (a QVERIFY: call it
// from a test function, then check QTest::currentTestFailed()).
inline void copyTree(const QString &from, const QString &to)
{
    const auto files = treeContents(from);
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        QVERIFY(testutil::writeFile(to + u'/' + it.key(), it.value()));
}

} // namespace clifixtures
