// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "zip/zipentry.h"

#include <QPalette>
#include <QString>
#include <QStringList>

class QSettings;

namespace studio {

// The user's preferences, kept in QSettings under "preferences/".
struct Preferences {
    enum class Theme { System, Light, Dark };

    Theme theme = Theme::System;
    QString language;                                        // "de", "en"...; empty: the system's
    carton::ZipMethod compression = carton::ZipMethod::Zstd; // for files a save writes anew
    int compressionLevel = 3;
    bool verifyOnOpen = true; // hash every file against MANIFEST when a carton opens
    QStringList trustedKeys;  // public key files whose signatures are trusted (SignatureRow)
    // Bytes a sandboxed model may write to its scratch space /tmp (RunConsent::scratchLimit); 0: tmpfs default
    qint64 scratchLimit = qint64(2) << 30;

    static Preferences load(const QSettings &settings);
    void save(QSettings &settings) const;
    bool operator==(const Preferences &) const = default;

    // The languages the app has translations for (from :/i18n), plus "en".
    static QStringList availableLanguages();
    // Applies `theme` to the whole application: the platform's look (System),
    // Fusion with a light or a dark palette. Placeholder text, disabled text and
    // links stay legible in the dark palette.
    static void applyTheme(Theme theme);
    static QPalette darkPalette();
};

} // namespace studio
