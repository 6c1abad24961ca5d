// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton sign` and `carton verify --signature --key`: the real binary on real files.
#include "clirunner.h"
#include "signtestutil.h"
#include "testpaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliSign : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void signThenVerify();
    void signRefusesToOverwrite();
    void verifyTampered_data();
    void verifyTampered();
    void usageErrors();
    void signRefusesMismatchedFiles();
    void verifyPlainModel();
    void signPlainModel();

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;
    QString m_carton;
};

void TestCliSign::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const signtest::PemPair pair = signtest::makeKey();
    const signtest::PemPair other = signtest::makeKey();
    QVERIFY(testutil::writeFile(path(QStringLiteral("key.pem")), pair.privatePem));
    QVERIFY(testutil::writeFile(path(QStringLiteral("pub.pem")), pair.publicPem));
    QVERIFY(testutil::writeFile(path(QStringLiteral("other.pub.pem")), other.publicPem));
    m_carton = path(QStringLiteral("model.carton"));
    QVERIFY(testutil::writeCarton(m_carton, signtest::cartonFiles(), carton::ZipMethod::Zstd));

    // Tampered copies: one file's bytes changed (MANIFEST kept); a file and its
    // MANIFEST line changed.
    QMap<QString, QByteArray> files = signtest::cartonFiles();
    const QByteArray manifest = testutil::manifestFor(files);
    files[QStringLiteral("model/README.md")] = "# changed\n";
    QVERIFY(testutil::writeCarton(path(QStringLiteral("tampered-manifest.carton")), files, carton::ZipMethod::Zstd));
    files.insert(QStringLiteral("MANIFEST"), manifest);
    QVERIFY(testutil::writeCarton(path(QStringLiteral("tampered-file.carton")), files, carton::ZipMethod::Zstd, false));
}

void TestCliSign::signThenVerify()
{
    RunResult r =
        runCarton({QStringLiteral("sign"), m_carton, QStringLiteral("--key"), path(QStringLiteral("key.pem"))});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString sig = m_carton + QStringLiteral(".sig");
    QVERIFY(QFileInfo::exists(sig));
    QVERIFY2(r.out.contains("Signed 4 files"), r.out.constData());

    r = runCarton({QStringLiteral("verify"), m_carton, QStringLiteral("--key"), path(QStringLiteral("pub.pem"))});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("Signature OK: 4 files signed by P-256 key"), r.out.constData());

    r = runCarton({QStringLiteral("verify"), m_carton, QStringLiteral("--signature"), sig, QStringLiteral("--key"),
                   path(QStringLiteral("pub.pem")), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject json = r.json();
    QCOMPARE(json[u"ok"].toBool(), true);
    const QJsonObject signature = json[u"signature"].toObject();
    QCOMPARE(signature[u"ok"].toBool(), true);
    QCOMPARE(signature[u"verdict"].toString(), QStringLiteral("valid"));
    QCOMPARE(signature[u"signed_files"].toInt(), 4);
    QCOMPARE(signature[u"key_curve"].toString(), QStringLiteral("P-256"));
    QCOMPARE(signature[u"model_name"].toString(), QStringLiteral("t"));
    // The fingerprint is the sha256 of the key's DER, as `openssl pkey -outform DER | sha256sum` prints.
    const RunResult der = runProgram(QStringLiteral("openssl"), {QStringLiteral("pkey"), QStringLiteral("-pubin"),
                                                                 QStringLiteral("-in"), path(QStringLiteral("pub.pem")),
                                                                 QStringLiteral("-outform"), QStringLiteral("DER")});
    QCOMPARE(der.exitCode, 0);
    QCOMPARE(signature[u"key_fingerprint"].toString().toLatin1(), carton::Sha256::hashHex(der.out));

    // -o elsewhere.
    const QString elsewhere = path(QStringLiteral("elsewhere/model.sig"));
    QDir().mkpath(path(QStringLiteral("elsewhere")));
    r = runCarton({QStringLiteral("sign"), m_carton, QStringLiteral("--key"), path(QStringLiteral("key.pem")),
                   QStringLiteral("-o"), elsewhere});
    QCOMPARE(r.exitCode, 0);
    r = runCarton({QStringLiteral("verify"), m_carton, QStringLiteral("--signature"), elsewhere,
                   QStringLiteral("--key"), path(QStringLiteral("pub.pem"))});
    QCOMPARE(r.exitCode, 0);
}

void TestCliSign::signRefusesToOverwrite()
{
    const QString sig = path(QStringLiteral("once.sig"));
    const QStringList args{QStringLiteral("sign"), m_carton, QStringLiteral("--key"), path(QStringLiteral("key.pem")),
                           QStringLiteral("-o"),   sig};
    QCOMPARE(runCarton(args).exitCode, 0);
    const QByteArray first = testutil::readFile(sig);
    RunResult r = runCarton(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("exists (use --force"), r.err.constData());
    QCOMPARE(testutil::readFile(sig), first);
    QCOMPARE(runCarton(args + QStringList{QStringLiteral("--force")}).exitCode, 0);
    // ECDSA signatures are randomised: a new signature, the same statement.
    QVERIFY(testutil::readFile(sig) != first);
}

void TestCliSign::verifyTampered_data()
{
    QTest::addColumn<QString>("carton");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QByteArray>("signature"); // empty: the good one
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("message");

    QTest::newRow("tampered file") << "tampered-file.carton"
                                   << "pub.pem" << QByteArray() << "files_mismatch"
                                   << "the files do not match MANIFEST";
    QTest::newRow("tampered MANIFEST") << "tampered-manifest.carton"
                                       << "pub.pem" << QByteArray() << "manifest_mismatch"
                                       << "model/README.md: MANIFEST lists sha256";
    QTest::newRow("wrong key") << "model.carton"
                               << "other.pub.pem" << QByteArray() << "wrong_key"
                               << "signed by another key";
    QTest::newRow("malformed bundle") << "model.carton"
                                      << "pub.pem"
                                      << QByteArray(R"({"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
                                                      "verificationMaterial": {"publicKey": {}}})")
                                      << "malformed"
                                      << "dsseEnvelope: missing (expected an object)";
    QTest::newRow("not JSON") << "model.carton"
                              << "pub.pem" << QByteArray("PK\x03\x04") << "malformed"
                              << "not a JSON signature bundle";
}

