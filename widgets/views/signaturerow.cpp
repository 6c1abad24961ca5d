// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "signaturerow.h"

#include "jobs/latestjob.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "sign/cartonsignature.h"
#include "viewutils.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QSettings>
#include <QStyle>
#include <QToolButton>

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

} // namespace

SignatureRow::SignatureRow(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_settings(settings), m_jobs(new LatestJob(this)),
      m_icon(new QLabel(this)), m_text(new QLabel(this)), m_recheck(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_icon->setObjectName(QStringLiteral("signatureIcon"));
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setFixedSize(size, size);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    m_text->setObjectName(QStringLiteral("signatureLabel"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(m_text, 1);
    m_recheck->setObjectName(QStringLiteral("recheckSignatureButton"));
    m_recheck->setIcon(QIcon(QStringLiteral(":/icons/verify.svg")));
    m_recheck->setToolTip(tr("Check the signature again (after adding a key in Preferences)"));
    m_recheck->setAutoRaise(true);
    connect(m_recheck, &QToolButton::clicked, this, &SignatureRow::refresh);
    layout->addWidget(m_recheck, 0, Qt::AlignTop);
    refresh();
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

void SignatureRow::refresh()
{
    SignatureStatus checking;
    checking.signaturePath = carton::signing::defaultSignaturePath(m_carton->path());
    if (!QFileInfo::exists(checking.signaturePath)) {
        checking.kind = SignatureStatus::Kind::None;
        m_jobs->cancel(QStringLiteral("signature"));
        show(checking);
        return;
    }
    checking.kind = SignatureStatus::Kind::Checking;
    show(checking);
    const QStringList trusted = m_settings ? trustedKeys(*m_settings) : QStringList();
    m_jobs->start(
        QStringLiteral("signature"),
        [carton = m_carton, path = checking.signaturePath, trusted](carton::Progress &) {
            return check(*carton, path, trusted);
        },
        [this](SignatureStatus status) { show(status); });
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
    QStringList keyFiles = trustedKeys;
    const QFileInfo sigInfo(signaturePath);
    const QFileInfoList nextTo = sigInfo.dir().entryInfoList({QStringLiteral("*.pub.pem")}, QDir::Files, QDir::Name);
    for (const QFileInfo &file : nextTo.mid(0, kMaxKeysNextToSignature)) {
        if (!keyFiles.contains(file.absoluteFilePath()))
            keyFiles.append(file.absoluteFilePath());
    }
    QString keyFile;
    auto key = carton::signing::findKey(*bundle, keyFiles, &keyFile);
    if (!key) {
        status.kind = SignatureStatus::Kind::NoKey;
        status.fingerprint = bundle->keyHint;
        status.detail = key.error().message;
        return status;
    }
    status.keyFile = keyFile;
    status.trusted = trustedKeys.contains(keyFile);
    status.curve = key->curveName();
    carton::SignatureOptions options;
    options.checkFiles = false; // the carton's own verification hashes the files
    const carton::SignatureCheck result = carton::signing::checkSignature(carton, *bundle, *key, options);
    status.fingerprint = result.fingerprint;
    status.signedFiles = result.signedFiles;
    status.kind = result.valid() ? SignatureStatus::Kind::Valid : SignatureStatus::Kind::Invalid;
    status.detail = result.message;
    return status;
}

void SignatureRow::show(const SignatureStatus &status)
{
    m_status = status;
    using Kind = SignatureStatus::Kind;
    const QString fileName = QFileInfo(status.signaturePath).fileName();
    QString text;
    carton::FileState icon = carton::FileState::Unverified;
    switch (status.kind) {
    case Kind::Checking:
        text = tr("Checking %1…").arg(fileName);
        break;
    case Kind::None:
        text = tr("Not signed (no %1 next to the carton)").arg(fileName);
        break;
    case Kind::NoKey:
        icon = carton::FileState::Missing;
        text = status.fingerprint.isEmpty()
                   ? tr("Signed with a key that is not known here: add its public key under Edit ▸ Preferences, or "
                        "put KEY.pub.pem next to %1.")
                         .arg(fileName)
                   : tr("Signed with a key that is not known here (its hint, the sha256 of its PEM file: %1): add "
                        "its public key under Edit ▸ Preferences, or put KEY.pub.pem next to %2.")
                         .arg(shortFingerprint(status.fingerprint), fileName);
        break;
    case Kind::Unreadable:
        icon = carton::FileState::Failed;
        text = tr("Invalid: the signature cannot be read. %1").arg(shortHashes(status.detail));
        break;
    case Kind::Valid: {
        icon = carton::FileState::Ok;
        const QString files = status.signedFiles == 1 ? tr("1 file") : tr("%1 files").arg(status.signedFiles);
        text = status.trusted ? tr("Valid: this MANIFEST (%1) was signed by your trusted %2 key %3.")
                                    .arg(files, status.curve, shortFingerprint(status.fingerprint))
                              : tr("Valid: this MANIFEST (%1) was signed by %2 key %3, whose public key lies next to "
                                   "the carton; it is not one of your trusted keys.")
                                    .arg(files, status.curve, shortFingerprint(status.fingerprint));
        break;
    }
    case Kind::Invalid:
        icon = carton::FileState::Mismatch;
        text = tr("Invalid (key %1): %2").arg(shortFingerprint(status.fingerprint), shortHashes(status.detail));
        break;
    }
    m_text->setText(text);
    QString tip = status.signaturePath;
    if (!status.detail.isEmpty() && status.kind != Kind::NoKey)
        tip += u'\n' + status.detail;
    if (!status.keyFile.isEmpty())
        tip += u'\n' + tr("Key: %1").arg(status.keyFile);
    if (!status.fingerprint.isEmpty())
        tip += u'\n' + (status.kind == Kind::NoKey ? tr("Key hint (sha256 of the signer's PEM public key): %1")
                                                   : tr("Fingerprint (sha256 of the DER public key): %1"))
                           .arg(QString::fromLatin1(status.fingerprint));
    m_text->setToolTip(QDir::toNativeSeparators(tip));
    const int size = m_icon->width();
    m_icon->setPixmap(status.kind == Kind::None ? QPixmap() : fileStateIcon(icon).pixmap(size, size));
    m_recheck->setEnabled(status.kind != Kind::Checking);
    emit statusChanged();
}

} // namespace studio
