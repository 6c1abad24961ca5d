// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// OpenSSF model-signing signatures of plain model folders and files
// (verifyModelSignature): the reference signers' own bundles (tests/sign/data/
// model-transparency, see its README), signatures made here with keys and
// certificates made here, and hostile bundles and folders.
#include "base/sha256.h"
#include "sign/modelfolderverifier.h"
#include "sign/modelstatement.h"
#include "sign/signaturebundle.h"
#include "signtestutil.h"
#include "testpaths.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QString reference(const QString &tail = {})
{
    return testutil::sourcePath(u"/tests/sign/data/model-transparency/") + tail;
}

EcKey referenceKey()
{
    Result<EcKey> key = EcKey::readPublic(reference(u"keys/signing-key-pub.pem"_s));
    if (!key)
        qFatal("%s", qPrintable(key.error().toString()));
    return std::move(*key);
}

ModelSigner keySigner(EcKey key)
{
    ModelSigner signer;
    signer.key = std::move(key);
    return signer;
}

ModelSigner caSigner(const QStringList &files)
{
    ModelSigner signer;
    signer.caFiles = files;
    return signer;
}

// Copies a folder of the reference data (flat) to `to`.
bool copyFolder(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to))
        return false;
    for (const QString &name : QDir(from).entryList(QDir::Files | QDir::Hidden)) {
        if (!QFile::copy(from + u'/' + name, to + u'/' + name))
            return false;
    }
    return true;
}

QString describe(const ModelSignatureCheck &check)
{
    return modelVerdictName(check.verdict) + u": "_s + check.message;
}

// --- keys and certificates made here ---

struct X509Free {
    void operator()(X509 *c) const { X509_free(c); }
};
struct PkeyFree {
    void operator()(EVP_PKEY *k) const { EVP_PKEY_free(k); }
};
using X509Ptr = std::unique_ptr<X509, X509Free>;
using PkeyPtr = std::unique_ptr<EVP_PKEY, PkeyFree>;

PkeyPtr pkeyFromPem(const QByteArray &privatePem)
{
    BIO *bio = BIO_new_mem_buf(privatePem.constData(), int(privatePem.size()));
    PkeyPtr key(PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr));
    BIO_free(bio);
    return key;
}

void addExtension(X509 *cert, X509 *issuer, int nid, const char *value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
    X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
}

// A certificate for `subjectKey`, signed by `issuerKey` (self-signed without an issuer),
// valid from `fromDays` to `toDays` days from now.
X509Ptr makeCertificate(const char *cn, EVP_PKEY *subjectKey, X509 *issuer, EVP_PKEY *issuerKey, bool ca,
                        const char *keyUsage, long fromDays = -1, long toDays = 365)
{
    X509Ptr cert(X509_new());
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), long(QRandomGenerator::global()->bounded(1, 1 << 30)));
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), fromDays * 86400);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), toDays * 86400);
    X509_set_pubkey(cert.get(), subjectKey);
    X509_NAME *name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char *>(cn), -1, -1, 0);
    X509_set_issuer_name(cert.get(), issuer ? X509_get_subject_name(issuer) : name);
    X509 *issuerCert = issuer ? issuer : cert.get();
    addExtension(cert.get(), issuerCert, NID_basic_constraints, ca ? "critical,CA:TRUE" : "critical,CA:FALSE");
    addExtension(cert.get(), issuerCert, NID_key_usage, keyUsage);
    addExtension(cert.get(), issuerCert, NID_subject_key_identifier, "hash");
    X509_sign(cert.get(), issuerKey, EVP_sha256());
    return cert;
}

QByteArray der(X509 *cert)
{
    unsigned char *out = nullptr;
    const int length = i2d_X509(cert, &out);
    QByteArray bytes(reinterpret_cast<const char *>(out), length);
    OPENSSL_free(out);
    return bytes;
}

QByteArray pem(X509 *cert)
{
    BIO *bio = BIO_new(BIO_s_mem());
    PEM_write_bio_X509(bio, cert);
    return signtest::bioText(bio);
}

