// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "certificatechain.h"

#include "base/limits.h"
#include "base/sha256.h"

#include <QFile>
#include <memory>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

namespace carton {

namespace {

constexpr qint64 kMaxAnchorFileSize = 4 * 1024 * 1024; // a CA bundle (the system's is ~200 KiB)

struct X509Deleter {
    void operator()(X509 *c) const { X509_free(c); }
};
using X509Ptr = std::unique_ptr<X509, X509Deleter>;
struct StoreDeleter {
    void operator()(X509_STORE *s) const { X509_STORE_free(s); }
};
struct StoreCtxDeleter {
    void operator()(X509_STORE_CTX *s) const { X509_STORE_CTX_free(s); }
};
struct StackDeleter {
    void operator()(STACK_OF(X509) * s) const { sk_X509_pop_free(s, X509_free); }
};
struct BioDeleter {
    void operator()(BIO *b) const { BIO_free(b); }
};

QString nameText(const X509_NAME *name)
{
    std::unique_ptr<BIO, BioDeleter> bio(BIO_new(BIO_s_mem()));
    if (!bio || X509_NAME_print_ex(bio.get(), name, 0, XN_FLAG_RFC2253) < 0)
        return QStringLiteral("(unreadable name)");
    char *data = nullptr;
    const long length = BIO_get_mem_data(bio.get(), &data);
    return QString::fromUtf8(data, qsizetype(length));
}

QString timeText(const ASN1_TIME *time)
{
    std::unique_ptr<BIO, BioDeleter> bio(BIO_new(BIO_s_mem()));
    if (!bio || ASN1_TIME_print(bio.get(), time) != 1)
        return {};
    char *data = nullptr;
    const long length = BIO_get_mem_data(bio.get(), &data);
    return QString::fromLatin1(data, qsizetype(length));
}

X509Ptr fromDer(const QByteArray &der)
{
    const auto *p = reinterpret_cast<const unsigned char *>(der.constData());
    X509Ptr cert(d2i_X509(nullptr, &p, long(der.size())));
    // Bytes after the certificate: not one DER certificate.
    if (cert && p != reinterpret_cast<const unsigned char *>(der.constData()) + der.size())
        cert.reset();
    return cert;
}

// Adds every certificate of a PEM file to `store`; how many.
Result<int> addAnchors(X509_STORE *store, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open the CA certificates: %1").arg(file.errorString()),
                         path);
    if (Status size = checkFileSize(file.size(), kMaxAnchorFileSize, path); !size)
        return size.error();
    const QByteArray pem = file.read(kMaxAnchorFileSize + 1);
    if (Status size = checkFileSize(pem.size(), kMaxAnchorFileSize, path); !size)
        return size.error();
    std::unique_ptr<BIO, BioDeleter> bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    int count = 0;
    while (X509 *raw = bio ? PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr) : nullptr) {
        X509Ptr cert(raw);
        if (X509_STORE_add_cert(store, cert.get()) == 1)
            ++count;
    }
    ERR_clear_error(); // the end of the file queues "no start line"
    if (count == 0)
        return makeError(ErrorCode::Format,
                         QStringLiteral("no PEM certificate in it (expected \"-----BEGIN CERTIFICATE-----\")"), path);
    return count;
}

} // namespace

