// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Signing and verifying cartons: keys, the DSSE PAE, the model-signing statement,
// round trips, tampering, wrong keys, and interop with the openssl command and with
// a bundle made by the model_signing reference tool. Hostile bundles and
// statements: tst_signaturehostile.
#include "modeltransparencyfixture.h"
#include "package/carton.h"
#include "sign/cartonsignature.h"
#include "sign/eckey.h"
#include "sign/modelstatement.h"
#include "sign/signaturebundle.h"
#include "signtestutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using signtest::jsonObject;
using signtest::privateKey;
using signtest::publicKey;

class TestSignature : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void paeIsTheDsseEncoding();
    void keyFingerprintIsSha256OfDer();
    void keyErrors();
    void roundTrip();
    void roundTripFolderCarton();
    void tamperedFile();
    void verdictNeedsEveryFile();
    void tamperedManifest();
    void wrongKey();
    void tamperedPayload();
    void findKeyPicksTheNamedKey();
    void opensslVerifiesTheSignature();
    void verifiesModelSigningReferenceBundle();

private:
    QString writeTestCarton(const QString &name, const QMap<QString, QByteArray> &files, bool addManifest = true);

    QTemporaryDir m_dir;
    signtest::PemPair m_pair;
    signtest::PemPair m_otherPair;
    QString m_carton;
};

void TestSignature::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pair = signtest::makeKey();
    m_otherPair = signtest::makeKey();
    QVERIFY(!m_pair.privatePem.isEmpty());
    m_carton = writeTestCarton(QStringLiteral("model.carton"), signtest::cartonFiles());
}