// A model_signing v1.0 statement of these files (sorted, as the reference writes it).
QByteArray statementOf(const QString &name, const QMap<QString, QByteArray> &files,
                       const QStringList &ignorePaths = {u"model.sig"_s})
{
    ModelStatement statement;
    statement.modelName = name;
    statement.ignorePaths = ignorePaths;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        statement.resources.append({it.key(), Sha256::hashHex(it.value())});
    return statement.toJson();
}

// A bundle signing `payload` with `key`; with certificates, the bundle carries them
// instead of the key's hint (as "sign certificate" writes it).
QByteArray bundleOf(const QByteArray &payload, const EcKey &key, const QList<QByteArray> &certificates = {})
{
    SignatureBundle bundle;
    bundle.payloadType = SignatureBundle::kPayloadType;
    bundle.payload = payload;
    bundle.keyHint = key.bundleHint();
    Result<QByteArray> signature = key.sign(bundle.signedBytes());
    if (!signature)
        qFatal("%s", qPrintable(signature.error().toString()));
    bundle.signature = *signature;
    QJsonObject json = signtest::jsonObject(bundle.toJson());
    if (!certificates.isEmpty()) {
        QJsonArray chain;
        for (const QByteArray &c : certificates)
            chain.append(QJsonObject{{u"rawBytes"_s, QString::fromLatin1(c.toBase64())}});
        json.insert(u"verificationMaterial"_s,
                    QJsonObject{{u"x509CertificateChain"_s, QJsonObject{{u"certificates"_s, chain}}},
                                {u"tlogEntries"_s, QJsonArray()}});
    }
    return signtest::jsonBytes(json);
}

const QMap<QString, QByteArray> kFiles{{u"config.json"_s, "{\"layers\": 2}\n"},
                                       {u"weights/model.safetensors"_s, QByteArray(70'000, 'w')},
                                       {u"weights/\u00fcber.bin"_s, "non-ASCII path\n"}};

bool writeModel(const QString &folder, const QMap<QString, QByteArray> &files = kFiles)
{
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = folder + u'/' + it.key();
        if (!QDir().mkpath(QFileInfo(path).absolutePath()) || !testutil::writeFile(path, it.value()))
            return false;
    }
    return true;
}

} // namespace

class TestOmsVerify : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void referenceKeyBundles_data();
    void referenceKeyBundles();
    void referenceCertificateBundles_data();
    void referenceCertificateBundles();
    void referenceSigstoreBundleIsRefused();
    void signedHereVerifies();
    void certificateMadeHereVerifies();
    void certificateChecks_data();
    void certificateChecks();
    void tamperedFolders_data();
    void tamperedFolders();
    void hostileBundles_data();
    void hostileBundles();
    void linksAreRefused();
    void gitPathsAreIgnoredByDefault();
    void unsignedFilesMayBeIgnored();

private:
    QTemporaryDir m_dir;
    signtest::PemPair m_pair;
    signtest::PemPair m_other;
    QString m_model;     // a model folder signed by m_pair, its bundle inside as model.sig
    QByteArray m_bundle; // that bundle
};

void TestOmsVerify::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pair = signtest::makeKey("EC", "P-256");
    m_other = signtest::makeKey("EC", "P-256");
    m_model = m_dir.filePath(u"model"_s);
    QVERIFY(writeModel(m_model));
    m_bundle = bundleOf(statementOf(u"model"_s, kFiles), signtest::privateKey(m_pair));
    QVERIFY(testutil::writeFile(m_model + u"/model.sig"_s, m_bundle));
}

void TestOmsVerify::referenceKeyBundles_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("ignore");
    QTest::addColumn<bool>("legacy");
    // As scripts/tests/test-verify-*-elliptic-key.sh verify them.
    QTest::newRow("v0.3.1 one file") << u"v0.3.1-elliptic-key/signme-1"_s << QStringList() << false;
    QTest::newRow("v1.0.0 one file") << u"v1.0.0-elliptic-key/signme-1"_s << QStringList() << false;
    QTest::newRow("v1.0.1 folder, --ignore-paths")
        << u"v1.0.1-elliptic-key"_s << QStringList{reference(u"v1.0.1-elliptic-key/ignore-me"_s)} << false;
    QTest::newRow("v1.1.0 folder, ignore_paths signed") << u"v1.1.0-elliptic-key"_s << QStringList() << false;
}

