// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The main window fits a 1280×720 screen whatever is open (issue 29, Layout 1):
// no page, tab, dock, banner or language forces a minimum size beyond
// kMaxMinimum, long text (a libtorch stack trace, hashes, paths, German labels)
// never widens the window, and at 1280×680 the status bar and the Diagnostics
// panel are on screen with more than three rows of room.
#include "carton/cartonview.h"
#include "common/elidedlabel.h"
#include "common/summaryline.h"
#include "common/viewutils.h"
#include "diagnostics/diagnosticsdock.h"
#include "document/cartondocument.h"
#include "document/verificationrunner.h"
#include "files/cartonfilesmodel.h"
#include "files/filespage.h"
#include "files/fileviewer.h"
#include "fixturepolicy.h"
#include "jobs/jobpools.h"
#include "package/carton.h"
#include "preferences/translations.h"
#include "selftest/selftestresult.h"
#include "selftests/selftestrunner.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "selftests/selftesttext.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shell/welcomepage.h"
#include "shelltestutil.h"
#include "tensors/tensorfilepage.h"
#include "tensorviewer/slicecontrols.h"
#include "tensorviewer/tensorfilebrowser.h"
#include "tensorviewer/tensorfilemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testutil.h"

#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonPage;
using studio::MainWindow;

namespace {

// What a 1280×720 screen leaves for the window's contents once a panel and the
// window frame are taken: no minimum may be larger.
constexpr QSize kMaxMinimum(1000, 600);
// A 1280×720 screen less a 40 px panel (the offscreen platform has no frame).
constexpr QSize kSmallScreen(1280, 680);

QString describe(const QWidget *w)
{
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty())
        name += u'#' + w->objectName();
    return name;
}

QSize effectiveMinimum(const QWidget *w)
{
    QSize hint = w->minimumSizeHint();
    const QSizePolicy policy = w->sizePolicy();
    if (policy.horizontalPolicy() == QSizePolicy::Ignored)
        hint.setWidth(0);
    if (policy.verticalPolicy() == QSizePolicy::Ignored)
        hint.setHeight(0);
    return hint.expandedTo(w->minimumSize());
}

bool exceeds(QSize size, QSize limit)
{
    return size.width() > limit.width() || size.height() > limit.height();
}

// The widgets that force too large a minimum themselves: too large, with no
// too-large child. Each with its chain of too-large ancestors, for the failure message.
void collectCulprits(const QWidget *w, const QString &path, QSize limit, QStringList &out)
{
    const QSize m = effectiveMinimum(w);
    const QString here = path + u" > "_s + describe(w) + u" %1×%2"_s.arg(m.width()).arg(m.height());
    bool childExceeds = false;
    for (const QObject *o : w->children()) {
        const auto *child = qobject_cast<const QWidget *>(o);
        if (!child || child->isWindow() || exceeds(effectiveMinimum(child), limit) == false)
            continue;
        if (child->isHidden() && !qobject_cast<const QStackedWidget *>(w) && !w->inherits("QTabWidget") &&
            !child->inherits("QStackedWidget"))
            continue; // a hidden widget in an ordinary layout does not count
        childExceeds = true;
        collectCulprits(child, here, limit, out);
    }
    if (!childExceeds && exceeds(m, limit))
        out << here;
}

void dumpTree(const QWidget *w, int depth)
{
    const QSize m = effectiveMinimum(w);
    if (m.height() < 120 && m.width() < 300)
        return;
    qInfo("%s%s %d×%d%s", qPrintable(QString(depth * 2, u' ')), qPrintable(describe(w)), m.width(), m.height(),
          w->isHidden() ? " (hidden)" : "");
    for (const QObject *o : w->children())
        if (const auto *child = qobject_cast<const QWidget *>(o); child && !child->isWindow())
            dumpTree(child, depth + 1);
}

