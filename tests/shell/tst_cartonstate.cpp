// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// One carton state, shown the same in the banner, the tab icon and tooltip,
// the status bar and the Overview, for each kind of carton.
#include "carton/cartonview.h"
#include "document/cartonstate.h"
#include "document/verificationrunner.h"
#include "files/cartonfilesmodel.h"
#include "jobs/jobpools.h"
#include "overview/overviewpage.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "shell/application.h"
#include "shell/cartonpage.h"
#include "shell/errorpage.h"
#include "shell/mainwindow.h"
#include "shell/shellicons.h"
#include "shell/statetone.h"
#include "shell/verificationstatus.h"
#include "shelltestutil.h"
#include "zip/zipwriter.h"

#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace shelltest;
using studio::CartonPage;
using studio::CartonState;
using studio::MainWindow;
using Kind = CartonState::Kind;
using studio::CartonSession;
using studio::Tone;
using studio::VerificationRunner;

Q_DECLARE_METATYPE(CartonState::Kind)

namespace {

QImage iconImage(const QIcon &icon)
{
    return icon.pixmap(QSize(16, 16)).toImage();
}

// carton.toml inflates to 64 MiB of zeros (a few KiB in the zip).
QString makeBomb(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(u"bomb.carton"_s);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    carton::ZipWriter zip(&file);
    const QByteArray zeros(64 << 20, '\0');
    if (!zip.addEntry(u"carton.toml"_s, zeros, {}).ok())
        return {};
    carton::ZipWriteOptions stored;
    stored.method = carton::ZipMethod::Stored;
    if (!zip.addEntry(u"MANIFEST"_s, QByteArray("carton.toml=" + sha256Hex(zeros) + "\n"), stored).ok() ||
        !zip.close().ok())
        return {};
    return path;
}

// An archive carton with a "../evil.txt" entry (written as "zz/evil.txt", the
// name then patched in place: the writer refuses unsafe names).
QString makeDotDot(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(u"dotdot.carton"_s);
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        carton::ZipWriter zip(&file);
        const QByteArray toml = "spec_version = 1\n[runner]\nrunner_name = \"noop\"\n"
                                "required_framework_version = \"*\"\nrunner_compat_version = 1\n";
        const QByteArray model = "weights";
        const QByteArray manifest = "carton.toml=" + sha256Hex(toml) + "\nmodel/model.bin=" + sha256Hex(model) + "\n";
        if (!zip.addEntry(u"carton.toml"_s, toml, {}).ok() || !zip.addEntry(u"model/model.bin"_s, model, {}).ok() ||
            !zip.addEntry(u"MANIFEST"_s, manifest, {}).ok() || !zip.addEntry(u"zz/evil.txt"_s, "evil", {}).ok() ||
            !zip.close().ok())
            return {};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite))
        return {};
    QByteArray bytes = file.readAll();
    if (bytes.count("zz/evil.txt") != 2)
        return {};
    bytes.replace("zz/evil.txt", "../evil.txt");
    file.seek(0);
    return file.write(bytes) == bytes.size() ? path : QString();
}

// A valid folder carton whose model folder holds two pickles that call
// os.system and posix.system when loaded (every file listed in MANIFEST).
QString makePickleCarton(const QTemporaryDir &dir)
{
    const QString root = makeFolderCarton(dir, u"pickles"_s);
    if (root.isEmpty())
        return {};
    const QByteArray first = "cos\nsystem\n(S'echo one'\ntR.";
    const QByteArray second = "cposix\nsystem\n(S'echo two'\ntR.";
    if (!writeFile(root + u"/model/first.pkl"_s, first) || !writeFile(root + u"/model/second.pkl"_s, second))
        return {};
    QFile toml(root + u"/carton.toml"_s);
    if (!toml.open(QIODevice::ReadOnly))
        return {};
    const QByteArray manifest = "carton.toml=" + sha256Hex(toml.readAll()) + "\nmodel/first.pkl=" + sha256Hex(first) +
                                "\nmodel/model.txt=" + sha256Hex("model bytes\n") +
                                "\nmodel/second.pkl=" + sha256Hex(second) + "\n";
    return writeFile(root + u"/MANIFEST"_s, manifest) ? root : QString();
}

} // namespace

