// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 6 defect 10: a carton with one hostile entry opens read-only in the
// window: the entry is flagged in the Files tree and in Diagnostics, the rest can
// be looked at, and Extract is refused.
#include "carton/cartonview.h"
#include "files/cartonfilesmodel.h"
#include "files/filespage.h"
#include "package/carton.h"
#include "packtestutil.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using studio::MainWindow;

class TestReadOnlyOpen final : public QObject {
    Q_OBJECT

private slots:
    void hostileEntryIsFlaggedNotFatal();
};

void TestReadOnlyOpen::hostileEntryIsFlaggedNotFatal()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString zip = dir.filePath(u"hostile.carton"_s);
    QVERIFY(packtest::writeFile(
        zip, packtest::buildZip(
                 {{"carton.toml", packtest::minimalToml()}, {"model/ok.bin", "fine"}, {"../../evil.txt", "evil"}})));
    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(zip);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view(), shelltest::jobTimeoutMs);
    QVERIFY(window.currentPage()->carton()->isReadOnly());

    // Diagnostics name the entry and say why.
    bool flagged = false;
    QTRY_VERIFY_WITH_TIMEOUT(!shelltest::shownDiagnostics(window).isEmpty(), shelltest::jobTimeoutMs);
    for (const carton::Diagnostic &d : shelltest::shownDiagnostics(window))
        flagged |= d.location.toString() == u"../../evil.txt"_s && d.message.contains(u"read-only"_s);
    QVERIFY(flagged);

    // The Files tree lists the good file and, apart, the unsafe one.
    studio::FilesPage *files = window.currentPage()->view()->filesPage();
    QAbstractItemModel *model = files->tree()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList top;
    QModelIndex unsafeFolder;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex i = model->index(r, 0);
        top << i.data().toString();
        if (i.data().toString() == u"Unsafe entries (left out)"_s)
            unsafeFolder = i;
    }
    QVERIFY2(top.contains(u"model"_s), qPrintable(top.join(u", "_s)));
    QVERIFY2(unsafeFolder.isValid(), qPrintable(top.join(u", "_s)));
    QCOMPARE(model->rowCount(unsafeFolder), 1);
    const QModelIndex evil = model->index(0, 0, unsafeFolder);
    QCOMPARE(evil.data().toString(), u"../../evil.txt"_s);
    QCOMPARE(evil.siblingAtColumn(studio::CartonFilesModel::StateColumn).data().toString(), u"Unsafe: left out"_s);
    QVERIFY(evil.data(Qt::ToolTipRole).toString().contains(u"\"..\""_s));

    // Extraction is refused.
    QVERIFY(!files->extractAction()->isEnabled());
    QVERIFY(files->extractAction()->toolTip().contains(u"read-only"_s));
}

QTEST_MAIN(TestReadOnlyOpen)
#include "tst_readonlyopen.moc"
