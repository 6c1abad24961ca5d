// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>

class QLabel;
class QSettings;
class QToolButton;

namespace carton {
class Carton;
}

namespace studio {

class LatestJob;

// What the Overview says about a carton's detached signature (FILE.carton.sig).
struct SignatureStatus {
    enum class Kind {
        Checking,   // the background check runs
        None,       // no FILE.carton.sig next to the carton
        NoKey,      // a signature, but no known public key fits it
        Unreadable, // the signature file is not a model-signing bundle
        Valid,      // signed by the key, over this carton's MANIFEST
        Invalid,    // wrong key, other files, or a statement that is not model-signing's
    };
    Kind kind = Kind::None;
    QString signaturePath;
    QString keyFile;        // the public key used (Valid / Invalid)
    bool trusted = false;   // keyFile is one of the trusted keys of the Preferences
    QByteArray fingerprint; // sha256 of the key's DER (Valid / Invalid); the hint (NoKey)
    QString curve;
    int signedFiles = 0;
    QString detail; // why (Invalid / Unreadable / NoKey)
};

// The Overview's "Signature:" row. When FILE.carton.sig sits next to the carton
// it is checked in the background (LatestJob) with the public keys the user
// trusts (Preferences, remembered in settings) and any KEY.pub.pem next to the
// signature; the row shows the result, the signer key's fingerprint and whether
// that key is a trusted one. The files themselves are hashed against MANIFEST by
// the carton's verification (the State row); the signature check proves that
// MANIFEST is the one that was signed.
class SignatureRow final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignatureRow)

public:
    SignatureRow(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent = nullptr);
    ~SignatureRow() override;

    // Looks for the signature and checks it again (with the current trusted keys).
    void refresh();
    const SignatureStatus &status() const { return m_status; }
    QLabel *textLabel() const { return m_text; }

    // The whole check, blocking (the row runs it on a worker thread): public key
    // files are the trusted ones first, then *.pub.pem next to the signature.
    static SignatureStatus check(const carton::Carton &carton, const QString &signaturePath,
                                 const QStringList &trustedKeys);
    // The public key files the user trusts ("preferences/trustedKeys").
    static QStringList trustedKeys(const QSettings &settings);
    static void setTrustedKeys(QSettings &settings, const QStringList &files);

signals:
    void statusChanged();

private:
    void show(const SignatureStatus &status);

    std::shared_ptr<const carton::Carton> m_carton;
    QSettings *m_settings = nullptr;
    LatestJob *m_jobs = nullptr;
    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QToolButton *m_recheck = nullptr;
    SignatureStatus m_status;
};

} // namespace studio