class TestCartonState : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void deriveOrder();
    void shownConsistently_data();
    void shownConsistently();
    void progressText();
    void progressKeepsStatusBarHeight();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
};

void TestCartonState::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestCartonState::cleanup()
{
    studio::JobPools::waitForAll();
    m_settings.reset();
    m_dir.reset();
}

void TestCartonState::deriveOrder()
{
    CartonState::Input in;
    QCOMPARE(CartonState::derive(in).kind(), Kind::Opening);
    in.open = CartonSession::State::Failed;
    QCOMPARE(CartonState::derive(in).kind(), Kind::OpenFailed);
    in.open = CartonSession::State::Open;
    in.validating = true;
    QCOMPARE(CartonState::derive(in).kind(), Kind::Verifying);
    in.validating = false;
    in.verification = VerificationRunner::State::Running;
    QCOMPARE(CartonState::derive(in).kind(), Kind::Verifying);
    in.verification = VerificationRunner::State::Finished;
    in.filesChecked = 5;
    QCOMPARE(CartonState::derive(in).kind(), Kind::Verified);
    QCOMPARE(CartonState::derive(in).summary(), u"All 5 files verified"_s);
    QVERIFY(CartonState::derive(in).bannerText().isEmpty());
    // Every file hashes fine but validation found errors: invalid, never "verified".
    in.diagnostics = {{carton::Severity::Error, carton::DiagnosticLocation{u"carton.toml"_s}, u"x"_s},
                      {carton::Severity::Warning, carton::DiagnosticLocation{u"carton.toml"_s}, u"y"_s},
                      {carton::Severity::Error, carton::DiagnosticLocation{u"MANIFEST"_s}, u"z"_s}};
    QCOMPARE(CartonState::derive(in).kind(), Kind::Invalid);
    QCOMPARE(CartonState::derive(in).summary(), u"Not a valid carton: 2 errors"_s);
    in.filesFailed = 1;
    QCOMPARE(CartonState::derive(in).kind(), Kind::VerificationFailed);
    in.diagnostics.clear();
    in.filesFailed = 0;
    in.verification = VerificationRunner::State::Cancelled;
    const CartonState cancelled = CartonState::derive(in);
    QCOMPARE(cancelled.kind(), Kind::NotVerified);
    QCOMPARE(studio::stateTone(cancelled), Tone::Warning);
    QVERIFY(!cancelled.bannerText().isEmpty());

    // Trust: an invalid signature and high/critical findings are never green,
    // and each is named in the summary even when a stronger problem gives the kind.
    CartonState::Input trust;
    trust.open = CartonSession::State::Open;
    trust.verification = VerificationRunner::State::Finished;
    trust.filesChecked = 3;
    trust.scan = CartonState::Scan::Finished;
    trust.signature = CartonState::Signature::Valid;
    QCOMPARE(CartonState::derive(trust).kind(), Kind::Verified);
    trust.criticalFindings = 2;
    const CartonState unsafe = CartonState::derive(trust);
    QCOMPARE(unsafe.kind(), Kind::Unsafe);
    QCOMPARE(studio::stateTone(unsafe), Tone::Bad);
    QCOMPARE(unsafe.summary(), u"Safety findings: 2 critical, 0 high"_s);
    QCOMPARE(unsafe.iconName(), u"state-unsafe"_s);
    trust.signature = CartonState::Signature::Invalid;
    const CartonState badSignature = CartonState::derive(trust);
    QCOMPARE(badSignature.kind(), Kind::SignatureInvalid);
    QCOMPARE(badSignature.summary(), u"Signature invalid · Safety findings: 2 critical, 0 high"_s);
    QCOMPARE(badSignature.iconName(), u"signature-invalid"_s);
    trust.filesFailed = 1;
    QCOMPARE(CartonState::derive(trust).summary(),
             u"1 file failed verification · Signature invalid · Safety findings: 2 critical, 0 high"_s);
    // Findings count while verifying too; a running scan or signature check is not green yet.
    trust = {};
    trust.open = CartonSession::State::Open;
    trust.verification = VerificationRunner::State::Running;
    trust.scan = CartonState::Scan::Finished;
    trust.highFindings = 1;
    QCOMPARE(CartonState::derive(trust).kind(), Kind::Unsafe);
    trust.highFindings = 0;
    trust.verification = VerificationRunner::State::Finished;
    trust.scan = CartonState::Scan::Running;
    QCOMPARE(CartonState::derive(trust).kind(), Kind::Verifying);
    trust.scan = CartonState::Scan::Finished;
    trust.signature = CartonState::Signature::Pending;
    QCOMPARE(CartonState::derive(trust).kind(), Kind::Verifying);

    // A cancelled report: the unchecked file is not counted as failed.
    carton::VerifyReport report;
    report.cancelled = true;
    report.files = {{u"a"_s, carton::FileState::Ok, {}, {}, {}}, {u"b"_s, carton::FileState::Unverified, {}, {}, {}}};
    CartonState::countReport(report, &in);
    QCOMPARE(in.filesChecked, 1);
    QCOMPARE(in.filesFailed, 0);
}

