// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "eckey.h"

#include "base/limits.h"
#include "base/sha256.h"

#include <QFile>
#include <algorithm>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

namespace carton {

namespace {

constexpr qint64 kMaxKeyFileSize = 64 * 1024; // a PEM key is a few hundred bytes

struct BioDeleter {
    void operator()(BIO *bio) const { BIO_free(bio); }
};
using BioPtr = std::unique_ptr<BIO, BioDeleter>;
struct MdCtxDeleter {
    void operator()(EVP_MD_CTX *ctx) const { EVP_MD_CTX_free(ctx); }
};
using MdCtxPtr = std::unique_ptr<EVP_MD_CTX, MdCtxDeleter>;

// The first queued OpenSSL error as text (the queue is cleared).
QString opensslError()
{
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    if (code == 0)
        return QStringLiteral("no detail from OpenSSL");
    char text[256];
    ERR_error_string_n(code, text, sizeof text);
    return QString::fromLatin1(text);
}

// Never prompts on a terminal for the passphrase of an encrypted key.
int noPassphrase(char *, int, int, void *)
{
    return -1;
}

BioPtr memoryBio(QByteArrayView bytes)
{
    return BioPtr(BIO_new_mem_buf(bytes.data(), int(bytes.size())));
}

const EVP_MD *digestForCurve(const QString &curve)
{
    if (curve == u"P-384")
        return EVP_sha384();
    if (curve == u"P-521")
        return EVP_sha512();
    return EVP_sha256();
}

Result<QByteArray> readKeyFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open the key file: %1").arg(file.errorString()), path);
    if (Status size = checkFileSize(file.size(), kMaxKeyFileSize, path); !size)
        return size.error();
    const QByteArray bytes = file.read(kMaxKeyFileSize + 1);
    if (Status size = checkFileSize(bytes.size(), kMaxKeyFileSize, path); !size)
        return size.error();
    return bytes;
}

} // namespace

void EcKey::Deleter::operator()(evp_pkey_st *key) const
{
    EVP_PKEY_free(key);
}

EcKey::EcKey(EcKey &&) noexcept = default;
EcKey &EcKey::operator=(EcKey &&) noexcept = default;
EcKey::~EcKey() = default;

Result<EcKey> EcKey::adopt(evp_pkey_st *raw, bool isPrivate, const QString &fileName)
{
    EcKey key;
    key.m_key.reset(raw);
    key.m_private = isPrivate;
    if (EVP_PKEY_get_base_id(raw) != EVP_PKEY_EC)
        return makeError(ErrorCode::Unsupported,
                         QStringLiteral("the key is not an elliptic-curve key (expected ECDSA P-256, P-384 or P-521)"),
                         fileName);
    char group[64] = {};
    size_t length = 0;
    if (EVP_PKEY_get_utf8_string_param(raw, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, &length) != 1)
        return makeError(ErrorCode::Format, QStringLiteral("the key names no curve: ") + opensslError(), fileName);
    const QByteArrayView name(group, qsizetype(length));
    if (name == "prime256v1" || name == "P-256")
        key.m_curve = QStringLiteral("P-256");
    else if (name == "secp384r1" || name == "P-384")
        key.m_curve = QStringLiteral("P-384");
    else if (name == "secp521r1" || name == "P-521")
        key.m_curve = QStringLiteral("P-521");
    else
        return makeError(
            ErrorCode::Unsupported,
            QStringLiteral("the key's curve is %1 (expected P-256, P-384 or P-521)").arg(QString::fromLatin1(name)),
            fileName);
    return key;
}

Result<EcKey> EcKey::fromPrivatePem(QByteArrayView pem, const QString &fileName)
{
    if (Status size = checkFileSize(pem.size(), kMaxKeyFileSize, fileName); !size)
        return size.error();
    ERR_clear_error();
    BioPtr bio = memoryBio(pem);
    EVP_PKEY *raw = bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, noPassphrase, nullptr) : nullptr;
    if (!raw)
        return makeError(ErrorCode::Format,
                         QStringLiteral("not an unencrypted PEM private key (expected \"-----BEGIN PRIVATE KEY-----\" "
                                        "or \"-----BEGIN EC PRIVATE KEY-----\"): ") +
                             opensslError(),
                         fileName);
    return adopt(raw, true, fileName);
}

Result<EcKey> EcKey::fromPublicPem(QByteArrayView pem, const QString &fileName)
{
    if (Status size = checkFileSize(pem.size(), kMaxKeyFileSize, fileName); !size)
        return size.error();
    ERR_clear_error();
    BioPtr bio = memoryBio(pem);
    EVP_PKEY *raw = bio ? PEM_read_bio_PUBKEY(bio.get(), nullptr, noPassphrase, nullptr) : nullptr;
    if (raw)
        return adopt(raw, false, fileName);
    ERR_clear_error();
    // A private key file also holds the public key.
    Result<EcKey> privateKey = fromPrivatePem(pem, fileName);
    if (!privateKey)
        return makeError(ErrorCode::Format,
                         QStringLiteral("not a PEM public key (expected \"-----BEGIN PUBLIC KEY-----\")"), fileName);
    privateKey->m_private = false;
    return privateKey;
}

