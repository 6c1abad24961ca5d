// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "application.h"
#include "cartonpage.h"
#include "mainwindow.h"
#include "pack/packer.h"
#include "shelltestutil.h"

#include <QFileOpenEvent>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestApplication : public QObject {
    Q_OBJECT
private slots:
    void metadata();
    void fileOpenEvent_data();
    void fileOpenEvent();
    void fileOpenEventOpensCarton();
};

void TestApplication::metadata()
{
    QCOMPARE(QCoreApplication::applicationName(), u"carton-studio"_s);
    QVERIFY(!QCoreApplication::applicationVersion().isEmpty());
    QCOMPARE(QGuiApplication::desktopFileName(), u"carton-studio"_s);
}

void TestApplication::fileOpenEvent_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("plain") << u"/tmp/model.carton"_s;
    QTest::newRow("unicode") << u"/tmp/模型 1.carton"_s;
}

void TestApplication::fileOpenEvent()
{
    QFETCH(QString, file);
    auto *app = qobject_cast<studio::Application *>(qApp);
    QVERIFY(app);
    QSignalSpy spy(app, &studio::Application::fileOpenRequested);
    QFileOpenEvent event(file);
    QCoreApplication::sendEvent(app, &event);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toString(), file);
}

// macOS hands a .carton opened in Finder (the document type Info.plist declares) to the
// running app as a QFileOpenEvent; main() connects Application::fileOpenRequested to
// MainWindow::openPath, as here: the carton opens in a tab and verifies.
void TestApplication::fileOpenEventOpensCarton()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = shelltest::makeFolderCarton(dir, u"src"_s);
    QVERIFY(!folder.isEmpty());
    const QString file = dir.filePath(u"opened from Finder.carton"_s);
    const carton::Result<carton::PackResult> packed = carton::packFolder(folder, file);
    QVERIFY2(packed, packed ? "" : qPrintable(packed.error().message));

    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    studio::MainWindow window(&settings);
    auto *app = qobject_cast<studio::Application *>(qApp);
    QVERIFY(app);
    QObject::connect(app, &studio::Application::fileOpenRequested, &window, &studio::MainWindow::openPath);
    window.show();
    QCOMPARE(window.pageCount(), 0);

    QFileOpenEvent event(file);
    QCoreApplication::sendEvent(app, &event);
    QCOMPARE(window.pageCount(), 1);
    studio::CartonPage *page = window.currentPage();
    QVERIFY(page);
    QCOMPARE(page->path(), file);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, shelltest::jobTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), shelltest::jobTimeoutMs);
    QVERIFY(page->carton());
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_application.moc"