void TestOmsVerify::referenceKeyBundles()
{
    QFETCH(QString, model);
    QFETCH(QStringList, ignore);
    QFETCH(bool, legacy);
    const QString path = reference(model);
    const QString bundle =
        QFileInfo(path).isDir() ? path + u"/model.sig"_s : QFileInfo(path).absolutePath() + u"/model.sig"_s;
    ModelVerifyOptions options;
    options.ignorePaths = ignore;
    const ModelSignatureCheck check = verifyModelSignature(path, bundle, keySigner(referenceKey()), options);
    QVERIFY2(check.valid(), qPrintable(describe(check)));
    QCOMPARE(check.legacyFormat, legacy);
    QCOMPARE(check.checkedFiles, check.signedFiles);
    QVERIFY(check.signer.startsWith(u"EC P-384 key "_s));
    QCOMPARE(check.fingerprint, referenceKey().fingerprint());
    QVERIFY2(check.notChecked.join(u' ').contains(u"transparency log"_s), qPrintable(check.notChecked.join(u' ')));
    // Without the ignore path the unsigned ignore-me is an extra file.
    if (!ignore.isEmpty()) {
        const ModelSignatureCheck strict = verifyModelSignature(path, bundle, keySigner(referenceKey()));
        QCOMPARE(strict.verdict, ModelSignatureVerdict::FilesMismatch);
        QVERIFY2(strict.message.contains(u"extra: ignore-me"_s), qPrintable(strict.message));
    }
}

void TestOmsVerify::referenceCertificateBundles_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("ignore");
    QTest::addColumn<bool>("legacy");
    QTest::newRow("v0.2.0 (v0.1 predicate, old PAE)") << u"v0.2.0-certificate"_s << QStringList() << true;
    QTest::newRow("v0.3.1") << u"v0.3.1-certificate"_s << QStringList() << false;
    QTest::newRow("v1.0.0") << u"v1.0.0-certificate"_s << QStringList() << false;
    QTest::newRow("v1.0.1, --ignore-paths")
        << u"v1.0.1-certificate"_s << QStringList{reference(u"v1.0.1-certificate/ignore-me"_s)} << false;
    QTest::newRow("v1.1.0") << u"v1.1.0-certificate"_s << QStringList() << false;
}

void TestOmsVerify::referenceCertificateBundles()
{
    QFETCH(QString, model);
    QFETCH(QStringList, ignore);
    QFETCH(bool, legacy);
    ModelVerifyOptions options;
    options.ignorePaths = ignore;
    const ModelSignatureCheck check = verifyModelSignature(reference(model), reference(model + u"/model.sig"_s),
                                                           caSigner({reference(u"keys/ca-cert.pem"_s)}), options);
    QVERIFY2(check.valid(), qPrintable(describe(check)));
    QCOMPARE(check.legacyFormat, legacy);
    QCOMPARE(check.checkedFiles, 2);
    QVERIFY2(check.signer.startsWith(u"certificate CN=intermediate-ca issued by CN=intermediate-ca"_s),
             qPrintable(check.signer));
    QVERIFY(check.notChecked.join(u' ').contains(u"revocation"_s));
    // The chain must reach a given root: the intermediate alone is no anchor
    // (as for the reference verifier, OpenSSL wants the chain up to a self-signed CA).
    const ModelSignatureCheck wrongCa = verifyModelSignature(reference(model), reference(model + u"/model.sig"_s),
                                                             caSigner({reference(u"keys/int-ca-cert.pem"_s)}), options);
    QCOMPARE(wrongCa.verdict, ModelSignatureVerdict::BadSignature);
    QVERIFY2(wrongCa.message.contains(u"does not validate against the given CA certificates"_s),
             qPrintable(wrongCa.message));
    // A file that holds no certificate.
    const ModelSignatureCheck notCa =
        verifyModelSignature(reference(model), reference(model + u"/model.sig"_s),
                             caSigner({reference(u"keys/signing-key-pub.pem"_s)}), options);
    QVERIFY(!notCa.valid());
    QVERIFY2(notCa.message.contains(u"no PEM certificate"_s), qPrintable(notCa.message));
}

