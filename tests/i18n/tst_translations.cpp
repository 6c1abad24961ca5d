// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 10 (translations): the app's catalogues load for German and Chinese,
// with Qt's own; `--tab files` picks the Files tab whatever the language (the
// name is matched against fixed English names, never the translated titles);
// Preferences lists each language in its own words.
#include "carton/cartonview.h"
#include "common/viewutils.h"
#include "format/cartoninfo.h"
#include "format/shape.h"
#include "preferences/preferences.h"
#include "preferences/preferencesdialog.h"
#include "preferences/translations.h"
#include "scan/pickleallowlist.h"
#include "selftest/benchmark.h"
#include "selftest/selftestresult.h"
#include "selftests/outputdetailshtml.h"
#include "selftests/outputresultsmodel.h"
#include "selftests/selftesttext.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/commandline.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"
#include "validate/validator.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonView;
using studio::Translations;

class TestTranslations final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void shippedLanguages();
    void catalogueLoads_data();
    void catalogueLoads();
    void englishLoadsNothing();
    void tabByNameInEveryLanguage_data();
    void tabByNameInEveryLanguage();
    void tabNames_data();
    void tabNames();
    void preferencesListsLanguagesInTheirOwnWords();
    void coreMessagesFollowTheLanguage();
    void selfTestPanelFollowsTheLanguage();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestTranslations::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestTranslations::cleanup()
{
    Translations::install(u"en"_s);
}

void TestTranslations::shippedLanguages()
{
    QCOMPARE(Translations::available(), (QStringList{u"en"_s, u"de"_s, u"zh_CN"_s}));
    QCOMPARE(studio::Preferences::availableLanguages(), Translations::available());
}

void TestTranslations::catalogueLoads_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("files");     // CartonView's "Files" tab
    QTest::addColumn<QString>("cancel");    // QDialogButtonBox's Cancel (Qt's own catalogue)
    QTest::addColumn<QString>("extracted"); // a plural: "Extracted %n file(s) (%1) to %2." with n = 1 and 3
    QTest::addColumn<QString>("extracted3");
    QTest::newRow("de") << u"de"_s << u"Dateien"_s << u"Abbrechen"_s << u"1 Datei (x) nach y entpackt."_s
                        << u"3 Dateien (x) nach y entpackt."_s;
    QTest::newRow("zh_CN") << u"zh_CN"_s << u"文件"_s << u"取消"_s << u"已将 1 个文件（x）解压到 y。"_s
                           << u"已将 3 个文件（x）解压到 y。"_s;
}

void TestTranslations::catalogueLoads()
{
    QFETCH(QString, language);
    QFETCH(QString, files);
    QFETCH(QString, cancel);
    QFETCH(QString, extracted);
    QFETCH(QString, extracted3);
    const QStringList loaded = Translations::install(language);
    QVERIFY2(loaded.size() == 2, qPrintable(loaded.join(u", "_s))); // qtbase_*.qm and carton-studio_*.qm
    QVERIFY(loaded.constLast().startsWith(u":/i18n/carton-studio_"_s));
    QCOMPARE(QLocale().name(), QLocale(language).name());
    QCOMPARE(QCoreApplication::translate("studio::CartonView", "Files"), files);
    QCOMPARE(QCoreApplication::translate("studio::FilesPage", "Extracted %n file(s) (%1) to %2.", nullptr, 1)
                 .arg(u"x"_s, u"y"_s),
             extracted);
    QCOMPARE(QCoreApplication::translate("studio::FilesPage", "Extracted %n file(s) (%1) to %2.", nullptr, 3)
                 .arg(u"x"_s, u"y"_s),
             extracted3);
    // Qt's own strings: a standard button of a dialog.
    QDialogButtonBox box(QDialogButtonBox::Cancel);
    QCOMPARE(box.button(QDialogButtonBox::Cancel)->text().remove(u'&'), cancel);
    // A second install replaces the first: back to English.
    QVERIFY(Translations::install(u"en"_s).isEmpty());
    QCOMPARE(QCoreApplication::translate("studio::CartonView", "Files"), u"Files"_s);
}

void TestTranslations::englishLoadsNothing()
{
    QVERIFY(Translations::install(u"en"_s).isEmpty());
    QCOMPARE(QLocale().language(), QLocale::English);
}

