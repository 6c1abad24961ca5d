// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 6 defect 12: Preferences are remembered, the dark theme keeps text
// legible, and "verify on open" decides whether opening hashes the files.
#include "document/verificationrunner.h"
#include "preferences/preferences.h"
#include "preferences/preferencesdialog.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shelltestutil.h"
#include "style/tone.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QStyle>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using studio::Preferences;

namespace {

// WCAG relative luminance contrast of two colours.
double contrast(const QColor &a, const QColor &b)
{
    auto lum = [](const QColor &c) {
        auto ch = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
    };
    const double la = lum(a), lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TestPreferences final : public QObject {
    Q_OBJECT

private slots:
    void rememberedInSettings();
    void dialogRoundTrip();
    void darkPaletteIsLegible();
    void themeApplies();
    void toneColorsAreLegible();
    void themeSwitchRecolours();
    void verifyOnOpenOff();
};

void TestPreferences::rememberedInSettings()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(u"s.ini"_s), QSettings::IniFormat);
    const Preferences defaults = Preferences::load(settings);
    QCOMPARE(defaults.theme, Preferences::Theme::System);
    QVERIFY(defaults.verifyOnOpen);
    QCOMPARE(defaults.compression, carton::ZipMethod::Zstd);
    Preferences p;
    p.theme = Preferences::Theme::Dark;
    p.language = u"de"_s;
    p.compression = carton::ZipMethod::Deflate;
    p.compressionLevel = 9;
    p.verifyOnOpen = false;
    p.save(settings);
    settings.sync();
    QSettings again(dir.filePath(u"s.ini"_s), QSettings::IniFormat);
    QCOMPARE(Preferences::load(again), p);
}

void TestPreferences::dialogRoundTrip()
{
    Preferences p;
    p.theme = Preferences::Theme::Light;
    p.compression = carton::ZipMethod::Stored;
    p.verifyOnOpen = false;
    studio::PreferencesDialog dialog(p);
    QCOMPARE(dialog.preferences(), p);
    QVERIFY(!dialog.levelBox()->isEnabled()); // Store has no level
    dialog.compressionBox()->setCurrentIndex(dialog.compressionBox()->findData(int(carton::ZipMethod::Zstd)));
    QVERIFY(dialog.levelBox()->isEnabled());
    dialog.levelBox()->setValue(12);
    dialog.themeBox()->setCurrentIndex(dialog.themeBox()->findData(int(Preferences::Theme::Dark)));
    dialog.verifyBox()->setChecked(true);
    const Preferences edited = dialog.preferences();
    QCOMPARE(edited.theme, Preferences::Theme::Dark);
    QCOMPARE(edited.compression, carton::ZipMethod::Zstd);
    QCOMPARE(edited.compressionLevel, 12);
    QVERIFY(edited.verifyOnOpen);
    QVERIFY(Preferences::availableLanguages().contains(u"en"_s));
}

void TestPreferences::darkPaletteIsLegible()
{
    const QPalette p = Preferences::darkPalette();
    QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= 7.0);
    QVERIFY(contrast(p.color(QPalette::WindowText), p.color(QPalette::Window)) >= 7.0);
    QVERIFY(contrast(p.color(QPalette::ButtonText), p.color(QPalette::Button)) >= 4.5);
    QVERIFY(contrast(p.color(QPalette::PlaceholderText), p.color(QPalette::Base)) >= 4.5);
    QVERIFY(contrast(p.color(QPalette::ToolTipText), p.color(QPalette::ToolTipBase)) >= 4.5);
    QVERIFY(contrast(p.color(QPalette::Link), p.color(QPalette::Base)) >= 4.5);
    QVERIFY(contrast(p.color(QPalette::Disabled, QPalette::Text), p.color(QPalette::Base)) >= 3.0);
}