Result<EcKey> EcKey::fromPublicDer(QByteArrayView der, const QString &fileName)
{
    if (Status size = checkFileSize(der.size(), kMaxKeyFileSize, fileName); !size)
        return size.error();
    ERR_clear_error();
    const auto *p = reinterpret_cast<const unsigned char *>(der.data());
    EVP_PKEY *raw = d2i_PUBKEY(nullptr, &p, long(der.size()));
    if (!raw) {
        ERR_clear_error();
        return makeError(ErrorCode::Format, QStringLiteral("not a DER public key (SubjectPublicKeyInfo)"), fileName);
    }
    return adopt(raw, false, fileName);
}

Result<EcKey> EcKey::readPrivate(const QString &path)
{
    Result<QByteArray> bytes = readKeyFile(path);
    if (!bytes)
        return bytes.error();
    return fromPrivatePem(*bytes, path);
}

Result<EcKey> EcKey::readPublic(const QString &path)
{
    Result<QByteArray> bytes = readKeyFile(path);
    if (!bytes)
        return bytes.error();
    return fromPublicPem(*bytes, path);
}

QByteArray EcKey::publicKeyDer() const
{
    unsigned char *der = nullptr;
    const int length = i2d_PUBKEY(m_key.get(), &der);
    if (length <= 0)
        return {};
    QByteArray out(reinterpret_cast<const char *>(der), length);
    OPENSSL_free(der);
    return out;
}

QByteArray EcKey::publicKeyPem() const
{
    BioPtr bio(BIO_new(BIO_s_mem()));
    if (!bio || PEM_write_bio_PUBKEY(bio.get(), m_key.get()) != 1)
        return {};
    char *data = nullptr;
    const long length = BIO_get_mem_data(bio.get(), &data);
    return QByteArray(data, qsizetype(length));
}

QByteArray EcKey::fingerprint() const
{
    return Sha256::hashHex(publicKeyDer());
}

QString EcKey::fingerprintText() const
{
    return fingerprintText(fingerprint());
}

QString EcKey::fingerprintText(QByteArrayView sha256Hex)
{
    constexpr qsizetype kDigits = 64;
    constexpr qsizetype kGroup = 4;
    const QString text = QString::fromLatin1(sha256Hex);
    const bool isHex = std::all_of(text.cbegin(), text.cend(), [](QChar c) {
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
    });
    if (text.size() != kDigits || !isHex)
        return text;
    QString out;
    out.reserve(kDigits + kDigits / kGroup - 1);
    for (qsizetype i = 0; i < kDigits; i += kGroup) {
        if (i)
            out += u' ';
        out += QStringView(text).mid(i, kGroup).toString().toLower();
    }
    return out;
}

QByteArray EcKey::bundleHint() const
{
    return Sha256::hashHex(publicKeyPem());
}

Result<QByteArray> EcKey::sign(QByteArrayView data) const
{
    if (!m_private)
        return makeError(ErrorCode::Usage, QStringLiteral("signing needs a private key, this is a public key"));
    ERR_clear_error();
    MdCtxPtr ctx(EVP_MD_CTX_new());
    size_t length = 0;
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, digestForCurve(m_curve), nullptr, m_key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), nullptr, &length, reinterpret_cast<const unsigned char *>(data.data()),
                       size_t(data.size())) != 1)
        return makeError(ErrorCode::Format, QStringLiteral("ECDSA signing failed: ") + opensslError());
    QByteArray signature(qsizetype(length), Qt::Uninitialized);
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char *>(signature.data()), &length,
                       reinterpret_cast<const unsigned char *>(data.data()), size_t(data.size())) != 1)
        return makeError(ErrorCode::Format, QStringLiteral("ECDSA signing failed: ") + opensslError());
    signature.truncate(qsizetype(length));
    return signature;
}

Status EcKey::verify(QByteArrayView data, QByteArrayView derSignature, Digest digest) const
{
    ERR_clear_error();
    MdCtxPtr ctx(EVP_MD_CTX_new());
    const EVP_MD *md = digest == Digest::Sha256 ? EVP_sha256() : digestForCurve(m_curve);
    if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, md, nullptr, m_key.get()) != 1)
        return makeError(ErrorCode::Format, QStringLiteral("ECDSA verification could not start: ") + opensslError());
    const int result = EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char *>(derSignature.data()),
                                        size_t(derSignature.size()),
                                        reinterpret_cast<const unsigned char *>(data.data()), size_t(data.size()));
    ERR_clear_error(); // a malformed DER signature queues a decoding error: it is simply not valid
    if (result != 1)
        return makeError(ErrorCode::Integrity,
                         QStringLiteral("the signature does not match this %1 key (fingerprint %2)")
                             .arg(m_curve, fingerprintText()));
    return {};
}

} // namespace carton
