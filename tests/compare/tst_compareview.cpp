// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Compare tab on cartons built in code: sections and highlighted rows, the
// breaking/compatible classes, tensor figures and unified diffs in the details,
// "Changes only", a drop replacing the right side, latest-wins comparisons, and
// the main window's File ▸ Compare With… action and tab closing.
#include "compare/comparemodel.h"
#include "compare/comparepage.h"
#include "difftestutil.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "shell/mainwindow.h"
#include "style/tone.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeView>
#include <QUrl>

using namespace studio;
using namespace carton;

class TestCompareView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sideBySide();
    void details();
    void changesOnly();
    void dropReplacesRight();
    void swapSides();
    void latestWins();
    void openError();
    void mainWindow();
    void compareWithAction();
    void compareWithModelButton();

private:
    bool waitCompared(ComparePage &page);
    QTemporaryDir m_dir;
    QString m_a, m_aCopy, m_b;
};

bool TestCompareView::waitCompared(ComparePage &page)
{
    QSignalSpy spy(&page, &ComparePage::compared);
    return spy.wait(30000) && !page.isComparing();
}

void TestCompareView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString a = m_dir.filePath(QStringLiteral("a")), b = m_dir.filePath(QStringLiteral("b"));
    QMap<QString, QByteArray> fa = difftest::baseFiles(), fb = fa;
    fb[QStringLiteral("carton.toml")] = difftest::toml("model v2", "int64");
    fb[QStringLiteral("tensor_data/y.bin")] = difftest::floats({0, 2, 4, 6, 8, 11});
    fb[QStringLiteral("model/main.py")] = "def run(x):\n    return x + x\n\n# end\n";
    QVERIFY(difftest::writeFolder(a, fa));
    QVERIFY(difftest::writeFolder(b, fb));
    m_a = a + QStringLiteral(".carton");
    m_aCopy = a + QStringLiteral("-copy.carton");
    m_b = b + QStringLiteral(".carton");
    QCOMPARE(difftest::pack(a, m_a), QString());
    QCOMPARE(difftest::pack(a, m_aCopy, ZipMethod::Zstd), QString());
    QCOMPARE(difftest::pack(b, m_b), QString());
}

