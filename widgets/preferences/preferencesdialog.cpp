// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "preferencesdialog.h"

#include "translations.h"
#include "trust/trustedkeysedit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>

namespace studio {

PreferencesDialog::PreferencesDialog(const Preferences &current, QWidget *parent)
    : QDialog(parent), m_theme(new QComboBox), m_language(new QComboBox), m_compression(new QComboBox),
      m_level(new QSpinBox), m_scratchLimit(new QSpinBox),
      m_verify(new QCheckBox(tr("Verify every file against MANIFEST when a carton opens"))),
      m_trustedKeys(new TrustedKeysEdit(current.trustedKeys))
{
    setWindowTitle(tr("Preferences"));
    setObjectName(QStringLiteral("preferencesDialog"));

    m_theme->setObjectName(QStringLiteral("themeBox"));
    m_theme->addItem(tr("System"), int(Preferences::Theme::System));
    m_theme->addItem(tr("Light"), int(Preferences::Theme::Light));
    m_theme->addItem(tr("Dark"), int(Preferences::Theme::Dark));
    m_theme->setCurrentIndex(m_theme->findData(int(current.theme)));

    m_language->setObjectName(QStringLiteral("languageBox"));
    // Each language in its own words, so that a user who cannot read the
    // current one still finds theirs.
    m_language->addItem(tr("System (%1)").arg(Translations::nativeName(QLocale::system().name())), QString());
    for (const QString &code : Preferences::availableLanguages())
        m_language->addItem(Translations::nativeName(code), code);
    m_language->setCurrentIndex(std::max(0, m_language->findData(current.language)));

    m_compression->setObjectName(QStringLiteral("compressionBox"));
    m_compression->addItem(tr("zstd (as upstream Carton writes)"), int(carton::ZipMethod::Zstd));
    m_compression->addItem(tr("Deflate (readable by every zip tool)"), int(carton::ZipMethod::Deflate));
    m_compression->addItem(tr("Store (no compression, fastest random access)"), int(carton::ZipMethod::Stored));
    m_compression->setCurrentIndex(std::max(0, m_compression->findData(int(current.compression))));
    m_level->setObjectName(QStringLiteral("levelBox"));
    m_level->setRange(1, 19);
    m_level->setValue(current.compressionLevel);
    auto syncLevel = [this] {
        m_level->setEnabled(carton::ZipMethod(m_compression->currentData().toInt()) != carton::ZipMethod::Stored);
    };
    connect(m_compression, &QComboBox::currentIndexChanged, this, syncLevel);
    syncLevel();

    m_scratchLimit->setObjectName(QStringLiteral("scratchLimitBox"));
    m_scratchLimit->setRange(0, 1024 * 1024); // MiB: up to 1 TiB
    m_scratchLimit->setSuffix(tr(" MiB"));
    m_scratchLimit->setSpecialValueText(tr("half the memory (no limit of its own)"));
    m_scratchLimit->setValue(int(std::min<qint64>(current.scratchLimit >> 20, 1024 * 1024)));
    m_scratchLimit->setToolTip(tr("A sandboxed model writes its temporary files to /tmp, a private space in memory "
                                  "that is gone after the run. A write past this size fails and the report says so "
                                  "(carton selftest --scratch-limit)."));

    m_verify->setObjectName(QStringLiteral("verifyBox"));
    m_verify->setChecked(current.verifyOnOpen);

    auto *languageNote = new QLabel(tr("A new language applies the next time Carton Studio starts."));
    languageNote->setWordWrap(true);
    auto *compressionNote = new QLabel(tr("Used for files a save writes anew; files it copies keep their own."));
    compressionNote->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(QString(), languageNote);
    form->addRow(tr("&Compression:"), m_compression);
    form->addRow(tr("Compression &level:"), m_level);
    form->addRow(QString(), compressionNote);
    form->addRow(QString(), m_verify);
    form->addRow(tr("Trusted &keys:"), m_trustedKeys);
    form->addRow(tr("Sandbox &scratch space:"), m_scratchLimit);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    setLayout(form);
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.theme = Preferences::Theme(m_theme->currentData().toInt());
    p.language = m_language->currentData().toString();
    p.compression = carton::ZipMethod(m_compression->currentData().toInt());
    p.compressionLevel = m_level->value();
    p.verifyOnOpen = m_verify->isChecked();
    p.trustedKeys = m_trustedKeys->files();
    p.scratchLimit = qint64(m_scratchLimit->value()) << 20;
    return p;
}

} // namespace studio
