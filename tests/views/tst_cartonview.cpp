// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/errorlocation.h"
#include "common/elidedlabel.h"
#include "common/roles.h"
#include "description/descriptionbrowser.h"
#include "files/cartonfilesmodel.h"
#include "files/extractjob.h"
#include "files/filepreview.h"
#include "files/filespage.h"
#include "files/fileviewer.h"
#include "fixturepolicy.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "markdown/markdownrenderer.h"
#include "overview/metadataeditor.h"
#include "overview/overviewpage.h"
#include "runner/runnereditor.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"
#include "tensors/tensorlistmodel.h"
#include "tensors/tensorspage.h"
#include "tensorviewer/stringtablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testcartons.h"
#include "testpaths.h"
#include "testutil.h"
#include "viewofcarton.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDirIterator>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSemaphore>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QThreadPool>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>

using namespace studio;
using namespace Qt::StringLiterals;

class TestCartonView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void upstreamOverview();
    void upstreamTabs();
    void editInPlaceKeepsThePlace();
    void metadataFieldsOnceAndStill();
    void upstreamImagesLoad();
    void revealLocation_data();
    void revealLocation();
    void clickShowsFile();
    void fileChecks();
    void extract();
    void extractCancelled();
    void hostileDescription();
    void brokenCarton_data();
    void brokenCarton();
    void sampleCarton();
    void linksFollowAThemeSwitch();

private:
    std::shared_ptr<const carton::Carton> m_upstream; // ../shared's fixture (its own tests)
    std::shared_ptr<const carton::Carton> m_rich;     // built here: the tests that need a full carton
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;
};

// Qt colours a link with the application palette when it parses the HTML:
// after a theme switch at run time the description is parsed again, or its
// links keep the old theme's colour (dark blue on a dark background).
void TestCartonView::linksFollowAThemeSwitch()
{
    DescriptionBrowser browser;
    browser.showMarkdown(QStringLiteral("See [the docs](https://example.com/docs) for more."));
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    const auto linkColour = [&browser]() -> QColor {
        for (QTextBlock b = browser.document()->begin(); b.isValid(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().isAnchor())
                    return it.fragment().charFormat().foreground().color();
        return {};
    };
    const QPalette before = QApplication::palette();
    QCOMPARE(linkColour(), before.color(QPalette::Link));
    QPalette dark = before;
    dark.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    QApplication::setPalette(dark);
    QTRY_COMPARE(linkColour(), QColor(0x8a, 0xb4, 0xf8));
    QApplication::setPalette(before);
    QTRY_COMPARE(linkColour(), before.color(QPalette::Link));
}

void TestCartonView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_settings = std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    const QString rich = m_dir.filePath(QStringLiteral("rich.carton"));
    QVERIFY(testcartons::writeZipCarton(rich, testcartons::richCartonFiles()));
    QString richError;
    m_rich = testcartons::open(rich, &richError);
    QVERIFY2(m_rich && m_rich->info(), qPrintable(richError));
    if (const QString path = testcartons::upstreamFixture(); !path.isEmpty()) {
        QString error;
        m_upstream = testcartons::open(path, &error);
        QVERIFY2(m_upstream, qPrintable(error));
    }
}

void TestCartonView::upstreamOverview()
{
    if (!m_upstream)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    ViewOfCarton viewOf(m_upstream, m_settings.get());
    CartonView &view = viewOf.view();
    QCOMPARE(view.carton(), m_upstream);
    QCOMPARE(view.metadataEditor()->modelNameEdit()->text(), QStringLiteral("Test Model"));
    QCOMPARE(view.metadataEditor()->shortDescriptionEdit()->text(),
             QStringLiteral("A short description that should be less than or equal to 100 characters."));
    QCOMPARE(view.findChild<studio::ElidedLabel *>(QStringLiteral("modelHashLabel"))->text(),
             QStringLiteral("f1cae5143a92a44e3a7e1d9c32a0245065dfb6e0f1e91c18b5e44356d081dfb5"));
    QCOMPARE(view.runnerEditor()->runnerNameBox()->currentText(), QStringLiteral("python"));
    QVERIFY(view.findChild<QFrame *>(QStringLiteral("remoteImagesBar"))->isHidden());
    const QString plain = view.overviewPage()->descriptionBrowser()->toPlainText();
    QVERIFY(plain.contains(u"Some description of the model"));
    QVERIFY(plain.contains(u"@misc/file.png")); // inline code stays text
    QApplication::clipboard()->clear();
    QTest::mouseClick(view.findChild<QToolButton *>(QStringLiteral("copyHashButton")), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), QString::fromLatin1(m_upstream->modelHash()));
}

