// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Signing plain model folders and files as OpenSSF model signing does
// (carton::signModel): sign -> verify round trips on folders made here, tampering
// found, and the bundle's structure equal to the reference signer's
// (tests/sign/data/model-transparency: the same fields, predicate, digests and,
// for the same files, the same subject digest).
#include "sign/cartonsignature.h"
#include "sign/modelfoldersigner.h"
#include "sign/modelfolderverifier.h"
#include "sign/signaturebundle.h"
#include "signtestutil.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QString reference(const QString &tail = {})
{
    return testutil::sourcePath(u"/tests/sign/data/model-transparency/"_s) + tail;
}

QJsonObject jsonObject(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

// The shape of a JSON value: objects by their keys (sorted) and members' shapes,
// arrays by their first element's shape, scalars by their type.
QString shape(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        QStringList members;
        for (const QString &key : object.keys()) // sorted
            members << key + u':' + shape(object.value(key));
        return u'{' + members.join(u',') + u'}';
    }
    case QJsonValue::Array:
        return value.toArray().isEmpty() ? u"[]"_s : u'[' + shape(value.toArray().at(0)) + u']';
    case QJsonValue::String:
        return u"s"_s;
    case QJsonValue::Bool:
        return u"b"_s;
    case QJsonValue::Double:
        return u"n"_s;
    default:
        return u"null"_s;
    }
}

QJsonObject statementOf(const QByteArray &bundleJson)
{
    const QJsonObject envelope = jsonObject(bundleJson).value(u"dsseEnvelope"_s).toObject();
    return jsonObject(QByteArray::fromBase64(envelope.value(u"payload"_s).toString().toLatin1()));
}

EcKey signingKey(const signtest::PemPair &pair)
{
    Result<EcKey> key = EcKey::fromPrivatePem(pair.privatePem, u"key.pem"_s);
    if (!key)
        qFatal("%s", qPrintable(key.error().toString()));
    return std::move(*key);
}

ModelSigner publicSigner(const signtest::PemPair &pair)
{
    Result<EcKey> key = EcKey::fromPublicPem(pair.publicPem, u"pub.pem"_s);
    if (!key)
        qFatal("%s", qPrintable(key.error().toString()));
    ModelSigner signer;
    signer.key = std::move(*key);
    return signer;
}

} // namespace

class TestOmsSign : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void roundTrip_data();
    void roundTrip();
    void singleFile();
    void sameStructureAsTheReference();
    void refusesLinksAndPublicKeys();

private:
    // A model folder made here: nested files, names that sort differently by
    // component than by text ("a/b" before "a-c"), a git folder.
    QString makeModel(const QString &name);

    QTemporaryDir m_dir;
    signtest::PemPair m_p256;
    signtest::PemPair m_p384;
};

void TestOmsSign::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_p256 = signtest::makeKey("EC", "P-256");
    m_p384 = signtest::makeKey("EC", "P-384");
}

QString TestOmsSign::makeModel(const QString &name)
{
    const QString root = m_dir.filePath(name);
    const QMap<QString, QByteArray> files = {
        {u"config.json"_s, "{\"hidden\": 8}\n"},
        {u"a/b"_s, "weights of a/b"},
        {u"a-c"_s, "weights of a-c"},
        {u"sub/deeper/model.safetensors"_s, QByteArray(5000, '\x07')},
        {u".git/HEAD"_s, "ref: refs/heads/main\n"},
        {u"ignored/notes.txt"_s, "not signed"},
    };
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (!testutil::writeFile(root + u'/' + it.key(), it.value()))
            qFatal("cannot write %s", qPrintable(it.key()));
    }
    return root;
}

void TestOmsSign::roundTrip_data()
{
    QTest::addColumn<QString>("curve");
    QTest::newRow("P-256") << u"P-256"_s;
    QTest::newRow("P-384") << u"P-384"_s;
}

