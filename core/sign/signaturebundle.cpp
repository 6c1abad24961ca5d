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
constexpr qsizetype kMaxCertificates = 16;     // a signing certificate and its intermediates
constexpr qsizetype kMaxCertificateBytes = 64 * 1024;

// How Python 3 prints a bytes object: b'...' (b"..." when it holds ' and no "),
// with \\, the quote, \t, \n, \r and \xNN escaped.
QByteArray pythonBytesRepr(QByteArrayView bytes)
{
    const char quote = bytes.contains('\'') && !bytes.contains('"') ? '"' : '\'';
    QByteArray out;
    out.reserve(bytes.size() + 3);
    out += 'b';
    out += quote;
    static const char hex[] = "0123456789abcdef";
    for (const char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
        if (ch == quote || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (ch == '\t') {
            out += "\\t";
        } else if (ch == '\n') {
            out += "\\n";
        } else if (ch == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c >= 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += ch;
        }
    }
    out += quote;
    return out;
}

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

QByteArray SignatureBundle::signedBytesCompat() const
{
    return QByteArray("DSSEV1 ") + QByteArray::number(payloadType.size()) + ' ' + payloadType + ' ' +
           QByteArray::number(payload.size()) + ' ' + pythonBytesRepr(payload);
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
    if (materialObject.contains(QStringLiteral("certificate")))
        return fieldError(fileName, QStringLiteral("verificationMaterial.certificate"),
                          QStringLiteral("a Sigstore keyless signature (a Fulcio certificate, proven by the Rekor "
                                         "transparency log): it cannot be checked offline without Sigstore's trust "
                                         "root; verify it with the model_signing tool (\"verify sigstore\"). "
                                         "Offline, carton checks signatures made with a key or a certificate chain"),
                          ErrorCode::Unsupported);
    const bool hasChain = materialObject.contains(QStringLiteral("x509CertificateChain"));
    if (hasChain) {
        Result<QJsonValue> chain =
            member(materialObject, QStringLiteral("x509CertificateChain"),
                   QStringLiteral("verificationMaterial.x509CertificateChain"), QJsonValue::Object, fileName);
        if (!chain)
            return chain.error();
        Result<QJsonValue> certificates = member(
            chain->toObject(), QStringLiteral("certificates"),
            QStringLiteral("verificationMaterial.x509CertificateChain.certificates"), QJsonValue::Array, fileName);
        if (!certificates)
            return certificates.error();
        const QJsonArray list = certificates->toArray();
        if (list.isEmpty() || list.size() > kMaxCertificates)
            return fieldError(fileName, QStringLiteral("verificationMaterial.x509CertificateChain.certificates"),
                              QStringLiteral("has %1 entries, expected 1 to %2 (the signing certificate first)")
                                  .arg(list.size())
                                  .arg(kMaxCertificates),
                              list.isEmpty() ? ErrorCode::Format : ErrorCode::Limit);
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QString field = QStringLiteral("verificationMaterial.x509CertificateChain.certificates[%1]").arg(i);
            if (!list.at(i).isObject())
                return fieldError(fileName, field, QStringLiteral("expected an object"));
            Result<QByteArray> der = base64Field(list.at(i).toObject(), QStringLiteral("rawBytes"),
                                                 field + QStringLiteral(".rawBytes"), fileName);
            if (!der)
                return der.error();
            if (der->size() > kMaxCertificateBytes)
                return fieldError(
                    fileName, field + QStringLiteral(".rawBytes"),
                    QStringLiteral("%1 bytes, more than a certificate's %2").arg(der->size()).arg(kMaxCertificateBytes),
                    ErrorCode::Limit);
            bundle.certificates.append(std::move(*der));
        }
    }
    // Signed with a certificate, the key is the certificate's: publicKey is optional.
    if (!hasChain || materialObject.contains(QStringLiteral("publicKey"))) {
        Result<QJsonValue> publicKey =
            member(materialObject, QStringLiteral("publicKey"), QStringLiteral("verificationMaterial.publicKey"),
                   QJsonValue::Object, fileName);
        if (!publicKey)
            return makeError(publicKey.error().code,
                             publicKey.error().message +
                                 QStringLiteral(" (a bundle names its key in publicKey or carries "
                                                "x509CertificateChain)"),
                             fileName);
        const QJsonObject publicKeyObject = publicKey->toObject();
        // Older writers leave the hint out or write null (the reference tools then
        // take the key given on the command line).
        if (publicKeyObject.contains(QStringLiteral("hint")) &&
            !publicKeyObject.value(QStringLiteral("hint")).isNull()) {
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
    // model_signing v1.1 writes "", older versions null or nothing.
    if (const QJsonValue keyid = signatureObject.value(QStringLiteral("keyid"));
        !keyid.isUndefined() && !keyid.isNull() && !keyid.isString())
        return fieldError(fileName, QStringLiteral("dsseEnvelope.signatures[0].keyid"),
                          QStringLiteral("expected a string or null"));
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