void TestOmsVerify::referenceSigstoreBundleIsRefused()
{
    const ModelSignatureCheck check = verifyModelSignature(
        reference(u"v1.0.1-elliptic-key"_s), reference(u"v1.1.0-sigstore/model.sig"_s), keySigner(referenceKey()));
    QCOMPARE(check.verdict, ModelSignatureVerdict::Unsupported);
    QVERIFY2(check.message.contains(u"verificationMaterial.certificate"_s) &&
                 check.message.contains(u"transparency log"_s),
             qPrintable(check.message));
}

void TestOmsVerify::signedHereVerifies()
{
    // The bundle lies in the folder (model.sig): never one of the model's files.
    const ModelSignatureCheck check =
        verifyModelSignature(m_model, m_model + u"/model.sig"_s, keySigner(signtest::publicKey(m_pair)));
    QVERIFY2(check.valid(), qPrintable(describe(check)));
    QCOMPARE(check.checkedFiles, 3);
    QCOMPARE(check.modelName, u"model"_s);
    // A single file, signed as model_signing signs one (its resource is ".").
    const QString file = m_dir.filePath(u"single.onnx"_s);
    QVERIFY(testutil::writeFile(file, "onnx bytes"));
    ModelStatement statement;
    statement.modelName = u"single.onnx"_s;
    statement.resources.append({u"."_s, Sha256::hashHex("onnx bytes")});
    QVERIFY(testutil::writeFile(file + u".sig"_s, bundleOf(statement.toJson(), signtest::privateKey(m_pair))));
    const ModelSignatureCheck single =
        verifyModelSignature(file, file + u".sig"_s, keySigner(signtest::publicKey(m_pair)));
    QVERIFY2(single.valid(), qPrintable(describe(single)));
    QVERIFY(testutil::writeFile(file, "onnx bytes, changed"));
    const ModelSignatureCheck changed =
        verifyModelSignature(file, file + u".sig"_s, keySigner(signtest::publicKey(m_pair)));
    QCOMPARE(changed.verdict, ModelSignatureVerdict::FilesMismatch);
    QVERIFY2(changed.message.contains(u"changed: ."_s), qPrintable(changed.message));
}

void TestOmsVerify::certificateMadeHereVerifies()
{
    // A root CA, an intermediate, a signing certificate: the bundle carries the last two.
    const signtest::PemPair rootPair = signtest::makeKey("EC", "P-384");
    const signtest::PemPair intermediatePair = signtest::makeKey("EC", "P-256");
    PkeyPtr rootKey = pkeyFromPem(rootPair.privatePem);
    PkeyPtr intermediateKey = pkeyFromPem(intermediatePair.privatePem);
    PkeyPtr leafKey = pkeyFromPem(m_pair.privatePem);
    X509Ptr root = makeCertificate("test root", rootKey.get(), nullptr, rootKey.get(), true, "critical,keyCertSign");
    X509Ptr intermediate = makeCertificate("test intermediate", intermediateKey.get(), root.get(), rootKey.get(), true,
                                           "critical,keyCertSign");
    X509Ptr leaf = makeCertificate("model publisher", leafKey.get(), intermediate.get(), intermediateKey.get(), false,
                                   "critical,digitalSignature");
    const QString folder = m_dir.filePath(u"certified"_s);
    QVERIFY(writeModel(folder));
    const QString bundle = m_dir.filePath(u"certified.sig"_s);
    QVERIFY(testutil::writeFile(bundle, bundleOf(statementOf(u"certified"_s, kFiles), signtest::privateKey(m_pair),
                                                 {der(leaf.get()), der(intermediate.get())})));
    const QString rootPem = m_dir.filePath(u"root.pem"_s);
    QVERIFY(testutil::writeFile(rootPem, pem(root.get())));
    const ModelSignatureCheck check = verifyModelSignature(folder, bundle, caSigner({rootPem}));
    QVERIFY2(check.valid(), qPrintable(describe(check)));
    QVERIFY2(check.signer.startsWith(u"certificate CN=model publisher issued by CN=test intermediate"_s),
             qPrintable(check.signer));
    QCOMPARE(check.fingerprint, signtest::publicKey(m_pair).fingerprint());

    // Another root with the same name: the chain does not validate.
    const signtest::PemPair strangerPair = signtest::makeKey("EC", "P-384");
    PkeyPtr strangerKey = pkeyFromPem(strangerPair.privatePem);
    X509Ptr stranger =
        makeCertificate("test root", strangerKey.get(), nullptr, strangerKey.get(), true, "critical,keyCertSign");
    const QString strangerPem = m_dir.filePath(u"stranger.pem"_s);
    QVERIFY(testutil::writeFile(strangerPem, pem(stranger.get())));
    const ModelSignatureCheck wrongCa = verifyModelSignature(folder, bundle, caSigner({strangerPem}));
    QCOMPARE(wrongCa.verdict, ModelSignatureVerdict::BadSignature);
    QVERIFY2(wrongCa.message.contains(u"does not validate against the given CA certificates"_s),
             qPrintable(wrongCa.message));
    // A key bundle has no chain to validate.
    const ModelSignatureCheck noChain = verifyModelSignature(m_model, m_model + u"/model.sig"_s, caSigner({rootPem}));
    QCOMPARE(noChain.verdict, ModelSignatureVerdict::BadSignature);
    QVERIFY2(noChain.message.contains(u"holds no certificate"_s), qPrintable(noChain.message));
}