void TestCartonState::shownConsistently_data()
{
    QTest::addColumn<QString>("kindOfCarton");
    QTest::addColumn<Kind>("expected");
    QTest::addColumn<QString>("summary");
    QTest::addColumn<bool>("banner");
    QTest::newRow("valid") << u"valid"_s << Kind::Verified << u"All 2 files verified"_s << false;
    QTest::newRow("carton.toml does not parse")
        << u"toml"_s << Kind::Invalid << u"Not a valid carton: 1 error"_s << true;
    // Verification fails the oversized carton.toml without decoding it (never past its cap).
    QTest::newRow("zip bomb") << u"bomb"_s << Kind::VerificationFailed << u"1 file failed verification"_s << true;
    // An unpacked source folder: nothing to verify, nothing red.
    QTest::newRow("carton source") << u"source"_s << Kind::Source << u"Carton source: no MANIFEST yet"_s << true;
    // An archive with a ".." entry says so first (not "files do not match MANIFEST"); the scan agrees.
    QTest::newRow("unsafe entry") << u"dotdot"_s << Kind::UnsafeEntries
                                  << u"Unsafe entry left out: ../evil.txt · Safety findings: 1 critical, 0 high"_s
                                  << true;
    QTest::newRow("MANIFEST hash mismatch")
        << u"mismatch"_s << Kind::VerificationFailed << u"1 file failed verification"_s << true;
    QTest::newRow("cancelled verification") << u"cancel"_s << Kind::NotVerified << u"Not verified: cancelled"_s << true;
    // Every file verifies, but two pickles would run shell commands: never green.
    QTest::newRow("two critical pickle findings")
        << u"pickles"_s << Kind::Unsafe << u"Safety findings: 2 critical, 0 high"_s << true;
}