void TestCartonView::upstreamTabs()
{
    if (!m_upstream)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    ViewOfCarton viewOf(m_upstream, m_settings.get());
    CartonView &view = viewOf.view();
    QCOMPARE(view.tabWidget()->count(), int(CartonView::TabCount));

    SpecsModel *inputs = view.specsPage()->inputsModel();
    QAbstractItemModelTester t1(inputs, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(inputs->rowCount(), 7);
    QCOMPARE(view.specsPage()->outputsModel()->rowCount(), 1);
    QCOMPARE(inputs->index(5, SpecsModel::ShapeColumn).data().toString(), QStringLiteral("[batch_size, 3, 512, 512]"));

    CartonFilesModel *files = view.filesModel();
    QAbstractItemModelTester t2(files, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QStringList top;
    for (int r = 0; r < files->rowCount(); ++r)
        top.append(files->index(r, 0).data().toString());
    QVERIFY(top.contains(u"model"));
    QVERIFY(top.contains(u"misc"));
    QVERIFY(top.contains(u"tensor_data"));
    QVERIFY(top.contains(u"carton.toml"));
    QCOMPARE(view.filesPage()->tree()->model(), view.filesPage()->proxy());
    QCOMPARE(view.filesPage()->proxy()->sourceModel(), files);

    TensorListModel *tensors = view.tensorsPage()->listModel();
    QAbstractItemModelTester t3(tensors, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(tensors->rowCount(), 4);
    QAbstractItemModelTester t4(view.tensorsPage()->viewer()->stringModel(),
                                QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(view.tensorsPage()->revealTensor(QStringLiteral("_tensor_0")));
    QTRY_VERIFY(!view.tensorsPage()->isLoading());
    QCOMPARE(view.tensorsPage()->viewer()->stringModel()->rowCount(), 3);
    QVERIFY(view.tensorsPage()->viewer()->stringModel()->index(1, 0).data().toString().contains(u"Some Telugu: గ"));

    SelfTestsModel *tests = view.selfTestsPage()->model();
    QAbstractItemModelTester t5(tests, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(tests->rowCount(), 2);

    // Double-clicking a tensor reference jumps to the tensor.
    const QModelIndex example = tests->itemIndex(SelfTestsModel::ItemKind::Example, 0);
    const QModelIndex sample = tests->index(1, 0, example);
    emit view.selfTestsPage()->tree()->doubleClicked(sample);
    QCOMPARE(view.currentTab(), CartonView::TensorsTab);
    QCOMPARE(view.tensorsPage()->listView()->currentIndex().row(), tensors->rowForName(QStringLiteral("_tensor_3")));
}

// Ctrl+E makes the same tabs editable: the tab, the current cell and the widgets
// stay; only the cells' flags and the fields' read-only state change.
void TestCartonView::editInPlaceKeepsThePlace()
{
    if (!m_upstream)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    ViewOfCarton viewOf(m_upstream, m_settings.get());
    CartonView &view = viewOf.view();
    view.resize(1366, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setCurrentTab(CartonView::SpecsTab);
    QTableView *inputs = view.specsPage()->inputsView();
    const QModelIndex cell = view.specsPage()->inputsModel()->index(5, SpecsModel::ShapeColumn);
    inputs->setCurrentIndex(cell);
    QVERIFY(!(cell.flags() & Qt::ItemIsEditable));
    QVERIFY(!view.specsPage()->inputsModel()->setData(cell, u"[1]"_s));
    QVERIFY(view.metadataEditor()->modelNameEdit()->isReadOnly());
    QVERIFY(view.findChild<QToolButton *>(u"addInput"_s)->isHidden());
    QCOMPARE(view.editButton()->text(), u"Edit Carton"_s);
    QWidget *tab = view.tabWidget()->currentWidget();

    QSignalSpy asked(&view, &CartonView::editingRequested);
    QTest::mouseClick(view.editButton(), Qt::LeftButton);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.at(0).at(0).toBool(), true);
    view.setEditing(true);
    QCOMPARE(view.currentTab(), CartonView::SpecsTab);
    QCOMPARE(view.tabWidget()->currentWidget(), tab);
    QCOMPARE(inputs->currentIndex(), cell);
    QVERIFY(cell.flags() & Qt::ItemIsEditable);
    QVERIFY(!view.metadataEditor()->modelNameEdit()->isReadOnly());
    QVERIFY(!view.findChild<QToolButton *>(u"addInput"_s)->isHidden());
    QCOMPARE(view.editButton()->text(), u"Done Editing"_s);
    // An edit through the same model is one undo step of the document.
    QVERIFY(view.specsPage()->inputsModel()->setData(cell, u"[batch_size, 3, 256, 256]"_s));
    QCOMPARE(viewOf.document().info().inputs.at(5).shape.toString(), u"[batch_size, 3, 256, 256]"_s);
    QCOMPARE(viewOf.document().undoStack()->count(), 1);

    view.setEditing(false);
    QCOMPARE(inputs->currentIndex(), cell);
    QVERIFY(!(cell.flags() & Qt::ItemIsEditable));
    QCOMPARE(cell.data().toString(), u"[batch_size, 3, 256, 256]"_s); // the document's state, edited or not
}

void TestCartonView::upstreamImagesLoad()
{
    if (!m_upstream)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    ViewOfCarton viewOf(m_upstream, m_settings.get());
    CartonView &view = viewOf.view();
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    // The description's @misc image is read from the carton and decoded by content.
    DescriptionBrowser *browser = view.overviewPage()->descriptionBrowser();
    const QUrl url = carton::MarkdownRenderer::miscUrl(QStringLiteral("misc/model_architecture.png"));
    QTRY_VERIFY_WITH_TIMEOUT(!browser->loadedImage(url).isNull(), 10000);
    QCOMPARE(browser->imageError(url), QString());
    const QImage shown = browser->document()->resource(QTextDocument::ImageResource, url).value<QImage>();
    QVERIFY(!shown.isNull());
    QVERIFY(shown.width() <= 1600);
    QVERIFY(qAbs(double(shown.width()) / shown.height() - 2973.0 / 2253.0) < 0.02); // aspect kept

    // The example's misc file has no extension and is shown inline as an image.
    view.setCurrentTab(CartonView::SelfTestsTab);
    QVERIFY(view.selfTestsPage()->revealItem(true, 0));
    DescriptionBrowser *details = view.selfTestsPage()->details();
    const QUrl exampleUrl = carton::MarkdownRenderer::miscUrl(QStringLiteral("misc/_example_misc_file_0"));
    QTRY_VERIFY_WITH_TIMEOUT(!details->loadedImage(exampleUrl).isNull(), 10000);
    QCOMPARE(details->loadedImage(exampleUrl).size(), QSize(906, 438));
    QVERIFY(details->toPlainText().contains(u"An example of an image input"));
}

// Each of carton.toml's fields appears once in the whole tab set (the Overview's
// metadata form, the Runner tab), read-only while browsing; Ctrl+E makes the same
// widgets editable where they are: not one moves or changes size.
void TestCartonView::metadataFieldsOnceAndStill()
{
    QTemporaryDir dir;
    const QByteArray toml = "spec_version = 1\nmodel_name = 'Name Seven'\nshort_description = 'Short Seven'\n"
                            "license = 'MIT-0'\nrepository = 'https://example.com/repo-seven'\n"
                            "homepage = 'https://example.com/home-seven'\n"
                            "model_description = 'Described here.'\n"
                            "[runner]\nrunner_name = 'python'\nrequired_framework_version = '=3.11.7'\n"
                            "runner_compat_version = 1\n";
    QVERIFY(testcartons::writeFolder(dir.path(), {{u"carton.toml"_s, toml}, {u"model/main.py"_s, "x = 1\n"}}));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton && carton->info());
    ViewOfCarton viewOf(carton, m_settings.get());
    CartonView &view = viewOf.view();
    view.resize(1366, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    // Every widget of the tab set that shows `value` (hidden tabs included).
    const auto showing = [&view](const QString &value) {
        QList<QWidget *> found;
        for (QLabel *label : view.findChildren<QLabel *>())
            if (label->text().contains(value))
                found.append(label);
        for (QLineEdit *edit : view.findChildren<QLineEdit *>())
            if (!qobject_cast<QComboBox *>(edit->parentWidget()) && edit->text() == value)
                found.append(edit);
        for (QComboBox *box : view.findChildren<QComboBox *>())
            if (box->currentText() == value)
                found.append(box);
        for (QPlainTextEdit *edit : view.findChildren<QPlainTextEdit *>())
            if (edit->toPlainText().contains(value))
                found.append(edit);
        return found;
    };
    const QStringList values{u"Name Seven"_s,
                             u"Short Seven"_s,
                             u"MIT-0"_s,
                             u"https://example.com/repo-seven"_s,
                             u"https://example.com/home-seven"_s,
                             u"=3.11.7"_s,
                             u"Described here."_s};
    QHash<QString, QWidget *> widgetOf;
    for (const QString &value : values) {
        const QList<QWidget *> found = showing(value);
        QVERIFY2(found.size() == 1, qPrintable(u"%1 is shown %2 times"_s.arg(value).arg(found.size())));
        widgetOf.insert(value, found.constFirst());
    }
    QCOMPARE(widgetOf.value(u"Name Seven"_s), view.metadataEditor()->modelNameEdit());
    QCOMPARE(widgetOf.value(u"=3.11.7"_s), view.runnerEditor()->frameworkVersionEdit());
    QCOMPARE(view.runnerEditor()->runnerNameBox()->currentText(), u"python"_s);

    for (CartonView::Tab tab : {CartonView::OverviewTab, CartonView::RunnerTab}) {
        view.setEditing(false);
        view.setCurrentTab(tab);
        QCoreApplication::processEvents();
        QHash<QString, QRect> before;
        for (const QString &value : values) {
            QWidget *widget = widgetOf.value(value);
            if (!widget->isVisible())
                continue; // on the other tab
            before.insert(value, QRect(widget->mapTo(&view, QPoint()), widget->size()));
            if (auto *edit = qobject_cast<QLineEdit *>(widget))
                QVERIFY2(edit->isReadOnly(), qPrintable(value));
        }
        QVERIFY(!before.isEmpty());
        view.setEditing(true);
        QCoreApplication::processEvents();
        QCOMPARE(view.currentTab(), tab);
        for (auto it = before.cbegin(); it != before.cend(); ++it) {
            QWidget *widget = widgetOf.value(it.key());
            QCOMPARE(QRect(widget->mapTo(&view, QPoint()), widget->size()), it.value());
            if (auto *edit = qobject_cast<QLineEdit *>(widget))
                QVERIFY2(!edit->isReadOnly(), qPrintable(it.key()));
        }
    }
}

void TestCartonView::revealLocation_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<bool>("found");
    QTest::addColumn<int>("tab");
    QTest::addColumn<QString>("selected"); // file path, "input:ROW:COL", "tensor:ROW", "item:ROW", "child:ROW:KEY"

    QTest::newRow("input shape") << "carton.toml: input[2].shape" << true << int(CartonView::SpecsTab) << "input:2:2";
    QTest::newRow("input with line") << "carton.toml:31: input[5].dtype" << true << int(CartonView::SpecsTab)
                                     << "input:5:1";
    QTest::newRow("output") << "carton.toml: output[0].shape[1]" << true << int(CartonView::SpecsTab) << "output:0:2";
    QTest::newRow("self_test input") << "carton.toml: self_test[0].inputs.b" << true << int(CartonView::SelfTestsTab)
                                     << "child:0:b";
    QTest::newRow("self_test") << "carton.toml: self_test[0]" << true << int(CartonView::SelfTestsTab) << "item:0";
    QTest::newRow("example") << "carton.toml: example[0]" << true << int(CartonView::SelfTestsTab) << "item:1";
    QTest::newRow("model_name") << "carton.toml: model_name" << true << int(CartonView::OverviewTab) << "";
    QTest::newRow("runner opt") << "carton.toml: runner.opts.entrypoint_fn" << true << int(CartonView::RunnerTab) << "";
    QTest::newRow("platform") << "carton.toml:18: required_platforms[3]" << true << int(CartonView::OverviewTab) << "";
    QTest::newRow("whole toml") << "carton.toml:3" << true << int(CartonView::FilesTab) << "carton.toml";
    QTest::newRow("out of range input") << "carton.toml: input[40].shape" << true << int(CartonView::FilesTab)
                                        << "carton.toml";
    QTest::newRow("manifest line") << "MANIFEST:3" << true << int(CartonView::FilesTab) << "MANIFEST";
    QTest::newRow("index tensor") << "tensor_data/index.toml:7: tensor[1].file" << true << int(CartonView::TensorsTab)
                                  << "tensor:1";
    QTest::newRow("index file") << "tensor_data/index.toml" << true << int(CartonView::FilesTab)
                                << "tensor_data/index.toml";
    QTest::newRow("file") << "model/main.py" << true << int(CartonView::FilesTab) << "model/main.py";
    QTest::newRow("misc no extension") << "misc/_example_misc_file_0" << true << int(CartonView::FilesTab)
                                       << "misc/_example_misc_file_0";
    QTest::newRow("folder") << "model/" << true << int(CartonView::FilesTab) << "model";
    QTest::newRow("unknown file") << "model/nope.pt" << false << -1 << "";
    QTest::newRow("empty") << "" << false << -1 << "";
}

void TestCartonView::revealLocation()
{
    QFETCH(QString, location);
    QFETCH(bool, found);
    QFETCH(int, tab);
    QFETCH(QString, selected);
    ViewOfCarton viewOf(m_rich, m_settings.get());
    CartonView &view = viewOf.view();
    view.setCurrentTab(CartonView::SelfTestsTab);
    // The table is written the way locations are shown; the view takes them as parts.
    QCOMPARE(view.revealLocation(carton::parseErrorLocation(location)), found);
    if (!found) {
        QCOMPARE(view.currentTab(), CartonView::SelfTestsTab); // nothing moved
        return;
    }
    QCOMPARE(int(view.currentTab()), tab);
    const QStringList parts = selected.split(u':');
    if (parts[0] == u"input" || parts[0] == u"output") {
        QTableView *table = parts[0] == u"input" ? view.specsPage()->inputsView() : view.specsPage()->outputsView();
        QCOMPARE(table->currentIndex().row(), parts[1].toInt());
        QCOMPARE(table->currentIndex().column(), parts[2].toInt());
    } else if (parts[0] == u"tensor") {
        QCOMPARE(view.tensorsPage()->listView()->currentIndex().row(), parts[1].toInt());
    } else if (parts[0] == u"child") {
        const QModelIndex current = view.selfTestsPage()->tree()->currentIndex();
        QCOMPARE(current.parent().row(), parts[1].toInt());
        QCOMPARE(current.siblingAtColumn(0).data().toString(), parts[2]);
    } else if (parts[0] == u"item") {
        QCOMPARE(view.selfTestsPage()->tree()->currentIndex().row(), parts[1].toInt());
        QVERIFY(!view.selfTestsPage()->tree()->currentIndex().parent().isValid());
    } else if (!selected.isEmpty()) {
        QCOMPARE(view.filesPage()->tree()->currentIndex().data(Roles::PathRole).toString(), selected);
    }
}

void TestCartonView::clickShowsFile()
{
    ViewOfCarton viewOf(m_rich, m_settings.get());
    CartonView &view = viewOf.view();
    view.setCurrentTab(CartonView::FilesTab);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTreeView *tree = view.filesPage()->tree();
    const QModelIndex index = view.filesPage()->treeIndex(QStringLiteral("model/requirements.txt"));
    tree->expand(index.parent());
    tree->scrollTo(index);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(index).center());
    QCOMPARE(tree->currentIndex(), index);
    QTRY_COMPARE(view.filesPage()->viewer()->preview().path, QStringLiteral("model/requirements.txt"));
    QCOMPARE(view.filesPage()->viewer()->preview().kind, FilePreview::Text);
}

void TestCartonView::fileChecks()
{
    ViewOfCarton viewOf(m_rich, m_settings.get());
    CartonView &view = viewOf.view();
    carton::FileCheck check;
    check.path = QStringLiteral("model/main.py");
    check.state = carton::FileState::Mismatch;
    check.message = QStringLiteral("sha256 differs");
    view.setFileCheck(check);
    const QModelIndex state = view.filesModel()->indexForPath(check.path, CartonFilesModel::StateColumn);
    QCOMPARE(state.data().toString(), QStringLiteral("Mismatch"));
    QCOMPARE(state.data(Qt::ToolTipRole).toString(), check.message);
    QCOMPARE(view.filesModel()->fileState(QStringLiteral("model")), carton::FileState::Mismatch);
    view.resetFileChecks();
    QCOMPARE(view.filesModel()->fileState(check.path), carton::FileState::Unverified);
}

void TestCartonView::extract()
{
    ViewOfCarton viewOf(m_rich, m_settings.get());
    CartonView &view = viewOf.view();
    QVERIFY(view.revealLocation(carton::DiagnosticLocation{QStringLiteral("model/")}));
    QCOMPARE(view.filesPage()->selectedFilePaths(),
             (QStringList{"model/.carton/carton.lock", "model/main.py", "model/requirements.txt"}));
    QTemporaryDir target;
    QVERIFY(target.isValid());
    QSignalSpy status(&view, &CartonView::statusMessage);
    ExtractJob *job = view.filesPage()->extractTo(view.filesPage()->selectedFilePaths(), target.path(), false);
    QSignalSpy finished(job, &ExtractJob::finished);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    const auto outcome = finished.at(0).at(0).value<ExtractJob::Outcome>();
    QVERIFY2(outcome.ok, qPrintable(outcome.error));
    QCOMPARE(outcome.filesWritten, 3);
    QFile main(target.filePath(QStringLiteral("model/main.py")));
    QVERIFY(main.open(QIODevice::ReadOnly));
    QVERIFY(main.readAll().contains("def get_model"));
    QVERIFY(!QFileInfo::exists(target.filePath(QStringLiteral("carton.toml"))));
    QVERIFY(status.count() >= 1);
    QVERIFY(view.filesPage()->extractAction()->isEnabled());
}

void TestCartonView::extractCancelled()
{
    ViewOfCarton viewOf(m_rich, m_settings.get());
    CartonView &view = viewOf.view();
    QTemporaryDir target;
    QVERIFY(target.isValid());
    // Hold the only thread of the pool LatestJob runs on, so that the job cannot
    // start before the cancel: the cancel always wins, whatever the machine's speed.
    QThreadPool *pool = studio::JobPools::pool(studio::JobPools::Kind::Shared);
    const int threads = pool->maxThreadCount();
    pool->setMaxThreadCount(1);
    QSemaphore started, release;
    pool->start([&] {
        started.release();
        release.acquire();
    });
    started.acquire();
    ExtractJob *job = view.filesPage()->extractTo({}, target.path(), false);
    QSignalSpy finished(job, &ExtractJob::finished);
    job->cancel();
    release.release();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    pool->setMaxThreadCount(threads);
    const auto outcome = finished.at(0).at(0).value<ExtractJob::Outcome>();
    QVERIFY(!outcome.ok);
    QVERIFY2(outcome.cancelled, qPrintable(outcome.error));
    QCOMPARE(outcome.filesWritten, 0);
    // Nothing half-written is left behind.
    QDirIterator it(target.path(), QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    QVERIFY2(!it.hasNext(), qPrintable(it.hasNext() ? it.next() : QString()));
}

void TestCartonView::hostileDescription()
{
    QTemporaryDir dir;
    const QByteArray toml =
        testcartons::minimalToml("repository = \"javascript:alert(1)\"\nhomepage = \"https://carton.run/x\"\n"
                                 "model_description = '''\n"
                                 "Click [here](javascript:alert(1)) or [there](https://example.com/ok).\n\n"
                                 "<script>alert('x')</script>\n\n"
                                 "Inline <b>bold</b>.\n\n"
                                 "![remote](https://images.example.invalid/a.png)\n'''\n");
    QVERIFY(testcartons::writeFolder(dir.path(),
                                     {{QStringLiteral("carton.toml"), toml}, {QStringLiteral("model/m"), "m"}}));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton && carton->info());
    QVERIFY(!carton->modelHash().isEmpty());
    const QString key = OverviewPage::remoteImagesKey(carton->modelHash());
    m_settings->remove(key);

    auto viewOf = std::make_unique<ViewOfCarton>(carton, m_settings.get());
    CartonView *view = &viewOf->view();
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view));
    DescriptionBrowser *browser = view->overviewPage()->descriptionBrowser();
    const QString html = browser->document()->toHtml();
    QVERIFY2(!html.contains(u"javascript", Qt::CaseInsensitive), qPrintable(html));
    QVERIFY(html.contains(u"href=\"https://example.com/ok\""));
    QVERIFY(browser->anchorAt(QPoint(-1, -1)).isEmpty());
    const QString plain = browser->toPlainText();
    QVERIFY2(plain.contains(u"<script>alert('x')</script>"), qPrintable(plain)); // shown as text, escaped
    QVERIFY(plain.contains(u"Inline <b>bold</b>."));
    QVERIFY(plain.contains(u"Click here or there."));

    // The links are the form's text fields: shown as written, never followed.
    QCOMPARE(view->metadataEditor()->repositoryEdit()->text(), QStringLiteral("javascript:alert(1)"));
    QCOMPARE(view->metadataEditor()->homepageEdit()->text(), QStringLiteral("https://carton.run/x"));

    // Remote images wait for consent, which is remembered per model hash.
    auto *bar = view->overviewPage()->findChild<QFrame *>(QStringLiteral("remoteImagesBar"));
    QVERIFY(!bar->isHidden());
    QVERIFY(!browser->remoteImagesAllowed());
    QCOMPARE(browser->remoteImageCount(), 1);
    QCOMPARE(browser->pendingImageCount(), 0); // nothing fetched
    QTest::mouseClick(view->overviewPage()->findChild<QPushButton *>(QStringLiteral("loadRemoteImagesButton")),
                      Qt::LeftButton);
    QVERIFY(bar->isHidden());
    QVERIFY(browser->remoteImagesAllowed());
    QCOMPARE(m_settings->value(key).toBool(), true);
    // Now the image is asked for: the fetch of an .invalid host (RFC 6761: never
    // resolves) ends in an error shown for that image.
    const QUrl remote(QStringLiteral("https://images.example.invalid/a.png"));
    QTRY_VERIFY_WITH_TIMEOUT(!browser->imageError(remote).isEmpty(), 30000);
    QCOMPARE(browser->pendingImageCount(), 0);
    QVERIFY(browser->loadedImage(remote).isNull());
    viewOf.reset();

    ViewOfCarton againOf(carton, m_settings.get());
    CartonView &again = againOf.view();
    QVERIFY(again.overviewPage()->findChild<QFrame *>(QStringLiteral("remoteImagesBar"))->isHidden());
    QVERIFY(again.overviewPage()->descriptionBrowser()->remoteImagesAllowed());
    m_settings->remove(key);
}

void TestCartonView::brokenCarton_data()
{
    QTest::addColumn<QByteArray>("toml");
    QTest::addColumn<bool>("withManifest");
    QTest::addColumn<QString>("title"); // empty: the folder name

    QTest::newRow("broken toml") << QByteArray("model_name = [\n") << true << "";
    QTest::newRow("no manifest") << testcartons::minimalToml() << false << "Tiny";
    QTest::newRow("wrong types") << QByteArray("spec_version = 'x'\nmodel_name = 3\n[[input]]\nname = 1\n") << true
                                 << "";
}

void TestCartonView::brokenCarton()
{
    QFETCH(QByteArray, toml);
    QFETCH(bool, withManifest);
    QFETCH(QString, title);
    QTemporaryDir dir;
    QVERIFY(testcartons::writeFolder(dir.path(),
                                     {{QStringLiteral("carton.toml"), toml},
                                      {QStringLiteral("model/weights.bin"), QByteArray(100, 7)},
                                      {QStringLiteral("misc/notes.md"), "# Notes\n"}},
                                     withManifest));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    ViewOfCarton viewOf(carton, m_settings.get());
    CartonView &view = viewOf.view();
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.metadataEditor()->modelNameEdit()->text(), title);
    // The files are still listed and viewable.
    QVERIFY(view.filesModel()->indexForPath(QStringLiteral("model/weights.bin")).isValid());
    QVERIFY(view.revealLocation(carton::DiagnosticLocation{QStringLiteral("misc/notes.md")}));
    QTRY_VERIFY(!view.filesPage()->viewer()->isLoading());
    QCOMPARE(view.filesPage()->viewer()->preview().text, QStringLiteral("# Notes\n"));
    if (!carton->info())
        QCOMPARE(view.specsPage()->inputsModel()->rowCount(), 0);
    QCOMPARE(view.findChild<studio::ElidedLabel *>(QStringLiteral("modelHashLabel"))->text() == u"(no MANIFEST)",
             !withManifest);
}