void TestOmsSign::roundTrip()
{
    QFETCH(QString, curve);
    const signtest::PemPair &pair = curve == u"P-256" ? m_p256 : m_p384;
    const QString root = makeModel(u"round-"_s + curve);
    ModelSignOptions options;
    options.ignorePaths = {root + u"/ignored"_s};
    options.signaturePath = root + u"/model.sig"_s; // inside: left out of what is signed
    Result<QByteArray> bundle = signModel(root, signingKey(pair), options);
    QVERIFY2(bundle, qPrintable(bundle ? QString() : bundle.error().toString()));
    QVERIFY(signing::writeFileAtomically(options.signaturePath, *bundle));

    const QJsonObject statement = statementOf(*bundle);
    const QJsonArray resources = statement.value(u"predicate"_s).toObject().value(u"resources"_s).toArray();
    QStringList names;
    for (const QJsonValue &r : resources)
        names << r.toObject().value(u"name"_s).toString();
    // Sorted by component, as the reference's PurePath order: "a/b" before "a-c".
    QCOMPARE(names, (QStringList{u"a/b"_s, u"a-c"_s, u"config.json"_s, u"sub/deeper/model.safetensors"_s}));
    const QJsonArray ignore = statement.value(u"predicate"_s)
                                  .toObject()
                                  .value(u"serialization"_s)
                                  .toObject()
                                  .value(u"ignore_paths"_s)
                                  .toArray();
    QSet<QString> ignored;
    for (const QJsonValue &v : ignore)
        ignored.insert(v.toString());
    QCOMPARE(ignored, (QSet<QString>{u"ignored"_s, u"model.sig"_s, u".git"_s, u".gitattributes"_s, u".github"_s,
                                     u".gitignore"_s}));
    QCOMPARE(statement.value(u"subject"_s).toArray().at(0).toObject().value(u"name"_s).toString(), u"round-"_s + curve);

    // Verified as signed: the ignore paths come from the statement.
    ModelSignatureCheck check = verifyModelSignature(root, options.signaturePath, publicSigner(pair));
    QVERIFY2(check.valid(), qPrintable(check.message));
    QCOMPARE(check.checkedFiles, 4);
    QCOMPARE(check.signer.left(8), u"EC "_s + curve);

    // Tampered: one byte of a signed file.
    QFile file(root + u"/sub/deeper/model.safetensors"_s);
    QVERIFY(file.open(QIODevice::ReadWrite));
    file.seek(100);
    file.write("\x08");
    file.close();
    check = verifyModelSignature(root, options.signaturePath, publicSigner(pair));
    QCOMPARE(check.verdict, ModelSignatureVerdict::FilesMismatch);
    QVERIFY2(check.message.contains(u"changed: sub/deeper/model.safetensors"), qPrintable(check.message));
    // Another key: refused before any file is read.
    check = verifyModelSignature(root, options.signaturePath,
                                 publicSigner(pair.publicPem == m_p256.publicPem ? m_p384 : m_p256));
    QCOMPARE(check.verdict, ModelSignatureVerdict::BadSignature);
}

void TestOmsSign::singleFile()
{
    const QString file = m_dir.filePath(u"single/model.onnx"_s);
    QVERIFY(testutil::writeFile(file, "not really onnx, bytes all the same"));
    Result<QByteArray> bundle = signModel(file, signingKey(m_p256));
    QVERIFY(bundle);
    const QString sig = signing::defaultSignaturePath(file);
    QVERIFY(signing::writeFileAtomically(sig, *bundle));
    const QJsonObject statement = statementOf(*bundle);
    const QJsonArray resources = statement.value(u"predicate"_s).toObject().value(u"resources"_s).toArray();
    QCOMPARE(resources.size(), 1);
    QCOMPARE(resources.at(0).toObject().value(u"name"_s).toString(), u"."_s); // as the reference names one file
    QCOMPARE(statement.value(u"subject"_s).toArray().at(0).toObject().value(u"name"_s).toString(), u"model.onnx"_s);
    QCOMPARE(findModelSignature(file), sig);
    ModelSignatureCheck check = verifyModelSignature(file, sig, publicSigner(m_p256));
    QVERIFY2(check.valid(), qPrintable(check.message));
    QVERIFY(testutil::writeFile(file, "changed"));
    QCOMPARE(verifyModelSignature(file, sig, publicSigner(m_p256)).verdict, ModelSignatureVerdict::FilesMismatch);
}

