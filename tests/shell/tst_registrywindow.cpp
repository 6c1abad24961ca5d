// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// File ▸ Open from Registry… and File ▸ Push to Registry… against a real registry
// (Debian's docker-registry on loopback, tests/oci/testregistry), skopeo as the
// independent client that checks what the window pushed.

#include "../links/testhttpserver.h"
#include "../oci/testregistry.h"
#include "base/sha256.h"
#include "carton/cartonview.h"
#include "document/verificationrunner.h"
#include "fixturepolicy.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "oci/ocitransfer.h"
#include "overview/overviewpage.h"
#include "package/carton.h"
#include "remote/openregistrydialog.h"
#include "remote/pushregistrydialog.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "shell/registryactions.h"
#include "shelltestutil.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using shelltest::labelTexts;

namespace {

// Pushes the upstream fixture under `ref` through core (as `carton push` does).
QString pushFixture(const QString &ref)
{
    auto carton = carton::Carton::open(shelltest::fixture());
    auto parsed = carton::OciReference::parse(ref);
    if (!carton || !parsed)
        return {};
    carton::OciOptions options;
    options.useDockerConfig = false;
    carton::OciRegistry registry(*parsed, options);
    auto pushed = carton::pushCarton(**carton, registry);
    return pushed ? pushed->manifestDigest : QString();
}

} // namespace

