// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pack/packer.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shell/titlefit.h"
#include "shelltestutil.h"

#include <QDialog>
#include <QFileOpenEvent>
#include <QLabel>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

class TestApplication : public QObject {
    Q_OBJECT
private slots:
    void metadata();
    void fileOpenEvent_data();
    void fileOpenEvent();
    void fileOpenEventOpensCarton();
    void dialogsFitTheirTitles();
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

// A small dialog is shown wide enough for its title (issue 39 item 7: a window
// manager showed "Run on a T… on Studio"), never wider than 80% of the screen.
void TestApplication::dialogsFitTheirTitles()
{
    QDialog dialog;
    dialog.setWindowTitle(u"Run on a Triton / KServe Server"_s);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(u"URL"_s));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const int wanted = studio::TitleFit::titleWidth(&dialog);
    QVERIFY2(wanted > dialog.sizeHint().width(), qPrintable(QString::number(wanted))); // it had to grow
    QVERIFY2(dialog.width() >= std::min(wanted, dialog.screen()->availableGeometry().width() * 4 / 5),
             qPrintable(u"%1 px for a title that needs %2 px"_s.arg(dialog.width()).arg(wanted)));

    // A message box sizes itself as it is shown ("Nicht gespeicherte Änderung… erherstellen?").
    QMessageBox box(QMessageBox::Question, u"Nicht gespeicherte Änderungen wiederherstellen?"_s, u"Ja?"_s,
                    QMessageBox::Yes | QMessageBox::No);
    box.show();
    QVERIFY(QTest::qWaitForWindowExposed(&box));
    const int boxWanted = studio::TitleFit::titleWidth(&box);
    QTRY_VERIFY2(box.width() >= std::min(boxWanted, box.screen()->availableGeometry().width() * 4 / 5),
                 qPrintable(u"%1 px for a title that needs %2 px"_s.arg(box.width()).arg(boxWanted)));

    QDialog wide;
    wide.setWindowTitle(QString(400, u'W'));
    wide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wide));
    QCOMPARE(wide.width(), wide.screen()->availableGeometry().width() * 4 / 5);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_application.moc"
