// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Hostile signature bundles and statements, table-driven (the model is
// tests/zip/tst_ziphostile): every malformed field is refused with an error that
// names the file and the field; a validly signed statement that is not a
// model-signing v1.0 statement of the carton is Malformed, never Valid.
#include "package/carton.h"
#include "sign/cartonsignature.h"
#include "sign/modelstatement.h"
#include "sign/signaturebundle.h"
#include "signtestutil.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using signtest::jsonBytes;
using signtest::jsonObject;
using signtest::privateKey;
using signtest::publicKey;
using signtest::setPath;

Q_DECLARE_METATYPE(carton::ErrorCode)

class TestSignatureHostile : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void malformedBundle_data();
    void malformedBundle();
    void malformedStatement_data();
    void malformedStatement();

private:
    QTemporaryDir m_dir;
    signtest::PemPair m_pair;
    QString m_carton;
};

void TestSignatureHostile::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pair = signtest::makeKey();
    QVERIFY(!m_pair.privatePem.isEmpty());
    m_carton = m_dir.filePath(QStringLiteral("model.carton"));
    QVERIFY(testutil::writeCarton(m_carton, signtest::cartonFiles(), ZipMethod::Deflate));
}

void TestSignatureHostile::malformedBundle_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<carton::ErrorCode>("code");
    QTest::addColumn<QString>("expected");

    const QJsonObject good = jsonObject(signtest::signedBundle(m_carton, m_pair));
    auto edited = [&good](const QString &path, const QJsonValue &value) {
        QJsonObject copy = good;
        setPath(copy, path.split(u'.'), value);
        return jsonBytes(copy);
    };
    const QJsonValue removed(QJsonValue::Undefined);
    const QJsonObject signature = good[u"dsseEnvelope"][u"signatures"].toArray().at(0).toObject();
    QJsonObject badSig = signature;
    badSig.insert(QStringLiteral("sig"), QStringLiteral("not*base64!"));
    QJsonObject numericSig = signature;
    numericSig.insert(QStringLiteral("sig"), 42);
    QJsonObject bigSig = signature;
    bigSig.insert(QStringLiteral("sig"), QString::fromLatin1(QByteArray(2000, 'x').toBase64()));
    QJsonObject noSig = signature;
    noSig.remove(QStringLiteral("sig"));

    QTest::newRow("not JSON") << QByteArray("{\"mediaType\": ") << ErrorCode::Format << "not a JSON signature bundle";
    QTest::newRow("empty") << QByteArray() << ErrorCode::Format << "not a JSON signature bundle";
    QTest::newRow("array") << QByteArray("[1,2]") << ErrorCode::Format << "expected a JSON object";
    QTest::newRow("no mediaType") << edited(QStringLiteral("mediaType"), removed) << ErrorCode::Format
                                  << "mediaType: missing (expected a string)";
    QTest::newRow("mediaType number") << edited(QStringLiteral("mediaType"), 3) << ErrorCode::Format
                                      << "mediaType: expected a string";
    QTest::newRow("old mediaType") << edited(QStringLiteral("mediaType"),
                                             QStringLiteral("application/vnd.dev.sigstore.bundle+json;version=0.1"))
                                   << ErrorCode::Unsupported << "mediaType: is \"application/vnd.dev.sigstore";
    QTest::newRow("no verificationMaterial")
        << edited(QStringLiteral("verificationMaterial"), removed) << ErrorCode::Format
        << "verificationMaterial: missing (expected an object)";
    QTest::newRow("certificate (keyless)")
        << edited(QStringLiteral("verificationMaterial.certificate"), QJsonObject{{QStringLiteral("rawBytes"), 1}})
        << ErrorCode::Unsupported << "verificationMaterial.certificate: a Sigstore keyless signature";
    QTest::newRow("no publicKey") << edited(QStringLiteral("verificationMaterial.publicKey"), removed)
                                  << ErrorCode::Format << "verificationMaterial.publicKey: missing";
    QTest::newRow("hint not hex") << edited(QStringLiteral("verificationMaterial.publicKey.hint"),
                                            QStringLiteral("ZZ%1").arg(QString(62, u'0')))
                                  << ErrorCode::Format << "verificationMaterial.publicKey.hint: expected 64";
    QTest::newRow("hint number") << edited(QStringLiteral("verificationMaterial.publicKey.hint"), 1)
                                 << ErrorCode::Format << "verificationMaterial.publicKey.hint: expected a string";
    QTest::newRow("tlogEntries object") << edited(QStringLiteral("verificationMaterial.tlogEntries"), QJsonObject())
                                        << ErrorCode::Format << "verificationMaterial.tlogEntries: expected an array";
    QTest::newRow("no dsseEnvelope") << edited(QStringLiteral("dsseEnvelope"), removed) << ErrorCode::Format
                                     << "dsseEnvelope: missing (expected an object)";
    QTest::newRow("messageSignature") << edited(QStringLiteral("messageSignature"), QJsonObject())
                                      << ErrorCode::Unsupported << "messageSignature: message signatures";
    QTest::newRow("envelope is a string") << edited(QStringLiteral("dsseEnvelope"), QStringLiteral("x"))
                                          << ErrorCode::Format << "dsseEnvelope: expected an object";
    QTest::newRow("wrong payloadType") << edited(QStringLiteral("dsseEnvelope.payloadType"),
                                                 QStringLiteral("application/json"))
                                       << ErrorCode::Format
                                       << "dsseEnvelope.payloadType: is \"application/json\", expected "
                                          "\"application/vnd.in-toto+json\"";
    QTest::newRow("no payloadType") << edited(QStringLiteral("dsseEnvelope.payloadType"), removed) << ErrorCode::Format
                                    << "dsseEnvelope.payloadType: missing";
    QTest::newRow("no payload") << edited(QStringLiteral("dsseEnvelope.payload"), removed) << ErrorCode::Format
                                << "dsseEnvelope.payload: missing";
    QTest::newRow("bad base64 payload") << edited(QStringLiteral("dsseEnvelope.payload"), QStringLiteral("e30=!!"))
                                        << ErrorCode::Format << "dsseEnvelope.payload: not valid base64";
    QTest::newRow("unpadded base64 payload") << edited(QStringLiteral("dsseEnvelope.payload"), QStringLiteral("e30"))
                                             << ErrorCode::Format << "dsseEnvelope.payload: not valid base64";
    QTest::newRow("empty payload") << edited(QStringLiteral("dsseEnvelope.payload"), QString()) << ErrorCode::Format
                                   << "dsseEnvelope.payload: is empty";
    QTest::newRow("no signatures") << edited(QStringLiteral("dsseEnvelope.signatures"), removed) << ErrorCode::Format
                                   << "dsseEnvelope.signatures: missing";
    QTest::newRow("zero signatures") << edited(QStringLiteral("dsseEnvelope.signatures"), QJsonArray())
                                     << ErrorCode::Format << "dsseEnvelope.signatures: has 0 entries";
    QTest::newRow("two signatures") << edited(QStringLiteral("dsseEnvelope.signatures"),
                                              QJsonArray{signature, signature})
                                    << ErrorCode::Format << "dsseEnvelope.signatures: has 2 entries";
    QTest::newRow("signature not object") << edited(QStringLiteral("dsseEnvelope.signatures"), QJsonArray{1})
                                          << ErrorCode::Format << "dsseEnvelope.signatures[0]: expected an object";
    QTest::newRow("no sig") << edited(QStringLiteral("dsseEnvelope.signatures"), QJsonArray{noSig}) << ErrorCode::Format
                            << "dsseEnvelope.signatures[0].sig: missing";
    QTest::newRow("sig number") << edited(QStringLiteral("dsseEnvelope.signatures"), QJsonArray{numericSig})
                                << ErrorCode::Format << "dsseEnvelope.signatures[0].sig: expected a string";
    QTest::newRow("bad base64 sig") << edited(QStringLiteral("dsseEnvelope.signatures"), QJsonArray{badSig})
                                    << ErrorCode::Format << "dsseEnvelope.signatures[0].sig: not valid base64";
    QTest::newRow("oversize sig") << edited(QStringLiteral("dsseEnvelope.signatures"), QJsonArray{bigSig})
                                  << ErrorCode::Limit << "dsseEnvelope.signatures[0].sig: 2000 bytes";
    // Over the cap (maxMetadataFileSize * 4 = 64 MiB by default; 8 KiB here).
    QTest::newRow("oversize bundle") << edited(QStringLiteral("padding"), QString(9000, u'x')) << ErrorCode::Limit
                                     << "more than the limit of 8192 bytes";
}