void TestOmsSign::sameStructureAsTheReference()
{
    // The reference folder signed here as model_signing v1.1.0 signed it
    // ("sign key --ignore-paths ignore-me", signature model.sig inside): the same
    // fields everywhere; the same statement but for the order of ignore_paths (a
    // Python set there); the same resources and subject digest, since the files
    // and the folder's name are the same.
    const QString root = m_dir.filePath(u"same/v1.1.0-elliptic-key"_s);
    QDir().mkpath(root);
    for (const QString &name : {u"signme-1"_s, u"signme-2"_s, u"ignore-me"_s})
        QVERIFY(QFile::copy(reference(u"v1.1.0-elliptic-key/"_s + name), root + u'/' + name));
    ModelSignOptions options;
    options.ignorePaths = {root + u"/ignore-me"_s};
    options.signaturePath = root + u"/model.sig"_s;
    Result<QByteArray> ours = signModel(root, signingKey(m_p384), options);
    QVERIFY(ours);
    QFile file(reference(u"v1.1.0-elliptic-key/model.sig"_s));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray theirs = file.readAll();

    const QJsonObject ourBundle = jsonObject(*ours);
    const QJsonObject theirBundle = jsonObject(theirs);
    QCOMPARE(shape(ourBundle), shape(theirBundle));
    QCOMPARE(ourBundle.value(u"mediaType"_s), theirBundle.value(u"mediaType"_s));
    QCOMPARE(ourBundle.value(u"dsseEnvelope"_s).toObject().value(u"payloadType"_s),
             theirBundle.value(u"dsseEnvelope"_s).toObject().value(u"payloadType"_s));
    QCOMPARE(ourBundle.value(u"dsseEnvelope"_s)
                 .toObject()
                 .value(u"signatures"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"keyid"_s),
             theirBundle.value(u"dsseEnvelope"_s)
                 .toObject()
                 .value(u"signatures"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"keyid"_s));

    QJsonObject ourStatement = statementOf(*ours);
    QJsonObject theirStatement = statementOf(theirs);
    QCOMPARE(shape(ourStatement), shape(theirStatement));
    const auto ignorePaths = [](const QJsonObject &statement) {
        QStringList paths;
        for (const QJsonValue &v : statement.value(u"predicate"_s)
                                       .toObject()
                                       .value(u"serialization"_s)
                                       .toObject()
                                       .value(u"ignore_paths"_s)
                                       .toArray())
            paths << v.toString();
        paths.sort();
        return paths;
    };
    QCOMPARE(ignorePaths(ourStatement), ignorePaths(theirStatement));
    // The rest equal, value for value: _type, predicateType, subject (name and
    // root digest), method, hash_type, allow_symlinks, resources.
    const auto withoutIgnorePaths = [](QJsonObject statement) {
        QJsonObject predicate = statement.value(u"predicate"_s).toObject();
        QJsonObject serialization = predicate.value(u"serialization"_s).toObject();
        serialization.remove(u"ignore_paths"_s);
        predicate.insert(u"serialization"_s, serialization);
        statement.insert(u"predicate"_s, predicate);
        return statement;
    };
    QCOMPARE(withoutIgnorePaths(ourStatement), withoutIgnorePaths(theirStatement));
    QCOMPARE(ourStatement.value(u"predicateType"_s).toString(), u"https://model_signing/signature/v1.0"_s);
}

void TestOmsSign::refusesLinksAndPublicKeys()
{
    const QString root = makeModel(u"links"_s);
    QVERIFY(QFile::link(root + u"/config.json"_s, root + u"/link.json"_s));
    Result<QByteArray> bundle = signModel(root, signingKey(m_p256));
    QVERIFY(!bundle);
    QVERIFY2(bundle.error().message.contains(u"symbolic link"), qPrintable(bundle.error().toString()));
    QVERIFY2(bundle.error().toString().contains(u"link.json"), qPrintable(bundle.error().toString()));
    Result<EcKey> publicOnly = EcKey::fromPublicPem(m_p256.publicPem, u"pub.pem"_s);
    QVERIFY(publicOnly);
    QCOMPARE(signModel(m_dir.filePath(u"single/model.onnx"_s), *publicOnly).error().code, ErrorCode::Usage);
}

QTEST_MAIN(TestOmsSign)
#include "tst_omssign.moc"
