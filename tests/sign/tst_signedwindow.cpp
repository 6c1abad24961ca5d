// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Issue 27: trust shown at a glance, and shown right. A signed carton opened in
// the main window (offscreen), with its key trusted: untouched it is valid and
// green; with one byte of a signed file flipped the Signature row never says
// Valid, names the file, and the tab icon, the Overview's state line and the
// status bar are not green. Trusting a key in Preferences re-checks open cartons.
#include "carton/cartonview.h"
#include "document/verificationrunner.h"
#include "jobs/jobpools.h"
#include "overview/overviewpage.h"
#include "preferences/preferencesdialog.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shell/shellicons.h"
#include "shell/statetone.h"
#include "shell/verificationstatus.h"
#include "sign/eckey.h"
#include "signtestutil.h"
#include "trust/signaturerow.h"
#include "trust/trustedkeysedit.h"

#include <QApplication>
#include <QFileInfo>
#include <QLabel>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace Qt::StringLiterals;
using studio::CartonPage;
using studio::CartonState;
using studio::MainWindow;
using studio::SignatureRow;
using SigKind = studio::SignatureStatus::Kind;

namespace {

constexpr int kTimeoutMs = 30'000;

QImage iconImage(const QIcon &icon)
{
    return icon.pixmap(QSize(16, 16)).toImage();
}

QImage labelImage(const QLabel *label)
{
    return label->pixmap().toImage();
}

// The files of the carton of the issue: a tensor file among the signed ones.
QMap<QString, QByteArray> issueFiles()
{
    QMap<QString, QByteArray> files = signtest::cartonFiles();
    files.insert(u"tensor_data/index.toml"_s, "[[tensor]]\nname = \"tensor_1\"\ndtype = \"float32\"\n"
                                              "shape = [16384]\nfile = \"tensor_1.bin\"\ninner = []\n");
    files.insert(u"tensor_data/tensor_1.bin"_s, testutil::mixedData(16384 * 4, 11));
    return files;
}

} // namespace

class TestSignedWindow final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void untouchedSignedCartonIsValid();
    void tamperedFileIsNeverValid();
    void trustingAKeyRechecksOpenCartons();
    void unknownSignerIsNeverGreen();
    void privateKeyIsNeverTrusted();

private:
    // Shows `window`, opens `path` in it and waits until opening, verification, the
    // signature check and the safety scan have all answered.
    CartonPage *openAndSettle(MainWindow &window, const QString &path);
    // Writes model.carton (signed with m_pair) into a folder of its own.
    QString writeSignedCarton(const QString &name);

    QTemporaryDir m_dir;
    signtest::PemPair m_pair;
    QString m_publicKeyFile;
    std::unique_ptr<QSettings> m_settings;
};

void TestSignedWindow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pair = signtest::makeKey();
    m_publicKeyFile = m_dir.filePath(u"keys/signer.pub.pem"_s);
    QVERIFY(testutil::writeFile(m_publicKeyFile, m_pair.publicPem));
}

void TestSignedWindow::init()
{
    static int n = 0;
    m_settings = std::make_unique<QSettings>(m_dir.filePath(u"settings-%1.ini"_s.arg(++n)), QSettings::IniFormat);
}

void TestSignedWindow::cleanup()
{
    studio::JobPools::waitForAll();
    m_settings.reset();
}

QString TestSignedWindow::writeSignedCarton(const QString &name)
{
    const QString folder = m_dir.filePath(name);
    QDir().mkpath(folder);
    const QString path = folder + u"/model.carton"_s;
    if (!testutil::writeCarton(path, issueFiles(), carton::ZipMethod::Deflate))
        return {};
    const QByteArray bundle = signtest::signedBundle(path, m_pair);
    if (!carton::signing::writeFileAtomically(carton::signing::defaultSignaturePath(path), bundle).ok())
        return {};
    return path;
}

CartonPage *TestSignedWindow::openAndSettle(MainWindow &window, const QString &path)
{
    window.resize(1366, 768);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return nullptr;
    CartonPage *page = window.openPath(path);
    if (!page ||
        !QTest::qWaitFor([page] { return page->state() != studio::CartonSession::State::Opening; }, kTimeoutMs))
        return nullptr;
    const auto settled = [page] {
        if (page->isBusy() || !page->view())
            return false;
        const SigKind kind = page->view()->signatureRow()->status().kind;
        return kind != SigKind::Checking && kind != SigKind::Verifying &&
               page->cartonState().kind() != CartonState::Kind::Verifying;
    };
    return QTest::qWaitFor(settled, kTimeoutMs) ? page : nullptr;
}