void TestTranslations::tabByNameInEveryLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("tab");
    QTest::addColumn<int>("expected");
    QTest::addColumn<QString>("title"); // the (translated) title of that tab
    QTest::newRow("de files") << u"de"_s << u"files"_s << int(CartonView::FilesTab) << u"Dateien"_s;
    QTest::newRow("de model") << u"de"_s << u"model"_s << int(CartonView::ModelTab) << u"Modell"_s;
    QTest::newRow("zh_CN weights") << u"zh_CN"_s << u"weights"_s << int(CartonView::ModelTab) << u"模型"_s;
    QTest::newRow("de tensors") << u"de"_s << u"tensors"_s << int(CartonView::TensorsTab) << u"Tensordaten"_s;
    QTest::newRow("de tests") << u"de"_s << u"tests"_s << int(CartonView::SelfTestsTab)
                              << u"Selbsttests && Beispiele"_s;
    QTest::newRow("de safety") << u"de"_s << u"safety"_s << int(CartonView::SafetyTab) << u"Sicherheit"_s;
    QTest::newRow("zh_CN files") << u"zh_CN"_s << u"files"_s << int(CartonView::FilesTab) << u"文件"_s;
    QTest::newRow("zh_CN outputs") << u"zh_CN"_s << u"outputs"_s << int(CartonView::SpecsTab) << u"输入 / 输出"_s;
    QTest::newRow("en files") << u"en"_s << u"files"_s << int(CartonView::FilesTab) << u"Files"_s;
}

// What main() does with `carton-studio --tab NAME FOLDER`, in the language given.
void TestTranslations::tabByNameInEveryLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, tab);
    QFETCH(int, expected);
    QFETCH(QString, title);
    Translations::install(language);
    const QString folder = makeFolderCarton(*m_dir, u"tabs_"_s + language + u"_"_s + tab);
    QVERIFY(!folder.isEmpty());
    const studio::CommandLine options =
        studio::CommandLine::parse({u"carton-studio"_s, u"--tab"_s, tab, folder}, m_dir->path());
    QVERIFY2(options.error.isEmpty(), qPrintable(options.error));
    studio::MainWindow window(m_settings.get());
    window.setPreferredViewTab(options.tab);
    window.openPaths(options.paths);
    auto *page = window.findChild<studio::CartonPage *>();
    QVERIFY(page);
    QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, jobTimeoutMs);
    QVERIFY(page->view());
    QCOMPARE(int(page->view()->currentTab()), expected);
    QCOMPARE(page->view()->tabWidget()->tabText(expected), title);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
}

void TestTranslations::tabNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("expected"); // -1: no tab
    QTest::newRow("overview") << u"overview"_s << int(CartonView::OverviewTab);
    QTest::newRow("Inputs") << u"Inputs"_s << int(CartonView::SpecsTab);
    QTest::newRow("specs") << u"specs"_s << int(CartonView::SpecsTab);
    QTest::newRow("tensor-data") << u"tensor-data"_s << int(CartonView::TensorsTab);
    QTest::newRow("self-tests") << u"self-tests"_s << int(CartonView::SelfTestsTab);
    QTest::newRow("examples") << u"examples"_s << int(CartonView::SelfTestsTab);
    QTest::newRow("saf") << u"saf"_s << int(CartonView::SafetyTab);
    QTest::newRow("model") << u"model"_s << int(CartonView::ModelTab);
    QTest::newRow("Weights") << u"Weights"_s << int(CartonView::ModelTab);
    QTest::newRow("German title") << u"Dateien"_s << -1;
    QTest::newRow("Chinese title") << u"文件"_s << -1;
    QTest::newRow("empty") << QString() << -1;
    QTest::newRow("punctuation") << u"--"_s << -1;
}

void TestTranslations::tabNames()
{
    QFETCH(QString, name);
    QFETCH(int, expected);
    Translations::install(u"de"_s); // the UI language has no say
    const std::optional<CartonView::Tab> tab = CartonView::tabNamed(name);
    QCOMPARE(tab ? int(*tab) : -1, expected);
}

void TestTranslations::preferencesListsLanguagesInTheirOwnWords()
{
    Translations::install(u"de"_s);
    studio::Preferences current;
    current.language = u"zh_CN"_s;
    studio::PreferencesDialog dialog(current);
    auto *box = dialog.findChild<QComboBox *>(u"languageBox"_s);
    QVERIFY(box);
    QCOMPARE(box->count(), 4);
    QVERIFY2(box->itemText(0).startsWith(u"System ("_s), qPrintable(box->itemText(0))); // German for "System"
    QCOMPARE(box->itemData(0).toString(), QString());
    QCOMPARE(box->itemText(1), u"English"_s);
    QCOMPARE(box->itemText(2), u"Deutsch"_s);
    QCOMPARE(box->itemText(3), u"简体中文"_s);
    QCOMPARE(box->currentData().toString(), u"zh_CN"_s);
    box->setCurrentIndex(2);
    QCOMPARE(dialog.preferences().language, u"de"_s);
    QCOMPARE(Translations::nativeName(u"de_DE"_s), u"Deutsch"_s);
    QCOMPARE(Translations::nativeName(u"C"_s), u"English"_s);
}

