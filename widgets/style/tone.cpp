// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tone.h"

#include <QCoreApplication>
#include <QEvent>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QVariant>
#include <QWidget>

namespace studio {

namespace {

const char toneProperty[] = "studioTextTone";
const char boldProperty[] = "studioTextToneBold";
const char keptProperty[] = "studioTextToneKept";

struct TonePair {
    QRgb light;
    QRgb dark;
};

// Each pair keeps a contrast of at least 4.5:1 (WCAG AA) on Fusion's light and
// the app's dark window and base colours.
TonePair pair(Tone tone)
{
    switch (tone) {
    case Tone::Good:
        return {qRgb(0x1b, 0x5e, 0x20), qRgb(0x81, 0xc7, 0x84)};
    case Tone::Info:
        return {qRgb(0x1e, 0x5a, 0xa8), qRgb(0x90, 0xca, 0xf9)};
    case Tone::Warning:
        return {qRgb(0x8a, 0x4b, 0x00), qRgb(0xff, 0xcc, 0x80)};
    case Tone::Severe:
        return {qRgb(0xa6, 0x30, 0x00), qRgb(0xff, 0xab, 0x91)};
    case Tone::Bad:
        return {qRgb(0xb7, 0x1c, 0x1c), qRgb(0xff, 0x8a, 0x80)};
    case Tone::Neutral:
    case Tone::Muted:
        break;
    }
    return {0, 0};
}

QString styleSheetFor(const QWidget *widget)
{
    const auto tone = Tone(widget->property(toneProperty).toInt());
    if (tone == Tone::Neutral)
        return {};
    // The application's palette (the theme): the widget's own WindowText is what
    // the sheet sets, and its parent may hear of a theme switch after it.
    QString sheet = QStringLiteral("color: %1;").arg(toneColor(tone, QGuiApplication::palette()).name());
    if (widget->property(boldProperty).toBool())
        sheet += QStringLiteral(" font-weight: bold;");
    return sheet;
}

void applySheet(QWidget *widget)
{
    const QString sheet = styleSheetFor(widget);
    if (widget->styleSheet() != sheet)
        widget->setStyleSheet(sheet);
}

// Calls what was registered when the application's palette changes (a theme
// switch): one filter on the application, which hears ApplicationPaletteChange
// once the new palette is in place. (A widget with a style sheet may hear no
// PaletteChange of its own, and a parent may hear it after its children.)
class PaletteKeeper final : public QObject {
public:
    static PaletteKeeper *instance()
    {
        static QPointer<PaletteKeeper> keeper;
        if (!keeper) {
            keeper = new PaletteKeeper(QCoreApplication::instance());
            QCoreApplication::instance()->installEventFilter(keeper);
        }
        return keeper;
    }
    void keep(QWidget *widget, std::function<void()> apply) { m_entries.append({widget, std::move(apply)}); }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::ApplicationPaletteChange && watched == QCoreApplication::instance()) {
            m_entries.removeIf([](const Entry &e) { return e.widget.isNull(); });
            const QList<Entry> entries = m_entries; // a callback may register more
            for (const Entry &e : entries)
                if (e.widget)
                    e.apply();
        }
        return false;
    }

private:
    using QObject::QObject;
    struct Entry {
        QPointer<QWidget> widget;
        std::function<void()> apply;
    };
    QList<Entry> m_entries;
};

} // namespace

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor toneColor(Tone tone, const QPalette &palette)
{
    if (tone == Tone::Neutral)
        return palette.color(QPalette::WindowText);
    if (tone == Tone::Muted)
        return palette.color(QPalette::PlaceholderText);
    const TonePair p = pair(tone);
    return QColor(isDarkPalette(palette) ? p.dark : p.light);
}

QColor toneTint(Tone tone, const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    const int alpha = dark ? 65 : 55;
    switch (tone) {
    case Tone::Good:
        return QColor(0x2e, 0xa0, 0x43, alpha);
    case Tone::Info:
        return QColor(0x3b, 0x82, 0xc4, alpha);
    case Tone::Warning:
        return QColor(0xf9, 0xa8, 0x25, alpha + 10);
    case Tone::Severe:
        return QColor(0xe6, 0x5c, 0x00, alpha);
    case Tone::Bad:
        return QColor(0xd3, 0x2f, 0x2f, alpha);
    case Tone::Neutral:
    case Tone::Muted:
        break;
    }
    return {};
}

QColor toneBackground(Tone tone, const QPalette &palette)
{
    const QColor tint = toneTint(tone, palette);
    const QColor base = palette.color(QPalette::Base);
    if (!tint.isValid())
        return base;
    const double a = tint.alphaF();
    const auto mix = [a](int over, int under) { return int(over * a + under * (1 - a) + 0.5); };
    return QColor(mix(tint.red(), base.red()), mix(tint.green(), base.green()), mix(tint.blue(), base.blue()));
}

QColor toneFrame(Tone tone)
{
    switch (tone) {
    case Tone::Good:
        return QColor(0x2e, 0xa0, 0x43);
    case Tone::Info:
        return QColor(0x3b, 0x82, 0xc4);
    case Tone::Warning:
        return QColor(0xf9, 0xa8, 0x25);
    case Tone::Severe:
        return QColor(0xe6, 0x5c, 0x00);
    case Tone::Bad:
        return QColor(0xd3, 0x2f, 0x2f);
    case Tone::Neutral:
    case Tone::Muted:
        break;
    }
    return {};
}

QString toneHtml(Tone tone, const QString &text, bool bold, const QPalette &palette)
{
    QString style = QStringLiteral("color:%1").arg(toneColor(tone, palette).name());
    if (bold)
        style += QStringLiteral(";font-weight:bold");
    return QStringLiteral("<span style=\"%1\">%2</span>").arg(style, text.toHtmlEscaped());
}

void setTextTone(QWidget *widget, Tone tone, bool bold)
{
    widget->setProperty(toneProperty, int(tone));
    widget->setProperty(boldProperty, bold);
    if (!widget->property(keptProperty).toBool()) {
        widget->setProperty(keptProperty, true);
        PaletteKeeper::instance()->keep(widget, [widget] { applySheet(widget); });
    }
    applySheet(widget);
}

void whenPaletteChanges(QWidget *widget, std::function<void()> apply)
{
    PaletteKeeper::instance()->keep(widget, std::move(apply));
}

} // namespace studio
