// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Signature row of a plain model folder or file (offscreen): the OpenSSF
// model-signing bundles of the reference signers (tests/sign/data/
// model-transparency) found beside or inside the model and checked in the row's
// job with the user's trusted keys: valid by an untrusted key (not green, "Trust
// this key…"), then trusted (green), a tampered file, an unknown key, a
// certificate bundle; every verdict says what was not checked.
#include "model/modelfilepage.h"
#include "overview/overviewpage.h"
#include "package/carton.h"
#include "sign/eckey.h"
#include "sign/modelfolderverifier.h"
#include "testpaths.h"
#include "testutil.h"
#include "trust/signaturerow.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using studio::SignatureRow;
using studio::SignatureStatus;
using Kind = SignatureStatus::Kind;
using namespace Qt::StringLiterals;

namespace {

QString reference(const QString &tail = {})
{
    return testutil::sourcePath(u"/tests/sign/data/model-transparency/"_s) + tail;
}

// Copies a folder of the reference data (flat) to `to`.
void copyFolder(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QString &name : QDir(from).entryList(QDir::Files | QDir::Hidden)) {
        if (!QFile::copy(from + u'/' + name, to + u'/' + name))
            qFatal("cannot copy %s", qPrintable(name));
    }
}

SignatureStatus waitFor(SignatureRow *row)
{
    if (!QTest::qWaitFor([row] { return row->status().kind != Kind::Checking; }, 10'000))
        qFatal("the signature check did not finish");
    return row->status();
}

} // namespace

class TestModelSignatureRow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void findsTheBundle();
    void referenceBundlesByAKeyBeside_data();
    void referenceBundlesByAKeyBeside();
    void untrustedThenTrusted();
    void tamperedFile();
    void unknownKey();
    void certificateBundleIsNotChecked();
    void plainFolderOpenedAsCarton();
    void modelFilePageShowsTheRow();

private:
    // A copy of the reference folder `name` (model.sig inside it) in the folder `to`,
    // with the reference public key beside it as `to/signer.pub.pem` when `keyBeside`.
    QString copyReference(const QString &name, const QString &to, bool keyBeside);

    QTemporaryDir m_dir;
};

void TestModelSignatureRow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // "Trust this key…" copies the key into the app's data folder
    QVERIFY(m_dir.isValid());
}

QString TestModelSignatureRow::copyReference(const QString &name, const QString &to, bool keyBeside)
{
    const QString parent = m_dir.filePath(to);
    const QString folder = parent + u'/' + name;
    copyFolder(reference(name), folder);
    if (keyBeside && !QFile::copy(reference(u"keys/signing-key-pub.pem"_s), parent + u"/signer.pub.pem"_s))
        qFatal("cannot copy the key");
    return folder;
}

void TestModelSignatureRow::findsTheBundle()
{
    const QString root = m_dir.filePath(u"find"_s);
    QDir().mkpath(root + u"/inside"_s);
    QDir().mkpath(root + u"/beside"_s);
    QDir().mkpath(root + u"/none"_s);
    QVERIFY(testutil::writeFile(root + u"/inside/model.sig"_s, "{}"));
    QVERIFY(testutil::writeFile(root + u"/beside.sig"_s, "{}"));
    QVERIFY(testutil::writeFile(root + u"/w.onnx"_s, "x"));
    QVERIFY(testutil::writeFile(root + u"/w.onnx.sigstore.json"_s, "{}"));
    QCOMPARE(carton::findModelSignature(root + u"/inside"_s), root + u"/inside/model.sig"_s);
    QCOMPARE(carton::findModelSignature(root + u"/beside"_s), root + u"/beside.sig"_s);
    QCOMPARE(carton::findModelSignature(root + u"/w.onnx"_s), root + u"/w.onnx.sigstore.json"_s);
    QCOMPARE(carton::findModelSignature(root + u"/none"_s), QString());
    // model.sig beside a model is taken only when its statement names that model.
    const QString shared = m_dir.filePath(u"shared"_s);
    copyFolder(reference(u"v1.1.0-elliptic-key"_s), shared + u"/v1.1.0-elliptic-key"_s);
    QVERIFY(QFile::rename(shared + u"/v1.1.0-elliptic-key/model.sig"_s, shared + u"/model.sig"_s));
    QDir().mkpath(shared + u"/other-model"_s);
    QCOMPARE(carton::findModelSignature(shared + u"/v1.1.0-elliptic-key"_s), shared + u"/model.sig"_s);
    QCOMPARE(carton::findModelSignature(shared + u"/other-model"_s), QString());
}