void TestOmsVerify::certificateChecks_data()
{
    QTest::addColumn<long>("fromDays");
    QTest::addColumn<long>("toDays");
    QTest::addColumn<QString>("usage");
    QTest::addColumn<bool>("otherKey");
    QTest::addColumn<QString>("error");
    QTest::newRow("expired") << -30L << -1L << u"critical,digitalSignature"_s << false << u"certificate has expired"_s;
    QTest::newRow("not yet valid") << 2L << 30L << u"critical,digitalSignature"_s << false
                                   << u"certificate is not yet valid"_s;
    QTest::newRow("may not sign") << -1L << 30L << u"critical,keyEncipherment"_s << false << u"may not sign"_s;
    QTest::newRow("signature by another key") << -1L << 30L << u"critical,digitalSignature"_s << true
                                              << u"dsseEnvelope.signatures[0].sig: the signature does not match"_s;
}

void TestOmsVerify::certificateChecks()
{
    QFETCH(long, fromDays);
    QFETCH(long, toDays);
    QFETCH(QString, usage);
    QFETCH(bool, otherKey);
    QFETCH(QString, error);
    const signtest::PemPair rootPair = signtest::makeKey("EC", "P-256");
    PkeyPtr rootKey = pkeyFromPem(rootPair.privatePem);
    PkeyPtr leafKey = pkeyFromPem(m_pair.privatePem);
    X509Ptr root =
        makeCertificate("root", rootKey.get(), nullptr, rootKey.get(), true, "critical,keyCertSign", -2, 3650);
    X509Ptr leaf = makeCertificate("signer", leafKey.get(), root.get(), rootKey.get(), false,
                                   usage.toLatin1().constData(), fromDays, toDays);
    const QString rootPem = m_dir.filePath(u"check-root.pem"_s);
    QVERIFY(testutil::writeFile(rootPem, pem(root.get())));
    const QString bundle = m_dir.filePath(u"check.sig"_s);
    QVERIFY(
        testutil::writeFile(bundle, bundleOf(statementOf(u"model"_s, kFiles),
                                             signtest::privateKey(otherKey ? m_other : m_pair), {der(leaf.get())})));
    const ModelSignatureCheck check = verifyModelSignature(m_model, bundle, caSigner({rootPem}));
    QCOMPARE(check.verdict, ModelSignatureVerdict::BadSignature);
    QVERIFY2(check.message.contains(error), qPrintable(check.message));
}

void TestOmsVerify::tamperedFolders_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("error");
    QTest::newRow("changed file") << u"change"_s << u"changed: signme-1 (sha256 "_s;
    QTest::newRow("extra file") << u"extra"_s << u"extra: new.bin (in the model, not signed)"_s;
    QTest::newRow("missing file") << u"remove"_s << u"missing: signme-2 (signed, not in the model)"_s;
    QTest::newRow("signed file ignored") << u"ignore"_s << u"missing: signme-2"_s;
    QTest::newRow("file became a folder") << u"folder"_s << u"missing: signme-2"_s;
}

