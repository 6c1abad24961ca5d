// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "signaturebundle.h"

#include "base/sha256.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace carton {

namespace {

constexpr qsizetype kMaxSignatureBytes = 1024; // a DER ECDSA P-521 signature is at most 139 bytes

Error fieldError(const QString &fileName, const QString &field, const QString &expected,
                 ErrorCode code = ErrorCode::Format)
{
    return makeError(code, QStringLiteral("%1: %2").arg(field, expected), fileName);
}

Result<QJsonValue> member(const QJsonObject &object, const QString &key, const QString &field, QJsonValue::Type type,
                          const QString &fileName)
{
    const auto it = object.constFind(key);
    static const auto typeName = [](QJsonValue::Type t) {
        switch (t) {
        case QJsonValue::Object:
            return QStringLiteral("an object");
        case QJsonValue::Array:
            return QStringLiteral("an array");
        default:
            return QStringLiteral("a string");
        }
    };
    if (it == object.constEnd())
        return fieldError(fileName, field, QStringLiteral("missing (expected %1)").arg(typeName(type)));
    if (it->type() != type)
        return fieldError(fileName, field, QStringLiteral("expected %1").arg(typeName(type)));
    return QJsonValue(*it);
}

Result<QByteArray> base64Field(const QJsonObject &object, const QString &key, const QString &field,
                               const QString &fileName)
{
    Result<QJsonValue> value = member(object, key, field, QJsonValue::String, fileName);
    if (!value)
        return value.error();
    const QString text = value->toString();
    const QByteArray latin = text.toLatin1();
    auto decoded =
        QByteArray::fromBase64Encoding(latin, QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
    if (decoded.decodingStatus != QByteArray::Base64DecodingStatus::Ok || text.size() != latin.size() ||
        latin.size() % 4 != 0)
        return fieldError(fileName, field, QStringLiteral("not valid base64"));
    if (decoded.decoded.isEmpty())
        return fieldError(fileName, field, QStringLiteral("is empty"));
    return decoded.decoded;
}

} // namespace

QByteArray SignatureBundle::pae(QByteArrayView type, QByteArrayView body)
{
    return QByteArray("DSSEv1 ") + QByteArray::number(type.size()) + ' ' + type.toByteArray() + ' ' +
           QByteArray::number(body.size()) + ' ' + body.toByteArray();
}

QByteArray SignatureBundle::toJson() const
{
    const QJsonObject signatureObject{{QStringLiteral("sig"), QString::fromLatin1(signature.toBase64())},
                                      {QStringLiteral("keyid"), QString()}};
    const QJsonObject envelope{{QStringLiteral("payload"), QString::fromLatin1(payload.toBase64())},
                               {QStringLiteral("payloadType"), QString::fromLatin1(payloadType)},
                               {QStringLiteral("signatures"), QJsonArray{signatureObject}}};
    const QJsonObject material{
        {QStringLiteral("publicKey"), QJsonObject{{QStringLiteral("hint"), QString::fromLatin1(keyHint)}}},
        {QStringLiteral("tlogEntries"), QJsonArray()}};
    const QJsonObject bundle{{QStringLiteral("mediaType"), QLatin1StringView(kMediaType)},
                             {QStringLiteral("verificationMaterial"), material},
                             {QStringLiteral("dsseEnvelope"), envelope}};
    return QJsonDocument(bundle).toJson(QJsonDocument::Compact);
}

Result<SignatureBundle> SignatureBundle::parse(QByteArrayView json, const QString &fileName, const Limits &limits)
{
    if (Status size = checkFileSize(json.size(), maxSize(limits), fileName); !size)
        return size.error();
    QJsonParseError jsonError;
    const QJsonDocument doc = QJsonDocument::fromJson(json.toByteArray(), &jsonError);
    if (jsonError.error != QJsonParseError::NoError)
        return makeError(ErrorCode::Format,
                         QStringLiteral("not a JSON signature bundle (%1 at byte %2)")
                             .arg(jsonError.errorString())
                             .arg(jsonError.offset),
                         fileName);
    if (!doc.isObject())
        return makeError(ErrorCode::Format, QStringLiteral("expected a JSON object (a Sigstore bundle)"), fileName);
    const QJsonObject root = doc.object();

    Result<QJsonValue> mediaType =
        member(root, QStringLiteral("mediaType"), QStringLiteral("mediaType"), QJsonValue::String, fileName);
    if (!mediaType)
        return mediaType.error();
    if (mediaType->toString() != QLatin1StringView(kMediaType))
        return fieldError(
            fileName, QStringLiteral("mediaType"),
            QStringLiteral("is \"%1\", expected \"%2\"").arg(mediaType->toString(), QLatin1StringView(kMediaType)),
            ErrorCode::Unsupported);

    SignatureBundle bundle;
    Result<QJsonValue> material = member(root, QStringLiteral("verificationMaterial"),
                                         QStringLiteral("verificationMaterial"), QJsonValue::Object, fileName);
    if (!material)
        return material.error();
    const QJsonObject materialObject = material->toObject();
    for (const char *keyless : {"certificate", "x509CertificateChain"}) {
        if (materialObject.contains(QLatin1StringView(keyless)))
            return fieldError(fileName, QStringLiteral("verificationMaterial.") + QLatin1StringView(keyless),
                              QStringLiteral("certificate (keyless) signatures are not supported; expected a bundle "
                                             "signed with a key (verificationMaterial.publicKey)"),
                              ErrorCode::Unsupported);
    }
    Result<QJsonValue> publicKey =
        member(materialObject, QStringLiteral("publicKey"), QStringLiteral("verificationMaterial.publicKey"),
               QJsonValue::Object, fileName);
    if (!publicKey)
        return publicKey.error();
    const QJsonObject publicKeyObject = publicKey->toObject();
    if (publicKeyObject.contains(QStringLiteral("hint"))) {
        Result<QJsonValue> hint =
            member(publicKeyObject, QStringLiteral("hint"), QStringLiteral("verificationMaterial.publicKey.hint"),
                   QJsonValue::String, fileName);
        if (!hint)
            return hint.error();
        bundle.keyHint = hint->toString().toLatin1();
        if (!bundle.keyHint.isEmpty() && (!isSha256Hex(bundle.keyHint) || hint->toString().size() != 64))
            return fieldError(fileName, QStringLiteral("verificationMaterial.publicKey.hint"),
                              QStringLiteral("expected 64 lowercase hex digits (the key's sha256)"));
    }
    if (materialObject.contains(QStringLiteral("tlogEntries")) &&
        !materialObject.value(QStringLiteral("tlogEntries")).isArray())
        return fieldError(fileName, QStringLiteral("verificationMaterial.tlogEntries"),
                          QStringLiteral("expected an array"));

    if (root.contains(QStringLiteral("messageSignature")))
        return fieldError(fileName, QStringLiteral("messageSignature"),
                          QStringLiteral("message signatures are not supported; expected a dsseEnvelope"),
                          ErrorCode::Unsupported);
    Result<QJsonValue> envelope =
        member(root, QStringLiteral("dsseEnvelope"), QStringLiteral("dsseEnvelope"), QJsonValue::Object, fileName);
    if (!envelope)
        return envelope.error();
    const QJsonObject envelopeObject = envelope->toObject();
    Result<QJsonValue> payloadType = member(envelopeObject, QStringLiteral("payloadType"),
                                            QStringLiteral("dsseEnvelope.payloadType"), QJsonValue::String, fileName);
    if (!payloadType)
        return payloadType.error();
    if (payloadType->toString() != QLatin1StringView(kPayloadType))
        return fieldError(
            fileName, QStringLiteral("dsseEnvelope.payloadType"),
            QStringLiteral("is \"%1\", expected \"%2\"").arg(payloadType->toString(), QLatin1StringView(kPayloadType)));
    bundle.payloadType = kPayloadType;
    Result<QByteArray> payload =
        base64Field(envelopeObject, QStringLiteral("payload"), QStringLiteral("dsseEnvelope.payload"), fileName);
    if (!payload)
        return payload.error();
    bundle.payload = std::move(*payload);

    Result<QJsonValue> signatures = member(envelopeObject, QStringLiteral("signatures"),
                                           QStringLiteral("dsseEnvelope.signatures"), QJsonValue::Array, fileName);
    if (!signatures)
        return signatures.error();
    const QJsonArray signatureArray = signatures->toArray();
    if (signatureArray.size() != 1)
        return fieldError(fileName, QStringLiteral("dsseEnvelope.signatures"),
                          QStringLiteral("has %1 entries, expected exactly one").arg(signatureArray.size()));
    if (!signatureArray.at(0).isObject())
        return fieldError(fileName, QStringLiteral("dsseEnvelope.signatures[0]"), QStringLiteral("expected an object"));
    const QJsonObject signatureObject = signatureArray.at(0).toObject();
    Result<QByteArray> sig =
        base64Field(signatureObject, QStringLiteral("sig"), QStringLiteral("dsseEnvelope.signatures[0].sig"), fileName);
    if (!sig)
        return sig.error();
    if (sig->size() > kMaxSignatureBytes)
        return fieldError(
            fileName, QStringLiteral("dsseEnvelope.signatures[0].sig"),
            QStringLiteral("%1 bytes, more than an ECDSA signature's %2").arg(sig->size()).arg(kMaxSignatureBytes),
            ErrorCode::Limit);
    bundle.signature = std::move(*sig);
    if (signatureObject.contains(QStringLiteral("keyid")) && !signatureObject.value(QStringLiteral("keyid")).isString())
        return fieldError(fileName, QStringLiteral("dsseEnvelope.signatures[0].keyid"),
                          QStringLiteral("expected a string"));
    return bundle;
}

Result<SignatureBundle> SignatureBundle::read(const QString &path, const Limits &limits)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, QStringLiteral("cannot open the signature: %1").arg(file.errorString()), path);
    const qint64 cap = maxSize(limits);
    if (Status size = checkFileSize(file.size(), cap, path); !size)
        return size.error();
    const QByteArray bytes = file.read(cap + 1);
    return parse(bytes, path, limits);
}

} // namespace carton