void TestModelSignatureRow::referenceBundlesByAKeyBeside_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("model");   // the model signed: the folder, or one file in it
    QTest::addColumn<QString>("removed"); // a file the reference verifies with --ignore-paths: removed here
    // Every reference signer's key bundle (v0.3.1 to v1.1.0): hint or the key's
    // PEM, keyid null or "", a folder or one file (then model.sig beside it).
    QTest::newRow("v0.3.1 one file") << u"v0.3.1-elliptic-key"_s << u"signme-1"_s << QString();
    QTest::newRow("v1.0.0 one file") << u"v1.0.0-elliptic-key"_s << u"signme-1"_s << QString();
    QTest::newRow("v1.0.1 folder") << u"v1.0.1-elliptic-key"_s << QString() << u"ignore-me"_s;
    QTest::newRow("v1.1.0 folder") << u"v1.1.0-elliptic-key"_s << QString() << QString();
}

void TestModelSignatureRow::referenceBundlesByAKeyBeside()
{
    QFETCH(QString, name);
    QFETCH(QString, model);
    QFETCH(QString, removed);
    const QString folder = copyReference(name, u"beside-"_s + name, true);
    if (!removed.isEmpty())
        QVERIFY(QFile::remove(folder + u'/' + removed));
    const QString path = model.isEmpty() ? folder : folder + u'/' + model;
    // One file signed: model.sig and the key lie beside it.
    const QString keyFile =
        model.isEmpty() ? m_dir.filePath(u"beside-"_s + name + u"/signer.pub.pem"_s) : folder + u"/signer.pub.pem"_s;
    if (!model.isEmpty())
        QVERIFY(QFile::rename(m_dir.filePath(u"beside-"_s + name + u"/signer.pub.pem"_s), keyFile));
    SignatureRow row(path, nullptr);
    const SignatureStatus status = waitFor(&row);
    QVERIFY2(status.kind == Kind::Valid, qPrintable(row.textLabel()->text()));
    QVERIFY(!status.trusted);
    QCOMPARE(status.signaturePath, folder + u"/model.sig"_s);
    QCOMPARE(status.keyFile, keyFile);
    QCOMPARE(status.curve, u"P-384"_s);
    QCOMPARE(status.model.checkedFiles, model.isEmpty() ? 2 : 1);
}

void TestModelSignatureRow::untrustedThenTrusted()
{
    const QString folder = copyReference(u"v1.1.0-elliptic-key"_s, u"trust"_s, true);
    QSettings settings(m_dir.filePath(u"trust.ini"_s), QSettings::IniFormat);
    SignatureRow row(folder, &settings);
    row.resize(700, 200);
    row.show();
    SignatureStatus status = waitFor(&row);
    QCOMPARE(status.kind, Kind::Valid);
    QVERIFY(!status.trusted);
    QCOMPARE(status.model.checkedFiles, 2); // signme-1, signme-2; ignore-me and model.sig ignored
    auto key = carton::EcKey::readPublic(reference(u"keys/signing-key-pub.pem"_s));
    QVERIFY(key);
    QCOMPARE(status.fingerprint, key->fingerprint());
    QString text = row.textLabel()->text();
    // Valid, but by a key the user does not trust: not worded "Valid", and a way to trust it.
    QVERIFY2(text.startsWith(u"Signed by an unknown key: P-384 key "_s + key->fingerprintText()), qPrintable(text));
    QVERIFY2(text.contains(u"The OpenSSF model signature model.sig is valid and this model (2 files) matches it"),
             qPrintable(text));
    QVERIFY2(text.endsWith(u"Not checked: transparency log; who holds the key; key revocation."), qPrintable(text));
    QVERIFY(row.trustButton()->isVisible());
    QVERIFY2(row.trustQuestion().contains(key->fingerprintText()), qPrintable(row.trustQuestion()));
    QVERIFY2(row.trustQuestion().contains(u"signed this model"), qPrintable(row.trustQuestion()));
    QVERIFY2(row.textLabel()->toolTip().contains(u"Not checked: transparency log: checked offline"),
             qPrintable(row.textLabel()->toolTip()));

    // "Trust this key…": the key joins the trusted keys, the row checks again: green.
    row.trustSigner(false);
    status = waitFor(&row);
    QCOMPARE(status.kind, Kind::Valid);
    QVERIFY(status.trusted);
    QCOMPARE(SignatureRow::trustedKeys(settings).size(), 1);
    text = row.textLabel()->text();
    QVERIFY2(text.startsWith(u"Valid: this model (2 files) matches the OpenSSF model signature model.sig by your "
                             "trusted P-384 key "_s +
                             key->fingerprintText()),
             qPrintable(text));
    QVERIFY2(text.endsWith(u"Not checked: transparency log; who holds the key; key revocation."), qPrintable(text));
    QVERIFY(!row.trustButton()->isVisible());
}

