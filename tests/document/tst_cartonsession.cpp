// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// CartonSession without any widget: opening a carton folder, validating it,
// verifying its files and the diagnostics of the three; a file that does not
// open; a reopen dropping the previous open's result; watching it on disk.
#include "document/cartondocument.h"
#include "document/cartonsession.h"
#include "document/verificationrunner.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "remote/remoteoptions.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

constexpr int kTimeoutMs = 30000;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

// A carton folder whose MANIFEST gives model/model.txt a wrong sha256.
QString folderWithWrongHash(const QTemporaryDir &dir)
{
    const QString root = dir.filePath(u"wronghash"_s);
    const QByteArray toml = "spec_version = 1\nmodel_name = \"session\"\n[runner]\nrunner_name = \"noop\"\n"
                            "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
    const auto sha = [](const QByteArray &b) {
        return QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex();
    };
    if (!writeFile(root + u"/carton.toml"_s, toml) || !writeFile(root + u"/model/model.txt"_s, "model bytes\n") ||
        !writeFile(root + u"/MANIFEST"_s,
                   "carton.toml=" + sha(toml) + "\nmodel/model.txt=" + sha("something else") + "\n"))
        return {};
    return root;
}

} // namespace

class TestCartonSession final : public QObject {
    Q_OBJECT

private slots:
    void opensValidatesAndVerifies()
    {
        QTemporaryDir dir;
        const QString root = folderWithWrongHash(dir);
        QVERIFY(!root.isEmpty());
        CartonSession session(root);
        QSignalSpy opened(&session, &CartonSession::opened);
        QSignalSpy failed(&session, &CartonSession::failed);
        session.open(carton::RemoteOptions{}, u"wronghash"_s);
        QCOMPARE(session.state(), CartonSession::State::Opening);
        QVERIFY(opened.wait(kTimeoutMs));
        QCOMPARE(failed.size(), 0);
        QCOMPARE(session.state(), CartonSession::State::Open);
        QVERIFY(session.carton());
        QCOMPARE(session.carton()->info()->modelName, u"session"_s);
        QTRY_VERIFY_WITH_TIMEOUT(!session.isValidating(), kTimeoutMs);
        // Validation alone cannot see the wrong hash; verification does.
        for (const carton::Diagnostic &d : session.diagnostics(nullptr))
            QVERIFY2(d.severity != carton::Severity::Error, qPrintable(d.toString()));
        QSignalSpy verified(session.verification(), &VerificationRunner::finished);
        session.verify(carton::VerifyOptions{});
        QVERIFY(verified.wait(kTimeoutMs));
        const carton::Diagnostics shown = session.diagnostics(nullptr);
        int mismatches = 0;
        for (const carton::Diagnostic &d : shown)
            if (d.severity == carton::Severity::Error && d.location.file == u"model/model.txt"_s &&
                d.message.contains(QString::fromLatin1(sha256Hex("something else"))))
                ++mismatches;
        QCOMPARE(mismatches, 1);
        // Reopening drops the carton and what verification found.
        session.open(carton::RemoteOptions{}, u"wronghash"_s);
        QVERIFY(!session.carton());
        QVERIFY(session.diagnostics(nullptr).isEmpty());
        QVERIFY(opened.wait(kTimeoutMs));
    }

    void fileThatDoesNotOpen()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"garbage.carton"_s);
        QVERIFY(writeFile(path, QByteArray(4096, 'g')));
        CartonSession session(path);
        QSignalSpy failed(&session, &CartonSession::failed);
        session.open(carton::RemoteOptions{}, u"garbage.carton"_s);
        QVERIFY(failed.wait(kTimeoutMs));
        QCOMPARE(session.state(), CartonSession::State::Failed);
        QVERIFY(!session.carton());
        QVERIFY(!session.error().message.isEmpty());
        QCOMPARE(session.fileDiagnostics().size(), 1);
        QCOMPARE(session.fileDiagnostics().constFirst().severity, carton::Severity::Error);
        QCOMPARE(session.fileDiagnostics().constFirst().message, session.error().message);
    }

    // Two opens in a row: the first one's result is dropped, one opened() comes.
    void reopenDropsTheEarlierResult()
    {
        QTemporaryDir dir;
        const QString root = folderWithWrongHash(dir);
        CartonSession session(root);
        QSignalSpy opened(&session, &CartonSession::opened);
        session.open(carton::RemoteOptions{}, u"wronghash"_s);
        session.open(carton::RemoteOptions{}, u"wronghash"_s);
        QVERIFY(opened.wait(kTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(!session.isValidating(), kTimeoutMs);
        QCOMPARE(opened.size(), 1);
    }

    // The document is created when the carton opens, kept by rebase() (a save)
    // and dropped by open() (a reload).
    void documentKeptByRebaseDroppedByOpen()
    {
        QTemporaryDir dir;
        const QString root = folderWithWrongHash(dir);
        QVERIFY(!root.isEmpty());
        CartonSession session(root);
        QSignalSpy opened(&session, &CartonSession::opened);
        session.open(carton::RemoteOptions{}, u"wronghash"_s);
        QVERIFY(!session.document());
        QVERIFY(opened.wait(kTimeoutMs));
        const QPointer<CartonDocument> first = session.document();
        QVERIFY(first);
        QCOMPARE(first->original(), session.carton());

        session.rebase(carton::RemoteOptions{}, u"wronghash"_s);
        QCOMPARE(session.document(), first.data());
        QVERIFY(opened.wait(kTimeoutMs));
        QCOMPARE(session.document(), first.data());

        session.open(carton::RemoteOptions{}, u"wronghash"_s);
        QVERIFY(!session.document());
        QVERIFY(opened.wait(kTimeoutMs));
        QVERIFY(session.document());
        QTRY_VERIFY_WITH_TIMEOUT(!first, kTimeoutMs); // deleted (deferred)
        QVERIFY(session.document() != first.data());
        QTRY_VERIFY_WITH_TIMEOUT(!session.isValidating(), kTimeoutMs);
    }

    // The session watches its carton on disk from the start, and after setPath
    // (a Save As) the new file: a change and a removal are reported.
    void watchesTheCartonOnDisk()
    {
        QTemporaryDir dir;
        const QString first = dir.filePath(u"first.carton"_s);
        const QString saved = dir.filePath(u"saved.carton"_s);
        QVERIFY(writeFile(first, "first") && writeFile(saved, "saved"));
        CartonSession session(first);
        QVERIFY(session.isWatching());
        QSignalSpy changed(&session, &CartonSession::changedOnDisk);
        QSignalSpy removed(&session, &CartonSession::removedFromDisk);
        QVERIFY(writeFile(first, "first, changed"));
        QVERIFY(changed.wait(kTimeoutMs));
        QCOMPARE(changed.size(), 1);

        session.setPath(saved);
        QVERIFY(session.isWatching());
        QVERIFY(writeFile(saved, "saved, changed"));
        QVERIFY(changed.wait(kTimeoutMs));
        QCOMPARE(changed.size(), 2);
        QVERIFY(QFile::remove(saved));
        QVERIFY(removed.wait(kTimeoutMs));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(changed.size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestCartonSession)
#include "tst_cartonsession.moc"