void TestOmsVerify::tamperedFolders()
{
    // The reference tool's v1.1.0 key-signed folder, copied and changed.
    QFETCH(QString, change);
    QFETCH(QString, error);
    const QString folder = m_dir.filePath(u"tampered-"_s + change);
    QVERIFY(copyFolder(reference(u"v1.1.0-elliptic-key"_s), folder));
    ModelVerifyOptions options;
    if (change == u"change")
        QVERIFY(testutil::writeFile(folder + u"/signme-1"_s, "tampered"));
    else if (change == u"extra")
        QVERIFY(testutil::writeFile(folder + u"/new.bin"_s, "not signed"));
    else if (change == u"remove")
        QVERIFY(QFile::remove(folder + u"/signme-2"_s));
    else if (change == u"ignore")
        options.ignorePaths = {folder + u"/signme-2"_s};
    else if (change == u"folder")
        QVERIFY(QFile::remove(folder + u"/signme-2"_s) && QDir().mkpath(folder + u"/signme-2/inner"_s));
    const ModelSignatureCheck check =
        verifyModelSignature(folder, folder + u"/model.sig"_s, keySigner(referenceKey()), options);
    QCOMPARE(check.verdict, ModelSignatureVerdict::FilesMismatch);
    QVERIFY2(check.message.contains(error), qPrintable(check.message));
    QVERIFY2(check.message.startsWith(folder + u": the files do not match the signature"_s), qPrintable(check.message));
}