// The minimum sizes the window reports, and whether they fit.
QString fitProblem(MainWindow &window, const QString &what)
{
    // A size change travels up one parent per posted LayoutRequest.
    for (int i = 0; i < 40; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    window.layout()->activate();
    const QSize hint = window.minimumSizeHint();
    const QSize min = window.minimumSize();
    qInfo("%s: minimumSizeHint %d×%d, minimumSize %d×%d", qPrintable(what), hint.width(), hint.height(), min.width(),
          min.height());
    if (qEnvironmentVariableIsSet("FIT_DUMP"))
        dumpTree(&window, 0); // to find what is large, even when it fits
    if (!exceeds(hint, kMaxMinimum) && !exceeds(min, kMaxMinimum))
        return {};
    // Child limits: what the window's frame (menu, status bar, dock) leaves.
    QStringList culprits;
    collectCulprits(&window, QString(), kMaxMinimum - QSize(0, 120), culprits);
    return u"%1: the window's minimum is %2×%3 (minimumSize %4×%5), more than %6×%7. Culprits:\n  %8"_s.arg(what)
        .arg(hint.width())
        .arg(hint.height())
        .arg(min.width())
        .arg(min.height())
        .arg(kMaxMinimum.width())
        .arg(kMaxMinimum.height())
        .arg(culprits.join(u"\n  "_s));
}

// Every tab of every tab widget under `root` in turn (nested ones too).
QString everyTabFits(MainWindow &window, QWidget *root, const QString &what)
{
    QString problem = fitProblem(window, what);
    if (!problem.isEmpty())
        return problem;
    const QList<QTabWidget *> tabWidgets = root->findChildren<QTabWidget *>();
    for (QTabWidget *tabs : tabWidgets) {
        const int was = tabs->currentIndex();
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            problem = fitProblem(window, what + u" ▸ "_s + tabs->tabText(i));
            if (!problem.isEmpty())
                return problem;
        }
        tabs->setCurrentIndex(was);
    }
    return {};
}

// At 1280×680 the status bar and the Diagnostics panel are inside the window
// and the panel has room for more than three rows.
QString smallScreenProblem(MainWindow &window, const QString &what)
{
    window.resize(kSmallScreen);
    QCoreApplication::processEvents();
    if (window.size() != kSmallScreen)
        return u"%1: the window cannot be %2×%3 (it is %4×%5)"_s.arg(what)
            .arg(kSmallScreen.width())
            .arg(kSmallScreen.height())
            .arg(window.width())
            .arg(window.height());
    const QRect status = window.statusBar()->geometry();
    if (!window.statusBar()->isVisible() || status.bottom() >= window.height())
        return u"%1: the status bar is off the window (%2)"_s.arg(what).arg(status.bottom());
    studio::DiagnosticsDock *dock = window.diagnosticsDock();
    if (!dock->isVisible())
        return what + u": the Diagnostics panel is hidden"_s;
    QTreeView *view = dock->view();
    const int row = view->fontMetrics().height() + 2;
    if (view->isVisible() && view->viewport()->height() < 4 * row)
        return u"%1: the Diagnostics list has %2 px, less than four rows of %3 px"_s.arg(what)
            .arg(view->viewport()->height())
            .arg(row);
    if (dock->geometry().bottom() >= window.height())
        return what + u": the Diagnostics panel is off the window"_s;
    return {};
}

// A libtorch error as the runner host relays it: a one-line message of
// thousands of characters, then the C++ frames.
QString libtorchTrace()
{
    QString trace = u"The following operation failed in the TorchScript interpreter. Traceback of TorchScript, "
                    "serialized code (most recent call last): RuntimeError: shape '[1, 3, 224, 224]' is invalid for "
                    "input of size "_s;
    for (int i = 0; i < 300; ++i)
        trace += u"%1x%2;"_s.arg(i).arg(i * 7);
    trace +=
        u"\nException raised from infer_size_impl at ../aten/src/ATen/InferSize.h:54 (most recent call first):\n"_s;
    for (int i = 0; i < 40; ++i)
        trace += u"frame #%1: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, "
                 "std::char_traits<char>, std::allocator<char> >) + 0x%2 (0x7f0a3c1d%3 in "
                 "/opt/libtorch/lib/libc10.so)\n"_s.arg(i)
                     .arg(i * 97, 0, 16)
                     .arg(i * 131, 4, 16, QLatin1Char('0'));
    return trace;
}

} // namespace