void TestSignedWindow::untouchedSignedCartonIsValid()
{
    // The control: signed, key trusted, nothing changed: valid and green.
    const QString path = writeSignedCarton(u"untouched"_s);
    QVERIFY(!path.isEmpty());
    SignatureRow::setTrustedKeys(*m_settings, {m_publicKeyFile});
    MainWindow window(m_settings.get());
    CartonPage *page = openAndSettle(window, path);
    QVERIFY(page);
    const SignatureRow *row = page->view()->signatureRow();
    QCOMPARE(row->status().kind, SigKind::Valid);
    QVERIFY2(row->textLabel()->text().startsWith(u"Valid: this MANIFEST (6 files) was signed by your trusted P-256 "
                                                 "key "_s),
             qPrintable(row->textLabel()->text()));
    QCOMPARE(page->cartonState().kind(), CartonState::Kind::Verified);
    QCOMPARE(page->cartonState().summary(), u"All 6 files verified"_s);
    QCOMPARE(iconImage(window.tabWidget()->tabIcon(0)), iconImage(studio::shellIcon(u"state-ok"_s)));
    QCOMPARE(labelImage(page->view()->overviewPage()->stateIcon()), iconImage(studio::shellIcon(u"state-ok"_s)));
}

void TestSignedWindow::tamperedFileIsNeverValid()
{
    // Signed, key trusted, then one byte of tensor_data/tensor_1.bin flipped
    // (the MANIFEST the signature covers is kept).
    const QString path = writeSignedCarton(u"tampered"_s);
    QVERIFY(!path.isEmpty());
    QMap<QString, QByteArray> files = issueFiles();
    const QByteArray manifest = testutil::manifestFor(files);
    QByteArray &tensor = files[u"tensor_data/tensor_1.bin"_s];
    tensor[1000] = char(tensor[1000] ^ 0x01);
    files.insert(u"MANIFEST"_s, manifest);
    QVERIFY(testutil::writeCarton(path, files, carton::ZipMethod::Deflate, false));
    SignatureRow::setTrustedKeys(*m_settings, {m_publicKeyFile});

    MainWindow window(m_settings.get());
    CartonPage *page = openAndSettle(window, path);
    QVERIFY(page);
    QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Finished);

    // The Signature row: not valid, and it names the file.
    const SignatureRow *row = page->view()->signatureRow();
    const QString text = row->textLabel()->text();
    QCOMPARE(row->status().kind, SigKind::Invalid);
    QVERIFY2(!text.contains(u"Valid"_s), qPrintable(text));
    QVERIFY2(text.startsWith(u"Invalid: this MANIFEST was signed by P-256 key "_s), qPrintable(text));
    QVERIFY2(text.endsWith(u"but files do not match it: tensor_data/tensor_1.bin."_s), qPrintable(text));
    QCOMPARE(row->status().check.failedFiles, QStringList{u"tensor_data/tensor_1.bin"_s});

    // The state everywhere: failed verification and an invalid signature, not green.
    const CartonState &state = page->cartonState();
    QCOMPARE(state.kind(), CartonState::Kind::VerificationFailed);
    QCOMPARE(studio::stateTone(state), studio::Tone::Bad);
    QCOMPARE(state.summary(), u"1 file failed verification · Signature invalid"_s);
    const QImage ok = iconImage(studio::shellIcon(u"state-ok"_s));
    const QImage tab = iconImage(window.tabWidget()->tabIcon(0));
    QVERIFY(tab != ok);
    QCOMPARE(tab, iconImage(studio::shellIcon(u"state-mismatch"_s)));
    const studio::OverviewPage *overview = page->view()->overviewPage();
    QCOMPARE(overview->stateLabel()->text(), state.summary());
    QVERIFY(labelImage(overview->stateIcon()) != ok);
    QCOMPARE(labelImage(overview->stateIcon()), tab);
    QCOMPARE(window.verificationStatus()->text(), state.summary());
    QCOMPARE(window.verificationStatus()->tone(), studio::Tone::Bad);
}

void TestSignedWindow::trustingAKeyRechecksOpenCartons()
{
    // Signed with a key nobody trusts yet (none next to the carton).
    const QString path = writeSignedCarton(u"recheck"_s);
    QVERIFY(!path.isEmpty());
    MainWindow window(m_settings.get());
    CartonPage *page = openAndSettle(window, path);
    QVERIFY(page);
    const SignatureRow *row = page->view()->signatureRow();
    QCOMPARE(row->status().kind, SigKind::NoKey);
    // Signed by someone unknown: neither green nor red, and no number that is not the fingerprint.
    QCOMPARE(page->cartonState().kind(), CartonState::Kind::SignatureUntrusted);
    QCOMPARE(studio::stateTone(page->cartonState()), studio::Tone::Warning);
    QVERIFY2(row->textLabel()->text().startsWith(u"Signed by an unknown key, not checked"_s),
             qPrintable(row->textLabel()->text()));
    QVERIFY2(!row->textLabel()->text().contains(carton::EcKey::fingerprintText(row->status().fingerprint)),
             qPrintable(row->textLabel()->text()));

    // Edit ▸ Preferences: add the key, OK.
    bool added = false;
    QTimer::singleShot(0, &window, [&] {
        auto *dialog = qobject_cast<studio::PreferencesDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        added = dialog->trustedKeysEdit()->addKeyFile(m_publicKeyFile);
        dialog->accept();
    });
    window.showPreferences();
    QVERIFY(added);
    QCOMPARE(SignatureRow::trustedKeys(*m_settings), QStringList{m_publicKeyFile});
    QTRY_COMPARE_WITH_TIMEOUT(row->status().kind, SigKind::Valid, kTimeoutMs);
    QVERIFY(row->status().trusted);
    QVERIFY2(row->textLabel()->text().contains(u"your trusted P-256 key"_s), qPrintable(row->textLabel()->text()));
    QCOMPARE(page->cartonState().kind(), CartonState::Kind::Verified);
}