void TestOmsVerify::hostileBundles_data()
{
    QTest::addColumn<QByteArray>("bundle");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<QString>("error");
    const EcKey key = signtest::privateKey(m_pair);
    const QJsonObject good = signtest::jsonObject(m_bundle);
    const auto with = [&](const QString &path, const QJsonValue &value) {
        QJsonObject o = good;
        signtest::setPath(o, path.split(u'.'), value);
        return signtest::jsonBytes(o);
    };
    const int bad = int(ModelSignatureVerdict::BadSignature);
    const int malformed = int(ModelSignatureVerdict::Malformed);
    const int unsupported = int(ModelSignatureVerdict::Unsupported);
    QTest::newRow("not JSON") << QByteArray("{\"mediaType\": ") << malformed << u"not a JSON signature bundle"_s;
    QTest::newRow("empty") << QByteArray() << malformed << u"not a JSON signature bundle"_s;
    QTest::newRow("JSON array") << QByteArray("[]") << malformed << u"expected a JSON object"_s;
    QTest::newRow("wrong media type") << with(u"mediaType"_s, u"application/vnd.dev.sigstore.bundle+json;version=0.1"_s)
                                      << unsupported << u"mediaType: is "_s;
    QTest::newRow("wrong payload type") << with(u"dsseEnvelope.payloadType"_s, u"text/plain"_s) << malformed
                                        << u"dsseEnvelope.payloadType: is \"text/plain\""_s;
    QJsonObject sig = good.value(u"dsseEnvelope"_s).toObject().value(u"signatures"_s).toArray().at(0).toObject();
    QByteArray sigBytes = QByteArray::fromBase64(sig.value(u"sig"_s).toString().toLatin1());
    sigBytes[sigBytes.size() - 3] = char(sigBytes.at(sigBytes.size() - 3) ^ 0x55);
    sig.insert(u"sig"_s, QString::fromLatin1(sigBytes.toBase64()));
    QTest::newRow("bad signature") << with(u"dsseEnvelope.signatures"_s, QJsonArray{sig}) << bad
                                   << u"dsseEnvelope.signatures[0].sig: the signature does not match"_s;
    // The statement changed after signing (another digest): the signature no longer holds.
    QByteArray payload = statementOf(u"model"_s, kFiles);
    const QByteArray signedDigest = Sha256::hashHex(kFiles.value(u"config.json"_s));
    payload.replace(signedDigest, Sha256::hashHex("other bytes"));
    QTest::newRow("payload changed") << with(u"dsseEnvelope.payload"_s, QString::fromLatin1(payload.toBase64())) << bad
                                     << u"the signature does not match"_s;
    QTest::newRow("other key's hint") << with(u"verificationMaterial.publicKey.hint"_s,
                                              QString::fromLatin1(signtest::publicKey(m_other).bundleHint()))
                                      << bad << u"signed by another key"_s;
    QTest::newRow("two signatures") << with(u"dsseEnvelope.signatures"_s, QJsonArray{sig, sig}) << malformed
                                    << u"dsseEnvelope.signatures: has 2 entries, expected exactly one"_s;
    QTest::newRow("huge signature") << with(u"dsseEnvelope.signatures"_s,
                                            QJsonArray{QJsonObject{{u"sig"_s, QString(8192, u'A')}}})
                                    << malformed << u"more than an ECDSA signature's"_s;
    QTest::newRow("huge bundle") << QByteArray((4 << 20) + 16, ' ') << malformed << u"limit"_s;
    QJsonArray certificates;
    for (int i = 0; i < 17; ++i)
        certificates.append(QJsonObject{{u"rawBytes"_s, u"AAAA"_s}});
    QTest::newRow("17 certificates") << with(u"verificationMaterial"_s,
                                             QJsonObject{{u"x509CertificateChain"_s,
                                                          QJsonObject{{u"certificates"_s, certificates}}}})
                                     << malformed << u"has 17 entries, expected 1 to 16"_s;
    QTest::newRow("no key material") << with(u"verificationMaterial"_s, QJsonObject()) << malformed
                                     << u"verificationMaterial.publicKey: missing"_s;
    // Signed statements that are not model signatures.
    const auto signedStatement = [&](const QByteArray &statement) { return bundleOf(statement, key); };
    QByteArray wrongPredicate = statementOf(u"model"_s, kFiles);
    wrongPredicate.replace("https://model_signing/signature/v1.0", "https://slsa.dev/provenance/v1");
    QTest::newRow("wrong predicate type")
        << signedStatement(wrongPredicate) << malformed << u"predicateType: is \"https://slsa.dev/provenance/v1\""_s;
    QByteArray wrongType = statementOf(u"model"_s, kFiles);
    wrongType.replace("https://in-toto.io/Statement/v1", "https://in-toto.io/Statement/v0.1");
    QTest::newRow("wrong statement type") << signedStatement(wrongType) << malformed << u"_type: is"_s;
    QByteArray wrongRoot = statementOf(u"model"_s, kFiles);
    ModelStatement parsed = *ModelStatement::parse(wrongRoot, u"x"_s, 100);
    wrongRoot.replace(parsed.rootDigest(), Sha256::hashHex("another root"));
    QTest::newRow("wrong root digest") << signedStatement(wrongRoot) << malformed << u"subject[0].digest.sha256: is "_s;
    QByteArray shards = statementOf(u"model"_s, kFiles);
    shards.replace("\"method\": \"files\"", "\"method\": \"shards\"");
    QTest::newRow("shard serialization") << signedStatement(shards) << malformed
                                         << u"predicate.serialization.method: is \"shards\""_s;
    ModelStatement escaping;
    escaping.modelName = u"model"_s;
    escaping.resources.append({u"../../etc/passwd"_s, Sha256::hashHex("x")});
    QTest::newRow("resource outside the model") << signedStatement(escaping.toJson()) << malformed
                                                << u"\"../../etc/passwd\" is not a file path inside the model"_s;
}

void TestOmsVerify::hostileBundles()
{
    QFETCH(QByteArray, bundle);
    QFETCH(int, verdict);
    QFETCH(QString, error);
    const QString path = m_dir.filePath(u"hostile.sig"_s);
    QVERIFY(testutil::writeFile(path, bundle));
    ModelVerifyOptions options;
    options.ignoreUnsignedFiles = true;           // the escaping resource would be read then: it must be refused first
    options.limits.maxMetadataFileSize = 1 << 20; // bundles of at most 4 MiB (SignatureBundle::maxSize)
    const ModelSignatureCheck check =
        verifyModelSignature(m_model, path, keySigner(signtest::publicKey(m_pair)), options);
    QCOMPARE(int(check.verdict), verdict);
    QVERIFY2(check.message.contains(error), qPrintable(check.message));
    QVERIFY(!check.valid());
}

