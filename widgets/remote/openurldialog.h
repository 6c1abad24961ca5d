// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QSettings;

namespace studio {

// File ▸ Open URL…: an editable field with the URLs opened before (newest first,
// kept in QSettings); OK only for an http(s) URL, with a hint saying why not.
class OpenUrlDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OpenUrlDialog)
public:
    explicit OpenUrlDialog(QSettings *settings, QWidget *parent = nullptr);

    QString url() const;
    void setUrl(const QString &url);
    QComboBox *field() const { return m_field; }
    QDialogButtonBox *buttons() const { return m_buttons; }

    // The URLs remembered (at most MaxRecent), and adding one to the front.
    static QStringList recentUrls(const QSettings &settings);
    static void rememberUrl(QSettings *settings, const QString &url);
    static constexpr int MaxRecent = 10;

private:
    void updateState();

    QSettings *m_settings;
    QComboBox *m_field;
    QLabel *m_hint;
    QDialogButtonBox *m_buttons;
};

} // namespace studio