void TestCartonState::shownConsistently()
{
    QFETCH(QString, kindOfCarton);
    QFETCH(Kind, expected);
    QFETCH(QString, summary);
    QFETCH(bool, banner);

    QString path;
    if (kindOfCarton == u"valid")
        path = makeFolderCarton(*m_dir, u"valid"_s);
    else if (kindOfCarton == u"toml")
        path = makeFolderCarton(*m_dir, u"broken_toml"_s, false, "spec_version = \n[runner\n");
    else if (kindOfCarton == u"bomb")
        path = makeBomb(*m_dir);
    else if (kindOfCarton == u"mismatch")
        path = makeFolderCarton(*m_dir, u"mismatch"_s, true);
    else if (kindOfCarton == u"cancel")
        path = makeBigFolderCarton(*m_dir, u"big"_s, 512);
    else if (kindOfCarton == u"pickles")
        path = makePickleCarton(*m_dir);
    else if (kindOfCarton == u"source") {
        path = makeFolderCarton(*m_dir, u"source"_s);
        QVERIFY(QFile::remove(path + u"/MANIFEST"_s));
    } else if (kindOfCarton == u"dotdot")
        path = makeDotDot(*m_dir);
    QVERIFY(!path.isEmpty());

    MainWindow window(m_settings.get());
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    CartonPage *page = window.openPath(path);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() != CartonSession::State::Opening, jobTimeoutMs);
    if (kindOfCarton == u"cancel") {
        QVERIFY(page->verification()->isRunning());
        QCOMPARE(page->cartonState().kind(), Kind::Verifying);
        QTest::mouseClick(window.verificationStatus()->cancelButton(), Qt::LeftButton);
    }
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);

    const CartonState &state = page->cartonState();
    QCOMPARE(state.kind(), expected);
    QCOMPARE(state.summary(), summary);
    // Status bar.
    QCOMPARE(window.verificationStatus()->text(), summary);
    QCOMPARE(window.verificationStatus()->tone(), studio::stateTone(state));
    // Tab tooltip and icon.
    QCOMPARE(window.tabWidget()->tabToolTip(0), QDir::toNativeSeparators(page->path()) + u'\n' + summary);
    QCOMPARE(iconImage(window.tabWidget()->tabIcon(0)), iconImage(studio::shellIcon(state.iconName())));
    // Banner.
    QCOMPARE(page->banner()->isVisible(), banner);
    if (banner)
        QCOMPARE(page->banner()->text(), state.bannerText());
    if (expected == Kind::UnsafeEntries) {
        QVERIFY2(state.bannerText().contains(u"(../evil.txt)"_s), qPrintable(state.bannerText()));
        QVERIFY(page->carton()->isReadOnly());
    }
    // Overview.
    QVERIFY(page->view());
    QCOMPARE(page->view()->overviewPage()->stateLabel()->text(), summary);

    if (expected == Kind::Unsafe) {
        // Verification passed: the scan alone keeps the carton from looking green.
        QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Finished);
        QCOMPARE(page->verification()->failedCount(), 0);
        QCOMPARE(studio::stateTone(state), Tone::Bad);
        const QImage ok = iconImage(studio::shellIcon(u"state-ok"_s));
        QVERIFY(iconImage(window.tabWidget()->tabIcon(0)) != ok);
        QCOMPARE(iconImage(window.tabWidget()->tabIcon(0)), iconImage(studio::shellIcon(u"state-unsafe"_s)));
        QCOMPARE(page->view()->overviewPage()->stateIcon()->pixmap().toImage(),
                 iconImage(studio::shellIcon(u"state-unsafe"_s)));
        QVERIFY2(state.bannerText().contains(u"see the Safety tab"_s), qPrintable(state.bannerText()));
    }

    if (kindOfCarton == u"bomb") // the banner says which limit stopped it
        QVERIFY2(state.bannerText().contains(u"carton.toml: not read: 64.0 MiB uncompressed, more than the"_s),
                 qPrintable(state.bannerText()));
    if (expected == Kind::Source) {
        QCOMPARE(studio::stateTone(state), Tone::Neutral);
        QVERIFY2(state.bannerText().contains(u"Packing it"_s), qPrintable(state.bannerText()));
        for (const carton::Diagnostic &d : shownDiagnostics(window))
            QVERIFY2(d.severity != carton::Severity::Error, qPrintable(d.location.toString() + u": "_s + d.message));
        const studio::CartonFilesModel *files = page->view()->filesModel();
        QCOMPARE(files->fileState(u"carton.toml"_s), carton::FileState::NoManifest);
        QCOMPARE(files->data(files->indexForPath(u"carton.toml"_s, studio::CartonFilesModel::StateColumn)).toString(),
                 u"No MANIFEST yet"_s);
    }

    // Nothing says "error" about a cancel: no Error diagnostic, no failed file.
    if (expected == Kind::NotVerified) {
        for (const carton::Diagnostic &d : shownDiagnostics(window))
            QVERIFY2(d.severity != carton::Severity::Error, qPrintable(d.location.toString() + u": "_s + d.message));
        QCOMPARE(page->verification()->failedCount(), 0);
        QVERIFY(iconImage(window.tabWidget()->tabIcon(0)) != iconImage(studio::shellIcon(u"severity-error"_s)));
        const studio::CartonFilesModel *files = page->view()->filesModel();
        QCOMPARE(files->fileState(u"model/big.bin"_s), carton::FileState::Unverified);
        QCOMPARE(files->data(files->indexForPath(u"model/big.bin"_s, studio::CartonFilesModel::StateColumn)).toString(),
                 u"Not verified"_s);
        // F5 verifies again, to the end this time.
        window.verifyCurrent();
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
        QCOMPARE(page->cartonState().kind(), Kind::Verified);
        QCOMPARE(window.verificationStatus()->text(), u"All 3 files verified"_s);
        QVERIFY(!page->banner()->isVisible());
        QCOMPARE(page->view()->overviewPage()->stateLabel()->text(), u"All 3 files verified"_s);
    }
}