void TestCliSign::verifyTampered()
{
    QFETCH(QString, carton);
    QFETCH(QString, key);
    QFETCH(QByteArray, signature);
    QFETCH(QString, verdict);
    QFETCH(QString, message);
    QString sig = path(QStringLiteral("good.sig"));
    if (!QFileInfo::exists(sig))
        QCOMPARE(runCarton({QStringLiteral("sign"), m_carton, QStringLiteral("--key"), path(QStringLiteral("key.pem")),
                            QStringLiteral("-o"), sig})
                     .exitCode,
                 0);
    if (!signature.isEmpty()) {
        sig = path(QStringLiteral("bad.sig"));
        QVERIFY(testutil::writeFile(sig, signature));
    }
    const QStringList args{QStringLiteral("verify"), path(carton), QStringLiteral("--signature"), sig,
                           QStringLiteral("--key"),  path(key)};
    RunResult r = runCarton(args + QStringList{QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject json = r.json();
    QCOMPARE(json[u"ok"].toBool(true), false);
    QCOMPARE(json[u"signature"][u"verdict"].toString(), verdict);
    QVERIFY2(json[u"signature"][u"message"].toString().contains(message),
             qPrintable(json[u"signature"][u"message"].toString()));
    // Files that do not match are listed, all of them (none for the other verdicts).
    const QJsonArray failed = json[u"signature"][u"failed_files"].toArray();
    if (verdict == u"files_mismatch") {
        QCOMPARE(failed, QJsonArray{QStringLiteral("model/README.md")});
        QVERIFY2(json[u"signature"][u"message"].toString().endsWith(u": model/README.md (mismatch)"),
                 qPrintable(json[u"signature"][u"message"].toString()));
    } else {
        QVERIFY(failed.isEmpty());
    }
    r = runCarton(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("signature %1: ").arg(verdict).toUtf8()), r.err.constData());
    QVERIFY(!r.out.contains("Signature OK"));
}

void TestCliSign::usageErrors()
{
    const QString key = path(QStringLiteral("key.pem"));
    const QString pub = path(QStringLiteral("pub.pem"));
    struct Case {
        QStringList args;
        QByteArray error;
    };
    const QList<Case> cases{
        {{QStringLiteral("sign"), m_carton}, "--key KEY.pem is required"},
        {{QStringLiteral("sign"), m_carton, QStringLiteral("--key"), pub, QStringLiteral("-o"), path("x.sig")},
         "not an unencrypted PEM private key"},
        {{QStringLiteral("sign"), m_carton, QStringLiteral("--key"), path("missing.pem")}, "cannot open the key file"},
        {{QStringLiteral("sign"), path("missing.carton"), QStringLiteral("--key"), key, QStringLiteral("-o"),
          path("y.sig")},
         "missing.carton"},
        {{QStringLiteral("verify"), m_carton, QStringLiteral("--signature"), path("good.sig")}, "needs --key"},
        {{QStringLiteral("verify"), m_carton, QStringLiteral("--signature"), path("missing.sig"),
          QStringLiteral("--key"), pub},
         "cannot open the signature"},
    };
    for (const Case &c : cases) {
        const RunResult r = runCarton(c.args);
        QVERIFY2(r.exitCode == 2, qPrintable(c.args.join(u' ') + QStringLiteral(": ") + QString::fromUtf8(r.err)));
        QVERIFY2(r.err.contains(c.error), r.err.constData());
    }
    QVERIFY(!QFileInfo::exists(path("x.sig")));
}

void TestCliSign::signRefusesMismatchedFiles()
{
    const QString sig = path(QStringLiteral("tampered.sig"));
    const RunResult r =
        runCarton({QStringLiteral("sign"), path(QStringLiteral("tampered-file.carton")), QStringLiteral("--key"),
                   path(QStringLiteral("key.pem")), QStringLiteral("-o"), sig});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("the files do not match MANIFEST; not signed"), r.err.constData());
    QVERIFY(!QFileInfo::exists(sig));
}

