// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace studio {

// The public keys the user trusts for signed cartons (Preferences): a list of
// PEM files, each shown with its curve and fingerprint. Adding a file that is not
// an EC public key is refused with the reason shown below the list.
class TrustedKeysEdit final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TrustedKeysEdit)

public:
    explicit TrustedKeysEdit(const QStringList &files, QWidget *parent = nullptr);

    QStringList files() const;
    // Adds a key file; false (and the reason shown) when it is not a usable key.
    bool addKeyFile(const QString &path);
    QListWidget *list() const { return m_list; }
    QLabel *errorLabel() const { return m_error; }

private:
    void chooseFile();
    void removeSelected();

    QListWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_error;
};

} // namespace studio
