// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace carton {
class EcKey;
}

namespace studio {

// The public keys the user trusts for signed cartons (Preferences): a list of
// PEM files, each shown with its curve and fingerprint (EcKey::fingerprintText,
// the same text as the Signature row and `carton verify`). Adding a file that is not
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
    // "signer.pub.pem — P-256 key 3f2a 9c01 …": how the list shows a key.
    static QString keyText(const QString &file, const carton::EcKey &key);

private:
    void chooseFile();
    void removeSelected();

    QListWidget *m_list;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_error;
};

} // namespace studio