Result<CertificateSigner> verifyCertificateChain(const QList<QByteArray> &chain, const QStringList &anchorFiles,
                                                 const QString &bundleFile)
{
    const QString field = QStringLiteral("verificationMaterial.x509CertificateChain.certificates");
    if (chain.isEmpty())
        return makeError(ErrorCode::Format,
                         QStringLiteral("the bundle holds no certificate (it was signed with a key: verify it with "
                                        "--key)"),
                         bundleFile);
    if (anchorFiles.isEmpty())
        return makeError(ErrorCode::Usage, QStringLiteral("no CA certificate given to validate the chain with"));
    ERR_clear_error();
    std::unique_ptr<X509_STORE, StoreDeleter> store(X509_STORE_new());
    if (!store)
        return makeError(ErrorCode::Io, QStringLiteral("OpenSSL could not make a certificate store"));
    for (const QString &path : anchorFiles) {
        Result<int> added = addAnchors(store.get(), path);
        if (!added)
            return added.error();
    }
    X509Ptr leaf = fromDer(chain.constFirst());
    if (!leaf) {
        ERR_clear_error();
        return makeError(ErrorCode::Format, field + QStringLiteral("[0]: not a DER X.509 certificate"), bundleFile);
    }
    std::unique_ptr<STACK_OF(X509), StackDeleter> untrusted(sk_X509_new_null());
    for (qsizetype i = 1; i < chain.size(); ++i) {
        X509Ptr cert = fromDer(chain.at(i));
        if (!cert) {
            ERR_clear_error();
            return makeError(ErrorCode::Format, field + QStringLiteral("[%1]: not a DER X.509 certificate").arg(i),
                             bundleFile);
        }
        if (sk_X509_push(untrusted.get(), cert.get()) > 0)
            cert.release();
    }
    std::unique_ptr<X509_STORE_CTX, StoreCtxDeleter> ctx(X509_STORE_CTX_new());
    if (!ctx || X509_STORE_CTX_init(ctx.get(), store.get(), leaf.get(), untrusted.get()) != 1)
        return makeError(ErrorCode::Io, QStringLiteral("OpenSSL could not start the chain validation"));
    if (X509_verify_cert(ctx.get()) != 1) {
        const int error = X509_STORE_CTX_get_error(ctx.get());
        const int depth = X509_STORE_CTX_get_error_depth(ctx.get());
        X509 *failed = X509_STORE_CTX_get_current_cert(ctx.get());
        ERR_clear_error();
        return makeError(ErrorCode::Integrity,
                         QStringLiteral("the certificate chain does not validate against the given CA "
                                        "certificates: %1 (certificate %2 of the chain, %3)")
                             .arg(QString::fromLatin1(X509_verify_cert_error_string(error)))
                             .arg(depth)
                             .arg(failed ? nameText(X509_get_subject_name(failed)) : QStringLiteral("unknown")),
                         bundleFile);
    }
    const uint32_t flags = X509_get_extension_flags(leaf.get());
    const bool signs = (flags & EXFLAG_KUSAGE) && (X509_get_key_usage(leaf.get()) & KU_DIGITAL_SIGNATURE);
    const bool codeSigning = (flags & EXFLAG_XKUSAGE) && (X509_get_extended_key_usage(leaf.get()) & XKU_CODE_SIGN);
    if (!signs && !codeSigning)
        return makeError(ErrorCode::Integrity,
                         QStringLiteral("the signing certificate (%1) may not sign: neither its key usage allows "
                                        "digital signatures nor its extended key usage code signing")
                             .arg(nameText(X509_get_subject_name(leaf.get()))),
                         bundleFile);
    unsigned char *der = nullptr;
    const int length = i2d_PUBKEY(X509_get0_pubkey(leaf.get()), &der);
    if (length <= 0)
        return makeError(ErrorCode::Format, field + QStringLiteral("[0]: no readable public key"), bundleFile);
    const QByteArray keyDer(reinterpret_cast<const char *>(der), length);
    OPENSSL_free(der);
    Result<EcKey> key = EcKey::fromPublicDer(keyDer, bundleFile);
    if (!key)
        return makeError(key.error().code, QStringLiteral("the signing certificate's key: ") + key.error().message,
                         bundleFile);
    return CertificateSigner{std::move(*key), nameText(X509_get_subject_name(leaf.get())),
                             nameText(X509_get_issuer_name(leaf.get())), timeText(X509_get0_notAfter(leaf.get())),
                             Sha256::hashHex(chain.constFirst())};
}

} // namespace carton