class TestWindowFit : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void welcomeFits();
    void cartonFits_data();
    void cartonFits();
    void failedSelfTestFits_data();
    void failedSelfTestFits();
    void diagnosticsStayInPlace();
    void errorAndTensorFilePagesFit();
    void hashElidesWithCopy();
    void filesSplitFitsHexAndIsRemembered();
    void dimensionPickersShowWholeText();
    void germanColumnsFit();
    void overviewShowsSizeAndPath_data();
    void overviewShowsSizeAndPath();

private:
    CartonPage *openAndWait(MainWindow &window, const QString &path);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestWindowFit::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestWindowFit::cleanup()
{
    studio::JobPools::waitForAll();
    studio::Translations::install(u"en"_s);
    m_settings.reset();
    m_dir.reset();
}

CartonPage *TestWindowFit::openAndWait(MainWindow &window, const QString &path)
{
    CartonPage *page = window.openPath(path);
    if (!page)
        return nullptr;
    if (!QTest::qWaitFor([page] { return page->state() != studio::CartonSession::State::Opening && !page->isBusy(); },
                         jobTimeoutMs))
        return nullptr;
    return page;
}

void TestWindowFit::welcomeFits()
{
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString problem = fitProblem(window, u"welcome page"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestWindowFit::cartonFits_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("which");
    QTest::addColumn<bool>("editing");
    for (const QString &language : {u"en"_s, u"de"_s}) {
        for (const QString &which : {u"upstream"_s, u"sample"_s, u"mismatch"_s}) {
            for (const bool editing : {false, true}) {
                const QString name = language + u' ' + which + (editing ? u" editing"_s : u" viewing"_s);
                QTest::newRow(qPrintable(name)) << language << which << editing;
            }
        }
    }
}

// Every tab of the carton view (and of the editor), with a file previewed, in
// English and German, with the page's banners: the window fits.
void TestWindowFit::cartonFits()
{
    QFETCH(QString, language);
    QFETCH(QString, which);
    QFETCH(bool, editing);
    QVERIFY(!studio::Translations::install(language).isEmpty() || language == u"en"_s);

    QString path;
    if (which == u"upstream") {
        path = fixture();
        if (!QFile::exists(path))
            CARTON_MISSING_FIXTURE("upstream fixture not available");
    } else if (which == u"sample") {
        path = studio::WelcomePage::sampleCartonPath();
        if (path.isEmpty())
            QFAIL("sample carton not built");
    } else {
        path = makeFolderCarton(*m_dir, u"a folder carton whose model does not match its MANIFEST entry"_s, true);
        QVERIFY(!path.isEmpty());
    }

    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = openAndWait(window, path);
    QVERIFY(page);
    QCOMPARE(page->state(), studio::CartonSession::State::Open);
    if (which == u"mismatch")
        QVERIFY(page->banner()->isVisible()); // the red banner is part of what must fit

    if (editing) {
        page->setEditing(true);
        QVERIFY(page->view()->isVisible());
        QVERIFY(page->view()->isEditing());
    } else {
        // A binary file shown in the preview pane: a hex dump.
        studio::FilesPage *files = page->view()->filesPage();
        QVERIFY(files->revealPath(which == u"upstream" ? u"tensor_data/tensor_0.bin"_s
                                  : which == u"sample" ? u"tensor_data/x.bin"_s
                                                       : u"model/model.txt"_s));
    }
    const QString what = language + u' ' + which + (editing ? u" (editing)"_s : QString());
    QString problem = everyTabFits(window, page, what);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = smallScreenProblem(window, what);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (which == u"upstream" && !editing) {
        // An image preview (the 925 KiB PNG) in the same pane.
        studio::FilesPage *files = page->view()->filesPage();
        page->view()->setCurrentTab(studio::CartonView::FilesTab);
        QVERIFY(files->revealPath(u"misc/model_architecture.png"_s));
        QSignalSpy loaded(files->viewer(), &studio::FileViewer::loaded);
        QVERIFY(loaded.wait(jobTimeoutMs));
        problem = fitProblem(window, what + u" ▸ image preview"_s);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
}

void TestWindowFit::failedSelfTestFits_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("de") << u"de"_s;
}

// A run that could not start with a libtorch stack trace, and a self-test that
// errored with one: the trace scrolls inside the page, the window keeps its size.
void TestWindowFit::failedSelfTestFits()
{
    QFETCH(QString, language);
    studio::Translations::install(language);
    if (!QFile::exists(fixture()))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = openAndWait(window, fixture());
    QVERIFY(page);
    page->view()->setCurrentTab(studio::CartonView::SelfTestsTab);
    studio::SelfTestsPage *tests = page->view()->selfTestsPage();
    const QString trace = libtorchTrace();

    emit tests->runner()->failed(trace, {u"a warning that is also rather long: "_s + QString(400, u'w')},
                                 carton::SandboxInfo{});
    QVERIFY(tests->log()->toPlainText().contains(u"frame #39"_s));
    // The summary says it in a line; the whole trace is under Details, collapsed.
    studio::SummaryLine *summary = tests->summary();
    QVERIFY(summary->detailsButton()->isVisible());
    QVERIFY(!summary->detailsPane()->isVisible());
    QCOMPARE(summary->details(), trace);
    QString problem = everyTabFits(window, tests, language + u" run failed"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = smallScreenProblem(window, language + u" run failed"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QTest::mouseClick(summary->detailsButton(), Qt::LeftButton);
    QVERIFY(summary->detailsPane()->isVisible());
    QVERIFY(summary->detailsPane()->toPlainText().contains(u"frame #39"_s));
    problem = fitProblem(window, language + u" run failed, details shown"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = smallScreenProblem(window, language + u" run failed, details shown"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    carton::SelfTestRun run;
    run.cartonPath = fixture();
    run.runnerLog = trace;
    carton::SelfTestResult result;
    result.name = u"a self-test with a name as long as a sentence about what it checks and why"_s;
    result.status = carton::SelfTestStatus::Error;
    result.reason = trace;
    result.runnerLog = trace;
    run.tests << result;
    emit tests->runner()->finished(run, {});
    tests->tree()->setCurrentIndex(tests->model()->index(0, 0));
    problem = everyTabFits(window, tests, language + u" self-test errored"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = smallScreenProblem(window, language + u" self-test errored"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

// The panel keeps its place: it does not vanish when the current carton's
// problems go away (nor appear under the pointer when they come back).
void TestWindowFit::diagnosticsStayInPlace()
{
    const QString clean = makeFolderCarton(*m_dir, u"clean"_s);
    const QString mismatch = makeFolderCarton(*m_dir, u"mismatch"_s, true);
    MainWindow window(m_settings.get());
    window.resize(kSmallScreen);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    studio::DiagnosticsDock *dock = window.diagnosticsDock();
    QVERIFY(!dock->isVisible()); // the welcome page has nothing to diagnose

    CartonPage *bad = openAndWait(window, mismatch);
    QVERIFY(bad);
    QVERIFY(dock->isVisible());
    const QRect place = dock->geometry();
    CartonPage *good = openAndWait(window, clean);
    QVERIFY(good);
    QVERIFY(dock->isVisible());
    QCOMPARE(dock->emptyText(), u"No problems found."_s);
    // Nothing to say: one line under its title (issue 39 item 7), at the same bottom.
    QTRY_COMPARE(dock->height(), dock->collapsedHeight());
    QCOMPARE(dock->geometry().bottom(), place.bottom());
    window.tabWidget()->setCurrentWidget(bad);
    QTRY_COMPARE(dock->geometry(), place); // its rows again, at its former height

    // Closed by the user: it stays closed, also when problems come; the counter reopens it.
    dock->close();
    window.tabWidget()->setCurrentWidget(good);
    window.tabWidget()->setCurrentWidget(bad);
    QVERIFY(!dock->isVisible());
    QVERIFY(window.problemsButton()->isVisible());
    QTest::mouseClick(window.problemsButton(), Qt::LeftButton);
    QVERIFY(dock->isVisible());
    QCOMPARE(dock->geometry(), place);
}

// A file that is no carton (the error page, with a long name) and a tensor
// file with a long tensor name (its own tab): the window still fits.
void TestWindowFit::errorAndTensorFilePagesFit()
{
    const QString broken = m_dir->filePath(u"a carton whose name goes on and on and on for quite a while.carton"_s);
    QVERIFY(writeFile(broken, QByteArray(2048, 'x')));
    QByteArray buffer(2 * 128 * 16 * 4, '\0');
    const QString tensors = m_dir->filePath(u"weights.safetensors"_s);
    QVERIFY(
        writeFile(tensors, testutil::safetensorsFile(
                               R"({"model.encoder.layers.11.self_attention.query_key_value.weight_scale_inv_)"
                               R"(and_a_few_more_words":{"dtype":"F32","shape":[2,128,16],"data_offsets":[0,16384]}})",
                               buffer)));
    MainWindow window(m_settings.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = window.openPath(broken);
    QVERIFY(page);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Failed, jobTimeoutMs);
    QString problem = fitProblem(window, u"error page"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(window.openTensorFile(tensors));
    auto *tensorPage = qobject_cast<studio::TensorFilePage *>(window.tabWidget()->currentWidget());
    QVERIFY(tensorPage);
    // Laid out once its one tensor is listed and shown.
    studio::TensorFileBrowser *browser = tensorPage->browser();
    QTRY_VERIFY_WITH_TIMEOUT(browser->model()->rowCount() == 1 && !browser->isLoading() &&
                                 !browser->viewer()->isOpening() && browser->viewer()->reader(),
                             jobTimeoutMs);
    problem = everyTabFits(window, window.tabWidget()->currentWidget(), u"tensor file"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    problem = smallScreenProblem(window, u"tensor file"_s);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

// Issue 29, Layout 2: at 1024 px the model hash is elided in the middle, whole
// in its tooltip and in the clipboard through its copy button.
void TestWindowFit::hashElidesWithCopy()
{
    if (!QFile::exists(fixture()))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    MainWindow window(m_settings.get());
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = openAndWait(window, fixture());
    QVERIFY(page);
    page->view()->setCurrentTab(studio::CartonView::OverviewTab);
    QCoreApplication::processEvents();
    auto *hash = page->view()->findChild<studio::ElidedLabel *>(u"modelHashLabel"_s);
    QVERIFY(hash);
    const QString modelHash = QString::fromLatin1(page->carton()->modelHash());
    QCOMPARE(hash->text(), modelHash);
    QVERIFY2(hash->isElided(), qPrintable(hash->shownText()));
    QVERIFY(hash->shownText().contains(u'…'));
    QVERIFY(modelHash.startsWith(hash->shownText().section(u'…', 0, 0)));
    QVERIFY(modelHash.endsWith(hash->shownText().section(u'…', 1)));
    QCOMPARE(hash->toolTip(), modelHash);
    QVERIFY(hash->geometry().right() < page->view()->width());
    auto *copy = page->view()->findChild<QToolButton *>(u"copyHashButton"_s);
    QVERIFY(copy && copy->isVisible());
    QVERIFY(copy->mapTo(&window, QPoint(copy->width(), 0)).x() <= window.width());
    QGuiApplication::clipboard()->clear();
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), modelHash);
}

// At 1366 px the Files preview gets a line of the hex dump at first, and keeps where the user puts the split, for the
// next carton too.
void TestWindowFit::filesSplitFitsHexAndIsRemembered()
{
    if (!QFile::exists(fixture()))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    QList<int> moved;
    {
        MainWindow window(m_settings.get());
        window.resize(1366, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        CartonPage *page = openAndWait(window, fixture());
        QVERIFY(page);
        page->view()->setCurrentTab(studio::CartonView::FilesTab);
        studio::FilesPage *files = page->view()->filesPage();
        QVERIFY(files->revealPath(u"tensor_data/tensor_0.bin"_s));
        QCoreApplication::processEvents();
        const QList<int> sizes = files->splitter()->sizes();
        QCOMPARE(sizes.size(), 2);
        QVERIFY2(sizes[1] >= files->hexDumpWidth() && sizes[1] <= files->width() * 3 / 5,
                 qPrintable(u"preview %1 px, a hex line needs %2 px, page %3 px"_s.arg(sizes[1])
                                .arg(files->hexDumpWidth())
                                .arg(files->width())));
        // The user drags the handle 200 px to the left.
        QSplitterHandle *handle = files->splitter()->handle(1);
        const QPoint start = handle->rect().center();
        QMouseEvent press(QEvent::MouseButtonPress, start, handle->mapToGlobal(start), Qt::LeftButton, Qt::LeftButton,
                          Qt::NoModifier);
        QApplication::sendEvent(handle, &press);
        const QPoint end = start - QPoint(200, 0);
        QMouseEvent move(QEvent::MouseMove, end, handle->mapToGlobal(end), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
        QApplication::sendEvent(handle, &move);
        QMouseEvent release(QEvent::MouseButtonRelease, end, handle->mapToGlobal(end), Qt::LeftButton, Qt::NoButton,
                            Qt::NoModifier);
        QApplication::sendEvent(handle, &release);
        moved = files->splitter()->sizes();
        QVERIFY2(moved[1] >= sizes[1] + 150, qPrintable(u"%1 -> %2"_s.arg(sizes[1]).arg(moved[1])));
        window.close();
    }
    MainWindow again(m_settings.get());
    again.resize(1366, 700);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    CartonPage *page = openAndWait(again, fixture());
    QVERIFY(page);
    page->view()->setCurrentTab(studio::CartonView::FilesTab);
    QCoreApplication::processEvents();
    QCOMPARE(page->view()->filesPage()->splitter()->sizes(), moved);
}

// "dim 0 (128)" whole, also after a tensor whose dimensions had fewer digits
// ("dim 0 (16" was shown for a 128-long dimension).
void TestWindowFit::dimensionPickersShowWholeText()
{
    studio::SliceControls controls;
    controls.setShape({16, 16});
    controls.resize(900, 120); // room to spare, as in the Tensor Data tab
    controls.show();
    QVERIFY(QTest::qWaitForWindowExposed(&controls));
    controls.setShape({128, 65536, 3});
    for (int i = 0; i < 10; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    for (const QString &name : {u"rowDimCombo"_s, u"colDimCombo"_s}) {
        auto *combo = controls.findChild<QComboBox *>(name);
        QVERIFY(combo);
        for (int i = 0; i < combo->count(); ++i) {
            const int needed = combo->fontMetrics().horizontalAdvance(combo->itemText(i));
            QVERIFY2(combo->width() > needed + 8, qPrintable(u"%1: %2 px for \"%3\" (%4 px)"_s.arg(name)
                                                                 .arg(combo->width())
                                                                 .arg(combo->itemText(i))
                                                                 .arg(needed)));
        }
    }
}

// In German the Files columns fit their headers and values ("Methode",
// "Gespeichert"), and the self-test tree's Kind column its longest kind
// ("erwartete Ausgabe" was cut to "erwartete Ausg").
void TestWindowFit::germanColumnsFit()
{
    if (!QFile::exists(fixture()))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    QVERIFY(!studio::Translations::install(u"de"_s).isEmpty());
    MainWindow window(m_settings.get());
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = openAndWait(window, fixture());
    QVERIFY(page);
    auto fits = [](QTreeView *tree, int column, const QStringList &texts) -> QString {
        const int width = tree->columnWidth(column);
        const int needed = tree->header()->fontMetrics().horizontalAdvance(
                               tree->model()->headerData(column, Qt::Horizontal).toString()) +
                           2 * tree->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, tree->header());
        if (width < needed)
            return u"header \"%1\": %2 px < %3 px"_s.arg(tree->model()->headerData(column, Qt::Horizontal).toString())
                .arg(width)
                .arg(needed);
        // What the delegate asks for its longest value (margins included).
        const int valueWidth = static_cast<const QAbstractItemView *>(tree)->sizeHintForColumn(column);
        if (!texts.isEmpty() && width < valueWidth)
            return u"values (%1): %2 px < %3 px"_s.arg(texts.join(u", "_s)).arg(width).arg(valueWidth);
        return {};
    };
    QTreeView *files = page->view()->filesPage()->tree();
    for (int column : {int(studio::CartonFilesModel::SizeColumn), int(studio::CartonFilesModel::CompressedColumn),
                       int(studio::CartonFilesModel::StateColumn)}) {
        const QString problem = fits(files, column, {});
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    const QString method = fits(files, studio::CartonFilesModel::MethodColumn,
                                {studio::compressionMethodName(0), studio::compressionMethodName(8)});
    QVERIFY2(method.isEmpty(), qPrintable(method));

    page->view()->setCurrentTab(studio::CartonView::SelfTestsTab);
    QTreeView *tests = page->view()->selfTestsPage()->tree();
    QStringList kinds;
    for (QModelIndex item = tests->model()->index(0, 0); item.isValid(); item = item.siblingAtRow(item.row() + 1))
        for (int r = 0; r < tests->model()->rowCount(item); ++r)
            kinds << tests->model()->index(r, studio::SelfTestsModel::KindColumn, item).data().toString();
    QVERIFY(kinds.contains(u"erwartete Ausgabe"_s));
    const QString kind = fits(tests, studio::SelfTestsModel::KindColumn, kinds);
    QVERIFY2(kind.isEmpty(), qPrintable(kind));
    // The Result column has room for the icon and every verdict in German
    // ("fehlgeschlagen" was cut to "fehlgeschl…", issue 39 item 6).
    const int icon = tests->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, tests);
    for (const carton::SelfTestStatus status : {carton::SelfTestStatus::Passed, carton::SelfTestStatus::Failed,
                                                carton::SelfTestStatus::CannotRun, carton::SelfTestStatus::Error}) {
        const QString text = studio::SelfTestText::status(status);
        const int needed = tests->fontMetrics().horizontalAdvance(text) + icon + 12;
        QVERIFY2(tests->columnWidth(studio::SelfTestsModel::ResultColumn) >= needed,
                 qPrintable(u"\"%1\": %2 px < %3 px"_s.arg(text)
                                .arg(tests->columnWidth(studio::SelfTestsModel::ResultColumn))
                                .arg(needed)));
    }
    // The column is in view at 1024 px, not behind the tree's horizontal scroll bar.
    QCoreApplication::processEvents();
    const int right = tests->header()->sectionViewportPosition(studio::SelfTestsModel::KindColumn) +
                      tests->columnWidth(studio::SelfTestsModel::KindColumn);
    QVERIFY2(right <= tests->viewport()->width(),
             qPrintable(u"Kind ends at %1 of %2 px"_s.arg(right).arg(tests->viewport()->width())));
}

void TestWindowFit::overviewShowsSizeAndPath_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("de") << u"de"_s;
}

// At the default size on a 1366×768 screen (1200×691), with the Diagnostics panel
// listing the upstream carton's six findings, the Overview shows the package's
// Size and Path without scrolling (issue 39 item 7: they were below the fold).
void TestWindowFit::overviewShowsSizeAndPath()
{
    QFETCH(QString, language);
    if (!QFile::exists(fixture()))
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    QVERIFY(!studio::Translations::install(language).isEmpty() || language == u"en"_s);
    MainWindow window(m_settings.get());
    window.resize(1200, 691);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = openAndWait(window, fixture());
    QVERIFY(page);
    page->view()->setCurrentTab(studio::CartonView::OverviewTab);
    QVERIFY(window.diagnosticsDock()->isVisible());
    QVERIFY(!window.diagnosticsDock()->isCollapsed());
    for (int i = 0; i < 40; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    for (const QString &name : {u"sizeLabel"_s, u"pathLabel"_s, u"stateLabel"_s}) {
        auto *label = page->view()->findChild<QLabel *>(name);
        QVERIFY2(label, qPrintable(name));
        QScrollArea *scroll = nullptr;
        for (QWidget *w = label->parentWidget(); w && !scroll; w = w->parentWidget())
            scroll = qobject_cast<QScrollArea *>(w);
        QVERIFY2(scroll, qPrintable(name));
        QVERIFY2(label->isVisible(), qPrintable(name));
        const QRect shown(label->mapTo(scroll->viewport(), QPoint(0, 0)), label->size());
        QVERIFY2(scroll->viewport()->rect().contains(shown), qPrintable(u"%1 at %2..%3 of a %4 px high pane"_s.arg(name)
                                                                            .arg(shown.top())
                                                                            .arg(shown.bottom())
                                                                            .arg(scroll->viewport()->height())));
    }
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestWindowFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowfit.moc"