void TestCompareView::sideBySide()
{
    ComparePage page(m_a, m_b);
    QAbstractItemModelTester tester(page.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(page.summaryLabel()->text(), QStringLiteral("Comparing…"));
    QVERIFY(waitCompared(page));
    QCOMPARE(page.summaryLabel()->text(), QStringLiteral("Different: 1 breaking, 4 compatible"));
    CompareModel *m = page.model();
    QCOMPARE(m->rowCount(), 7);
    QCOMPARE(m->index(0, CompareModel::ItemColumn).data().toString(), QStringLiteral("Metadata"));
    QCOMPARE(m->index(6, CompareModel::ItemColumn).data().toString(), QStringLiteral("Files"));
    const QModelIndex inputs = m->sectionIndex(DiffSection::Inputs);
    QCOMPARE(inputs.siblingAtColumn(CompareModel::ClassColumn).data().toString(), QStringLiteral("1 breaking"));
    QCOMPARE(m->sectionIndex(DiffSection::Runner).siblingAtColumn(CompareModel::ClassColumn).data().toString(),
             QStringLiteral("no changes"));
    QCOMPARE(m->headerData(CompareModel::LeftColumn, Qt::Horizontal).toString(), QStringLiteral("Left: a.carton"));
    QCOMPARE(m->headerData(CompareModel::RightColumn, Qt::Horizontal).toString(), QStringLiteral("Right: b.carton"));

    // The breaking dtype change: both values, class and reason, highlighted.
    const QModelIndex dtype = m->findEntry(DiffSection::Inputs, QStringLiteral("x"), QStringLiteral("dtype"));
    QVERIFY(dtype.isValid());
    QCOMPARE(dtype.siblingAtColumn(CompareModel::ItemColumn).data().toString(), QStringLiteral("x · dtype"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::LeftColumn).data().toString(), QStringLiteral("float32"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::RightColumn).data().toString(), QStringLiteral("int64"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::ClassColumn).data().toString(), QStringLiteral("breaking"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::ReasonColumn).data().toString(),
             QStringLiteral("changed: dtype changed from float32 to int64"));
    const QColor changed = dtype.data(Qt::BackgroundRole).value<QBrush>().color();
    QVERIFY(changed.isValid() && changed.alpha() > 0);
    QCOMPARE(dtype.siblingAtColumn(CompareModel::ClassColumn).data(Qt::ForegroundRole).value<QBrush>().color(),
             studio::toneColor(studio::Tone::Bad));

    // Unchanged rows are shown side by side without highlight.
    const QModelIndex license = m->findEntry(DiffSection::Metadata, QStringLiteral("license"));
    QCOMPARE(license.siblingAtColumn(CompareModel::LeftColumn).data().toString(), QStringLiteral("MIT"));
    QCOMPARE(license.siblingAtColumn(CompareModel::RightColumn).data().toString(), QStringLiteral("MIT"));
    QVERIFY(!license.data(Qt::BackgroundRole).isValid());
    QCOMPARE(license.siblingAtColumn(CompareModel::ClassColumn).data().toString(), QString());
    const QModelIndex output = m->findEntry(DiffSection::Outputs, QStringLiteral("y"));
    QCOMPARE(output.siblingAtColumn(CompareModel::LeftColumn).data().toString(), QStringLiteral("float32 [n, 3]"));

    // Files: changed ones highlighted in a different colour from unchanged ones.
    const QModelIndex y = m->findEntry(DiffSection::Files, QStringLiteral("tensor_data/y.bin"));
    QCOMPARE(y.data(CompareModel::KindRole).toInt(), int(ChangeKind::Changed));
    QVERIFY(y.siblingAtColumn(CompareModel::ReasonColumn)
                .data()
                .toString()
                .contains(u"1 of 6 elements differ; max abs error 1, max rel error 0.1"));
    const QModelIndex x = m->findEntry(DiffSection::Files, QStringLiteral("tensor_data/x.bin"));
    QCOMPARE(x.data(CompareModel::KindRole).toInt(), int(ChangeKind::Unchanged));
}

void TestCompareView::details()
{
    ComparePage page(m_a, m_b);
    QVERIFY(waitCompared(page));
    QVERIFY(page.details()->toPlainText().contains(u"1 breaking, 4 compatible"));
    CompareModel *m = page.model();
    page.tree()->setCurrentIndex(m->findEntry(DiffSection::Files, QStringLiteral("tensor_data/y.bin")));
    QString text = page.details()->toPlainText();
    QVERIFY2(text.contains(u"Tensor comparison"), qPrintable(text));
    QVERIFY(text.contains(u"Elements differing"));
    QVERIFY(text.contains(u"1 of 6"));
    QVERIFY(text.contains(u"Max abs error"));
    QVERIFY(text.contains(u"Max rel error"));
    page.tree()->setCurrentIndex(m->findEntry(DiffSection::Files, QStringLiteral("model/main.py")));
    text = page.details()->toPlainText();
    QVERIFY2(text.contains(u"-    return 2 * x\n+    return x + x\n"), qPrintable(text));
    QVERIFY(
        page.details()->toHtml().contains(studio::toneBackground(studio::Tone::Good).name())); // added line background
    page.tree()->setCurrentIndex(m->findEntry(DiffSection::Metadata, QStringLiteral("model_name")));
    text = page.details()->toPlainText();
    QVERIFY(text.contains(u"model_name"));
    QVERIFY(text.contains(u"model v2"));
    QVERIFY(text.contains(u"compatible: metadata only: calls are unaffected"));
}

void TestCompareView::changesOnly()
{
    ComparePage page(m_a, m_b);
    QVERIFY(waitCompared(page));
    CompareModel *m = page.model();
    QVERIFY(m->findEntry(DiffSection::Metadata, QStringLiteral("license")).isValid());
    const int files = m->rowCount(m->sectionIndex(DiffSection::Files));
    QCOMPARE(files, 6);
    page.changesOnlyBox()->setChecked(true);
    QVERIFY(!m->showUnchanged());
    QVERIFY(!m->findEntry(DiffSection::Metadata, QStringLiteral("license")).isValid());
    QVERIFY(m->findEntry(DiffSection::Metadata, QStringLiteral("model_name")).isValid());
    QCOMPARE(m->rowCount(m->sectionIndex(DiffSection::Files)), 3); // carton.toml, main.py, y.bin
    QCOMPARE(m->rowCount(m->sectionIndex(DiffSection::Runner)), 0);
    page.changesOnlyBox()->setChecked(false);
    QCOMPARE(m->rowCount(m->sectionIndex(DiffSection::Files)), 6);
}

void TestCompareView::dropReplacesRight()
{
    ComparePage page(m_a, m_b);
    QVERIFY(waitCompared(page));
    QVERIFY(!page.diff()->identical());
    QSignalSpy renamed(&page, &ComparePage::displayNameChanged);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(m_aCopy)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&page, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&page, &drop);
    QVERIFY(drop.isAccepted());
    QCOMPARE(page.rightPath(), m_aCopy);
    QCOMPARE(renamed.size(), 1);
    QCOMPARE(page.displayName(), QStringLiteral("a.carton ↔ a-copy.carton"));
    QVERIFY(waitCompared(page));
    QVERIFY(page.diff()->identical());
    QCOMPARE(page.summaryLabel()->text(), QStringLiteral("Identical: same model hash"));

    // Something that is not a carton is refused.
    QMimeData text;
    text.setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("a/model/main.py")))});
    QDragEnterEvent refuse(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&page, &refuse);
    QVERIFY(!refuse.isAccepted());
}