void TestOmsVerify::linksAreRefused()
{
    const QString folder = m_dir.filePath(u"linked"_s);
    QVERIFY(writeModel(folder));
    QVERIFY(QFile::link(folder + u"/config.json"_s, folder + u"/alias.json"_s));
    QVERIFY(testutil::writeFile(m_dir.filePath(u"linked.sig"_s),
                                bundleOf(statementOf(u"linked"_s, kFiles), signtest::privateKey(m_pair))));
    const ModelSignatureCheck check =
        verifyModelSignature(folder, m_dir.filePath(u"linked.sig"_s), keySigner(signtest::publicKey(m_pair)));
    QCOMPARE(check.verdict, ModelSignatureVerdict::FilesMismatch);
    QVERIFY2(check.message.contains(u"alias.json: a symbolic link"_s), qPrintable(check.message));
    // Ignored, the link is no longer looked at.
    ModelVerifyOptions options;
    options.ignorePaths = {folder + u"/alias.json"_s};
    const ModelSignatureCheck ignored =
        verifyModelSignature(folder, m_dir.filePath(u"linked.sig"_s), keySigner(signtest::publicKey(m_pair)), options);
    QVERIFY2(ignored.valid(), qPrintable(describe(ignored)));
}

void TestOmsVerify::gitPathsAreIgnoredByDefault()
{
    const QString folder = m_dir.filePath(u"withgit"_s);
    QVERIFY(writeModel(folder));
    QVERIFY(writeModel(folder, {{u".git/config"_s, "[core]\n"}, {u".gitattributes"_s, "*.bin lfs\n"}}));
    const QString bundle = m_dir.filePath(u"withgit.sig"_s);
    QVERIFY(testutil::writeFile(bundle, bundleOf(statementOf(u"withgit"_s, kFiles), signtest::privateKey(m_pair))));
    const ModelSignatureCheck check = verifyModelSignature(folder, bundle, keySigner(signtest::publicKey(m_pair)));
    QVERIFY2(check.valid(), qPrintable(describe(check)));
    ModelVerifyOptions options;
    options.ignoreGitPaths = false;
    const ModelSignatureCheck strict =
        verifyModelSignature(folder, bundle, keySigner(signtest::publicKey(m_pair)), options);
    QCOMPARE(strict.verdict, ModelSignatureVerdict::FilesMismatch);
    QVERIFY2(strict.message.contains(u"extra: .git/config"_s) && strict.message.contains(u"extra: .gitattributes"_s),
             qPrintable(strict.message));
}

void TestOmsVerify::unsignedFilesMayBeIgnored()
{
    const QString folder = m_dir.filePath(u"extra"_s);
    QVERIFY(writeModel(folder));
    QVERIFY(testutil::writeFile(folder + u"/notes.txt"_s, "added later"));
    const QString bundle = m_dir.filePath(u"extra.sig"_s);
    QVERIFY(testutil::writeFile(bundle, bundleOf(statementOf(u"extra"_s, kFiles), signtest::privateKey(m_pair))));
    const ModelSignatureCheck strict = verifyModelSignature(folder, bundle, keySigner(signtest::publicKey(m_pair)));
    QCOMPARE(strict.verdict, ModelSignatureVerdict::FilesMismatch);
    ModelVerifyOptions options;
    options.ignoreUnsignedFiles = true;
    const ModelSignatureCheck lenient =
        verifyModelSignature(folder, bundle, keySigner(signtest::publicKey(m_pair)), options);
    QVERIFY2(lenient.valid(), qPrintable(describe(lenient)));
    // ...but a signed file that changed is still caught.
    QVERIFY(testutil::writeFile(folder + u"/config.json"_s, "{}"));
    const ModelSignatureCheck changed =
        verifyModelSignature(folder, bundle, keySigner(signtest::publicKey(m_pair)), options);
    QCOMPARE(changed.verdict, ModelSignatureVerdict::FilesMismatch);
    QVERIFY2(changed.message.contains(u"changed: config.json"_s), qPrintable(changed.message));
}

QTEST_GUILESS_MAIN(TestOmsVerify)
#include "tst_omsverify.moc"