// Issue 29 item 18: core's messages (validation diagnostics, safety findings,
// shape errors) follow the app's language; with English (and in the CLI, which
// installs no translator) they are the English text.
void TestTranslations::coreMessagesFollowTheLanguage()
{
    const auto messages = [] {
        carton::CartonInfo info;
        info.specVersion = 2;
        info.modelName = QString();
        QStringList out;
        for (const carton::Diagnostic &d : carton::validateInfo(info))
            out << d.message;
        out << carton::Shape::parse(u"3x4").error().message;
        out << carton::PickleAllowList::judge(u"os"_s, u"system"_s).why;
        return out.join(u'\n');
    };
    const QString english = messages();
    QVERIFY2(english.contains(u"spec_version is 2; expected 1"_s), qPrintable(english));
    QVERIFY2(english.contains(u"model_name is empty"_s), qPrintable(english));
    QVERIFY2(english.contains(u"is not a size"_s), qPrintable(english));
    QVERIFY2(english.contains(u"loading the pickle can run commands"_s), qPrintable(english));

    Translations::install(u"de"_s);
    const QString german = messages();
    QVERIFY2(german.contains(u"spec_version ist 2; erwartet: 1"_s), qPrintable(german));
    QVERIFY2(german.contains(u"model_name ist leer"_s), qPrintable(german));
    QVERIFY2(german.contains(u"ist keine Größe"_s), qPrintable(german));
    QVERIFY2(german.contains(u"das Laden des Pickles kann Befehle ausführen"_s), qPrintable(german));

    Translations::install(u"zh_CN"_s);
    const QString chinese = messages();
    QVERIFY2(chinese.contains(u"spec_version 为 2；应为 1"_s), qPrintable(chinese));
    QVERIFY2(chinese.contains(u"不是大小"_s), qPrintable(chinese));

    Translations::install(u"en"_s);
    QCOMPARE(messages(), english);
}

// Issue 39 item 6: the self-test panel's verdicts, reasons and figures follow the
// language and the UI locale's digits (one decimal separator in one view); the
// command line and reports keep core's English words and C-locale numbers.
void TestTranslations::selfTestPanelFollowsTheLanguage()
{
    carton::TensorComparison comparison;
    comparison.verdict = carton::CompareVerdict::Failed;
    comparison.elementCount = 3;
    comparison.comparedCount = 3;
    comparison.mismatchCount = 1;
    comparison.mismatchFraction = 1.0 / 3.0;
    comparison.absError = {0.5, 0.25, 0.125, 0.5};
    carton::SelfTestResult result;
    result.name = u"t"_s;
    result.status = carton::SelfTestStatus::Failed;
    result.reason = u"output 'y': 1 of 3 elements (33.3%) outside rtol 1e-05, atol 1e-08"_s; // core's, English
    carton::OutputResult output;
    output.name = u"y"_s;
    output.comparison = comparison;
    result.outputs = {output};
    const QDateTime time(QDate(2026, 11, 29), QTime(14, 3, 7));

    QCOMPARE(studio::SelfTestText::status(result.status), u"failed"_s);
    QCOMPARE(studio::SelfTestText::reason(result), result.reason); // the same words as the CLI in English
    QCOMPARE(studio::SelfTestText::figure(0.125), u"0.125"_s);
    QCOMPARE(studio::SelfTestText::latency(640.3e6), u"640 ms"_s);
    QVERIFY2(studio::SelfTestText::dateTime(time).contains(u"3:07"_s),
             qPrintable(studio::SelfTestText::dateTime(time)));

    Translations::install(u"de"_s);
    QCOMPARE(studio::SelfTestText::status(carton::SelfTestStatus::Passed), u"bestanden"_s);
    QCOMPARE(studio::SelfTestText::status(result.status), u"fehlgeschlagen"_s);
    QCOMPARE(studio::SelfTestText::reason(result),
             u"Ausgabe 'y': 1 von 3 Elementen (33,3 %) außerhalb von rtol 1e-05, atol 1e-08"_s);
    QCOMPARE(studio::SelfTestText::figure(0.125), u"0,125"_s);
    QCOMPARE(studio::SelfTestText::latency(12.5e6), u"12,5 ms"_s);
    QCOMPARE(studio::humanSize(3174), u"3,1 KiB"_s);
    QCOMPARE(studio::SelfTestText::dateTime(time), u"29.11.26 14:03:07"_s);
    studio::OutputResultsModel::Row row; // as the model makes it, in the language now installed
    row.name = u"y"_s;
    row.verdict = studio::SelfTestText::verdict(comparison.verdict);
    row.comparison = comparison;
    const QString details = studio::OutputDetailsHtml::render(row);
    QVERIFY2(details.contains(u"<th>Max.</th><th>Mittel</th><th>Median</th>"_s), qPrintable(details));
    QVERIFY2(details.contains(u"0,25"_s) && !details.contains(u"0.25"_s), qPrintable(details));
    QVERIFY2(details.contains(u"fehlgeschlagen"_s), qPrintable(details));
    // The command line's and the reports' words and numbers stay as they were.
    QCOMPARE(carton::selfTestStatusName(result.status), u"failed"_s);
    QCOMPARE(carton::latencyText(12.5e6), u"12.5 ms"_s);

    Translations::install(u"zh_CN"_s);
    QCOMPARE(studio::SelfTestText::status(result.status), u"失败"_s);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestTranslations test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_translations.moc"