void TestModelSignatureRow::tamperedFile()
{
    const QString folder = copyReference(u"v1.1.0-elliptic-key"_s, u"tampered"_s, true);
    QFile file(folder + u"/signme-2"_s);
    QVERIFY(file.open(QIODevice::Append));
    file.write("!");
    file.close();
    QSettings settings(m_dir.filePath(u"tampered.ini"_s), QSettings::IniFormat);
    SignatureRow::setTrustedKeys(settings, {m_dir.filePath(u"tampered/signer.pub.pem"_s)}); // even trusted: invalid
    SignatureRow row(folder, &settings);
    const SignatureStatus status = waitFor(&row);
    QCOMPARE(status.kind, Kind::Invalid);
    QCOMPARE(status.model.verdict, carton::ModelSignatureVerdict::FilesMismatch);
    const QString text = row.textLabel()->text();
    QVERIFY2(text.startsWith(u"Invalid (files_mismatch): "), qPrintable(text));
    QVERIFY2(text.contains(u"changed: signme-2 (sha256 "), qPrintable(text));
    QVERIFY2(text.endsWith(u"Not checked: transparency log; who holds the key; key revocation."), qPrintable(text));
    QVERIFY(!row.trustButton()->isVisible());

    // A file added: invalid too (extra).
    const QString extra = copyReference(u"v1.1.0-elliptic-key"_s, u"extra"_s, true);
    QVERIFY(testutil::writeFile(extra + u"/planted.py"_s, "import os\n"));
    SignatureRow extraRow(extra, &settings);
    QCOMPARE(waitFor(&extraRow).kind, Kind::Invalid);
    QVERIFY2(extraRow.textLabel()->text().contains(u"extra: planted.py"), qPrintable(extraRow.textLabel()->text()));
}

void TestModelSignatureRow::unknownKey()
{
    const QString folder = copyReference(u"v1.1.0-elliptic-key"_s, u"unknown"_s, false);
    QSettings settings(m_dir.filePath(u"unknown.ini"_s), QSettings::IniFormat);
    SignatureRow row(folder, &settings);
    const SignatureStatus status = waitFor(&row);
    QCOMPARE(status.kind, Kind::NoKey);
    QCOMPARE(row.textLabel()->text(),
             u"Signed by an unknown key, not checked: no public key here fits model.sig. Add the signer's public "
             "key under Edit ▸ Preferences, or put KEY.pub.pem next to it."_s);
    QVERIFY(!row.trustButton()->isVisible());
}

void TestModelSignatureRow::certificateBundleIsNotChecked()
{
    const QString folder = copyReference(u"v1.1.0-certificate"_s, u"certificate"_s, true);
    SignatureRow row(folder, nullptr);
    const SignatureStatus status = waitFor(&row);
    QCOMPARE(status.kind, Kind::NoKey);
    QVERIFY2(row.textLabel()->text().startsWith(u"Signed, not checked: "), qPrintable(row.textLabel()->text()));
    QVERIFY2(row.textLabel()->text().contains(u"--cert-chain CA.pem"), qPrintable(row.textLabel()->text()));
}

void TestModelSignatureRow::plainFolderOpenedAsCarton()
{
    // A folder without carton.toml opens as a carton source: its Overview's row
    // checks the model's OMS signature, not FOLDER.sig against a MANIFEST.
    const QString folder = copyReference(u"v1.1.0-elliptic-key"_s, u"overview"_s, true);
    auto opened = carton::Carton::open(folder);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().toString()));
    std::shared_ptr<const carton::Carton> carton(std::move(*opened));
    studio::OverviewPage page(carton, nullptr, nullptr);
    page.resize(1000, 700);
    page.show();
    SignatureRow *row = page.signatureRow();
    const SignatureStatus status = waitFor(row);
    QCOMPARE(status.kind, Kind::Valid);
    QCOMPARE(status.modelPath, folder);
    // The page's verification of the (absent) MANIFEST does not change the verdict.
    row->setFileVerification(carton::FilesVerification::Finished, {});
    QCOMPARE(row->status().kind, Kind::Valid);
    QVERIFY2(row->textLabel()->text().startsWith(u"Signed by an unknown key: P-384 key "),
             qPrintable(row->textLabel()->text()));
}

void TestModelSignatureRow::modelFilePageShowsTheRow()
{
    // A bare file's page (here the one file model_signing v1.0.0 signed, model.sig
    // beside it), with the key trusted in the settings: green.
    const QString folder = copyReference(u"v1.0.0-elliptic-key"_s, u"filepage"_s, true);
    QSettings settings(m_dir.filePath(u"filepage.ini"_s), QSettings::IniFormat);
    SignatureRow::setTrustedKeys(settings, {m_dir.filePath(u"filepage/signer.pub.pem"_s)});
    studio::ModelFilePage page(folder + u"/signme-1"_s, &settings);
    page.resize(1000, 700);
    page.show();
    SignatureRow *row = page.signatureRow();
    QVERIFY(row && row->isVisible());
    const SignatureStatus status = waitFor(row);
    QCOMPARE(status.kind, Kind::Valid);
    QVERIFY(status.trusted);
    QVERIFY2(
        row->textLabel()->text().startsWith(
            u"Valid: this model (1 file) matches the OpenSSF model signature model.sig by your trusted P-384 key "),
        qPrintable(row->textLabel()->text()));
}

QTEST_MAIN(TestModelSignatureRow)
#include "tst_modelsignaturerow.moc"
