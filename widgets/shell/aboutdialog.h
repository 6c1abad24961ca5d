// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QDialog>

namespace studio {

// Help ▸ About: name, version, Qt version (built with / running on), license.
class AboutDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AboutDialog)
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // The text shown (rich text), for tests.
    QString aboutText() const { return m_text; }

private:
    QString m_text;
};

} // namespace studio
