// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Cartons opened by URL in the main window, against the loopback test server:
// Overview, Files and a tensor preview; 404 and no-range servers; verification
// with consent given and refused; Save a Local Copy; a carton with LINKS (files
// shown remote, fetched on consent, Save with Files Included). Questions are
// answered by a RemoteConsent handler, so nothing blocks.

#include "../links/testhttpserver.h"
#include "carton/cartonview.h"
#include "document/verificationrunner.h"
#include "files/cartonfilesmodel.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "links/links.h"
#include "overview/metadataeditor.h"
#include "overview/overviewpage.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "packagetestutil.h"
#include "remote/remoteconsent.h"
#include "remote/remotesession.h"
#include "shell/cartonpage.h"
#include "shell/commandline.h"
#include "shell/documentactions.h"
#include "shell/errorpage.h"
#include "shell/mainwindow.h"
#include "shell/recentfiles.h"
#include "shell/remoteactions.h"
#include "shell/verificationstatus.h"
#include "shell/windowdroptarget.h"
#include "shelltestutil.h"
#include "tensors/tensorspage.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace testutil;
using shelltest::labelTexts;
using studio::RemoteConsent;

namespace {

const QByteArray kIndex = "[[tensor]]\nname = \"x\"\ndtype = \"float32\"\nshape = [4]\nfile = \"x.bin\"\n";
const QByteArray kTensor("\0\0\x80?\0\0\0@\0\0@@\0\0\x80@", 16); // 1 2 3 4
const QByteArray kLinked = QByteArray(300 * 1024, 'L') + "linked model bytes";

QByteArray remoteToml()
{
    return "spec_version = 1\nmodel_name = \"remote_model\"\nshort_description = \"Served over HTTP\"\n"
           "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
}

QMap<QString, QByteArray> cartonFiles()
{
    return {{u"carton.toml"_s, remoteToml()},
            {u"tensor_data/index.toml"_s, kIndex},
            {u"tensor_data/x.bin"_s, kTensor},
            {u"model/model.bin"_s, QByteArray(512 * 1024, 'm')}};
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRemoteOpen final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        const QString path = m_dir.filePath(u"remote.carton"_s);
        QVERIFY(writeCarton(path, cartonFiles(), carton::ZipMethod::Stored));
        m_bytes = readAll(path);
        QVERIFY(!m_bytes.isEmpty());
        m_server.setRoute("/remote.carton", staticFileRoute(m_bytes));
        m_server.setRoute("/norange.carton", staticFileRoute(m_bytes, false));

        // A carton whose model file is only in LINKS, served by the same server.
        QMap<QString, QByteArray> files = cartonFiles();
        QList<carton::ManifestEntry> entries;
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            entries.append({it.key(), carton::Sha256::hashHex(it.value())});
        entries.append({u"model/linked.bin"_s, carton::Sha256::hashHex(kLinked)});
        std::sort(entries.begin(), entries.end(),
                  [](const auto &a, const auto &b) { return a.path.toUtf8() < b.path.toUtf8(); });
        carton::Links links;
        links.setUrls(carton::Sha256::hashHex(kLinked), {m_server.url("/files/linked.bin")});
        files.insert(u"MANIFEST"_s, carton::Manifest(entries).serialize());
        files.insert(u"LINKS"_s, links.serialize());
        m_linksPath = m_dir.filePath(u"links.carton"_s);
        QVERIFY(writeCarton(m_linksPath, files, carton::ZipMethod::Zstd, /*addManifest=*/false));
        QFile linksFile(m_linksPath);
        QVERIFY(linksFile.open(QIODevice::ReadOnly));
        m_server.setRoute("/links.carton", staticFileRoute(linksFile.readAll()));
        m_server.setRoute("/files/linked.bin", staticFileRoute(kLinked, false));
    }