// Issue 43: a carton signed by a stranger whose public key lies beside it. The
// signature checks out, but it is no green tick: the Signature row, the tab
// icon and the status bar say "signed by an unknown key" with the fingerprint
// Preferences shows for the same key; "Trust this key…" shows that fingerprint
// first, and once trusted the carton is green.
void TestSignedWindow::unknownSignerIsNeverGreen()
{
    const QString path = writeSignedCarton(u"stranger"_s);
    QVERIFY(!path.isEmpty());
    const QString beside = QFileInfo(path).absolutePath() + u"/stranger.pub.pem"_s;
    QVERIFY(testutil::writeFile(beside, m_pair.publicPem));
    MainWindow window(m_settings.get());
    CartonPage *page = openAndSettle(window, path);
    QVERIFY(page);
    SignatureRow *row = page->view()->signatureRow();
    QCOMPARE(row->status().kind, SigKind::Valid);
    QVERIFY(!row->status().trusted);
    const auto key = carton::EcKey::readPublic(beside);
    QVERIFY(key);
    const QString fingerprint = key->fingerprintText();
    // One fingerprint: the row's, the state's, Preferences' (TrustedKeysEdit) and the CLI's (EcKey).
    QCOMPARE(carton::EcKey::fingerprintText(row->status().fingerprint), fingerprint);
    QVERIFY2(row->textLabel()->text().startsWith(u"Signed by an unknown key: P-256 key "_s + fingerprint),
             qPrintable(row->textLabel()->text()));
    QVERIFY(studio::TrustedKeysEdit::keyText(beside, *key).endsWith(fingerprint));
    const CartonState &state = page->cartonState();
    QCOMPARE(state.kind(), CartonState::Kind::SignatureUntrusted);
    QCOMPARE(state.summary(), u"Signed by an unknown key "_s + fingerprint);
    QCOMPARE(studio::stateTone(state), studio::Tone::Warning);
    const QImage tab = iconImage(window.tabWidget()->tabIcon(0));
    QVERIFY(tab != iconImage(studio::shellIcon(u"state-ok"_s)));
    QCOMPARE(tab, iconImage(studio::shellIcon(u"signature-untrusted"_s)));
    QCOMPARE(window.verificationStatus()->text(), state.summary());
    QCOMPARE(window.verificationStatus()->tone(), studio::Tone::Warning);
    QVERIFY(!row->trustButton()->isHidden());
    // "Trust this key…": the fingerprint first.
    QVERIFY2(row->trustQuestion().startsWith(u"Fingerprint of the key that signed this carton:\n\n"_s + fingerprint),
             qPrintable(row->trustQuestion()));
    row->trustSigner(false);
    QTRY_VERIFY_WITH_TIMEOUT(row->status().kind == SigKind::Valid && row->status().trusted, kTimeoutMs);
    // A copy of the key, named by its fingerprint, is what is trusted.
    const QStringList trusted = SignatureRow::trustedKeys(*m_settings);
    QCOMPARE(trusted.size(), 1);
    QVERIFY2(trusted[0].endsWith(QString::fromLatin1(key->fingerprint()) + u".pub.pem"_s), qPrintable(trusted[0]));
    QTRY_COMPARE_WITH_TIMEOUT(page->cartonState().kind(), CartonState::Kind::Verified, kTimeoutMs);
    QVERIFY(row->trustButton()->isHidden());
}

void TestSignedWindow::privateKeyIsNeverTrusted()
{
    const QString privateFile = m_dir.filePath(u"keys/signer.pem"_s);
    QVERIFY(testutil::writeFile(privateFile, m_pair.privatePem));
    studio::TrustedKeysEdit edit({});
    QVERIFY(!edit.addKeyFile(privateFile));
    QVERIFY(edit.files().isEmpty());
    const QLabel *error = edit.findChild<QLabel *>(u"trustedKeyError"_s);
    QVERIFY(error);
    QVERIFY2(error->text().contains(u"signer.pem is a PRIVATE key"_s), qPrintable(error->text()));
    // Its public half is taken.
    QVERIFY(edit.addKeyFile(m_publicKeyFile));
    QCOMPARE(edit.files(), QStringList{m_publicKeyFile});
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestSignedWindow test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_signedwindow.moc"