// Swap Sides (issue 29, item 13): left and right change places, the tab follows,
// and the comparison runs the other way (the dtype change reads int64 -> float32).
void TestCompareView::swapSides()
{
    QTabWidget tabs;
    ComparePage *page = ComparePage::openTab(&tabs, m_a, m_b);
    tabs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tabs));
    QTRY_VERIFY_WITH_TIMEOUT(!page->isComparing() && page->diff(), 30000); // may finish while exposing
    QVERIFY(page->swapButton()->isVisible());
    QSignalSpy compared(page, &ComparePage::compared);
    QTest::mouseClick(page->swapButton(), Qt::LeftButton);
    QCOMPARE(page->leftPath(), m_b);
    QCOMPARE(page->rightPath(), m_a);
    QCOMPARE(tabs.tabText(0), QStringLiteral("b.carton ↔ a.carton"));
    QVERIFY2(tabs.tabToolTip(0).startsWith(QStringLiteral("Compare ") + QDir::toNativeSeparators(m_b)),
             qPrintable(tabs.tabToolTip(0)));
    QVERIFY(compared.wait(30000));
    QVERIFY(!page->isComparing());
    QVERIFY(page->diff());
    QCOMPARE(page->diff()->pathA, m_b);
    CompareModel *m = page->model();
    QCOMPARE(m->headerData(CompareModel::LeftColumn, Qt::Horizontal).toString(), QStringLiteral("Left: b.carton"));
    const QModelIndex dtype = m->findEntry(DiffSection::Inputs, QStringLiteral("x"), QStringLiteral("dtype"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::LeftColumn).data().toString(), QStringLiteral("int64"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::RightColumn).data().toString(), QStringLiteral("float32"));
    QVERIFY(page->summaryLabel()->text().startsWith(QStringLiteral("Different:")));
    // And back.
    page->swapButton()->click();
    QVERIFY(compared.wait(30000));
    QCOMPARE(page->leftPath(), m_a);
    QCOMPARE(page->summaryLabel()->text(), QStringLiteral("Different: 1 breaking, 4 compatible"));
}