    void init()
    {
        m_asked.clear();
        m_answer = {};
        RemoteConsent::setHandler([this](const RemoteConsent::Request &r) {
            m_asked.append(r);
            return m_answer;
        });
        m_settingsFile = m_dir.filePath(u"settings-%1.ini"_s.arg(++m_run));
        m_server.resetCounts();
    }

    void cleanup()
    {
        RemoteConsent::setHandler({});
        studio::JobPools::waitForAll();
    }

    void openUrlShowsOverviewFilesAndTensor()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        const QString url = m_server.url("/remote.carton");
        studio::CartonPage *page = window.openPath(url);
        QVERIFY(page);
        QCOMPARE(page->path(), url);
        QCOMPARE(page->displayName(), u"remote.carton"_s);
        QVERIFY(page->isRemote());
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        QCOMPARE(window.tabWidget()->tabToolTip(window.tabWidget()->indexOf(page)).section(u'\n', 0, 0), url);
        // The model's name is the Overview's metadata form's (read-only: a carton from a URL only browses).
        QCOMPARE(page->view()->metadataEditor()->modelNameEdit()->text(), u"remote_model"_s);
        QVERIFY(page->view()->metadataEditor()->modelNameEdit()->isReadOnly());
        // Opening fetched the metadata only, never the 512 KiB model.
        QVERIFY2(m_server.bytesSent("/remote.carton") < 256 * 1024,
                 qPrintable(QString::number(m_server.bytesSent("/remote.carton"))));
        // Verify on open does not download a remote carton: nothing was asked.
        QVERIFY(m_asked.isEmpty());
        QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Idle);

        studio::CartonFilesModel *files = page->view()->filesModel();
        QCOMPARE(files->fileCount(), 5); // carton.toml, MANIFEST, index.toml, x.bin, model.bin
        QVERIFY(files->indexForPath(u"model/model.bin"_s).isValid());
        QCOMPARE(files->indexForPath(u"model/model.bin"_s, studio::CartonFilesModel::SizeColumn).data().toString(),
                 u"512.0 KiB"_s);

        QVERIFY(page->view()->tensorsPage()->revealTensor(u"x"_s));
        studio::TensorTableModel *table = page->view()->tensorsPage()->viewer()->tableModel();
        QTRY_VERIFY_WITH_TIMEOUT(table->rowCount() * table->columnCount() == 4, 30000);
        QStringList values;
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                (void)table->index(r, c).data();
        QTRY_VERIFY_WITH_TIMEOUT(!table->isLoading(), 30000);
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                values << table->index(r, c).data().toString();
        QCOMPARE(values, (QStringList{u"1"_s, u"2"_s, u"3"_s, u"4"_s}));

        // Read-only: editing and saving are off, Save a Local Copy is on.
        QVERIFY(!window.documentActions()->editAction()->isEnabled());
        QVERIFY(!window.documentActions()->saveAction()->isEnabled());
        QVERIFY(window.remoteActions()->saveLocalCopyAction()->isEnabled());
        page->setEditing(true);
        QVERIFY(!page->isEditing());
        // The recent files keep the URL.
        QCOMPARE(window.recentFiles()->files().value(0), url);
    }

    void notFoundShowsTheUrl()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        const QString url = m_server.url("/missing.carton");
        studio::CartonPage *page = window.openPath(url);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Failed, 30000);
        QVERIFY2(page->errorMessage().contains(u"404"_s), qPrintable(page->errorMessage()));
        QVERIFY2(labelTexts(page->errorPage()).contains(url), qPrintable(labelTexts(page->errorPage())));
    }

    void noRangeServerAsksBeforeDownloading_data()
    {
        QTest::addColumn<bool>("accept");
        QTest::newRow("refused") << false;
        QTest::newRow("accepted") << true;
    }

    void noRangeServerAsksBeforeDownloading()
    {
        QFETCH(bool, accept);
        m_answer.accepted = accept;
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        const QString url = m_server.url("/norange.carton");
        studio::CartonPage *page = window.openPath(url);
        QTRY_VERIFY_WITH_TIMEOUT(page->state() != studio::CartonSession::State::Opening, 30000);
        QCOMPARE(m_asked.size(), 1);
        QCOMPARE(m_asked[0].question, RemoteConsent::Question::Download);
        QCOMPARE(m_asked[0].url.toString(), url);
        QVERIFY2(RemoteConsent::text(m_asked[0]).contains(u"does not support range requests"_s),
                 qPrintable(RemoteConsent::text(m_asked[0])));
        if (accept) {
            QCOMPARE(page->state(), studio::CartonSession::State::Open);
            QCOMPARE(m_server.bytesSent("/norange.carton"), qint64(m_bytes.size()) * 2); // probe + download
            QCOMPARE(page->view()->metadataEditor()->modelNameEdit()->text(), u"remote_model"_s);
        } else {
            QCOMPARE(page->state(), studio::CartonSession::State::Failed);
            QVERIFY2(page->errorMessage().contains(u"range"_s), qPrintable(page->errorMessage()));
            QVERIFY2(labelTexts(page->errorPage()).contains(url), qPrintable(labelTexts(page->errorPage())));
        }
    }

    void verifyAsksFirst_data()
    {
        QTest::addColumn<bool>("accept");
        QTest::newRow("refused") << false;
        QTest::newRow("accepted") << true;
    }

    void verifyAsksFirst()
    {
        QFETCH(bool, accept);
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_server.url("/remote.carton"));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        const qint64 before = m_server.bytesSent("/remote.carton");
        const int hitsBefore = m_server.hits("/remote.carton");
        m_answer.accepted = accept;
        QSignalSpy progress(page->verification(), &studio::VerificationRunner::progressChanged);
        window.verifyCurrent();
        QCOMPARE(m_asked.size(), 1);
        QCOMPARE(m_asked[0].question, RemoteConsent::Question::Verify);
        QVERIFY(m_asked[0].bytes > 512 * 1024);
        const QString text = RemoteConsent::text(m_asked[0]);
        QVERIFY2(text.startsWith(u"Verifying downloads "_s) && text.contains(u"127.0.0.1"_s), qPrintable(text));
        if (!accept) {
            QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Idle);
            // Nothing runs that could still ask the server: the page's own work is
            // done (validation, safety scan, signature) and every pool is idle.
            QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 30000);
            studio::JobPools::waitForAll();
            QCoreApplication::sendPostedEvents();
            QCOMPARE(page->verification()->state(), studio::VerificationRunner::State::Idle);
            QCOMPARE(m_server.hits("/remote.carton"), hitsBefore);
            QCOMPARE(m_server.bytesSent("/remote.carton"), before);
            return;
        }
        QTRY_COMPARE_WITH_TIMEOUT(page->verification()->state(), studio::VerificationRunner::State::Finished, 30000);
        QVERIFY(page->verification()->report().ok());
        QCOMPARE(page->cartonState().summary(), u"All 4 files verified"_s);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toLongLong(), progress.last().at(1).toLongLong()); // 100 %
        // Every file downloaded once (the open's probe already had the end of the archive).
        const qint64 sent = m_server.bytesSent("/remote.carton");
        QVERIFY2(sent >= 512 * 1024 && sent <= m_bytes.size() + 32 * 1024, qPrintable(QString::number(sent)));
    }

    void saveLocalCopyIsByteIdentical()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_server.url("/remote.carton"));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        const QString out = m_dir.filePath(u"copy-%1.carton"_s.arg(m_run));
        QSignalSpy done(window.remoteActions(), &studio::RemoteActions::saveFinished);
        window.remoteActions()->saveLocalCopy(page, out);
        QVERIFY(window.remoteActions()->progressDialog());
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);
        QCOMPARE(done[0].at(1).toString(), QString());
        QCOMPARE(readAll(out), m_bytes);
    }

    void saveLocalCopyReportsAFailure()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_server.url("/remote.carton"));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        // The file disappears from the server after the open.
        TestRoute gone;
        gone.status = 404;
        gone.body = "gone";
        m_server.setRoute("/remote.carton", gone);
        const QString out = m_dir.filePath(u"gone-%1.carton"_s.arg(m_run));
        QSignalSpy done(window.remoteActions(), &studio::RemoteActions::saveFinished);
        window.remoteActions()->saveLocalCopy(page, out);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);
        m_server.setRoute("/remote.carton", staticFileRoute(m_bytes));
        QVERIFY2(done[0].at(1).toString().contains(u"404"_s), qPrintable(done[0].at(1).toString()));
        QVERIFY(!QFileInfo::exists(out));
    }

    void saveLocalCopyCancels()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_server.url("/remote.carton"));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        TestRoute slow = staticFileRoute(m_bytes);
        slow.delayMs = 5000;
        m_server.setRoute("/remote.carton", slow);
        const QString out = m_dir.filePath(u"cancelled-%1.carton"_s.arg(m_run));
        QSignalSpy done(window.remoteActions(), &studio::RemoteActions::saveFinished);
        const int hitsBefore = m_server.hits("/remote.carton");
        window.remoteActions()->saveLocalCopy(page, out);
        QVERIFY(window.remoteActions()->isSaving());
        QVERIFY(!window.remoteActions()->saveLocalCopyAction()->isEnabled());
        // Cancelled while its request waits for the slow server (it has arrived there).
        QTRY_VERIFY_WITH_TIMEOUT(m_server.hits("/remote.carton") > hitsBefore, 4000);
        emit window.remoteActions()->progressDialog()->canceled(); // what its Cancel button emits
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 4000);           // well before the server answers
        m_server.setRoute("/remote.carton", staticFileRoute(m_bytes));
        QVERIFY2(done[0].at(1).toString().contains(u"cancelled"_s), qPrintable(done[0].at(1).toString()));
        QVERIFY(!QFileInfo::exists(out));
        QVERIFY(window.remoteActions()->saveLocalCopyAction()->isEnabled());
    }

    void linkedFilesShownFetchedAndIncluded()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_linksPath);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 30000);
        // Verify on open does not fetch LINKS and asks nothing.
        QVERIFY(m_asked.isEmpty());
        QCOMPARE(m_server.hits("/files/linked.bin"), 0);
        QCOMPARE(page->view()->filesModel()->fileState(u"model/linked.bin"_s), carton::FileState::Linked);

        studio::CartonFilesModel *files = page->view()->filesModel();
        const QModelIndex method = files->indexForPath(u"model/linked.bin"_s, studio::CartonFilesModel::MethodColumn);
        QCOMPARE(method.data().toString(), u"remote: "_s + m_server.url("/files/linked.bin"));
        QVERIFY(method.data(Qt::ToolTipRole).toString().contains(m_server.url("/files/linked.bin")));
        QCOMPARE(method.data(studio::CartonFilesModel::RemoteUrlsRole).toStringList(),
                 QStringList{m_server.url("/files/linked.bin")});
        QVERIFY(window.remoteActions()->saveWithFilesAction()->isEnabled());
        QVERIFY(!window.remoteActions()->saveLocalCopyAction()->isEnabled());

        // Refused: nothing fetched, and not asked again for this carton.
        m_answer.accepted = false;
        window.verifyCurrent();
        QCOMPARE(m_asked.size(), 1);
        QCOMPARE(m_asked[0].question, RemoteConsent::Question::FetchLinks);
        QCOMPARE(m_asked[0].files, 1);
        QCOMPARE(m_asked[0].hosts, u"127.0.0.1"_s);
        QTRY_COMPARE_WITH_TIMEOUT(page->verification()->state(), studio::VerificationRunner::State::Finished, 30000);
        QCOMPARE(m_server.hits("/files/linked.bin"), 0);
        window.verifyCurrent();
        QCOMPARE(m_asked.size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(page->verification()->state(), studio::VerificationRunner::State::Finished, 30000);
        QCOMPARE(m_server.hits("/files/linked.bin"), 0);
        QVERIFY(!settings.contains(studio::RemoteSession::rememberedHostsKey()));

        // Save with Files Included: the linked file is fetched and stored, LINKS dropped.
        const QString out = m_dir.filePath(u"full-%1.carton"_s.arg(m_run));
        checkSaveWithFilesIncluded(window, page, out);
        if (QTest::currentTestFailed())
            return;
        auto full = carton::Carton::open(out);
        QVERIFY(full.ok());
        // The same MANIFEST lines, but index.toml: saveCarton always writes it with `inner = []`.
        auto linesOf = [](const QByteArray &manifest) {
            QStringList lines = QString::fromLatin1(manifest).split(u'\n');
            lines.removeIf([](const QString &line) { return line.startsWith(u"tensor_data/index.toml="_s); });
            return lines;
        };
        QCOMPARE(linesOf(full.value()->manifestBytes()), linesOf(page->carton()->manifestBytes()));
        QCOMPARE(linesOf(full.value()->manifestBytes()).size(), 5); // 4 files and the final newline
    }

    void linkedFilesFetchedOnConsentAndRemembered()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_linksPath);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 30000);
        m_answer.accepted = true;
        m_answer.remember = true;
        window.verifyCurrent();
        QCOMPARE(m_asked.size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(page->verification()->state(), studio::VerificationRunner::State::Finished, 30000);
        QCOMPARE(m_server.hits("/files/linked.bin"), 1);
        QCOMPARE(page->view()->filesModel()->fileState(u"model/linked.bin"_s), carton::FileState::Ok);
        QCOMPARE(settings.value(studio::RemoteSession::rememberedHostsKey()).toStringList(),
                 QStringList{u"127.0.0.1"_s});

        // Another window with the same settings: the host is remembered, verify on open fetches.
        studio::MainWindow second(&settings);
        studio::CartonPage *again = second.openPath(m_linksPath);
        QTRY_COMPARE_WITH_TIMEOUT(again->state(), studio::CartonSession::State::Open, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(again->verification()->state(), studio::VerificationRunner::State::Finished, 30000);
        QCOMPARE(m_asked.size(), 1);
        QCOMPARE(m_server.hits("/files/linked.bin"), 2);
        QCOMPARE(again->view()->filesModel()->fileState(u"model/linked.bin"_s), carton::FileState::Ok);
    }

    // A carton opened from a URL has no local file to copy entries from: Save with
    // Files Included reads them over HTTP, fetches the linked file and writes a
    // self-contained carton that verifies.
    void remoteLinkedCartonSavedWithFilesIncluded()
    {
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_server.url("/links.carton"));
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        QVERIFY(window.remoteActions()->saveWithFilesAction()->isEnabled());
        checkSaveWithFilesIncluded(window, page, m_dir.filePath(u"remote-full-%1.carton"_s.arg(m_run)));
    }

    // Fetching a LINKS file during verification: its bytes and size join the
    // progress, the status bar names the file, and Cancel stops a stalled download
    // at once (the file stays unverified, not failed).
    void linkedFileFetchShowsProgressAndCancels()
    {
        const qint64 firstPart = 100 * 1024;
        TestRoute stalled;
        stalled.mode = TestRoute::Mode::Stall;
        stalled.headers = {{"Content-Length", QByteArray::number(kLinked.size())}};
        stalled.body = kLinked.left(firstPart);
        m_server.setRoute("/files/linked.bin", stalled);

        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        studio::CartonPage *page = window.openPath(m_linksPath);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 30000);
        const qint64 localBytes = page->verification()->bytesTotal();
        QVERIFY(localBytes > 0);
        m_answer.accepted = true;
        window.verifyCurrent();
        QCOMPARE(m_asked.size(), 1);
        studio::VerificationRunner *runner = page->verification();
        // The download's size joins the total as soon as the server states it.
        QTRY_COMPARE_WITH_TIMEOUT(runner->bytesTotal(), localBytes + kLinked.size(), 10000);
        QTRY_COMPARE_WITH_TIMEOUT(runner->currentFile(), u"model/linked.bin"_s, 10000);
        // Local files hash beside the download; while it stalls, the figures still
        // come (Progress::flush), so all local bytes and the first part show.
        QTRY_VERIFY_WITH_TIMEOUT(runner->bytesDone() >= localBytes + firstPart, 10000);
        QVERIFY(runner->bytesDone() < runner->bytesTotal());
        QVERIFY(runner->isRunning());
        studio::VerificationStatus *status = window.verificationStatus();
        QCOMPARE(status->runner(), runner);
        QCOMPARE(status->fileLabel()->text(), u"linked.bin"_s);
        QCOMPARE(status->fileLabel()->toolTip(), u"model/linked.bin"_s);

        QElapsedTimer clock;
        clock.start();
        status->cancelButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(runner->state(), studio::VerificationRunner::State::Cancelled, 3000);
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(runner->currentFile(), QString());
        QVERIFY(status->fileLabel()->isHidden());
        QCOMPARE(page->view()->filesModel()->fileState(u"model/linked.bin"_s), carton::FileState::Unverified);
        m_server.setRoute("/files/linked.bin", staticFileRoute(kLinked, false));
    }

    void urlsFromCommandLineClipboardAndDrops()
    {
        const QString url = m_server.url("/remote.carton");
        const studio::CommandLine cl =
            studio::CommandLine::parse({u"carton-studio"_s, url, u"local.carton"_s}, u"/tmp"_s);
        QCOMPARE(cl.paths, (QStringList{url, u"/tmp/local.carton"_s}));

        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        QApplication::clipboard()->setText(u"not a url"_s);
        QVERIFY(!window.remoteActions()->openFromClipboard());
        QCOMPARE(window.pageCount(), 0);
        QApplication::clipboard()->setText(url);
        QVERIFY(window.remoteActions()->openFromClipboard());
        QCOMPARE(window.pageCount(), 1);
        QCOMPARE(window.page(0)->path(), url);
        // Opening it again switches to its tab.
        window.remoteActions()->pasteUrlAction()->trigger();
        QCOMPARE(window.pageCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(window.page(0)->state(), studio::CartonSession::State::Open, 30000);

        QMimeData mime;
        mime.setUrls({QUrl(url), QUrl(u"ftp://example.org/x.carton"_s)});
        QCOMPARE(studio::WindowDropTarget::pathsFromMimeData(&mime), QStringList{url});
    }

private:
    // Saves `page` with its files included into `out`: the linked file is fetched
    // once, LINKS is dropped, and the result holds every file and verifies.
    void checkSaveWithFilesIncluded(studio::MainWindow &window, studio::CartonPage *page, const QString &out)
    {
        QSignalSpy done(window.remoteActions(), &studio::RemoteActions::saveFinished);
        window.remoteActions()->saveWithFilesIncluded(page, out);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);
        QCOMPARE(done[0].at(1).toString(), QString());
        QCOMPARE(m_server.hits("/files/linked.bin"), 1);
        auto full = carton::Carton::open(out);
        QVERIFY(full.ok());
        QVERIFY(!full.value()->source().find(u"LINKS"_s));
        QVERIFY(full.value()->source().find(u"model/linked.bin"_s));
        const carton::VerifyReport report = carton::verifyCarton(*full.value());
        QVERIFY(report.ok());
        QCOMPARE(report.files.size(), 5);
        for (const carton::FileCheck &check : report.files)
            QCOMPARE(check.state, carton::FileState::Ok);
    }

    QTemporaryDir m_dir;
    TestHttpServer m_server;
    QByteArray m_bytes;
    QString m_linksPath;
    QString m_settingsFile;
    int m_run = 0;
    QList<RemoteConsent::Request> m_asked;
    RemoteConsent::Answer m_answer;
};

QTEST_MAIN(TestRemoteOpen)
#include "tst_remoteopen.moc"