QString TestSignature::writeTestCarton(const QString &name, const QMap<QString, QByteArray> &files, bool addManifest)
{
    const QString path = m_dir.filePath(name);
    if (!testutil::writeCarton(path, files, ZipMethod::Deflate, addManifest))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestSignature::paeIsTheDsseEncoding()
{
    // The example of the DSSE specification (protocol.md).
    QCOMPARE(SignatureBundle::pae("http://example.com/HelloWorld", "hello world"),
             QByteArray("DSSEv1 29 http://example.com/HelloWorld 11 hello world"));
    QCOMPARE(SignatureBundle::pae("", ""), QByteArray("DSSEv1 0  0 "));
    const QByteArray utf8 = QStringLiteral("\u00fc").toUtf8(); // lengths count bytes
    QCOMPARE(SignatureBundle::pae("t", utf8), QByteArray("DSSEv1 1 t 2 ") + utf8);
}

void TestSignature::keyFingerprintIsSha256OfDer()
{
    const EcKey key = publicKey(m_pair);
    QCOMPARE(key.curveName(), QStringLiteral("P-256"));
    QVERIFY(!key.hasPrivateKey());
    // DER SubjectPublicKeyInfo of a P-256 key: 91 bytes, starting with SEQUENCE.
    const QByteArray der = key.publicKeyDer();
    QCOMPARE(der.size(), 91);
    QCOMPARE(der.at(0), '\x30');
    QCOMPARE(key.fingerprint(), Sha256::hashHex(der));
    // The bundle hint is model_signing's: the sha256 of the PEM text.
    QCOMPARE(key.publicKeyPem(), m_pair.publicPem);
    QCOMPARE(key.bundleHint(), Sha256::hashHex(m_pair.publicPem));
    // The private key's public half has the same fingerprint.
    QCOMPARE(privateKey(m_pair).fingerprint(), key.fingerprint());
    QVERIFY(privateKey(m_pair).fingerprint() != privateKey(m_otherPair).fingerprint());
    // Shown in groups of 4 digits, the whole fingerprint.
    const QString text = key.fingerprintText();
    QCOMPARE(text.size(), 64 + 15);
    QCOMPARE(QString(text).remove(u' '), QString::fromLatin1(key.fingerprint()));
    QCOMPARE(text.split(u' ').size(), 16);
    QCOMPARE(EcKey::fingerprintText("0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef"),
             QStringLiteral("0123 4567 89ab cdef 0123 4567 89ab cdef 0123 4567 89ab cdef 0123 4567 89ab cdef"));
    // Anything else is shown as it is.
    QCOMPARE(EcKey::fingerprintText("abc"), QStringLiteral("abc"));
    QCOMPARE(EcKey::fingerprintText(QByteArray(64, 'g')), QString(64, u'g'));
}

void TestSignature::keyErrors()
{
    const signtest::PemPair rsa = signtest::makeKey("RSA");
    auto rsaKey = EcKey::fromPrivatePem(rsa.privatePem, QStringLiteral("rsa.pem"));
    QVERIFY(!rsaKey);
    QCOMPARE(rsaKey.error().code, ErrorCode::Unsupported);
    QCOMPARE(rsaKey.error().location, QStringLiteral("rsa.pem"));
    QVERIFY2(rsaKey.error().message.contains(u"not an elliptic-curve key"), qPrintable(rsaKey.error().message));

    const signtest::PemPair encrypted = signtest::makeKey("EC", "P-256", "secret");
    QVERIFY(encrypted.privatePem.contains("ENCRYPTED"));
    auto encryptedKey = EcKey::fromPrivatePem(encrypted.privatePem, QStringLiteral("enc.pem"));
    QVERIFY(!encryptedKey);
    QVERIFY2(encryptedKey.error().message.contains(u"unencrypted"), qPrintable(encryptedKey.error().message));

    auto garbage = EcKey::fromPublicPem("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
                                        QStringLiteral("junk.pem"));
    QVERIFY(!garbage);
    QCOMPARE(garbage.error().code, ErrorCode::Format);
    QCOMPARE(garbage.error().location, QStringLiteral("junk.pem"));

    // A public key cannot sign.
    auto cannotSign = publicKey(m_pair).sign("data");
    QVERIFY(!cannotSign);
    QCOMPARE(cannotSign.error().code, ErrorCode::Usage);

    // Key files are capped.
    const QString big = m_dir.filePath(QStringLiteral("big.pem"));
    QVERIFY(testutil::writeFile(big, QByteArray(100'000, 'A')));
    auto tooBig = EcKey::readPublic(big);
    QVERIFY(!tooBig);
    QCOMPARE(tooBig.error().code, ErrorCode::Limit);
    auto missing = EcKey::readPrivate(m_dir.filePath(QStringLiteral("nope.pem")));
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, ErrorCode::Io);

    // P-384 keys sign and verify (model_signing accepts P-256, P-384 and P-521).
    const signtest::PemPair p384 = signtest::makeKey("EC", "P-384");
    const EcKey key384 = privateKey(p384);
    QCOMPARE(key384.curveName(), QStringLiteral("P-384"));
    auto sig = key384.sign("payload");
    QVERIFY(sig);
    QVERIFY(publicKey(p384).verify("payload", *sig).ok());
    QCOMPARE(publicKey(p384).verify("payloaD", *sig).error().code, ErrorCode::Integrity);
}

void TestSignature::roundTrip()
{
    const QByteArray json = signtest::signedBundle(m_carton, m_pair);
    auto bundle = SignatureBundle::parse(json, QStringLiteral("model.carton.sig"));
    QVERIFY2(bundle, qPrintable(bundle ? QString() : bundle.error().toString()));
    QCOMPARE(bundle->payloadType, QByteArray("application/vnd.in-toto+json"));
    QCOMPARE(bundle->keyHint, publicKey(m_pair).bundleHint());

    // The statement: one subject, the MANIFEST's pairs as resources, in MANIFEST order.
    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    const QJsonObject statement = jsonObject(bundle->payload);
    QCOMPARE(statement.value(u"_type").toString(), QStringLiteral("https://in-toto.io/Statement/v1"));
    QCOMPARE(statement.value(u"predicateType").toString(), QStringLiteral("https://model_signing/signature/v1.0"));
    const QJsonArray subjects = statement.value(u"subject").toArray();
    QCOMPARE(subjects.size(), 1);
    QCOMPARE(subjects.at(0)[u"name"].toString(), QStringLiteral("t")); // model_name of carton.toml
    const QJsonArray resources = statement.value(u"predicate")[u"resources"].toArray();
    const QList<ManifestEntry> &entries = (*carton)->manifest()->entries();
    QCOMPARE(resources.size(), entries.size());
    QCOMPARE(entries.size(), 4);
    Sha256 root;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        QCOMPARE(resources.at(i)[u"name"].toString(), entries.at(i).path);
        QCOMPARE(resources.at(i)[u"digest"].toString().toLatin1(), entries.at(i).sha256);
        QCOMPARE(resources.at(i)[u"algorithm"].toString(), QStringLiteral("sha256"));
        root.add(QByteArray::fromHex(entries.at(i).sha256));
    }
    QCOMPARE(subjects.at(0)[u"digest"][u"sha256"].toString().toLatin1(), root.finishHex());
    QCOMPARE(statement.value(u"predicate")[u"serialization"][u"method"].toString(), QStringLiteral("files"));

    const SignatureCheck check = signing::checkSignature(**carton, *bundle, publicKey(m_pair));
    QVERIFY2(check.valid(), qPrintable(check.message));
    QCOMPARE(check.fingerprint, publicKey(m_pair).fingerprint());
    QCOMPARE(check.signedFiles, 4);
    QCOMPARE(check.modelName, QStringLiteral("t"));
    QVERIFY(check.filesChecked);
    QVERIFY(check.files && check.files->ok());
    QCOMPARE(check.files->files.size(), 4);

    // Written atomically next to the carton and read back.
    const QString sigPath = signing::defaultSignaturePath(m_carton);
    QCOMPARE(sigPath, m_carton + QStringLiteral(".sig"));
    QVERIFY(signing::writeFileAtomically(sigPath, json).ok());
    auto reread = SignatureBundle::read(sigPath);
    QVERIFY(reread);
    QCOMPARE(reread->signature, bundle->signature);
    QCOMPARE(reread->payload, bundle->payload);
}

void TestSignature::roundTripFolderCarton()
{
    // An unpacked carton folder signs and verifies the same way.
    const QString folder = m_dir.filePath(QStringLiteral("folder"));
    const QMap<QString, QByteArray> files = signtest::cartonFiles();
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        QVERIFY(testutil::writeFile(folder + u'/' + it.key(), it.value()));
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/MANIFEST"), testutil::manifestFor(files)));
    QCOMPARE(signing::defaultSignaturePath(folder + u'/'), folder + QStringLiteral(".sig"));
    auto carton = Carton::open(folder);
    QVERIFY(carton);
    auto json = signing::signCarton(**carton, privateKey(m_pair));
    QVERIFY(json);
    auto bundle = SignatureBundle::parse(*json, QStringLiteral("folder.sig"));
    QVERIFY(bundle);
    const SignatureCheck check = signing::checkSignature(**carton, *bundle, publicKey(m_pair));
    QVERIFY2(check.valid(), qPrintable(check.message));
    // And the signature of the zipped carton holds for the folder: same MANIFEST.
    auto zipped = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(zipped);
    QVERIFY(signing::checkSignature(**carton, *zipped, publicKey(m_pair)).valid());
}

void TestSignature::tamperedFile()
{
    // Same MANIFEST, one file's bytes changed: the signature covers MANIFEST,
    // the file does not match it.
    QMap<QString, QByteArray> files = signtest::cartonFiles();
    const QByteArray manifest = testutil::manifestFor(files);
    files[QStringLiteral("model/weights.bin")][1000] = char(files[QStringLiteral("model/weights.bin")][1000] ^ 1);
    files.insert(QStringLiteral("MANIFEST"), manifest);
    const QString tampered = writeTestCarton(QStringLiteral("tampered-file.carton"), files, false);
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    auto carton = Carton::open(tampered);
    QVERIFY(carton);
    QCOMPARE((*carton)->manifestBytes(), manifest);
    const SignatureCheck check = signing::checkSignature(**carton, *bundle, publicKey(m_pair));
    QCOMPARE(check.verdict, SignatureVerdict::FilesMismatch);
    QVERIFY2(check.message.contains(u"the files do not match MANIFEST: model/weights.bin (mismatch)"),
             qPrintable(check.message));
    QCOMPARE(check.failedFiles, QStringList{QStringLiteral("model/weights.bin")});
    QVERIFY(!check.valid());

    // Without hashing the files (as the app does, whose verification runs anyway)
    // the signature covers MANIFEST, but it is not valid: nothing says the files match.
    SignatureOptions options;
    options.checkFiles = false;
    const SignatureCheck quick = signing::checkSignature(**carton, *bundle, publicKey(m_pair), options);
    QCOMPARE(quick.verdict, SignatureVerdict::FilesNotVerified);
    QVERIFY(!quick.valid());
    QVERIFY(!quick.filesChecked);
    QCOMPARE(signing::verdictName(quick.verdict), QStringLiteral("files_not_verified"));

    // The one verdict, from the check and the carton's verification.
    const SignatureCheck running = signing::signatureVerdict(quick, FilesVerification::Running);
    QCOMPARE(running.verdict, SignatureVerdict::FilesNotVerified);
    QVERIFY2(running.message.contains(u"being verified"), qPrintable(running.message));
    const VerifyReport report = verifyCarton(**carton);
    const SignatureCheck judged = signing::signatureVerdict(quick, FilesVerification::Finished, report);
    QCOMPARE(judged.verdict, SignatureVerdict::FilesMismatch);
    QCOMPARE(judged.failedFiles, QStringList{QStringLiteral("model/weights.bin")});
    QCOMPARE(judged.message, check.message);

    // A signature that failed by itself stays failed, whatever the files say.
    SignatureCheck wrongKey = quick;
    wrongKey.verdict = SignatureVerdict::WrongKey;
    QCOMPARE(signing::signatureVerdict(wrongKey, FilesVerification::Finished, report).verdict,
             SignatureVerdict::WrongKey);
}

void TestSignature::verdictNeedsEveryFile()
{
    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    SignatureOptions options;
    options.checkFiles = false;
    const SignatureCheck quick = signing::checkSignature(**carton, *bundle, publicKey(m_pair), options);
    QCOMPARE(quick.verdict, SignatureVerdict::FilesNotVerified);
    QCOMPARE(signing::signatureVerdict(quick, FilesVerification::NotRun).verdict, SignatureVerdict::FilesNotVerified);

    const VerifyReport good = verifyCarton(**carton);
    QVERIFY(good.ok());
    const SignatureCheck valid = signing::signatureVerdict(quick, FilesVerification::Finished, good);
    QVERIFY2(valid.valid(), qPrintable(valid.message));
    QVERIFY(valid.filesChecked);

    // Cancelled part way: the unchecked files leave it unverified, not valid.
    VerifyReport cancelled = good;
    cancelled.cancelled = true;
    cancelled.files[2].state = FileState::Unverified;
    const SignatureCheck stopped = signing::signatureVerdict(quick, FilesVerification::Finished, cancelled);
    QCOMPARE(stopped.verdict, SignatureVerdict::FilesNotVerified);
    QVERIFY2(stopped.message.contains(u"cancelled (1 of 4 files not checked)"), qPrintable(stopped.message));

    // A file only in LINKS, not fetched: not checked, so not valid.
    VerifyReport linked = good;
    linked.files[1].state = FileState::Linked;
    const SignatureCheck unfetched = signing::signatureVerdict(quick, FilesVerification::Finished, linked);
    QCOMPARE(unfetched.verdict, SignatureVerdict::FilesNotVerified);
    QVERIFY2(unfetched.message.contains(u"1 of its files are listed in LINKS"), qPrintable(unfetched.message));

    // Five bad files: all listed, the first three named.
    VerifyReport bad = good;
    for (FileCheck &f : bad.files)
        f.state = FileState::Missing;
    bad.files.append({QStringLiteral("extra.bin"), FileState::Unlisted, {}, {}, {}});
    const SignatureCheck mismatch = signing::signatureVerdict(quick, FilesVerification::Finished, bad);
    QCOMPARE(mismatch.verdict, SignatureVerdict::FilesMismatch);
    QCOMPARE(mismatch.failedFiles.size(), 5);
    QCOMPARE(mismatch.failedFiles.last(), QStringLiteral("extra.bin"));
    QVERIFY2(mismatch.message.endsWith(QStringLiteral("(missing) and 2 more")), qPrintable(mismatch.message));
}

void TestSignature::tamperedManifest()
{
    // A file changed and MANIFEST rewritten to match: the carton is consistent,
    // but not what was signed.
    QMap<QString, QByteArray> files = signtest::cartonFiles();
    files[QStringLiteral("model/README.md")] = "# weights (changed)\n";
    const QString tampered = writeTestCarton(QStringLiteral("tampered-manifest.carton"), files);
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    auto carton = Carton::open(tampered);
    QVERIFY(carton);
    const SignatureCheck check = signing::checkSignature(**carton, *bundle, publicKey(m_pair));
    QCOMPARE(check.verdict, SignatureVerdict::ManifestMismatch);
    QVERIFY2(check.message.contains(u"model/README.md: MANIFEST lists sha256"), qPrintable(check.message));

    // A file added to the carton and MANIFEST.
    files = signtest::cartonFiles();
    files.insert(QStringLiteral("model/extra.py"), "import os\n");
    auto added = Carton::open(writeTestCarton(QStringLiteral("added.carton"), files));
    QVERIFY(added);
    const SignatureCheck addedCheck = signing::checkSignature(**added, *bundle, publicKey(m_pair));
    QCOMPARE(addedCheck.verdict, SignatureVerdict::ManifestMismatch);
    QVERIFY2(addedCheck.message.contains(u"model/extra.py is in MANIFEST but not signed"),
             qPrintable(addedCheck.message));

    // A file removed from the carton and MANIFEST.
    files = signtest::cartonFiles();
    files.remove(QStringLiteral("model/README.md"));
    auto removed = Carton::open(writeTestCarton(QStringLiteral("removed.carton"), files));
    QVERIFY(removed);
    const SignatureCheck removedCheck = signing::checkSignature(**removed, *bundle, publicKey(m_pair));
    QCOMPARE(removedCheck.verdict, SignatureVerdict::ManifestMismatch);
    QVERIFY2(removedCheck.message.contains(u"model/README.md is signed but not in MANIFEST"),
             qPrintable(removedCheck.message));
}

void TestSignature::wrongKey()
{
    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    const EcKey other = publicKey(m_otherPair);
    SignatureCheck check = signing::checkSignature(**carton, *bundle, other);
    QCOMPARE(check.verdict, SignatureVerdict::WrongKey);
    QVERIFY2(check.message.contains(u"signed by another key"), qPrintable(check.message));
    QCOMPARE(check.fingerprint, other.fingerprint());
    // Without the hint, the ECDSA check itself refuses it.
    bundle->keyHint.clear();
    check = signing::checkSignature(**carton, *bundle, other);
    QCOMPARE(check.verdict, SignatureVerdict::WrongKey);
    QVERIFY2(check.message.contains(u"does not match this P-256 key"), qPrintable(check.message));
    // ... and the right key still verifies it.
    QVERIFY(signing::checkSignature(**carton, *bundle, publicKey(m_pair)).valid());
}

void TestSignature::tamperedPayload()
{
    // The statement edited after signing (a digest swapped): the signature fails.
    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    const QByteArray original = (*carton)->manifest()->entries().at(0).sha256;
    QVERIFY(bundle->payload.contains(original));
    bundle->payload.replace(original, QByteArray(64, 'a'));
    const SignatureCheck check = signing::checkSignature(**carton, *bundle, publicKey(m_pair));
    QCOMPARE(check.verdict, SignatureVerdict::WrongKey);
    // A flipped bit in the signature.
    auto flipped = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(flipped);
    flipped->signature[flipped->signature.size() - 1] = char(flipped->signature.back() ^ 1);
    QCOMPARE(signing::checkSignature(**carton, *flipped, publicKey(m_pair)).verdict, SignatureVerdict::WrongKey);
}

void TestSignature::findKeyPicksTheNamedKey()
{
    const QString other = m_dir.filePath(QStringLiteral("other.pub.pem"));
    const QString right = m_dir.filePath(QStringLiteral("right.pub.pem"));
    const QString junk = m_dir.filePath(QStringLiteral("junk.pub.pem"));
    QVERIFY(testutil::writeFile(other, m_otherPair.publicPem));
    QVERIFY(testutil::writeFile(right, m_pair.publicPem));
    QVERIFY(testutil::writeFile(junk, "not a key"));
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    QString chosen;
    auto key = signing::findKey(*bundle, {junk, other, right}, &chosen);
    QVERIFY(key);
    QCOMPARE(chosen, right);
    QCOMPARE(key->fingerprint(), publicKey(m_pair).fingerprint());
    // Without a hint: the key whose signature verifies.
    bundle->keyHint.clear();
    chosen.clear();
    key = signing::findKey(*bundle, {other, right}, &chosen);
    QVERIFY(key);
    QCOMPARE(chosen, right);
    auto none = signing::findKey(*bundle, {other, junk});
    QVERIFY(!none);
    QCOMPARE(none.error().code, ErrorCode::NotFound);
}

void TestSignature::opensslVerifiesTheSignature()
{
    // Interop: `openssl dgst -sha256 -verify` accepts our DER signature over the
    // PAE bytes, and our fingerprint is the sha256 of the DER openssl writes.
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    QVERIFY2(!openssl.isEmpty(), "the openssl command is needed (scripts/install-deps.sh installs it)");
    auto bundle = SignatureBundle::parse(signtest::signedBundle(m_carton, m_pair), QStringLiteral("model.carton.sig"));
    QVERIFY(bundle);
    const QString pub = m_dir.filePath(QStringLiteral("interop.pub.pem"));
    const QString pae = m_dir.filePath(QStringLiteral("interop.pae"));
    const QString sig = m_dir.filePath(QStringLiteral("interop.sig.der"));
    QVERIFY(testutil::writeFile(pub, m_pair.publicPem));
    QVERIFY(testutil::writeFile(pae, bundle->signedBytes()));
    QVERIFY(testutil::writeFile(sig, bundle->signature));
    auto run = [&openssl](const QStringList &args, QByteArray *out) {
        QProcess p;
        p.start(openssl, args);
        if (!p.waitForFinished(60'000))
            return -1;
        *out = p.readAllStandardOutput();
        return p.exitCode();
    };
    QByteArray out;
    QCOMPARE(run({QStringLiteral("dgst"), QStringLiteral("-sha256"), QStringLiteral("-verify"), pub,
                  QStringLiteral("-signature"), sig, pae},
                 &out),
             0);
    QVERIFY2(out.contains("Verified OK"), out.constData());
    // One byte changed in the PAE: openssl refuses it too.
    QByteArray changed = bundle->signedBytes();
    changed[changed.size() - 3] = char(changed.at(changed.size() - 3) ^ 1);
    QVERIFY(testutil::writeFile(pae, changed));
    QCOMPARE(run({QStringLiteral("dgst"), QStringLiteral("-sha256"), QStringLiteral("-verify"), pub,
                  QStringLiteral("-signature"), sig, pae},
                 &out),
             1);
    // The fingerprint.
    const QString der = m_dir.filePath(QStringLiteral("interop.der"));
    QCOMPARE(run({QStringLiteral("pkey"), QStringLiteral("-pubin"), QStringLiteral("-in"), pub,
                  QStringLiteral("-outform"), QStringLiteral("DER"), QStringLiteral("-out"), der},
                 &out),
             0);
    QCOMPARE(Sha256::hashHex(testutil::readFile(der)), publicKey(m_pair).fingerprint());
    // And a signature openssl makes over our PAE verifies with our code.
    const QString priv = m_dir.filePath(QStringLiteral("interop.key.pem"));
    QVERIFY(testutil::writeFile(priv, m_pair.privatePem));
    QVERIFY(testutil::writeFile(pae, bundle->signedBytes()));
    const QString theirs = m_dir.filePath(QStringLiteral("openssl.sig.der"));
    QCOMPARE(run({QStringLiteral("dgst"), QStringLiteral("-sha256"), QStringLiteral("-sign"), priv,
                  QStringLiteral("-out"), theirs, pae},
                 &out),
             0);
    auto carton = Carton::open(m_carton);
    QVERIFY(carton);
    bundle->signature = testutil::readFile(theirs);
    QVERIFY(signing::checkSignature(**carton, *bundle, publicKey(m_pair)).valid());
}

void TestSignature::verifiesModelSigningReferenceBundle()
{
    // A bundle written by model_signing itself (P-384 key): our parser accepts it,
    // its hint is our hint of that key, the signature verifies over our PAE, and
    // the statement parses with its two resources.
    auto bundle = SignatureBundle::parse(fixture::kModelTransparencyBundle, QStringLiteral("model.sig"));
    QVERIFY2(bundle, qPrintable(bundle ? QString() : bundle.error().toString()));
    auto key = EcKey::fromPublicPem(fixture::kModelTransparencyPublicKey, QStringLiteral("signing-key-pub.pem"));
    QVERIFY(key);
    QCOMPARE(key->curveName(), QStringLiteral("P-384"));
    QCOMPARE(bundle->keyHint, key->bundleHint());
    QVERIFY(key->verify(bundle->signedBytes(), bundle->signature).ok());
    auto statement = ModelStatement::parse(bundle->payload, QStringLiteral("model.sig"), 100);
    QVERIFY2(statement, qPrintable(statement ? QString() : statement.error().toString()));
    QCOMPARE(statement->modelName, QStringLiteral("v1.1.0-elliptic-key"));
    QCOMPARE(statement->resources.size(), 2);
    QCOMPARE(statement->resources.at(0).path, QStringLiteral("signme-1"));
    QCOMPARE(statement->resources.at(0).sha256,
             QByteArray("bc9a717db6064a32cbe9eae6fc40651dd6d36ef1757183f590eff2b1765d7ebc"));
    QCOMPARE(statement->rootDigest(), QByteArray("92745110b1ab4368471cbe31664e10174e954b113a3df333db860317b2c6dec4"));
    // Our P-256 key is not theirs.
    QVERIFY(!publicKey(m_pair).verify(bundle->signedBytes(), bundle->signature).ok());
}

QTEST_GUILESS_MAIN(TestSignature)
#include "tst_signature.moc"
