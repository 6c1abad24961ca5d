// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Overview's signature row (offscreen): not signed, valid with a key next to
// the carton or a trusted key, no known key, invalid, unreadable; never valid
// before every file matched; the trusted keys list of the Preferences; the key's
// fingerprint shown with the same text by the row, the list and `carton verify`.
#include "clirunner.h"
#include "overview/overviewpage.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "preferences/preferences.h"
#include "shell/mainwindow.h"
#include "sign/cartonsignature.h"
#include "signtestutil.h"
#include "testpaths.h"
#include "trust/signaturerow.h"
#include "trust/trustedkeysedit.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

using studio::SignatureRow;
using studio::SignatureStatus;
using Kind = SignatureStatus::Kind;

class TestSignatureRow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void notSigned();
    void validWithKeyNextToCarton();
    void validWithTrustedKey();
    void noKnownKeyThenTrusted();
    void invalidForOtherManifest();
    void unreadableSignature();
    void notValidBeforeEveryFileMatches();
    void trustedKeysEdit();
    void fingerprintSameEverywhere();
    void trustButtonFitsWithoutScrolling_data();
    void trustButtonFitsWithoutScrolling();

private:
    // A folder with a signed carton; `keyNextTo` puts KEY.pub.pem beside it.
    QString makeSignedCarton(const QString &name, bool keyNextTo, const QMap<QString, QByteArray> &files = {});
    // The row of an Overview page, once its background check is done and it was
    // given the carton's verification (as the page does).
    SignatureStatus overviewStatus(const QString &cartonPath, QSettings *settings, QString *text = nullptr);
    // The fingerprint of a PEM public key as people see it, computed here from the
    // PEM text (the base64 body is the DER SubjectPublicKeyInfo), not by EcKey.
    static QString expectedFingerprintText(const QByteArray &publicPem);

    QTemporaryDir m_dir;
    signtest::PemPair m_pair;
    QString m_publicKeyFile;
};

void TestSignatureRow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pair = signtest::makeKey();
    m_publicKeyFile = m_dir.filePath(QStringLiteral("keys/signer.pub.pem"));
    QVERIFY(testutil::writeFile(m_publicKeyFile, m_pair.publicPem));
}

QString TestSignatureRow::makeSignedCarton(const QString &name, bool keyNextTo, const QMap<QString, QByteArray> &files)
{
    const QString folder = m_dir.filePath(name);
    QDir().mkpath(folder);
    const QString path = folder + QStringLiteral("/model.carton");
    if (!testutil::writeCarton(path, files.isEmpty() ? signtest::cartonFiles() : files, carton::ZipMethod::Deflate))
        qFatal("cannot write %s", qPrintable(path));
    auto carton = carton::Carton::open(path);
    auto key = carton::EcKey::fromPrivatePem(m_pair.privatePem, QStringLiteral("key.pem"));
    if (!carton || !key)
        qFatal("cannot open the test carton or key");
    auto bundle = carton::signing::signCarton(**carton, *key);
    if (!bundle || !carton::signing::writeFileAtomically(carton::signing::defaultSignaturePath(path), *bundle).ok())
        qFatal("cannot sign");
    if (keyNextTo)
        testutil::writeFile(folder + QStringLiteral("/signer.pub.pem"), m_pair.publicPem);
    return path;
}

