// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Keys and cartons for the signing tests, made in code (no fixture files).
#include "package/carton.h"
#include "packagetestutil.h"
#include "sign/cartonsignature.h"
#include "sign/eckey.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QtGlobal>
#include <openssl/evp.h>
#include <openssl/pem.h>

namespace signtest {

struct PemPair {
    QByteArray privatePem;
    QByteArray publicPem;
};

inline QByteArray bioText(BIO *bio)
{
    char *data = nullptr;
    const long length = BIO_get_mem_data(bio, &data);
    QByteArray out(data, qsizetype(length));
    BIO_free(bio);
    return out;
}

// A new key pair: "EC" with a curve ("P-256", "P-384"), or "RSA" (2048 bits).
// With a passphrase the private key is written encrypted (AES-256-CBC).
inline PemPair makeKey(const char *type = "EC", const char *curve = "P-256", const char *passphrase = nullptr)
{
    EVP_PKEY *key = qstrcmp(type, "RSA") == 0 ? EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048))
                                              : EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve);
    PemPair pair;
    if (!key)
        return pair;
    BIO *priv = BIO_new(BIO_s_mem());
    if (passphrase)
        PEM_write_bio_PrivateKey(priv, key, EVP_aes_256_cbc(), reinterpret_cast<const unsigned char *>(passphrase),
                                 int(qstrlen(passphrase)), nullptr, nullptr);
    else
        PEM_write_bio_PrivateKey(priv, key, nullptr, nullptr, 0, nullptr, nullptr);
    pair.privatePem = bioText(priv);
    BIO *pub = BIO_new(BIO_s_mem());
    PEM_write_bio_PUBKEY(pub, key);
    pair.publicPem = bioText(pub);
    EVP_PKEY_free(key);
    return pair;
}

// The files of a small carton (MANIFEST is added by writeCarton).
inline QMap<QString, QByteArray> cartonFiles()
{
    return {{QStringLiteral("carton.toml"), testutil::minimalToml()},
            {QStringLiteral("model/weights.bin"), testutil::mixedData(300'000, 7)},
            {QStringLiteral("model/README.md"), QByteArrayLiteral("# weights\n")},
            {QStringLiteral("misc/\u00fcber.txt"), QByteArrayLiteral("non-ASCII path\n")}};
}

// Keys of a PemPair (the test stops when they do not load).
inline carton::EcKey privateKey(const PemPair &pair)
{
    auto key = carton::EcKey::fromPrivatePem(pair.privatePem, QStringLiteral("key.pem"));
    if (!key)
        qFatal("test key: %s", qPrintable(key.error().toString()));
    return std::move(*key);
}

inline carton::EcKey publicKey(const PemPair &pair)
{
    auto key = carton::EcKey::fromPublicPem(pair.publicPem, QStringLiteral("pub.pem"));
    if (!key)
        qFatal("test key: %s", qPrintable(key.error().toString()));
    return std::move(*key);
}

// The bundle signing the carton at `cartonPath` with `pair` makes (the test stops when it fails).
inline QByteArray signedBundle(const QString &cartonPath, const PemPair &pair)
{
    auto carton = carton::Carton::open(cartonPath);
    if (!carton)
        qFatal("%s", qPrintable(carton.error().toString()));
    auto bundle = carton::signing::signCarton(**carton, privateKey(pair));
    if (!bundle)
        qFatal("%s", qPrintable(bundle.error().toString()));
    return *bundle;
}

inline QJsonObject jsonObject(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

inline QByteArray jsonBytes(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// Sets the member at a dotted path ("dsseEnvelope.payloadType"); an undefined
// value removes it.
inline void setPath(QJsonObject &object, QStringList path, const QJsonValue &value)
{
    const QString key = path.takeFirst();
    if (path.isEmpty()) {
        if (value.isUndefined())
            object.remove(key);
        else
            object.insert(key, value);
        return;
    }
    QJsonObject child = object.value(key).toObject();
    setPath(child, path, value);
    object.insert(key, child);
}

} // namespace signtest
