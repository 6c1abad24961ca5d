// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QPointer>
#include <QTranslator>

namespace studio {

namespace {

const QString kCatalogues = QStringLiteral(":/i18n");
const QString kPrefix = QStringLiteral("carton-studio_");

// The translators an earlier install() put in place (owned by the application).
QList<QPointer<QTranslator>> &installed()
{
    static QList<QPointer<QTranslator>> list;
    return list;
}

} // namespace

QStringList Translations::available()
{
    QStringList languages{QStringLiteral("en")};
    const QStringList files = QDir(kCatalogues).entryList({kPrefix + QStringLiteral("*.qm")}, QDir::Files, QDir::Name);
    for (const QString &file : files) {
        const QString code = file.mid(kPrefix.size()).chopped(3);
        if (!code.isEmpty() && !languages.contains(code))
            languages.append(code);
    }
    return languages;
}

QString Translations::nativeName(const QString &language)
{
    // Written out for the shipped ones: QLocale says "中文" for zh_CN, and the
    // script matters to a reader choosing between Simplified and Traditional.
    const QLocale locale(language);
    if (language == u"C" || locale.language() == QLocale::English)
        return QStringLiteral("English");
    if (locale.language() == QLocale::German)
        return QStringLiteral("Deutsch");
    if (locale.language() == QLocale::Chinese && locale.script() == QLocale::SimplifiedHanScript)
        return QStringLiteral("简体中文");
    const QString name = locale.nativeLanguageName();
    return name.isEmpty() ? language : name;
}

QLocale Translations::localeFor(const QString &language)
{
    return language.isEmpty() ? QLocale::system() : QLocale(language);
}

QStringList Translations::install(const QString &language)
{
    for (const QPointer<QTranslator> &translator : std::as_const(installed())) {
        if (translator) {
            QCoreApplication::removeTranslator(translator);
            delete translator.data();
        }
    }
    installed().clear();

    const QLocale locale = localeFor(language);
    QLocale::setDefault(locale);
    QStringList loaded;
    // English is the source language: when chosen, nothing is loaded (the
    // system's languages, which QLocale::system().uiLanguages() lists from
    // LANGUAGE, are not consulted).
    if (!language.isEmpty() && locale.language() == QLocale::English)
        return loaded;
    auto add = [&loaded](const QLocale &l, const QString &name, const QString &folder) {
        auto *translator = new QTranslator(QCoreApplication::instance());
        if (translator->load(l, name, QStringLiteral("_"), folder) && QCoreApplication::installTranslator(translator)) {
            loaded.append(translator->filePath());
            installed().append(translator);
        } else {
            delete translator;
        }
    };
    add(locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    add(locale, QStringLiteral("carton-studio"), kCatalogues);
    return loaded;
}

} // namespace studio