void TestCartonView::sampleCarton()
{
#ifdef CARTON_SAMPLE_CARTON
    const QString path = QStringLiteral(CARTON_SAMPLE_CARTON);
#else
    const QString path;
#endif
    QVERIFY2(!path.isEmpty() && QFileInfo::exists(path), "the sample carton is not built");
    QString error;
    auto carton = testcartons::open(path, &error);
    QVERIFY2(carton, qPrintable(error));
    QVERIFY(carton->info());
    ViewOfCarton viewOf(carton, m_settings.get());
    CartonView &view = viewOf.view();
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // Expectations from the sample's source folder (resources/sample), not from the
    // reader under test: its carton.toml says identity-demo with two inputs and two
    // outputs; its index two tensors; every file of the folder plus MANIFEST.
    const QString source = testutil::sourcePath(u"/resources/sample");
    const QByteArray toml = testutil::readFile(source + QStringLiteral("/carton.toml"));
    QVERIFY(toml.contains("model_name = \"identity-demo\""));
    QCOMPARE(view.metadataEditor()->modelNameEdit()->text(), QStringLiteral("identity-demo"));
    QCOMPARE(view.specsPage()->inputsModel()->rowCount(), int(toml.count("[[input]]")));
    QCOMPARE(view.specsPage()->outputsModel()->rowCount(), int(toml.count("[[output]]")));
    QCOMPARE(toml.count("[[input]]"), 2);
    const QByteArray index = testutil::readFile(source + QStringLiteral("/tensor_data/index.toml"));
    QCOMPARE(view.tensorsPage()->listModel()->rowCount(), int(index.count("[[tensor]]")));
    int files = 1; // MANIFEST
    for (QDirIterator it(source, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext(); it.next())
        ++files;
    QCOMPARE(view.filesModel()->fileCount(), files);
    // Every @misc image of the description loads.
    DescriptionBrowser *browser = view.overviewPage()->descriptionBrowser();
    const carton::RenderedMarkdown rendered =
        carton::MarkdownRenderer::render(carton->info()->modelDescription.value_or(QString()));
    QCOMPARE(rendered.miscImages.size(), toml.count("(@misc/"));
    QVERIFY(!rendered.miscImages.isEmpty());
    for (const QString &misc : rendered.miscImages) {
        const QUrl url = carton::MarkdownRenderer::miscUrl(misc);
        QTRY_VERIFY_WITH_TIMEOUT(!browser->loadedImage(url).isNull() || !browser->imageError(url).isEmpty(), 10000);
        QCOMPARE(browser->imageError(url), QString());
    }
    QVERIFY(view.metadataEditor()->repositoryEdit()->text().startsWith(u"https://"));
}

QTEST_MAIN(TestCartonView)
#include "tst_cartonview.moc"