void TestCliSign::verifyPlainModel()
{
    // `carton verify MODEL --signature BUNDLE` on folders the OpenSSF model_signing
    // tool signed (tests/sign/data/model-transparency), as its own scripts verify them.
    const QString data = testutil::sourcePath(u"/tests/sign/data/model-transparency/");
    const QString keyFolder = data + QStringLiteral("v1.1.0-elliptic-key");
    const QString referenceKey = data + QStringLiteral("keys/signing-key-pub.pem");
    RunResult r = runCarton({QStringLiteral("verify"), keyFolder, QStringLiteral("--signature"),
                             keyFolder + QStringLiteral("/model.sig"), QStringLiteral("--key"), referenceKey});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("Signature OK: 2 files of model \"v1.1.0-elliptic-key\""), r.out.constData());
    QVERIFY2(r.out.contains("not checked: transparency log"), r.out.constData());
    const QString certFolder = data + QStringLiteral("v1.0.1-certificate");
    r = runCarton({QStringLiteral("verify"), certFolder, QStringLiteral("--signature"),
                   certFolder + QStringLiteral("/model.sig"), QStringLiteral("--cert-chain"),
                   data + QStringLiteral("keys/ca-cert.pem"), QStringLiteral("--ignore-paths"),
                   certFolder + QStringLiteral("/ignore-me")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("certificate CN=intermediate-ca"), r.out.constData());

    // A copy with a changed file: exit 1, the JSON names the file.
    const QString copy = path(QStringLiteral("plain-model"));
    QVERIFY(QDir().mkpath(copy));
    for (const QString &name : {QStringLiteral("signme-1"), QStringLiteral("signme-2"), QStringLiteral("ignore-me"),
                                QStringLiteral("model.sig")})
        QVERIFY(QFile::copy(keyFolder + u'/' + name, copy + u'/' + name));
    QVERIFY(testutil::writeFile(copy + QStringLiteral("/signme-2"), "changed"));
    r = runCarton({QStringLiteral("verify"), copy, QStringLiteral("--signature"), copy + QStringLiteral("/model.sig"),
                   QStringLiteral("--key"), referenceKey, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"ok").toBool(true), false);
    QCOMPARE(json.value(u"verdict").toString(), QStringLiteral("files_mismatch"));
    QVERIFY2(json.value(u"problems").toArray().at(0).toString().startsWith(u"changed: signme-2"), r.out.constData());
    // Another key: exit 1, never OK.
    r = runCarton({QStringLiteral("verify"), keyFolder, QStringLiteral("--signature"),
                   keyFolder + QStringLiteral("/model.sig"), QStringLiteral("--key"), path(QStringLiteral("pub.pem"))});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("signature bad_signature") && r.err.contains("signed by another key"), r.err.constData());
    QVERIFY(!r.out.contains("Signature OK"));
    // Usage: a key or a CA, not both, not neither.
    r = runCarton({QStringLiteral("verify"), keyFolder, QStringLiteral("--signature"),
                   keyFolder + QStringLiteral("/model.sig"), QStringLiteral("--key"), referenceKey,
                   QStringLiteral("--cert-chain"), data + QStringLiteral("keys/ca-cert.pem")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("either --key PUB.pem"), r.err.constData());
    r = runCarton(
        {QStringLiteral("verify"), keyFolder, QStringLiteral("--signature"), keyFolder + QStringLiteral("/model.sig")});
    QCOMPARE(r.exitCode, 2);
}

