// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Carton ▸ Run Self-tests and Help ▸ Runners in the main window, with the real
// runner host and plugins of this build (found through CARTON_RUNNER_HOST and
// CARTON_RUNNER_PATH, as a user would point an installed app at other plugins).
#include "cartonpage.h"
#include "mainwindow.h"
#include "runner/runnerregistry.h"
#include "runnersdialog.h"
#include "selftestsmodel.h"
#include "selftestspage.h"
#include "selftesttestutil.h"
#include "shelltestutil.h"
#include "testpaths.h"
#include "testsession.h"
#include "views/cartonview.h"

#include <QAction>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace carton;
using namespace selftesttest;
using studio::MainWindow;

class TestSelfTestActions final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void runSelfTestsFromTheMenu();
    void runnersDialogListsPluginsAndProblems();

private:
    QTemporaryDir m_dir;
};

void TestSelfTestActions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("CARTON_RUNNER_HOST", testutil::binaryPath(u"/bin/carton-runner-host").toLocal8Bit());
    qputenv("CARTON_RUNNER_PATH", testutil::binaryPath(u"/lib/carton-studio/runners").toLocal8Bit());
}

void TestSelfTestActions::runSelfTestsFromTheMenu()
{
    CartonFolder folder;
    folder.info.inputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(2)}))};
    folder.info.outputs = {spec(u"x"_s, DType::Float32, Shape::dims({Dim::value(2)}))};
    folder.add(f32({2}, {1.0, 2.0}, u"x"_s));
    SelfTest echo;
    echo.name = u"echo"_s;
    echo.inputs = refs({{"x", "@tensor_data/x"}});
    echo.expectedOut = refs({{"x", "@tensor_data/x"}});
    folder.info.selfTests = {echo};
    const QString dir = m_dir.filePath(u"menu"_s);
    QVERIFY(folder.write(dir));

    QSettings settings(m_dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    QAction *run = window.findChild<QAction *>(u"actionRunSelfTests"_s);
    QVERIFY(run);
    QVERIFY(!run->isEnabled()); // nothing open
    QCOMPARE(run->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));
    window.openPath(dir);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->view(), shelltest::jobTimeoutMs);
    QTRY_VERIFY(run->isEnabled());
    studio::CartonView *view = window.currentPage()->view();
    QCOMPARE(view->currentTab(), studio::CartonView::OverviewTab);

    QSignalSpy finished(view->selfTestsPage(), &studio::SelfTestsPage::runFinished);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QCOMPARE(view->currentTab(), studio::CartonView::SelfTestsTab);
    QVERIFY(finished.wait(60000));
    const studio::SelfTestsModel *model = view->selfTestsPage()->model();
    QCOMPARE(model->resultText(model->itemIndex(studio::SelfTestsModel::ItemKind::SelfTest, 0)), u"passed"_s);
}

void TestSelfTestActions::runnersDialogListsPluginsAndProblems()
{
    const QString bad = m_dir.filePath(u"plugins"_s);
    QVERIFY(QDir().mkpath(bad));
    QVERIFY(shelltest::writeFile(bad + u"/libcarton_runner_broken.so"_s, "not a shared object"));
    const RunnerRegistry registry = RunnerRegistry::scan({bad, testutil::binaryPath(u"/lib/carton-studio/runners")});
    studio::RunnersDialog dialog(registry);
    QTreeWidget *tree = dialog.tree();
    QStringList names;
    QTreeWidgetItem *noop = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        names.append(tree->topLevelItem(i)->text(0));
        if (tree->topLevelItem(i)->text(0) == u"noop"_s)
            noop = tree->topLevelItem(i);
    }
    QVERIFY2(noop, qPrintable(names.join(u", "_s)));
    QCOMPARE(noop->text(1), u"1.0.0"_s);
    QVERIFY(noop->text(3).contains(u"carton-studio/runners"_s));
    QVERIFY2(names.contains(u"(not usable)"_s), qPrintable(names.join(u", "_s)));
    const int problems = int(registry.problems().size());
    QVERIFY(problems >= 1);
    QVERIFY(dialog.findChild<QLabel *>(u"runnerSearchPaths"_s)->text().contains(bad));
}

QTEST_MAIN(TestSelfTestActions)
#include "tst_selftestactions.moc"