void TestSignatureHostile::malformedBundle()
{
    QFETCH(QByteArray, json);
    QFETCH(carton::ErrorCode, code);
    QFETCH(QString, expected);
    Limits limits;
    limits.maxMetadataFileSize = 2048;
    auto bundle = SignatureBundle::parse(json, QStringLiteral("bad.sig"), limits);
    QVERIFY(!bundle);
    QCOMPARE(bundle.error().location, QStringLiteral("bad.sig"));
    QVERIFY2(bundle.error().message.contains(expected), qPrintable(bundle.error().message));
    QCOMPARE(bundle.error().code, code);
}

void TestSignatureHostile::malformedStatement_data()
{
    // Statements signed with the right key but not what a model-signing v1.0
    // statement of this carton must be: the check says Malformed and names the field.
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("expected");

    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    const QJsonObject good =
        jsonObject(ModelStatement::fromManifest(QStringLiteral("t"), *(*carton)->manifest()).toJson());
    auto edited = [&good](const QString &path, const QJsonValue &value) {
        QJsonObject copy = good;
        setPath(copy, path.split(u'.'), value);
        return jsonBytes(copy);
    };
    const QJsonValue removed(QJsonValue::Undefined);
    const QJsonArray resources = good[u"predicate"][u"resources"].toArray();
    const QJsonArray subjects = good[u"subject"].toArray();
    auto withResource = [&](qsizetype i, const QString &key, const QJsonValue &value) {
        QJsonArray copy = resources;
        QJsonObject r = copy.at(i).toObject();
        if (value.isUndefined())
            r.remove(key);
        else
            r.insert(key, value);
        copy.replace(i, r);
        return edited(QStringLiteral("predicate.resources"), copy);
    };
    QJsonArray duplicated = resources;
    duplicated.append(resources.at(0));

    QTest::newRow("not JSON") << QByteArray("{") << "payload: statement: not JSON";
    QTest::newRow("wrong _type") << edited(QStringLiteral("_type"), QStringLiteral("https://in-toto.io/Statement/v0.1"))
                                 << "payload: _type: is \"https://in-toto.io/Statement/v0.1\"";
    QTest::newRow("wrong predicate") << edited(QStringLiteral("predicateType"),
                                               QStringLiteral("https://slsa.dev/provenance/v1"))
                                     << "payload: predicateType: is \"https://slsa.dev/provenance/v1\", expected "
                                        "\"https://model_signing/signature/v1.0\"";
    QTest::newRow("v0.2 predicate") << edited(QStringLiteral("predicateType"),
                                              QStringLiteral("https://model_signing/Digests/v0.1"))
                                    << "payload: predicateType: is";
    QTest::newRow("no subject") << edited(QStringLiteral("subject"), removed) << "payload: subject: missing";
    QTest::newRow("two subjects") << edited(QStringLiteral("subject"), QJsonArray{subjects.at(0), subjects.at(0)})
                                  << "payload: subject: has 2 entries, expected exactly one";
    QTest::newRow("subject digest not hex")
        << edited(QStringLiteral("subject"),
                  QJsonArray{QJsonObject{
                      {QStringLiteral("name"), QStringLiteral("t")},
                      {QStringLiteral("digest"), QJsonObject{{QStringLiteral("sha256"), QStringLiteral("ABC")}}}}})
        << "payload: subject[0].digest.sha256: expected 64 lowercase hex digits";
    QTest::newRow("root digest mismatch")
        << edited(QStringLiteral("subject"),
                  QJsonArray{QJsonObject{
                      {QStringLiteral("name"), QStringLiteral("t")},
                      {QStringLiteral("digest"), QJsonObject{{QStringLiteral("sha256"), QString(64, u'0')}}}}})
        << "payload: subject[0].digest.sha256: is 000";
    QTest::newRow("no predicate") << edited(QStringLiteral("predicate"), removed) << "payload: predicate: missing";
    QTest::newRow("shard serialization") << edited(QStringLiteral("predicate.serialization.method"),
                                                   QStringLiteral("shards"))
                                         << "payload: predicate.serialization.method: is \"shards\"";
    QTest::newRow("blake2 hashes") << edited(QStringLiteral("predicate.serialization.hash_type"),
                                             QStringLiteral("blake2"))
                                   << "payload: predicate.serialization.hash_type: is \"blake2\"";
    QTest::newRow("ignore_paths not strings")
        << edited(QStringLiteral("predicate.serialization.ignore_paths"), QJsonArray{1})
        << "payload: predicate.serialization.ignore_paths[0]: expected a string";
    QTest::newRow("resources missing") << edited(QStringLiteral("predicate.resources"), removed)
                                       << "payload: predicate.resources: missing";
    QTest::newRow("resource not object") << edited(QStringLiteral("predicate.resources"), QJsonArray{7})
                                         << "payload: predicate.resources[0]: expected an object";
    QTest::newRow("resource without name")
        << withResource(1, QStringLiteral("name"), removed) << "payload: predicate.resources[1].name: missing";
    QTest::newRow("resource empty name") << withResource(1, QStringLiteral("name"), QString())
                                         << "payload: predicate.resources[1].name: is empty";
    QTest::newRow("resource md5") << withResource(2, QStringLiteral("algorithm"), QStringLiteral("md5"))
                                  << "payload: predicate.resources[2].algorithm: is \"md5\", expected \"sha256\"";
    QTest::newRow("resource short digest") << withResource(3, QStringLiteral("digest"), QStringLiteral("abcd"))
                                           << "payload: predicate.resources[3].digest: expected 64 lowercase hex";
    QTest::newRow("duplicate resource") << edited(QStringLiteral("predicate.resources"), duplicated)
                                        << "payload: predicate.resources[4].name: \"carton.toml\" is listed twice";
}

void TestSignatureHostile::malformedStatement()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, expected);
    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    SignatureBundle bundle;
    bundle.payloadType = SignatureBundle::kPayloadType;
    bundle.payload = payload;
    const EcKey key = privateKey(m_pair);
    bundle.keyHint = key.bundleHint();
    auto sig = key.sign(bundle.signedBytes());
    QVERIFY(sig);
    bundle.signature = *sig;
    // Through the bundle's own JSON, as a file would bring it.
    auto parsed = SignatureBundle::parse(bundle.toJson(), QStringLiteral("x.sig"));
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().toString()));
    const SignatureCheck check = signing::checkSignature(**carton, *parsed, publicKey(m_pair));
    QCOMPARE(check.verdict, SignatureVerdict::Malformed);
    QVERIFY2(check.message.contains(expected), qPrintable(check.message));
    QVERIFY(!check.valid());
}

QTEST_GUILESS_MAIN(TestSignatureHostile)
#include "tst_signaturehostile.moc"
