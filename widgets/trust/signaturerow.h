// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/verifier.h"
#include "sign/cartonsignature.h"
#include "sign/modelfolderverifier.h"

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

// What the Overview says about a carton's detached signature (FILE.carton.sig),
// or about the OpenSSF model-signing (OMS) signature of a plain model folder or
// file (modelPath set; carton::findModelSignature finds it).
struct SignatureStatus {
    enum class Kind {
        Checking,    // the background check of the signature runs
        None,        // no FILE.carton.sig next to the carton (no OMS bundle for a plain model)
        NoKey,       // a signature, but no known public key fits it (a plain model's signature made with a
                     // certificate or Sigstore: not checked here, `detail` says why)
        Unreadable,  // the signature file is not a model-signing bundle
        Verifying,   // the signature covers this MANIFEST; the files are being verified: not valid yet
        NotVerified, // the signature covers this MANIFEST; the files were not (all) verified: not valid
        Valid,       // signed by the key, over this MANIFEST, and every file matches it (a plain model: every
                     // check of carton::verifyModelSignature passed)
        Invalid,     // wrong key, other files, files that do not match, or not model-signing's statement
    };
    Kind kind = Kind::None;
    QString signaturePath;
    QString keyFile;        // the public key used (Verifying / NotVerified / Valid / Invalid)
    bool trusted = false;   // keyFile is one of the trusted keys of the Preferences
    QByteArray fingerprint; // sha256 of the key's DER (as keyFile); the hint (NoKey)
    QString curve;
    int signedFiles = 0;
    QString detail; // why (Invalid / Unreadable / NoKey / NotVerified)
    // The core verdict (signing::signatureVerdict) when a key was found: failedFiles
    // names the files that do not match.
    carton::SignatureCheck check;
    // A plain model folder or file (not a carton): its path, and the OMS check
    // (carton::verifyModelSignature) when a key was found.
    QString modelPath;
    carton::ModelSignatureCheck model;
};

// The Overview's "Signature:" row. When FILE.carton.sig sits next to the carton
// it is checked in the background (LatestJob) with the public keys the user
// trusts (Preferences, remembered in settings) and any KEY.pub.pem next to the
// signature; the row shows the result, the signer key's fingerprint
// (EcKey::fingerprintText) and whether that key is a trusted one. The files
// themselves are hashed against MANIFEST by the carton's verification, which the
// page hands in (setFileVerification): the row's verdict is
// carton::signing::signatureVerdict of the two, so it says Valid only once every
// file matched, "verifying" while hashing runs, and names the files that do not match.
//
// A plain model folder or file (a folder without carton.toml opened as a carton,
// or a bare model file's page) has no MANIFEST: the row looks for an OMS bundle
// (carton::findModelSignature) and checks it in the job with
// carton::verifyModelSignature, hashing the files itself, with the same keys and
// "Trust this key…" as a carton. It says what the check could not prove (the
// transparency log...) whatever the verdict.
class SignatureRow final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignatureRow)

public:
    // A plain model folder opened as a carton (no carton.toml) is checked as a plain model.
    SignatureRow(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent = nullptr);
    // The OMS signature of the plain model folder or file `modelPath`.
    SignatureRow(const QString &modelPath, QSettings *settings, QWidget *parent = nullptr);
    ~SignatureRow() override;

    // Looks for the signature and checks it again (with the current trusted keys).
    void refresh();
    // The carton's verification of its files against MANIFEST (the page's
    // VerificationRunner): the report once Finished (a cancelled one included).
    void setFileVerification(carton::FilesVerification state, const carton::VerifyReport &report = {});
    const SignatureStatus &status() const { return m_status; }
    QLabel *textLabel() const { return m_text; }
    // "Trust this key…": shown for a valid signature by a key that is not trusted.
    QToolButton *trustButton() const { return m_trust; }
    // Shows the signer key's fingerprint and asks; yes: a copy of its public key
    // (in the app's data folder, named by fingerprint: a key file next to a carton
    // could be swapped later) joins the trusted keys and the signature is checked
    // again. `ask` false (tests): no question.
    void trustSigner(bool ask = true);
    // The question trustSigner() asks, fingerprint first.
    QString trustQuestion() const;

    // The signature's check, blocking (the row runs it on a worker thread): public
    // key files are the trusted ones first, then *.pub.pem next to the signature.
    // The files are not hashed: a signature over this MANIFEST is NotVerified
    // until withFiles() is given the verification's report.
    static SignatureStatus check(const carton::Carton &carton, const QString &signaturePath,
                                 const QStringList &trustedKeys);
    // A plain model's OMS signature, blocking: the bundle carton::findModelSignature
    // finds, the key as check() picks it (trusted keys, then *.pub.pem next to the
    // bundle or the model), then carton::verifyModelSignature, which hashes the files.
    static SignatureStatus checkModel(const QString &modelPath, const QStringList &trustedKeys,
                                      carton::Progress *progress = nullptr);
    // `status` (from check()) judged with the verification of the files
    // (carton::signing::signatureVerdict).
    static SignatureStatus withFiles(const SignatureStatus &status, carton::FilesVerification files,
                                     const carton::VerifyReport &report);
    // The public key files the user trusts ("preferences/trustedKeys").
    static QStringList trustedKeys(const QSettings &settings);
    static void setTrustedKeys(QSettings &settings, const QStringList &files);

signals:
    void statusChanged();

protected:
    // Keeps the row at least as tall as its wrapped verdict needs at its width: the
    // Overview's form (in a scroll area) gave it less and clipped the last lines
    // of the verdict (two of them in German at 1366x768).
    void resizeEvent(QResizeEvent *event) override;

private:
    void setUp();
    // The minimum height the wrapped verdict needs at the row's width (resizeEvent).
    void fitHeight();
    void showStatus(const SignatureStatus &status);
    // What the row says of a plain model's signature.
    QString modelText(const SignatureStatus &status) const;
    // m_checked with the current verification, shown.
    void updateVerdict();

    std::shared_ptr<const carton::Carton> m_carton;
    QString m_modelPath; // a plain model folder or file: its OMS signature is checked
    QSettings *m_settings = nullptr;
    LatestJob *m_jobs = nullptr;
    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QToolButton *m_recheck = nullptr;
    QToolButton *m_trust = nullptr;
    SignatureStatus m_checked; // the signature's own check (Checking / None / ... / NotVerified)
    carton::FilesVerification m_files = carton::FilesVerification::NotRun;
    carton::VerifyReport m_report;
    SignatureStatus m_status; // m_checked with m_files and m_report: what the row shows
    QString m_shown;          // the text of m_status, to say statusChanged only on a change
};

} // namespace studio
