// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace studio {

// The app's languages: our catalogues (translations/*.ts, embedded under
// :/i18n) plus Qt's own (qtbase_*.qm from Qt's translations folder) for the
// standard dialogs and buttons.
class Translations final {
public:
    // "de", "zh_CN"...: the languages with a catalogue under :/i18n, after "en".
    static QStringList available();
    // The name a language has in itself: "English", "Deutsch", "简体中文".
    static QString nativeName(const QString &language);
    // The locale the UI uses for a Preferences choice: the system's for "",
    // else the language's.
    static QLocale localeFor(const QString &language);
    // Makes `language` ("" = the system's) the default locale and installs
    // Qt's and our catalogues for it, replacing what an earlier call
    // installed. English needs none. Returns the catalogues loaded (file paths).
    static QStringList install(const QString &language);
};

} // namespace studio