void TestPreferences::themeApplies()
{
    Preferences::applyTheme(Preferences::Theme::Dark);
    QCOMPARE(QApplication::palette().color(QPalette::Base), Preferences::darkPalette().color(QPalette::Base));
    QCOMPARE(QApplication::style()->name().toLower(), u"fusion"_s);
    Preferences::applyTheme(Preferences::Theme::Light);
    QVERIFY(QApplication::palette().color(QPalette::Base).lightness() > 200);
    Preferences::applyTheme(Preferences::Theme::System);
    QVERIFY(QApplication::palette().color(QPalette::Base) != Preferences::darkPalette().color(QPalette::Base));
}

void TestPreferences::toneColorsAreLegible()
{
    using studio::Tone;
    const QPalette light = QApplication::style()->standardPalette();
    QVERIFY(!studio::isDarkPalette(light));
    QVERIFY(studio::isDarkPalette(Preferences::darkPalette()));
    for (const QPalette &p : {light, Preferences::darkPalette()}) {
        for (Tone t : {Tone::Good, Tone::Info, Tone::Warning, Tone::Severe, Tone::Bad}) {
            const QColor c = studio::toneColor(t, p);
            const QByteArray what = QByteArray::number(int(t)) + (studio::isDarkPalette(p) ? " dark" : " light");
            QVERIFY2(contrast(c, p.color(QPalette::Window)) >= 4.5, what);
            QVERIFY2(contrast(c, p.color(QPalette::Base)) >= 4.5, what);
            QVERIFY2(contrast(c, studio::toneBackground(t, p)) >= 4.5, what);
        }
        QVERIFY(contrast(studio::toneColor(Tone::Muted, p), p.color(QPalette::Base)) >= 3.0);
    }
}

// Issue 29 item 17: a theme switch recolours what carries a tone at once.
void TestPreferences::themeSwitchRecolours()
{
    using studio::Tone;
    Preferences::applyTheme(Preferences::Theme::Light);
    QWidget page;
    auto *label = new QLabel(u"3 files failed"_s, &page);
    studio::setTextTone(label, Tone::Bad, true);
    int rendered = 0;
    studio::whenPaletteChanges(&page, [&rendered] { ++rendered; });
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const QString lightBad = studio::toneColor(Tone::Bad, QApplication::palette()).name();
    QVERIFY2(label->styleSheet().contains(lightBad), qPrintable(label->styleSheet()));
    QVERIFY(label->styleSheet().contains(u"bold"_s));

    Preferences::applyTheme(Preferences::Theme::Dark);
    const QString darkBad = studio::toneColor(Tone::Bad, Preferences::darkPalette()).name();
    QVERIFY(darkBad != lightBad);
    QTRY_VERIFY2(label->styleSheet().contains(darkBad), qPrintable(label->styleSheet()));
    QVERIFY(rendered >= 1);
    QCOMPARE(label->palette().color(QPalette::WindowText).name(), darkBad);

    studio::setTextTone(label, Tone::Neutral);
    QVERIFY(label->styleSheet().isEmpty());
    Preferences::applyTheme(Preferences::Theme::Light);
    QVERIFY(label->styleSheet().isEmpty());
    Preferences::applyTheme(Preferences::Theme::System);
}

void TestPreferences::verifyOnOpenOff()
{
    QTemporaryDir dir;
    const QString folder = shelltest::makeFolderCarton(dir, u"c"_s);
    QSettings settings(dir.filePath(u"s.ini"_s), QSettings::IniFormat);
    Preferences p;
    p.verifyOnOpen = false;
    p.save(settings);
    studio::MainWindow window(&settings);
    window.show();
    window.openPath(folder);
    QTRY_VERIFY_WITH_TIMEOUT(window.currentPage() && window.currentPage()->carton(), shelltest::jobTimeoutMs);
    studio::CartonPage *page = window.currentPage();
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), shelltest::jobTimeoutMs);
    QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Idle);
    QCOMPARE(page->cartonState().summary(), u"Not verified"_s);
    // F5 still verifies.
    page->verify();
    QTRY_COMPARE_WITH_TIMEOUT(page->verification()->state(), studio::VerificationRunner::State::Finished,
                              shelltest::jobTimeoutMs);
}

QTEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