class TestRegistryWindow final : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        // Every case pushes or opens upstream's own test.carton.
        if (!QFileInfo::exists(shelltest::fixture()))
            CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton");
        m_settingsFile = m_dir.filePath(u"settings-%1.ini"_s.arg(++m_run));
    }
    void cleanup() { studio::JobPools::waitForAll(); }

    void openFromRegistryListsTagsAndOpens()
    {
        TestRegistry registry;
        QVERIFY2(registry.start(), qPrintable(registry.error()));
        const QString repo = registry.address() + u"/team/model"_s;
        const QString digest = pushFixture(repo + u":v1"_s);
        QVERIFY(digest.startsWith(u"sha256:"_s));
        QCOMPARE(pushFixture(repo + u":v2"_s), digest);

        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        QVERIFY(window.findChild<QAction *>(u"actionOpenFromRegistry"_s));
        studio::OpenRegistryDialog *dialog = window.registryActions()->showOpenDialog();
        QVERIFY(dialog);
        auto *tags = dialog->findChild<QListWidget *>(u"registryTags"_s);
        auto *open = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Open);
        QVERIFY(!open->isEnabled());

        // A repository the registry does not have: its error, nothing to open.
        QSignalSpy listed(dialog, &studio::OpenRegistryDialog::tagsListed);
        dialog->setReference(registry.address() + u"/team/none"_s);
        dialog->listTags();
        QTRY_COMPARE_WITH_TIMEOUT(listed.count(), 1, shelltest::jobTimeoutMs);
        QVERIFY(!listed.at(0).at(0).toString().isEmpty());
        QCOMPARE(tags->count(), 0);
        QVERIFY(!open->isEnabled());

        // The repository's tags as the registry lists them; the one written is chosen.
        dialog->setReference(u"oci://"_s + repo + u":v2"_s);
        dialog->listTags();
        QTRY_COMPARE_WITH_TIMEOUT(listed.count(), 2, shelltest::jobTimeoutMs);
        QCOMPARE(listed.at(1).at(0).toString(), QString());
        QStringList listedTags;
        for (int i = 0; i < tags->count(); ++i)
            listedTags << tags->item(i)->text();
        listedTags.sort();
        QCOMPARE(listedTags, (QStringList{u"v1"_s, u"v2"_s}));
        QCOMPARE(tags->currentItem()->text(), u"v2"_s);
        QVERIFY(open->isEnabled());
        QCOMPARE(dialog->selectedUrl(), u"oci://"_s + repo + u":v2"_s);

        open->click();
        studio::CartonPage *page = window.currentPage();
        QVERIFY(page);
        QCOMPARE(page->path(), u"oci://"_s + repo + u":v2"_s);
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, shelltest::jobTimeoutMs);
        QVERIFY(page->isRemote());
        QCOMPARE(page->carton()->info()->modelName.value_or(QString()), u"Test Model"_s);

        // The Overview says where it came from, and looks for no .sig beside a URL.
        QWidget *overview = page->view()->overviewPage();
        QCOMPARE(overview->findChild<QLabel *>(u"registryLabel"_s)->text(), registry.address());
        QCOMPARE(overview->findChild<QLabel *>(u"ociRepositoryLabel"_s)->text(), u"team/model:v2"_s);
        QCOMPARE(overview->findChild<QLabel *>(u"digestLabel"_s)->text(), digest);
        QVERIFY2(!labelTexts(overview).contains(u"next to the carton"_s), qPrintable(labelTexts(overview)));
    }

    void pushShowsDigestThatSkopeoSees()
    {
        TestRegistry registry;
        QVERIFY2(registry.start(), qPrintable(registry.error()));
        QSettings settings(m_settingsFile, QSettings::IniFormat);
        studio::MainWindow window(&settings);
        QAction *pushAction = window.findChild<QAction *>(u"actionPushToRegistry"_s);
        QVERIFY(pushAction);
        QVERIFY(!pushAction->isEnabled()); // nothing open
        studio::CartonPage *page = window.openPath(shelltest::fixture());
        QTRY_COMPARE_WITH_TIMEOUT(page->state(), studio::CartonSession::State::Open, shelltest::jobTimeoutMs);
        QVERIFY(pushAction->isEnabled());

        studio::PushRegistryDialog *dialog = window.registryActions()->showPushDialog();
        QVERIFY(dialog);
        QSignalSpy finished(dialog, &studio::PushRegistryDialog::pushFinished);
        const QString ref = registry.address() + u"/team/pushed:v1"_s;
        dialog->setReference(ref);
        dialog->findChild<QPushButton *>(u"pushButton"_s)->click();
        QVERIFY(dialog->isPushing());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, shelltest::jobTimeoutMs);
        const QString digest = finished.at(0).at(0).toString();
        QCOMPARE(finished.at(0).at(1).toString(), QString());
        QVERIFY(digest.startsWith(u"sha256:"_s));
        QCOMPARE(dialog->findChild<QProgressBar *>(u"pushProgress"_s)->value(), 1000);
        QVERIFY(dialog->outcomeBox());
        QCOMPARE(dialog->outcomeBox()->icon(), QMessageBox::Information);
        QVERIFY(dialog->outcomeBox()->informativeText().contains(digest));

        // skopeo, an independent client, finds that manifest under the tag.
        QString error;
        const QByteArray raw =
            runTool(u"skopeo"_s, {u"inspect"_s, u"--tls-verify=false"_s, u"--raw"_s, u"docker://"_s + ref}, &error);
        QVERIFY2(!raw.isNull(), qPrintable(error));
        QCOMPARE(u"sha256:"_s + QString::fromLatin1(shelltest::sha256Hex(raw)), digest);
        QCOMPARE(QJsonDocument::fromJson(raw).object().value(u"artifactType"_s).toString(),
                 u"application/vnd.cncf.model.manifest.v1+json"_s);

        // Cancelled as it starts: the manifest is never pushed, so skopeo finds no tag.
        dialog->outcomeBox()->close();
        const QString cancelledRef = registry.address() + u"/team/cancelled:v1"_s;
        dialog->setReference(cancelledRef);
        dialog->push();
        QVERIFY(dialog->isPushing());
        dialog->cancelPush();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, shelltest::jobTimeoutMs);
        QCOMPARE(finished.at(1).at(0).toString(), QString());
        QVERIFY(!finished.at(1).at(1).toString().isEmpty());
        QVERIFY(!dialog->outcomeBox());
        QVERIFY(dialog->findChild<QLabel *>(u"pushStatus"_s)->text().contains(u"cancelled"_s));
        QVERIFY(runTool(u"skopeo"_s, {u"inspect"_s, u"--tls-verify=false"_s, u"--raw"_s, u"docker://"_s + cancelledRef},
                        &error)
                    .isNull());
        finished.clear();

        // A registry that is not there: an error box naming the reference.
        dialog->setReference(u"127.0.0.1:1/team/pushed:v1"_s);
        dialog->push();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, shelltest::jobTimeoutMs);
        QCOMPARE(finished.at(0).at(0).toString(), QString());
        QVERIFY(!finished.at(0).at(1).toString().isEmpty());
        QTRY_VERIFY(dialog->outcomeBox());
        QCOMPARE(dialog->outcomeBox()->icon(), QMessageBox::Critical);
        QVERIFY(dialog->outcomeBox()->text().contains(u"127.0.0.1:1/team/pushed:v1"_s));

        // A malformed reference is refused before anything is sent.
        dialog->outcomeBox()->close();
        dialog->setReference(u"no-registry"_s);
        dialog->push();
        QCOMPARE(finished.count(), 2);
        QVERIFY(!finished.at(1).at(1).toString().isEmpty());
    }

    // Cancel in the middle of a 96 MiB blob, Push again: it goes on from where the
    // registry's upload session stands. The file only in LINKS is fetched with consent.
    void pushCancelThenResumeWithLinks()
    {
        QTemporaryDir cache; // the upload sessions are kept under the user's cache folder
        const QByteArray oldCache = qgetenv("XDG_CACHE_HOME");
        qputenv("XDG_CACHE_HOME", cache.path().toLocal8Bit());
        auto restore = qScopeGuard([&] { qputenv("XDG_CACHE_HOME", oldCache); });
        const QString sessions = cache.filePath(u"carton-studio/oci-uploads"_s);
        TestRegistry registry;
        QVERIFY2(registry.start(), qPrintable(registry.error()));
        TestHttpServer server;
        QVERIFY(server.start());
        const QByteArray linked(300'000, 'L');
        server.setRoute("/linked.bin", staticFileRoute(linked));
        const QByteArray linkedSha = carton::Sha256::hashHex(linked);
        QByteArray weights(96 << 20, Qt::Uninitialized);
        QRandomGenerator(9).fillRange(reinterpret_cast<quint32 *>(weights.data()), weights.size() / 4);
        QString error;
        const QString path = packTestCarton(m_dir.filePath(u"big"_s),
                                            {{u"model/weights.bin"_s, weights},
                                             {u"MANIFEST"_s, "model/linked.bin=" + linkedSha + '\n'},
                                             {u"LINKS"_s, "version = 1\n[urls]\n" + linkedSha + " = [\"" +
                                                              server.url("/linked.bin").toUtf8() + "\"]\n"}},
                                            &error);
        QVERIFY2(!path.isEmpty(), qPrintable(error));
        auto opened = carton::Carton::open(path);
        QVERIFY(opened);
        const QByteArray modelHash = (*opened)->modelHash();
        studio::PushRegistryDialog dialog(std::shared_ptr<const carton::Carton>(std::move(*opened)), u"big"_s);
        dialog.show();
        auto *fetchLinks = dialog.findChild<QCheckBox *>(u"pushFetchLinks"_s);
        QVERIFY(fetchLinks->isVisible());
        QVERIFY2(fetchLinks->text().contains(u"1 file"_s), qPrintable(fetchLinks->text()));
        fetchLinks->setChecked(true);
        QSignalSpy finished(&dialog, &studio::PushRegistryDialog::pushFinished);
        const QString ref = registry.address() + u"/team/big:v1"_s;
        dialog.setReference(ref);
        dialog.push();
        auto *bar = dialog.findChild<QProgressBar *>(u"pushProgress"_s);
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() >= 300 || finished.count() > 0, shelltest::jobTimeoutMs);
        dialog.cancelPush();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, shelltest::jobTimeoutMs);
        QCOMPARE(finished.at(0).at(0).toString(), QString()); // cancelled, nothing tagged
        auto *status = dialog.findChild<QLabel *>(u"pushStatus"_s);
        QVERIFY2(status->text().contains(u"goes on where this push stopped"_s), qPrintable(status->text()));
        QCOMPARE(QDir(sessions).entryList(QDir::Files).size(), 1);

        dialog.push();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, shelltest::jobTimeoutMs);
        const QString digest = finished.at(1).at(0).toString();
        QVERIFY2(digest.startsWith(u"sha256:"_s), qPrintable(finished.at(1).at(1).toString()));
        QVERIFY2(status->text().contains(u"from an interrupted push"_s), qPrintable(status->text()));
        QVERIFY(QDir(sessions).entryList(QDir::Files).isEmpty());
        QVERIFY(server.hits("/linked.bin") >= 1);
        // skopeo sees the tag; the pulled carton has the weights, the fetched file and the model hash.
        const QByteArray raw =
            runTool(u"skopeo"_s, {u"inspect"_s, u"--tls-verify=false"_s, u"--raw"_s, u"docker://"_s + ref}, &error);
        QVERIFY2(!raw.isNull(), qPrintable(error));
        QCOMPARE(u"sha256:"_s + QString::fromLatin1(shelltest::sha256Hex(raw)), digest);
        auto parsed = carton::OciReference::parse(ref);
        QVERIFY(parsed);
        carton::OciOptions options;
        options.useDockerConfig = false;
        carton::OciRegistry puller(*parsed, options);
        auto pulled = carton::pullCarton(puller, m_dir.filePath(u"pulled.carton"_s));
        QVERIFY2(pulled, qPrintable(pulled ? QString() : pulled.error().toString()));
        QCOMPARE(pulled->modelHash, modelHash);
        auto reopened = carton::Carton::open(m_dir.filePath(u"pulled.carton"_s));
        QVERIFY(reopened);
        QCOMPARE((*reopened)->source().read(u"model/linked.bin"_s, 1 << 20).value(), linked);
        QCOMPARE((*reopened)->source().read(u"model/weights.bin"_s, 128 << 20).value(), weights);
    }

private:
    QTemporaryDir m_dir;
    QString m_settingsFile;
    int m_run = 0;
};

QTEST_MAIN(TestRegistryWindow)
#include "tst_registrywindow.moc"
