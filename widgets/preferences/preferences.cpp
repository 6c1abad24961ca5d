// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "preferences.h"

#include "selftests/runconsent.h"
#include "translations.h"
#include "trust/signaturerow.h"

#include <QApplication>
#include <QDir>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace studio {

namespace {

const QString kTheme = QStringLiteral("preferences/theme");
const QString kLanguage = QStringLiteral("preferences/language");
const QString kCompression = QStringLiteral("preferences/compression");
const QString kLevel = QStringLiteral("preferences/compressionLevel");
const QString kVerify = QStringLiteral("preferences/verifyOnOpen");

// The style the application started with, to go back to for Theme::System.
QString &systemStyleName()
{
    static QString name;
    return name;
}

} // namespace

Preferences Preferences::load(const QSettings &settings)
{
    Preferences p;
    const QString theme = settings.value(kTheme).toString();
    p.theme = theme == u"dark" ? Theme::Dark : theme == u"light" ? Theme::Light : Theme::System;
    p.language = settings.value(kLanguage).toString();
    const QString method = settings.value(kCompression).toString();
    p.compression = method == u"deflate" ? carton::ZipMethod::Deflate
                    : method == u"store" ? carton::ZipMethod::Stored
                                         : carton::ZipMethod::Zstd;
    p.compressionLevel = std::clamp(settings.value(kLevel, 3).toInt(), 1, 19);
    p.verifyOnOpen = settings.value(kVerify, true).toBool();
    p.trustedKeys = SignatureRow::trustedKeys(settings);
    p.scratchLimit = RunConsent::scratchLimit(settings);
    return p;
}

void Preferences::save(QSettings &settings) const
{
    settings.setValue(kTheme, theme == Theme::Dark    ? QStringLiteral("dark")
                              : theme == Theme::Light ? QStringLiteral("light")
                                                      : QStringLiteral("system"));
    settings.setValue(kLanguage, language);
    settings.setValue(kCompression, compression == carton::ZipMethod::Deflate  ? QStringLiteral("deflate")
                                    : compression == carton::ZipMethod::Stored ? QStringLiteral("store")
                                                                               : QStringLiteral("zstd"));
    settings.setValue(kLevel, compressionLevel);
    settings.setValue(kVerify, verifyOnOpen);
    SignatureRow::setTrustedKeys(settings, trustedKeys);
    RunConsent::setScratchLimit(settings, scratchLimit);
}

QStringList Preferences::availableLanguages()
{
    return Translations::available();
}

QPalette Preferences::darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x82, 0x86);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x44));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa3, 0xa8)); // legible on Base
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3c));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x43, 0x48));
    p.setColor(QPalette::Mid, QColor(0x30, 0x32, 0x36));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7e, 0xd6));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7a, 0xb7, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xc3, 0x9b, 0xff));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Light, QColor(0x2b, 0x2d, 0x31));
    return p;
}

void Preferences::applyTheme(Theme theme)
{
    if (systemStyleName().isEmpty() && qApp->style())
        systemStyleName() = qApp->style()->name();
    if (theme == Theme::System) {
        if (QStyle *style = QStyleFactory::create(systemStyleName())) {
            QApplication::setStyle(style);
            QApplication::setPalette(style->standardPalette());
        }
        return;
    }
    QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    QApplication::setStyle(fusion);
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : fusion->standardPalette());
}

} // namespace studio