void TestCartonState::progressText()
{
    using studio::VerificationStatus;
    QCOMPARE(VerificationStatus::progressText(0, 0, 0), QString());
    // Too early to measure a rate.
    QCOMPARE(VerificationStatus::progressText(1 << 20, 4 << 20, 100), u"25% · 1.0 MiB of 4.0 MiB"_s);
    QCOMPARE(VerificationStatus::progressText(512ll << 20, 1ll << 30, 2000),
             u"50% · 512.0 MiB of 1.0 GiB · 256.0 MiB/s · 2 s left"_s);
    QCOMPARE(VerificationStatus::progressText(1ll << 30, 101ll << 30, 10000),
             u"0% · 1.0 GiB of 101.0 GiB · 102.4 MiB/s · 16 min 40 s left"_s);
}

void TestCartonState::progressKeepsStatusBarHeight()
{
    const QString path = makeBigFolderCarton(*m_dir, u"big"_s, 512);
    QVERIFY(!path.isEmpty());
    MainWindow window(m_settings.get());
    window.resize(800, 500);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStatusBar *bar = window.statusBar();
    const int before = bar->height();
    CartonPage *page = window.openPath(path);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() == CartonSession::State::Open, jobTimeoutMs);
    QVERIFY(page->verification()->isRunning());
    QVERIFY(window.verificationStatus()->progressBar()->isVisible());
    QCoreApplication::processEvents();
    QCOMPARE(bar->height(), before);
    QTRY_VERIFY_WITH_TIMEOUT(!window.verificationStatus()->progressText().isEmpty(), jobTimeoutMs);
    QCOMPARE(bar->height(), before);
    const QString progress = window.verificationStatus()->progressText();
    QVERIFY2(progress.contains(u" of "_s) && progress.contains(u'%'), qPrintable(progress));
    auto *detail = window.verificationStatus()->findChild<QLabel *>(u"verificationProgress"_s);
    QVERIFY(detail && detail->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), jobTimeoutMs);
    QVERIFY(!detail->isVisible());
    QCoreApplication::processEvents();
    QCOMPARE(bar->height(), before);
}

int main(int argc, char **argv)
{
    studio::Application app(argc, argv);
    TestCartonState test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_cartonstate.moc"
