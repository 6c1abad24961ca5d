// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 6 defect 11: a carton that changes on disk is reloaded, on the same tab
// of its view; a deleted one keeps what was read and says so.
#include "carton/cartonview.h"
#include "package/carton.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"
#include "zip/zipwriter.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using studio::CartonPage;
using studio::MainWindow;

namespace {

QByteArray toml(const char *name)
{
    return QByteArray("spec_version = 1\nmodel_name = \"") + name +
           "\"\n[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
}

QString modelName(const CartonPage *page)
{
    return page && page->carton() && page->carton()->info() ? page->carton()->info()->modelName.value_or(QString())
                                                            : QString();
}

// A .carton holding just carton.toml, written to a temporary name and renamed
// over `path` (how editors and `carton edit` replace a file).
bool replaceCartonFile(const QString &path, const char *name)
{
    const QString temp = path + u".tmp"_s;
    {
        QFile out(temp);
        if (!out.open(QIODevice::WriteOnly))
            return false;
        carton::ZipWriter writer(&out);
        if (!writer.addEntry(u"carton.toml"_s, toml(name), {}) || !writer.close())
            return false;
    }
    QFile::remove(path);
    return QFile::rename(temp, path);
}

} // namespace

class TestReload final : public QObject {
    Q_OBJECT

private slots:
    void folderCartonReloadsOnTheSameTab();
    void replacedFileReloads();
    void replacedFolderReloads();
    void deletedFileKeepsWhatWasRead();
};

void TestReload::folderCartonReloadsOnTheSameTab()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = shelltest::makeFolderCarton(dir, u"f"_s, false, toml("before"));
    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(folder);
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"before"_s, shelltest::jobTimeoutMs);
    CartonPage *page = window.currentPage();
    QVERIFY(page->isWatching());
    page->view()->setCurrentTab(studio::CartonView::FilesTab);

    QVERIFY(shelltest::writeFile(folder + u"/carton.toml"_s, toml("after")));
    QTRY_COMPARE_WITH_TIMEOUT(modelName(page), u"after"_s, shelltest::jobTimeoutMs);
    QCOMPARE(window.pageCount(), 1);
    QTRY_VERIFY(page->view());
    QCOMPARE(page->view()->currentTab(), studio::CartonView::FilesTab);
}

void TestReload::replacedFileReloads()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(u"model.carton"_s);
    QVERIFY(replaceCartonFile(file, "v1"));
    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(file);
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"v1"_s, shelltest::jobTimeoutMs);
    QVERIFY(replaceCartonFile(file, "v2"));
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"v2"_s, shelltest::jobTimeoutMs);
    QVERIFY(replaceCartonFile(file, "v3")); // the replaced file is watched again
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"v3"_s, shelltest::jobTimeoutMs);
}

void TestReload::replacedFolderReloads()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folderA = shelltest::makeFolderCarton(dir, u"a"_s, false, toml("first"));
    const QString folderB = shelltest::makeFolderCarton(dir, u"b"_s, false, toml("second"));
    const QString target = dir.filePath(u"target"_s);
    QVERIFY(QDir().rename(folderA, target));
    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(target);
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"first"_s, shelltest::jobTimeoutMs);
    QVERIFY(QDir(target).removeRecursively());
    QVERIFY(QDir().rename(folderB, target));
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"second"_s, shelltest::jobTimeoutMs);
}

void TestReload::deletedFileKeepsWhatWasRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = shelltest::makeFolderCarton(dir, u"gone"_s, false, toml("kept"));
    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    window.openPath(folder);
    QTRY_COMPARE_WITH_TIMEOUT(modelName(window.currentPage()), u"kept"_s, shelltest::jobTimeoutMs);
    CartonPage *page = window.currentPage();
    QVERIFY(QDir(folder).removeRecursively());
    QTRY_VERIFY_WITH_TIMEOUT(page->banner()->isVisible() && page->banner()->text().contains(u"deleted or moved"_s),
                             shelltest::jobTimeoutMs);
    QCOMPARE(modelName(page), u"kept"_s);
}

QTEST_MAIN(TestReload)
#include "tst_reload.moc"
