// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Safety tab, offscreen: it scans in the background when shown, then shows the
// verdict, the findings table (model under QAbstractItemModelTester) and details.
#include "../views/viewofcarton.h"
#include "package/carton.h"
#include "scantestutil.h"
#include "trust/safetyfindingsmodel.h"
#include "trust/safetypage.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace carton;
using namespace studio;
using namespace Qt::StringLiterals;
using namespace scantest;

class TestSafetyPage : public QObject {
    Q_OBJECT
private slots:
    void findingsShownInTheTab();
    void cleanCarton();
    void unreadablePickleIsUnknown();

private:
    std::shared_ptr<const Carton> open(const QString &name, const QByteArray &zip)
    {
        const QString path = m_dir.filePath(name);
        if (!ziptest::writeFile(path, zip))
            return nullptr;
        Limits limits;
        limits.quarantineUnsafeEntries = true;
        auto carton = Carton::open(path, limits);
        return carton ? std::shared_ptr<const Carton>(std::move(carton).value()) : nullptr;
    }
    QTemporaryDir m_dir;
};

void TestSafetyPage::findingsShownInTheTab()
{
    RawEntry elf = storedEntry("model/lib.so", QByteArray("\x7f"
                                                          "ELF\x02\x01\x01",
                                                          7) +
                                                   QByteArray(60, '\0'));
    auto carton =
        open(u"evil.carton"_s,
             buildZip({storedEntry("carton.toml", cartonToml()), storedEntry("LINKS", links()),
                       storedEntry("model/model.pt", torchScriptZip(stackGlobalReduce("os", "system", "id"))), elf}));
    QVERIFY(carton);
    ViewOfCarton viewOf(carton, nullptr);
    CartonView &view = viewOf.view();
    view.resize(1000, 700);
    auto *page = view.findChild<SafetyPage *>();
    QVERIFY(page);
    QCOMPARE(view.tabWidget()->tabText(CartonView::SafetyTab), u"Safety"_s);
    QVERIFY(view.tabWidget()->widget(CartonView::SafetyTab)->isAncestorOf(page));
    QAbstractItemModelTester tester(page->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!page->report()); // nothing is scanned before the tab is shown
    QSignalSpy finished(page, &SafetyPage::scanFinished);
    view.show();
    view.setCurrentTab(CartonView::SafetyTab);
    QVERIFY(finished.wait(30000));
    QCOMPARE(page->report()->status, ScanStatus::Complete);
    QCOMPARE(page->verdictLabel()->text(), u"Findings: 1 critical, 1 high, 1 medium, 2 info"_s);
    QVERIFY2(page->statusLabel()->text().startsWith(u"Scan complete · 4 file(s) examined · 2 pickle(s) disassembled "
                                                    u"(never loaded) · 0 of 1 import(s) on the allow-list"_s),
             qPrintable(page->statusLabel()->text()));
    QVERIFY(
        page->statusLabel()->text().contains(u"hosts: images.example.com, tracker.example.net, weights.example.org"_s));
    SafetyFindingsModel *model = page->model();
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(model->index(0, SafetyFindingsModel::SeverityColumn).data().toString(), u"Critical"_s);
    QCOMPARE(model->index(0, SafetyFindingsModel::FileColumn).data().toString(), u"model/model.pt: m/data.pkl"_s);
    QCOMPARE(model->index(0, SafetyFindingsModel::FindingColumn).data().toString(), u"imports os.system"_s);
    QVERIFY(!model->index(0, SafetyFindingsModel::SeverityColumn).data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(model->index(0, SafetyFindingsModel::SeverityColumn).data(Qt::ForegroundRole).value<QColor>(),
             SafetyFindingsModel::severityColor(ScanSeverity::Critical));
    QCOMPARE(model->index(1, SafetyFindingsModel::FindingColumn).data().toString(),
             u"ELF executable or shared library"_s);
    // The details list every import; selecting a row shows its finding first.
    QVERIFY(page->details()->toPlainText().contains(u"not allowed os.system STACK_GLOBAL"_s));
    QVERIFY(page->details()->toPlainText().contains(u"model/model.pt: m/constants.pkl — pickle protocol 2"_s));
    const QRect row0 = page->table()->visualRect(model->index(0, SafetyFindingsModel::FileColumn));
    QTest::mouseClick(page->table()->viewport(), Qt::LeftButton, {}, row0.center());
    QVERIFY(page->details()->toPlainText().startsWith(u"Critical: imports os.system"_s));
}

void TestSafetyPage::cleanCarton()
{
    auto carton = open(u"ok.carton"_s, buildZip({storedEntry("carton.toml", plainToml()),
                                                 storedEntry("model/model.pt", torchScriptZip(torchScriptDataPkl()))}));
    QVERIFY(carton);
    SafetyPage page(carton);
    QSignalSpy finished(&page, &SafetyPage::scanFinished);
    page.show(); // showing starts the scan
    QVERIFY(finished.wait(30000));
    QCOMPARE(page.verdictLabel()->text(), u"No findings"_s);
    QCOMPARE(page.model()->rowCount(), 0);
    QVERIFY(page.details()->toPlainText().contains(u"allowed __torch__.Model GLOBAL"_s));
    // Scan again: a new result replaces the old.
    page.rescan();
    QVERIFY(page.isScanning());
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.size(), 2);
}

void TestSafetyPage::unreadablePickleIsUnknown()
{
    // A GLOBAL name past the line cap: the scan cannot tell what it names (a pickle
    // cut short, by contrast, is "not a pickle": nothing of it runs).
    const QByteArray longName = "ccollections\n" + QByteArray(70'000, 'x') + "\n)R.";
    auto carton = open(u"cut.carton"_s,
                       buildZip({storedEntry("carton.toml", plainToml()), storedEntry("model/weights.pkl", longName)}));
    QVERIFY(carton);
    SafetyPage page(carton);
    QSignalSpy finished(&page, &SafetyPage::scanFinished);
    page.rescan();
    QVERIFY(finished.wait(30000));
    QCOMPARE(page.report()->verdict(), ScanVerdict::Unknown);
    QCOMPARE(page.verdictLabel()->text(), u"Unknown: parts of the carton could not be read"_s);
    QVERIFY(page.statusLabel()->text().contains(u"Not read: model/weights.pkl: offset 0"_s));
}

QTEST_MAIN(TestSafetyPage)
#include "tst_safetypage.moc"