void TestCliSign::signPlainModel()
{
    // `carton sign MODEL` on a folder made here, then `carton verify` of it.
    const QString model = path(QStringLiteral("to-sign"));
    QVERIFY(testutil::writeFile(model + QStringLiteral("/weights.bin"), QByteArray(3000, '\x05')));
    QVERIFY(testutil::writeFile(model + QStringLiteral("/nested/config.json"), "{}\n"));
    QVERIFY(testutil::writeFile(model + QStringLiteral("/scratch/log.txt"), "not signed\n"));
    const QString sig = model + QStringLiteral(".sig");
    RunResult r = runCarton({QStringLiteral("sign"), model, QStringLiteral("--key"), path(QStringLiteral("key.pem")),
                             QStringLiteral("--ignore-paths"), model + QStringLiteral("/scratch")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains(QByteArray(QByteArray("Signature: ") + sig.toUtf8())), r.out.constData());
    const QByteArray first = testutil::readFile(sig);
    QVERIFY(first.contains("\"mediaType\":\"application/vnd.dev.sigstore.bundle.v0.3+json\""));
    r = runCarton({QStringLiteral("verify"), model, QStringLiteral("--signature"), sig, QStringLiteral("--key"),
                   path(QStringLiteral("pub.pem")), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    QCOMPARE(r.json().value(u"checked_files").toInt(), 2); // scratch/ left out, as the statement records

    // Not replaced without --force; replaced with it.
    r = runCarton({QStringLiteral("sign"), model, QStringLiteral("--key"), path(QStringLiteral("key.pem"))});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("exists (use --force to replace it)"), r.err.constData());
    QCOMPARE(testutil::readFile(sig), first);
    r = runCarton({QStringLiteral("sign"), model, QStringLiteral("--key"), path(QStringLiteral("key.pem")),
                   QStringLiteral("--force")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(testutil::readFile(sig) != first); // now scratch/log.txt is signed too
    QVERIFY(QDir(path(QString())).entryList({QStringLiteral("to-sign.sig?*")}, QDir::Files | QDir::Hidden).isEmpty());

    // Tampered after signing: exit 1.
    QVERIFY(testutil::writeFile(model + QStringLiteral("/nested/config.json"), "{\"x\": 1}\n"));
    r = runCarton({QStringLiteral("verify"), model, QStringLiteral("--signature"), sig, QStringLiteral("--key"),
                   path(QStringLiteral("pub.pem"))});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("changed: nested/config.json"), r.err.constData());
    // --ignore-paths belongs to a plain model.
    r = runCarton({QStringLiteral("sign"), m_carton, QStringLiteral("--key"), path(QStringLiteral("key.pem")),
                   QStringLiteral("-o"), path(QStringLiteral("x.sig")), QStringLiteral("--ignore-paths"), model});
    QCOMPARE(r.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliSign)
#include "tst_clisign.moc"
