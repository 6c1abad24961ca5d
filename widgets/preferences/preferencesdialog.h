// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "preferences.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace studio {

class TrustedKeysEdit;

// Edit ▸ Preferences: theme, language, compression for saving, verification on
// open, the public keys trusted for signed cartons. preferences() is what the controls say; the caller saves and
// applies it.
class PreferencesDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PreferencesDialog)

public:
    explicit PreferencesDialog(const Preferences &current, QWidget *parent = nullptr);

    Preferences preferences() const;

    QComboBox *themeBox() const { return m_theme; }
    QComboBox *languageBox() const { return m_language; }
    QComboBox *compressionBox() const { return m_compression; }
    QSpinBox *levelBox() const { return m_level; }
    QSpinBox *scratchLimitBox() const { return m_scratchLimit; }
    QCheckBox *verifyBox() const { return m_verify; }
    TrustedKeysEdit *trustedKeysEdit() const { return m_trustedKeys; }

private:
    QComboBox *m_theme;
    QComboBox *m_language;
    QComboBox *m_compression;
    QSpinBox *m_level;
    QSpinBox *m_scratchLimit;
    QCheckBox *m_verify;
    TrustedKeysEdit *m_trustedKeys;
};

} // namespace studio