void TestCompareView::latestWins()
{
    ComparePage page(m_a, m_b);
    page.setRightPath(m_aCopy); // replaces the running comparison
    QSignalSpy spy(&page, &ComparePage::compared);
    QVERIFY(spy.wait(30000));
    JobPools::waitForAll();               // every job has finished and posted its result,
    QCoreApplication::sendPostedEvents(); // and every posted result is delivered: a stale one too
    QCOMPARE(spy.size(), 1);
    QCOMPARE(page.diff()->pathB, m_aCopy);
    QVERIFY(page.diff()->identical());
}

void TestCompareView::openError()
{
    const QString missing = m_dir.filePath(QStringLiteral("missing.carton"));
    ComparePage page(m_a, missing);
    QVERIFY(waitCompared(page));
    QVERIFY(!page.diff());
    QVERIFY2(page.errorText().contains(missing), qPrintable(page.errorText()));
    QVERIFY(page.summaryLabel()->text().startsWith(u"Could not compare: "));
    QCOMPARE(page.model()->rowCount(), 0);
}

void TestCompareView::mainWindow()
{
    QSettings settings(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    auto *compare = window.findChild<QAction *>(QStringLiteral("actionCompareWith"));
    QVERIFY(compare);
    QVERIFY(!compare->isEnabled()); // no carton open
    QVERIFY(window.openPath(m_a));
    QVERIFY(compare->isEnabled());
    ComparePage *page = ComparePage::openTab(window.tabWidget(), m_a, m_b);
    QCOMPARE(window.tabWidget()->count(), 2);
    QCOMPARE(window.tabWidget()->currentWidget(), page);
    QCOMPARE(window.tabWidget()->tabText(1), QStringLiteral("a.carton ↔ b.carton"));
    QVERIFY(!compare->isEnabled()); // the current tab is not a carton
    QVERIFY(waitCompared(*page));
    page->setRightPath(m_aCopy);
    QCOMPARE(window.tabWidget()->tabText(1), QStringLiteral("a.carton ↔ a-copy.carton"));
    QVERIFY(waitCompared(*page));
    window.closePage(1);
    QCOMPARE(window.tabWidget()->count(), 1);
    QVERIFY(compare->isEnabled());
}

namespace {

// Answers the next file dialog (modal, as File ▸ Compare With… opens it) with `path`
// (empty: cancels it). The path goes into the dialog's file name field: selectFile()
// leaves that field alone once it has focus, which it gets when the window system
// activates the dialog, so selectFile() alone raced the activation and sometimes
// accepted nothing, leaving the dialog open. A dialog still open after the answer,
// or none found within 20 s, is rejected, so that the test fails instead of hanging.
void answerFileDialog(const QString &path, bool *answered)
{
    auto *poll = new QTimer;
    poll->setInterval(20);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, path, answered] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        if (path.isEmpty()) {
            dialog->reject();
        } else {
            auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
            if (name)
                name->setText(path);
            else
                dialog->selectFile(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept() is protected
            if (dialog->isVisible()) {
                qWarning("The file dialog did not take %s", qPrintable(path));
                dialog->reject();
                return poll->deleteLater();
            }
        }
        *answered = true;
        poll->deleteLater();
    });
    poll->start();
    QTimer::singleShot(20000, poll, [poll] {
        if (QWidget *modal = QApplication::activeModalWidget()) {
            qWarning("No file dialog within 20 s; closing %s", modal->metaObject()->className());
            modal->close();
        }
        poll->deleteLater();
    });
}

