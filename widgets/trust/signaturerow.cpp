// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "signaturerow.h"

#include "common/viewutils.h"
#include "jobs/latestjob.h"
#include "model/classifypath.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "sign/cartonsignature.h"
#include "sign/eckey.h"

#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QToolButton>
#include <optional>

namespace studio {

namespace {

const QString kTrustedKeys = QStringLiteral("preferences/trustedKeys");
constexpr int kMaxKeysNextToSignature = 16; // a folder full of .pem files is not read whole

QString shortFingerprint(const QByteArray &fingerprint)
{
    return fingerprint.size() > 16
               ? QString(QString::fromLatin1(fingerprint.left(8)) + u'…' + QString::fromLatin1(fingerprint.right(8)))
               : QString::fromLatin1(fingerprint);
}

// The detail with every sha256 shortened (the tooltip has it whole): 64-digit
// words cannot wrap in the narrow column.
QString shortHashes(QString text)
{
    static const QRegularExpression hash(QStringLiteral("[0-9a-f]{64}"));
    QRegularExpressionMatch m;
    qsizetype from = 0;
    while ((m = hash.match(text, from)).hasMatch()) {
        const QString shortened = shortFingerprint(m.captured().toLatin1());
        text.replace(m.capturedStart(), m.capturedLength(), shortened);
        from = m.capturedStart() + shortened.size();
    }
    return text;
}

// The trusted key files, then the *.pub.pem files in `folders` (a few of each).
QStringList keyFilesFor(const QStringList &trustedKeys, const QList<QDir> &folders)
{
    QStringList keyFiles = trustedKeys;
    for (const QDir &folder : folders) {
        const QFileInfoList nextTo = folder.entryInfoList({QStringLiteral("*.pub.pem")}, QDir::Files, QDir::Name);
        for (const QFileInfo &file : nextTo.mid(0, kMaxKeysNextToSignature)) {
            if (!keyFiles.contains(file.absoluteFilePath()))
                keyFiles.append(file.absoluteFilePath());
        }
    }
    return keyFiles;
}

// What an OMS check did not prove, by name ("transparency log; certificate
// revocation"): the part of each note before its colon (the tooltip has them whole).
QString notCheckedNames(const QStringList &notes)
{
    QStringList names;
    for (const QString &note : notes)
        names << note.section(u':', 0, 0);
    return names.join(QStringLiteral("; "));
}

// The signer's key among `keyFiles` for `bundle`, with what the status says of it
// (key file, trusted, curve); without one, `status` says NoKey and why.
std::optional<carton::EcKey> signerKey(const carton::SignatureBundle &bundle, const QStringList &keyFiles,
                                       const QStringList &trustedKeys, SignatureStatus &status)
{
    QString keyFile;
    auto key = carton::signing::findKey(bundle, keyFiles, &keyFile);
    if (!key) {
        status.kind = SignatureStatus::Kind::NoKey;
        status.fingerprint = bundle.keyHint;
        status.detail = key.error().message;
        return std::nullopt;
    }
    status.keyFile = keyFile;
    status.trusted = trustedKeys.contains(keyFile);
    status.curve = key->curveName();
    return std::move(*key);
}

} // namespace

SignatureRow::SignatureRow(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_settings(settings)
{
    if (m_carton && !m_carton->source().isRemote()) {
        const carton::Result<carton::OpenKind> kind = carton::classifyPath(m_carton->path());
        if (kind && *kind == carton::OpenKind::ModelFolder)
            m_modelPath = m_carton->path();
    }
    setUp();
    refresh();
}

SignatureRow::SignatureRow(const QString &modelPath, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_modelPath(modelPath), m_settings(settings)
{
    setUp();
    refresh();
}

void SignatureRow::setUp()
{
    m_jobs = new LatestJob(this);
    m_icon = new QLabel(this);
    m_text = new QLabel(this);
    m_recheck = new QToolButton(this);
    m_trust = new QToolButton(this);
    // The verdict takes the row's whole width; "Trust this key…" goes under it, so
    // that a long translation of the button does not squeeze the fingerprint into
    // a narrow column (German at 1366x768 wrapped it every 20 characters).
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_icon->setObjectName(QStringLiteral("signatureIcon"));
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setFixedSize(size, size);
    layout->addWidget(m_icon, 0, 0, Qt::AlignTop);
    m_text->setObjectName(QStringLiteral("signatureLabel"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(m_text, 0, 1);
    layout->setColumnStretch(1, 1);
    m_recheck->setObjectName(QStringLiteral("recheckSignatureButton"));
    // A neutral reload icon: the shield of "verify" would look like a verdict beside the row.
    m_recheck->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_recheck->setToolTip(tr("Check the signature again (after adding a key in Preferences)"));
    m_recheck->setAutoRaise(true);
    connect(m_recheck, &QToolButton::clicked, this, &SignatureRow::refresh);
    m_trust->setObjectName(QStringLiteral("trustKeyButton"));
    m_trust->setText(tr("Trust this key…"));
    m_trust->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_trust->hide();
    connect(m_trust, &QToolButton::clicked, this, [this] { trustSigner(); });
    layout->addWidget(m_trust, 1, 1, Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_recheck, 0, 2, Qt::AlignTop);
}

SignatureRow::~SignatureRow() = default;

QStringList SignatureRow::trustedKeys(const QSettings &settings)
{
    return settings.value(kTrustedKeys).toStringList();
}

void SignatureRow::setTrustedKeys(QSettings &settings, const QStringList &files)
{
    if (files.isEmpty())
        settings.remove(kTrustedKeys);
    else
        settings.setValue(kTrustedKeys, files);
}

QString SignatureRow::trustQuestion() const
{
    if (!m_status.modelPath.isEmpty())
        return tr("Fingerprint of the key that signed this model:\n\n%1\n\n%2 key, from %3.\n\nCompare it with the "
                  "fingerprint its owner gave you (on their web page, in person), not with anything that came with "
                  "the model. Trust this key for every model and carton it signs?")
            .arg(carton::EcKey::fingerprintText(m_status.fingerprint), m_status.curve,
                 QDir::toNativeSeparators(m_status.keyFile));
    return tr("Fingerprint of the key that signed this carton:\n\n%1\n\n%2 key, from %3.\n\nCompare it with the "
              "fingerprint its owner gave you (on their web page, in person), not with anything that came with the "
              "carton. Trust this key for every carton it signs?")
        .arg(carton::EcKey::fingerprintText(m_status.fingerprint), m_status.curve,
             QDir::toNativeSeparators(m_status.keyFile));
}

void SignatureRow::trustSigner(bool ask)
{
    if (!m_settings || m_status.kind != SignatureStatus::Kind::Valid || m_status.trusted)
        return;
    if (ask && QMessageBox::question(this, tr("Trust This Key?"), trustQuestion(),
                                     QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
        return;
    auto key = carton::EcKey::readPublic(m_status.keyFile);
    QString error;
    if (key && key->fingerprint() == m_status.fingerprint) {
        const QString folder =
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/trusted-keys");
        const QString copy = folder + u'/' + QString::fromLatin1(m_status.fingerprint) + QStringLiteral(".pub.pem");
        QSaveFile file(copy);
        if (QDir().mkpath(folder) && file.open(QIODevice::WriteOnly) && file.write(key->publicKeyPem()) >= 0 &&
            file.commit()) {
            QStringList trusted = trustedKeys(*m_settings);
            if (!trusted.contains(copy))
                trusted.append(copy);
            setTrustedKeys(*m_settings, trusted);
            refresh();
            return;
        }
        error = tr("cannot write %1: %2").arg(QDir::toNativeSeparators(copy), file.errorString());
    } else {
        error = key ? tr("the key file changed since the signature was checked") : key.error().toString();
    }
    QMessageBox::warning(this, tr("Trust This Key"), tr("The key was not trusted: %1").arg(error));
}

void SignatureRow::refresh()
{
    const QStringList trusted = m_settings ? trustedKeys(*m_settings) : QStringList();
    if (!m_modelPath.isEmpty()) {
        SignatureStatus checking;
        checking.kind = SignatureStatus::Kind::Checking;
        checking.modelPath = m_modelPath;
        m_checked = checking;
        updateVerdict();
        m_jobs->start(
            QStringLiteral("signature"),
            [path = m_modelPath, trusted](carton::Progress &progress) { return checkModel(path, trusted, &progress); },
            [this](SignatureStatus status) {
                m_checked = std::move(status);
                updateVerdict();
            });
        return;
    }
    SignatureStatus checking;
    checking.signaturePath = carton::signing::defaultSignaturePath(m_carton->path());
    if (!QFileInfo::exists(checking.signaturePath)) {
        checking.kind = SignatureStatus::Kind::None;
        m_jobs->cancel(QStringLiteral("signature"));
        m_checked = checking;
        updateVerdict();
        return;
    }
    checking.kind = SignatureStatus::Kind::Checking;
    m_checked = checking;
    updateVerdict();
    m_jobs->start(
        QStringLiteral("signature"),
        [carton = m_carton, path = checking.signaturePath, trusted](carton::Progress &) {
            return check(*carton, path, trusted);
        },
        [this](SignatureStatus status) {
            m_checked = std::move(status);
            updateVerdict();
        });
}

void SignatureRow::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitHeight();
}

void SignatureRow::fitHeight()
{
    if (const int needed = layout()->totalHeightForWidth(width()); width() > 0 && needed != minimumHeight())
        setMinimumHeight(needed);
}

void SignatureRow::setFileVerification(carton::FilesVerification state, const carton::VerifyReport &report)
{
    m_files = state;
    m_report = state == carton::FilesVerification::Finished ? report : carton::VerifyReport();
    updateVerdict();
}

void SignatureRow::updateVerdict()
{
    showStatus(withFiles(m_checked, m_files, m_report));
}

SignatureStatus SignatureRow::withFiles(const SignatureStatus &status, carton::FilesVerification files,
                                        const carton::VerifyReport &report)
{
    using Verdict = carton::SignatureVerdict;
    if (status.kind != SignatureStatus::Kind::NotVerified || status.check.verdict != Verdict::FilesNotVerified)
        return status;
    SignatureStatus out = status;
    out.check = carton::signing::signatureVerdict(status.check, files, report);
    out.detail = out.check.message;
    switch (out.check.verdict) {
    case Verdict::Valid:
        out.kind = SignatureStatus::Kind::Valid;
        break;
    case Verdict::FilesNotVerified:
        out.kind = files == carton::FilesVerification::Running ? SignatureStatus::Kind::Verifying
                                                               : SignatureStatus::Kind::NotVerified;
        break;
    default:
        out.kind = SignatureStatus::Kind::Invalid;
        break;
    }
    return out;
}

SignatureStatus SignatureRow::check(const carton::Carton &carton, const QString &signaturePath,
                                    const QStringList &trustedKeys)
{
    SignatureStatus status;
    status.signaturePath = signaturePath;
    auto bundle = carton::SignatureBundle::read(signaturePath, carton.source().limits());
    if (!bundle) {
        status.kind = SignatureStatus::Kind::Unreadable;
        status.detail = bundle.error().toString();
        return status;
    }
    auto key = signerKey(*bundle, keyFilesFor(trustedKeys, {QFileInfo(signaturePath).dir()}), trustedKeys, status);
    if (!key)
        return status;
    carton::SignatureOptions options;
    options.checkFiles = false; // the carton's own verification hashes the files (withFiles)
    status.check = carton::signing::checkSignature(carton, *bundle, *key, options);
    status.fingerprint = status.check.fingerprint;
    status.signedFiles = status.check.signedFiles;
    // A signature over this MANIFEST is not valid before the files are verified (withFiles).
    status.kind = status.check.verdict == carton::SignatureVerdict::FilesNotVerified
                      ? SignatureStatus::Kind::NotVerified
                      : SignatureStatus::Kind::Invalid;
    status.detail = status.check.message;
    return status;
}

SignatureStatus SignatureRow::checkModel(const QString &modelPath, const QStringList &trustedKeys,
                                         carton::Progress *progress)
{
    SignatureStatus status;
    status.modelPath = modelPath;
    status.signaturePath = carton::findModelSignature(modelPath);
    if (status.signaturePath.isEmpty()) {
        status.kind = SignatureStatus::Kind::None;
        return status;
    }
    auto bundle = carton::SignatureBundle::read(status.signaturePath);
    if (!bundle) {
        // A Sigstore keyless bundle is not wrong, it cannot be checked offline.
        const bool unsupported = bundle.error().code == carton::ErrorCode::Unsupported;
        status.kind = unsupported ? SignatureStatus::Kind::NoKey : SignatureStatus::Kind::Unreadable;
        status.model.verdict =
            unsupported ? carton::ModelSignatureVerdict::Unsupported : carton::ModelSignatureVerdict::Malformed;
        status.detail = bundle.error().toString();
        return status;
    }
    if (!bundle->certificates.isEmpty()) {
        status.kind = SignatureStatus::Kind::NoKey;
        status.model.verdict = carton::ModelSignatureVerdict::Unsupported;
        status.detail = tr("%1 was signed with a certificate; the window checks signatures made with a key. Check "
                           "it with: carton verify MODEL --signature %1 --cert-chain CA.pem")
                            .arg(QDir::toNativeSeparators(status.signaturePath));
        return status;
    }
    const QFileInfo model(modelPath);
    const QStringList keyFiles =
        keyFilesFor(trustedKeys, {QFileInfo(status.signaturePath).dir(), QDir(model.absolutePath())});
    auto key = signerKey(*bundle, keyFiles, trustedKeys, status);
    if (!key)
        return status;
    carton::ModelSigner signer;
    signer.key = std::move(*key);
    status.model = carton::verifyModelSignature(modelPath, status.signaturePath, signer, {}, progress);
    status.fingerprint = status.model.fingerprint;
    status.signedFiles = status.model.signedFiles;
    status.kind = status.model.valid() ? SignatureStatus::Kind::Valid : SignatureStatus::Kind::Invalid;
    status.detail = status.model.message;
    return status;
}

QString SignatureRow::modelText(const SignatureStatus &status) const
{
    using Kind = SignatureStatus::Kind;
    const QString fileName = QFileInfo(status.signaturePath).fileName();
    const QString fingerprint = carton::EcKey::fingerprintText(status.fingerprint);
    const QString files = status.model.checkedFiles == 1 ? tr("1 file") : tr("%1 files").arg(status.model.checkedFiles);
    const QString notChecked = tr("Not checked: %1.").arg(notCheckedNames(status.model.notChecked));
    switch (status.kind) {
    case Kind::Checking:
        return status.signaturePath.isEmpty() ? tr("Looking for a model signature…") : tr("Checking %1…").arg(fileName);
    case Kind::None:
        return tr("Not signed (no model.sig, %1.sig or %1.sigstore.json next to it)")
            .arg(QFileInfo(status.modelPath).fileName());
    case Kind::NoKey:
        if (status.model.verdict == carton::ModelSignatureVerdict::Unsupported)
            return tr("Signed, not checked: %1").arg(shortHashes(status.detail));
        return tr("Signed by an unknown key, not checked: no public key here fits %1. Add the signer's public key "
                  "under Edit ▸ Preferences, or put KEY.pub.pem next to it.")
            .arg(fileName);
    case Kind::Unreadable:
        return tr("Invalid: the signature cannot be read. %1").arg(shortHashes(status.detail));
    case Kind::Valid:
        return status.trusted
                   ? tr("Valid: this model (%1) matches the OpenSSF model signature %2 by your trusted %3 key "
                        "%4. %5")
                         .arg(files, fileName, status.curve, fingerprint, notChecked)
                   : tr("Signed by an unknown key: %1 key %2. The OpenSSF model signature %3 is valid and "
                        "this model (%4) matches it, but the key is not one of your trusted keys, so it "
                        "says nothing about who made this model. %5")
                         .arg(status.curve, fingerprint, fileName, files, notChecked);
    case Kind::Invalid:
        return tr("Invalid (%1): %2 %3")
            .arg(carton::modelVerdictName(status.model.verdict), shortHashes(status.detail), notChecked);
    case Kind::Verifying:
    case Kind::NotVerified:
        break; // a carton's states: the model's own check hashes the files
    }
    return {};
}

void SignatureRow::showStatus(const SignatureStatus &status)
{
    using Kind = SignatureStatus::Kind;
    const QString fileName = QFileInfo(status.signaturePath).fileName();
    const QString fingerprint = carton::EcKey::fingerprintText(status.fingerprint);
    const QString files = status.signedFiles == 1 ? tr("1 file") : tr("%1 files").arg(status.signedFiles);
    const QString signer = status.trusted ? tr("your trusted %1 key %2").arg(status.curve, fingerprint)
                                          : tr("%1 key %2, whose public key lies next to the carton; it is not one of "
                                               "your trusted keys")
                                                .arg(status.curve, fingerprint);
    QString text;
    carton::FileState icon = carton::FileState::Unverified;
    switch (status.kind) {
    case Kind::Checking:
        text = tr("Checking %1…").arg(fileName);
        break;
    case Kind::None:
        text = m_carton && m_carton->source().isRemote()
                   ? tr("Not checked (a detached signature is looked for only next to a carton on this computer)")
                   : tr("Not signed (no %1 next to the carton)").arg(fileName);
        break;
    case Kind::NoKey:
        icon = carton::FileState::Missing;
        // No fingerprint here: the bundle's hint is not one (model_signing hashes the
        // PEM text), and a second number beside Preferences' would mislead.
        text = tr("Signed by an unknown key, not checked: no public key here fits %1. Add the signer's public key "
                  "under Edit ▸ Preferences, or put KEY.pub.pem next to it.")
                   .arg(fileName);
        break;
    case Kind::Unreadable:
        icon = carton::FileState::Failed;
        text = tr("Invalid: the signature cannot be read. %1").arg(shortHashes(status.detail));
        break;
    case Kind::Verifying:
        text = tr("Verifying the files… this MANIFEST (%1) was signed by %2; the signature is valid only if every "
                  "file matches it.")
                   .arg(files, signer);
        break;
    case Kind::NotVerified:
        icon = carton::FileState::Missing;
        text = tr("Not valid yet: this MANIFEST (%1) was signed by %2, but the files have not all been verified "
                  "against it (%3). Press F5 to verify.")
                   .arg(files, signer, shortHashes(status.detail));
        break;
    case Kind::Valid:
        icon = carton::FileState::Ok;
        text = status.trusted
                   ? tr("Valid: this MANIFEST (%1) was signed by %2, and every file matches it.").arg(files, signer)
                   : tr("Signed by an unknown key: %1 key %2. The signature over this MANIFEST (%3) is valid and "
                        "every file matches it, but the key is not one of your trusted keys, so it says nothing "
                        "about who made this carton.")
                         .arg(status.curve, fingerprint, files);
        break;
    case Kind::Invalid:
        icon = carton::FileState::Mismatch;
        if (status.check.verdict == carton::SignatureVerdict::FilesMismatch) {
            const QStringList &failed = status.check.failedFiles;
            constexpr qsizetype kNamed = 3;
            QString names = failed.mid(0, kNamed).join(QStringLiteral(", "));
            if (failed.size() > kNamed)
                names = tr("%1 and %2 more").arg(names).arg(failed.size() - kNamed);
            text = tr("Invalid: this MANIFEST was signed by %1 key %2, but files do not match it: %3.")
                       .arg(status.curve, fingerprint, names);
        } else {
            text = tr("Invalid (key %1): %2").arg(fingerprint, shortHashes(status.detail));
        }
        break;
    }
    if (!status.modelPath.isEmpty())
        text = modelText(status); // the icon is the carton's for the same kind
    QString tip = status.signaturePath;
    if (!status.detail.isEmpty() && status.kind != Kind::NoKey)
        tip += u'\n' + status.detail;
    if (!status.keyFile.isEmpty())
        tip += u'\n' + tr("Key: %1").arg(status.keyFile);
    if (!status.fingerprint.isEmpty())
        tip += u'\n' + (status.kind == Kind::NoKey
                            ? tr("The bundle's key hint (model_signing's sha256 of the PEM text; not the key's "
                                 "fingerprint): %1")
                            : tr("Fingerprint (sha256 of the DER public key): %1"))
                           .arg(fingerprint);
    for (const QString &note : status.model.notChecked)
        tip += u'\n' + tr("Not checked: %1").arg(note);
    const bool changed = status.kind != m_status.kind || text != m_shown;
    m_status = status;
    m_shown = text;
    m_text->setText(text);
    m_text->setToolTip(QDir::toNativeSeparators(tip));
    const int size = m_icon->width();
    const bool untrusted = status.kind == Kind::NoKey || (status.kind == Kind::Valid && !status.trusted);
    m_icon->setPixmap(status.kind == Kind::None ? QPixmap()
                      : untrusted ? QIcon(QStringLiteral(":/icons/signature-untrusted.svg")).pixmap(size, size)
                                  : fileStateIcon(icon).pixmap(size, size));
    m_trust->setVisible(status.kind == Kind::Valid && !status.trusted && m_settings);
    fitHeight();
    m_recheck->setEnabled(status.kind != Kind::Checking);
    if (changed)
        emit statusChanged();
}

} // namespace studio