SignatureStatus TestSignatureRow::overviewStatus(const QString &cartonPath, QSettings *settings, QString *text)
{
    auto opened = carton::Carton::open(cartonPath);
    if (!opened)
        qFatal("%s", qPrintable(opened.error().toString()));
    std::shared_ptr<const carton::Carton> carton(std::move(*opened));
    studio::OverviewPage page(carton, settings, nullptr);
    page.resize(1000, 700);
    page.show();
    SignatureRow *row = page.signatureRow();
    if (!row)
        qFatal("no signature row");
    if (!QTest::qWaitFor([row] { return row->status().kind != Kind::Checking; }, 10'000))
        qFatal("the signature check did not finish");
    row->setFileVerification(carton::FilesVerification::Finished, carton::verifyCarton(*carton));
    if (text)
        *text = row->textLabel()->text();
    // The row sits in the Overview's form, visible.
    if (!row->isVisible() || row->textLabel()->objectName() != u"signatureLabel")
        qFatal("the signature row is not shown");
    // "Trust this key…" sits under the verdict, which keeps the row's width: beside
    // it, the German button squeezed the fingerprint into a narrow column.
    auto *trust = row->findChild<QToolButton *>(QStringLiteral("trustKeyButton"));
    if (trust && trust->isVisible() &&
        (trust->geometry().top() < row->textLabel()->geometry().bottom() ||
         row->textLabel()->width() < row->width() * 3 / 4))
        qFatal("the Trust button squeezes the signature row's text");
    return row->status();
}

void TestSignatureRow::notSigned()
{
    const QString folder = m_dir.filePath(QStringLiteral("plain"));
    QDir().mkpath(folder);
    const QString path = folder + QStringLiteral("/model.carton");
    QVERIFY(testutil::writeCarton(path, signtest::cartonFiles(), carton::ZipMethod::Deflate));
    QString text;
    const SignatureStatus status = overviewStatus(path, nullptr, &text);
    QCOMPARE(status.kind, Kind::None);
    QCOMPARE(text, QStringLiteral("Not signed (no model.carton.sig next to the carton)"));
}

void TestSignatureRow::validWithKeyNextToCarton()
{
    const QString path = makeSignedCarton(QStringLiteral("next-to"), true);
    QSettings settings(m_dir.filePath(QStringLiteral("empty.ini")), QSettings::IniFormat);
    QString text;
    const SignatureStatus status = overviewStatus(path, &settings, &text);
    QCOMPARE(status.kind, Kind::Valid);
    QVERIFY(!status.trusted);
    QCOMPARE(status.signedFiles, 4);
    QCOMPARE(status.curve, QStringLiteral("P-256"));
    auto key = carton::EcKey::fromPublicPem(m_pair.publicPem, QStringLiteral("pub"));
    QVERIFY(key);
    QCOMPARE(status.fingerprint, key->fingerprint());
    // Valid but not trusted: never worded (or coloured) as "Valid" (issue 43).
    QVERIFY2(text.startsWith(u"Signed by an unknown key: P-256 key "), qPrintable(text));
    QVERIFY2(text.contains(expectedFingerprintText(m_pair.publicPem)), qPrintable(text));
    QVERIFY2(text.contains(u"The signature over this MANIFEST (4 files) is valid and every file matches it"),
             qPrintable(text));
    QVERIFY2(text.contains(u"not one of your trusted keys"), qPrintable(text));
    QVERIFY(status.keyFile.endsWith(u"/next-to/signer.pub.pem"));
}

void TestSignatureRow::validWithTrustedKey()
{
    const QString path = makeSignedCarton(QStringLiteral("trusted"), false);
    QSettings settings(m_dir.filePath(QStringLiteral("trusted.ini")), QSettings::IniFormat);
    SignatureRow::setTrustedKeys(settings, {m_publicKeyFile});
    QString text;
    const SignatureStatus status = overviewStatus(path, &settings, &text);
    QCOMPARE(status.kind, Kind::Valid);
    QVERIFY(status.trusted);
    QCOMPARE(status.keyFile, m_publicKeyFile);
    QVERIFY2(text.startsWith(u"Valid: this MANIFEST (4 files) was signed by your trusted P-256 key "),
             qPrintable(text));
}

void TestSignatureRow::noKnownKeyThenTrusted()
{
    const QString path = makeSignedCarton(QStringLiteral("nokey"), false);
    QSettings settings(m_dir.filePath(QStringLiteral("nokey.ini")), QSettings::IniFormat);
    auto opened = carton::Carton::open(path);
    QVERIFY(opened);
    std::shared_ptr<const carton::Carton> carton(std::move(*opened));
    studio::OverviewPage page(carton, &settings, nullptr);
    page.show();
    SignatureRow *row = page.signatureRow();
    QVERIFY(QTest::qWaitFor([row] { return row->status().kind != Kind::Checking; }, 10'000));
    QCOMPARE(row->status().kind, Kind::NoKey);
    auto key = carton::EcKey::fromPublicPem(m_pair.publicPem, QStringLiteral("pub"));
    QVERIFY(key);
    QCOMPARE(row->status().fingerprint, key->bundleHint()); // the hint the bundle carries
    // No fingerprint: the bundle's hint hashes the PEM text, not the key Preferences shows.
    const QString expected =
        QStringLiteral("Signed by an unknown key, not checked: no public key here fits model.carton.sig. Add the "
                       "signer's public key under Edit ▸ Preferences, or put KEY.pub.pem next to it.");
    QCOMPARE(row->textLabel()->text(), expected);
    row->setFileVerification(carton::FilesVerification::Finished, carton::verifyCarton(*carton));
    QCOMPARE(row->status().kind, Kind::NoKey);
    // The user trusts the key in Preferences and checks again.
    SignatureRow::setTrustedKeys(settings, {m_publicKeyFile});
    QSignalSpy changed(row, &SignatureRow::statusChanged);
    QTest::mouseClick(row->findChild<QToolButton *>(QStringLiteral("recheckSignatureButton")), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([row] { return row->status().kind != Kind::Checking; }, 10'000));
    QVERIFY(changed.count() >= 2); // checking, then the result
    QCOMPARE(row->status().kind, Kind::Valid);
    QVERIFY(row->status().trusted);
}

void TestSignatureRow::invalidForOtherManifest()
{
    // The signature of one carton beside another one (a changed README).
    const QString signedPath = makeSignedCarton(QStringLiteral("original"), true);
    QMap<QString, QByteArray> files = signtest::cartonFiles();
    files[QStringLiteral("model/README.md")] = "# changed\n";
    const QString folder = m_dir.filePath(QStringLiteral("changed"));
    QDir().mkpath(folder);
    const QString path = folder + QStringLiteral("/model.carton");
    QVERIFY(testutil::writeCarton(path, files, carton::ZipMethod::Deflate));
    QVERIFY(QFile::copy(signedPath + QStringLiteral(".sig"), path + QStringLiteral(".sig")));
    QVERIFY(testutil::writeFile(folder + QStringLiteral("/signer.pub.pem"), m_pair.publicPem));
    QString text;
    const SignatureStatus status = overviewStatus(path, nullptr, &text);
    QCOMPARE(status.kind, Kind::Invalid);
    QVERIFY2(text.contains(u"the signature is for other files: model/README.md: MANIFEST lists sha256"),
             qPrintable(text));
    // The hashes are shortened in the row: 64 digits do not wrap.
    QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("[0-9a-f]{64}"))), qPrintable(text));
    QVERIFY(text.contains(u'…'));
    QVERIFY2(text.startsWith(u"Invalid (key "), qPrintable(text));
}

void TestSignatureRow::unreadableSignature()
{
    const QString path = makeSignedCarton(QStringLiteral("unreadable"), true);
    QVERIFY(testutil::writeFile(path + QStringLiteral(".sig"), "{\"mediaType\": 1}"));
    QString text;
    const SignatureStatus status = overviewStatus(path, nullptr, &text);
    QCOMPARE(status.kind, Kind::Unreadable);
    QVERIFY2(text.contains(u"mediaType: expected a string"), qPrintable(text));
}

void TestSignatureRow::notValidBeforeEveryFileMatches()
{
    // Signed, then one byte of a signed file flipped (MANIFEST kept): the
    // signature covers MANIFEST, the file does not match it.
    const QString path = makeSignedCarton(QStringLiteral("tampered"), true);
    QMap<QString, QByteArray> files = signtest::cartonFiles();
    const QByteArray manifest = testutil::manifestFor(files);
    QByteArray &weights = files[QStringLiteral("model/weights.bin")];
    weights[4096] = char(weights[4096] ^ 0x01);
    files.insert(QStringLiteral("MANIFEST"), manifest);
    QVERIFY(testutil::writeCarton(path, files, carton::ZipMethod::Deflate, false));

    auto opened = carton::Carton::open(path);
    QVERIFY(opened);
    std::shared_ptr<const carton::Carton> carton(std::move(*opened));
    studio::OverviewPage page(carton, nullptr, nullptr);
    page.resize(1000, 700);
    page.show();
    SignatureRow *row = page.signatureRow();
    QVERIFY(QTest::qWaitFor([row] { return row->status().kind != Kind::Checking; }, 10'000));
    // No verification yet: the signature is not valid.
    QCOMPARE(row->status().kind, Kind::NotVerified);
    QVERIFY2(!row->textLabel()->text().contains(u"Valid"), qPrintable(row->textLabel()->text()));
    QVERIFY2(row->textLabel()->text().startsWith(u"Not valid yet: "), qPrintable(row->textLabel()->text()));

    QSignalSpy changed(row, &SignatureRow::statusChanged);
    row->setFileVerification(carton::FilesVerification::Running);
    QCOMPARE(row->status().kind, Kind::Verifying);
    QCOMPARE(changed.count(), 1);
    QVERIFY2(row->textLabel()->text().startsWith(u"Verifying the files… "), qPrintable(row->textLabel()->text()));
    row->setFileVerification(carton::FilesVerification::Running); // the same: no change said
    QCOMPARE(changed.count(), 1);

    row->setFileVerification(carton::FilesVerification::Finished, carton::verifyCarton(*carton));
    QCOMPARE(changed.count(), 2);
    QCOMPARE(row->status().kind, Kind::Invalid);
    QCOMPARE(row->status().check.verdict, carton::SignatureVerdict::FilesMismatch);
    const QString text = row->textLabel()->text();
    QVERIFY2(text.startsWith(u"Invalid: this MANIFEST was signed by P-256 key "), qPrintable(text));
    QVERIFY2(text.endsWith(u"but files do not match it: model/weights.bin."), qPrintable(text));
    QVERIFY2(!text.contains(u"Valid"), qPrintable(text));
    QVERIFY2(row->textLabel()->toolTip().contains(u"model/weights.bin (mismatch)"),
             qPrintable(row->textLabel()->toolTip()));

    // Checking again (a key trusted) while the files stay bad: still invalid.
    row->refresh();
    QVERIFY(QTest::qWaitFor([row] { return row->status().kind != Kind::Checking; }, 10'000));
    QCOMPARE(row->status().kind, Kind::Invalid);
}

void TestSignatureRow::trustedKeysEdit()
{
    const QString junk = m_dir.filePath(QStringLiteral("junk.pem"));
    QVERIFY(testutil::writeFile(junk, "hello"));
    studio::TrustedKeysEdit edit({});
    edit.show();
    QVERIFY(!edit.addKeyFile(junk));
    QVERIFY(edit.errorLabel()->isVisible());
    QVERIFY2(edit.errorLabel()->text().contains(u"not a PEM public key"), qPrintable(edit.errorLabel()->text()));
    QVERIFY(edit.files().isEmpty());
    QVERIFY(edit.addKeyFile(m_publicKeyFile));
    QVERIFY(edit.addKeyFile(m_publicKeyFile)); // once only
    QCOMPARE(edit.files(), QStringList{m_publicKeyFile});
    QVERIFY(!edit.errorLabel()->isVisible());
    QVERIFY(edit.list()->item(0)->text().contains(u"signer.pub.pem — P-256 key "));

    // Remembered by the Preferences.
    QSettings settings(m_dir.filePath(QStringLiteral("prefs.ini")), QSettings::IniFormat);
    studio::Preferences prefs;
    prefs.trustedKeys = edit.files();
    prefs.save(settings);
    QCOMPARE(studio::Preferences::load(settings).trustedKeys, QStringList{m_publicKeyFile});
    QCOMPARE(SignatureRow::trustedKeys(settings), QStringList{m_publicKeyFile});
    edit.list()->item(0)->setSelected(true);
    QTest::mouseClick(edit.findChild<QPushButton *>(QStringLiteral("removeTrustedKeyButton")), Qt::LeftButton);
    QVERIFY(edit.files().isEmpty());
}

QString TestSignatureRow::expectedFingerprintText(const QByteArray &publicPem)
{
    QByteArray body;
    for (const QByteArray &line : publicPem.split('\n'))
        if (!line.startsWith("-----"))
            body += line.trimmed();
    const QByteArray der = QByteArray::fromBase64(body);
    const QByteArray hex = QCryptographicHash::hash(der, QCryptographicHash::Sha256).toHex();
    QStringList groups;
    for (qsizetype i = 0; i < hex.size(); i += 4)
        groups << QString::fromLatin1(hex.mid(i, 4));
    return groups.join(u' ');
}

void TestSignatureRow::fingerprintSameEverywhere()
{
    const QString expected = expectedFingerprintText(m_pair.publicPem);
    QCOMPARE(expected.size(), 79);

    // The Signature row.
    const QString path = makeSignedCarton(QStringLiteral("fingerprint"), false);
    QSettings settings(m_dir.filePath(QStringLiteral("fingerprint.ini")), QSettings::IniFormat);
    SignatureRow::setTrustedKeys(settings, {m_publicKeyFile});
    QString rowText;
    const SignatureStatus status = overviewStatus(path, &settings, &rowText);
    QCOMPARE(status.kind, Kind::Valid);
    QCOMPARE(rowText,
             QStringLiteral("Valid: this MANIFEST (4 files) was signed by your trusted P-256 key %1, and every "
                            "file matches it.")
                 .arg(expected));

    // Preferences ▸ Trusted keys.
    studio::TrustedKeysEdit edit({m_publicKeyFile});
    QCOMPARE(edit.list()->item(0)->text(), QStringLiteral("signer.pub.pem — P-256 key %1").arg(expected));

    // `carton verify --key` and `carton sign`.
    const QString privateFile = m_dir.filePath(QStringLiteral("keys/signer.pem"));
    QVERIFY(testutil::writeFile(privateFile, m_pair.privatePem));
    RunResult r = runCarton({QStringLiteral("verify"), path, QStringLiteral("--key"), m_publicKeyFile});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains(QStringLiteral("Signature OK: 4 files signed by P-256 key %1\n").arg(expected).toUtf8()),
             r.out.constData());
    r = runCarton({QStringLiteral("sign"), path, QStringLiteral("--key"), privateFile, QStringLiteral("-o"),
                   m_dir.filePath(QStringLiteral("fingerprint/again.sig"))});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains(QStringLiteral("with P-256 key %1\n").arg(expected).toUtf8()), r.out.constData());
}

void TestSignatureRow::trustButtonFitsWithoutScrolling_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QString();
    QTest::newRow("de") << QStringLiteral("de");
}

void TestSignatureRow::trustButtonFitsWithoutScrolling()
{
    // The sample carton signed by a key beside it, in the window as the app opens it
    // on a 1366x768 screen: the whole verdict is shown (the form cut its last lines:
    // 70 of 98 px in English, 84 of 126 in German) and "Trust this key…" is on
    // screen without scrolling the Overview, in English and in German.
    QFETCH(QString, language);
    QTranslator translator;
    if (!language.isEmpty()) {
        QVERIFY(translator.load(QStringLiteral(":/i18n/carton-studio_%1.qm").arg(language)));
        QCoreApplication::installTranslator(&translator);
    }
    QMap<QString, QByteArray> files;
    const QString sample = testutil::sourcePath(u"/resources/sample"_qs);
    QDirIterator it(sample, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        files.insert(QDir(sample).relativeFilePath(file), testutil::readFile(file));
    }
    files.insert(QStringLiteral("MANIFEST"), testutil::manifestFor(files));
    const QString path =
        makeSignedCarton(QStringLiteral("fit-") + (language.isEmpty() ? u"en"_qs : language), true, files);
    auto opened = carton::Carton::open(path);
    QVERIFY(opened);
    std::shared_ptr<const carton::Carton> carton(std::move(*opened));
    QSettings settings(m_dir.filePath(QStringLiteral("fit-%1.ini").arg(language)), QSettings::IniFormat);
    // The window as the app opens it on a 1366x768 screen (1200x690), the carton's tab.
    studio::MainWindow window(&settings);
    window.resize(1200, 690);
    window.show();
    window.openPath(path);
    SignatureRow *row = nullptr;
    QVERIFY(QTest::qWaitFor(
        [&] {
            row = window.findChild<SignatureRow *>();
            return row && row->status().kind == Kind::Valid;
        },
        10'000));
    QVERIFY(!row->status().trusted);
    // Settled: the scan done and the banner about the unknown signer shown above the
    // tabs (the shorter page is where the form cut the row's lines).
    QVERIFY(QTest::qWaitFor(
        [&] {
            auto *bar = window.findChild<QWidget *>(QStringLiteral("cartonBannerBar"));
            return !window.isBusy() && bar && bar->isVisible();
        },
        10'000));
    for (int pass = 0; pass < 5; ++pass) { // nested layouts settle over several posted layout requests
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QApplication::processEvents();
    }
    QScrollArea *scroll = nullptr;
    for (QWidget *w = row->parentWidget(); w && !scroll; w = w->parentWidget())
        scroll = qobject_cast<QScrollArea *>(w);
    QVERIFY(scroll);
    QToolButton *trust = row->trustButton();
    QVERIFY(trust->isVisible());
    QLabel *text = row->textLabel();
    QVERIFY2(text->height() >= text->heightForWidth(text->width()),
             qPrintable(QStringLiteral("the verdict is clipped: %1 px shown of %2")
                            .arg(text->height())
                            .arg(text->heightForWidth(text->width()))));
    const QRect button(trust->mapTo(scroll->viewport(), QPoint(0, 0)), trust->size());
    QVERIFY2(scroll->viewport()->rect().contains(button),
             qPrintable(QStringLiteral("Trust button at %1,%2 %3x%4, viewport %5x%6, scroll range %7")
                            .arg(button.x())
                            .arg(button.y())
                            .arg(button.width())
                            .arg(button.height())
                            .arg(scroll->viewport()->width())
                            .arg(scroll->viewport()->height())
                            .arg(scroll->verticalScrollBar()->maximum())));
    QCOMPARE(scroll->verticalScrollBar()->value(), 0);
    if (!language.isEmpty())
        QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(TestSignatureRow)
#include "tst_signaturerow.moc"