// A GGUF v3 file of one float32 tensor "w" with these values (no metadata).
QString writeGguf(const QString &path, const QList<float> &values)
{
    QByteArray file("GGUF");
    const auto u32 = [&file](quint32 v) { file.append(reinterpret_cast<const char *>(&v), 4); };
    const auto u64 = [&file](quint64 v) { file.append(reinterpret_cast<const char *>(&v), 8); };
    u32(3); // version
    u64(1); // tensors
    u64(0); // metadata pairs
    u64(1); // name length
    file += 'w';
    u32(1); // dimensions
    u64(quint64(values.size()));
    u32(0); // F32
    u64(0); // offset in the data
    while (file.size() % 32 != 0)
        file += '\0';
    file += difftest::floats(values);
    QFile out(path);
    return out.open(QIODevice::WriteOnly) && out.write(file) == file.size() ? path : QString();
}

} // namespace

// File ▸ Compare With… on a carton's tab: the file dialog answered with the other
// carton opens a Compare tab of the two showing their real differences.
void TestCompareView::compareWithAction()
{
    QSettings settings(m_dir.filePath(QStringLiteral("settings-with.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    window.resize(1366, 768);
    window.show();
    QVERIFY(window.openPath(m_a));
    auto *compare = window.findChild<QAction *>(QStringLiteral("actionCompareWith"));
    QVERIFY(compare && compare->isEnabled());
    bool answered = false;
    answerFileDialog(m_b, &answered);
    compare->trigger();
    QVERIFY(answered);
    auto *page = qobject_cast<ComparePage *>(window.tabWidget()->currentWidget());
    QVERIFY(page);
    QCOMPARE(page->leftPath(), m_a);
    QCOMPARE(page->rightPath(), m_b);
    QVERIFY(waitCompared(*page));
    QVERIFY2(page->summaryLabel()->text().startsWith(u"Different: 1 breaking, 4 compatible"),
             qPrintable(page->summaryLabel()->text()));
    const QModelIndex dtype =
        page->model()->findEntry(DiffSection::Inputs, QStringLiteral("x"), QStringLiteral("dtype"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::LeftColumn).data().toString(), QStringLiteral("float32"));
    QCOMPARE(dtype.siblingAtColumn(CompareModel::RightColumn).data().toString(), QStringLiteral("int64"));
    // Back on the carton's tab, the dialog cancelled: no third tab.
    window.tabWidget()->setCurrentIndex(0);
    answered = false;
    answerFileDialog(QString(), &answered);
    compare->trigger();
    QVERIFY(answered);
    QCOMPARE(window.tabWidget()->count(), 2);
}

// The Model tab of a bare model file: its Compare With… button, the dialog answered
// with another file, a Compare tab whose Weights section shows the changed tensor.
void TestCompareView::compareWithModelButton()
{
    const QString a = writeGguf(m_dir.filePath(QStringLiteral("wa.gguf")), {1, 2, 3, 4});
    const QString b = writeGguf(m_dir.filePath(QStringLiteral("wb.gguf")), {1, 2, 3, 5});
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    QSettings settings(m_dir.filePath(QStringLiteral("settings-model.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    window.show();
    QCOMPARE(window.openPath(a), nullptr); // a file tab, not a carton's page
    QCOMPARE(window.tabWidget()->count(), 1);
    auto *button = window.findChild<QPushButton *>(QStringLiteral("compareModelButton"));
    QVERIFY(button);
    bool answered = false;
    answerFileDialog(b, &answered);
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(answered);
    auto *page = qobject_cast<ComparePage *>(window.tabWidget()->currentWidget());
    QVERIFY(page);
    QVERIFY(waitCompared(*page));
    const ModelDiff *model = page->modelDiff();
    QVERIFY(model);
    QCOMPARE(model->weights.size(), 1);
    QCOMPARE(model->weights.first().kind, ChangeKind::Changed);
    QCOMPARE(model->weights.first().elementsChanged, 1);
    QCOMPARE(model->weights.first().maxAbsDiff, 1.0);
    QVERIFY2(page->summaryLabel()->text().contains(u"weights 1 changed"), qPrintable(page->summaryLabel()->text()));
}

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
