// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "links/links.h"
#include "package/carton.h"
#include "package/verifier.h"
#include "packagetestutil.h"
#include "zip/zipcrc.h"

#include <QTemporaryDir>
#include <QTest>
#include <mutex>

using namespace carton;
using namespace testutil;

namespace {

QMap<QString, QByteArray> files(int count = 20)
{
    QMap<QString, QByteArray> out{{QStringLiteral("carton.toml"), minimalToml()}};
    for (int i = 0; i < count; ++i) {
        QByteArray data((i + 1) * 7001, Qt::Uninitialized);
        for (int k = 0; k < data.size(); ++k)
            data[k] = char((k * 31 + i) % 253);
        out.insert(QStringLiteral("model/part_%1.bin").arg(i), data);
    }
    return out;
}

std::unique_ptr<Carton> openOrFail(const QString &path)
{
    auto c = Carton::open(path);
    if (!c)
        qWarning() << c.error().toString();
    return c ? std::move(c).value() : nullptr;
}

QHash<QString, FileState> states(const VerifyReport &report)
{
    QHash<QString, FileState> out;
    for (const FileCheck &f : report.files)
        out.insert(f.path, f.state);
    return out;
}

} // namespace

class TestVerifier final : public QObject {
    Q_OBJECT
private slots:
    void allOk_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<int>("threads");
        QTest::newRow("stored, 1 thread") << int(ZipMethod::Stored) << 1;
        QTest::newRow("stored, 4 threads") << int(ZipMethod::Stored) << 4;
        QTest::newRow("deflate, 2 threads") << int(ZipMethod::Deflate) << 2;
        QTest::newRow("zstd, default threads") << int(ZipMethod::Zstd) << 0;
    }
    void allOk()
    {
        QFETCH(int, method);
        QFETCH(int, threads);
        QTemporaryDir dir;
        const auto content = files();
        QVERIFY(writeCarton(dir.filePath(QStringLiteral("c.carton")), content, ZipMethod(method)));
        auto c = openOrFail(dir.filePath(QStringLiteral("c.carton")));
        QVERIFY(c);
        qint64 expectedTotal = 0;
        for (const QByteArray &b : content)
            expectedTotal += b.size();
        qint64 lastDone = 0, lastTotal = 0;
        Progress progress([&](qint64 done, qint64 total, const QString &) {
            lastDone = done;
            lastTotal = total;
        });
        std::mutex m;
        QStringList seen;
        VerifyOptions options;
        options.threads = threads;
        const VerifyReport report = verifyCarton(*c, options, &progress, [&](const FileCheck &f) {
            std::lock_guard lock(m);
            seen.append(f.path);
        });
        QVERIFY(report.ok());
        QCOMPARE(report.files.size(), content.size());
        QCOMPARE(seen.size(), content.size());
        QCOMPARE(lastTotal, expectedTotal);
        QCOMPARE(lastDone, expectedTotal);
        for (const FileCheck &f : report.files) {
            QCOMPARE(f.state, FileState::Ok);
            QCOMPARE(f.actualSha256, Sha256::hashHex(content.value(f.path)));
        }
        QVERIFY(report.diagnostics().isEmpty());
    }
    void detectsEveryKindOfProblem()
    {
        QTemporaryDir dir;
        auto content = files(3);
        // MANIFEST lists a wrong hash for part_0, a file that is absent, one only in LINKS; part_2 is unlisted.
        QList<ManifestEntry> entries;
        for (auto it = content.cbegin(); it != content.cend(); ++it)
            if (it.key() != u"model/part_2.bin")
                entries.append({it.key(), Sha256::hashHex(it.value())});
        entries[1].sha256 = Sha256::hashHex("something else");
        const QString wrongPath = entries[1].path;
        entries.append({QStringLiteral("model/absent.bin"), Sha256::hashHex("absent")});
        entries.append({QStringLiteral("model/linked.bin"), Sha256::hashHex("linked")});
        Links links;
        links.setUrls(Sha256::hashHex("linked"), {QStringLiteral("https://example.invalid/linked.bin")});
        auto withMeta = content;
        withMeta.insert(QStringLiteral("MANIFEST"), Manifest(entries).serialize());
        withMeta.insert(QStringLiteral("LINKS"), links.serialize());
        const QString path = dir.filePath(QStringLiteral("c.carton"));
        QVERIFY(writeCarton(path, withMeta, ZipMethod::Zstd, /*addManifest=*/false));
        auto c = openOrFail(path);
        QVERIFY(c);
        const VerifyReport report = verifyCarton(*c);
        QVERIFY(!report.ok());
        const auto s = states(report);
        QCOMPARE(s.value(wrongPath), FileState::Mismatch);
        QCOMPARE(s.value(QStringLiteral("model/absent.bin")), FileState::Missing);
        QCOMPARE(s.value(QStringLiteral("model/linked.bin")), FileState::Linked);
        QCOMPARE(s.value(QStringLiteral("model/part_2.bin")), FileState::Unlisted);
        QCOMPARE(s.value(QStringLiteral("carton.toml")), FileState::Ok);
        QVERIFY(!s.contains(QStringLiteral("MANIFEST")));
        QVERIFY(!s.contains(QStringLiteral("LINKS")));
        // The unlisted file comes last; the diagnostics name each problem file.
        QCOMPARE(report.files.last().path, QStringLiteral("model/part_2.bin"));
        const Diagnostics diags = report.diagnostics();
        QStringList errorPaths;
        for (const Diagnostic &d : diags)
            if (d.severity == Severity::Error)
                errorPaths.append(d.location.toString());
        errorPaths.sort();
        QStringList expected{wrongPath, QStringLiteral("model/absent.bin"), QStringLiteral("model/part_2.bin")};
        expected.sort();
        QCOMPARE(errorPaths, expected);
    }
    void folderCartonWithTamperedFile()
    {
        QTemporaryDir dir;
        auto content = files(4);
        const QString folder = dir.filePath(QStringLiteral("f"));
        for (auto it = content.cbegin(); it != content.cend(); ++it)
            QVERIFY(writeFile(folder + u'/' + it.key(), it.value()));
        QVERIFY(writeFile(folder + QStringLiteral("/MANIFEST"), manifestFor(content)));
        QVERIFY(writeFile(folder + QStringLiteral("/model/part_3.bin"), "tampered"));
        auto c = openOrFail(folder);
        QVERIFY(c);
        const VerifyReport report = verifyCarton(*c);
        const auto s = states(report);
        QCOMPARE(s.value(QStringLiteral("model/part_3.bin")), FileState::Mismatch);
        QCOMPARE(s.value(QStringLiteral("model/part_0.bin")), FileState::Ok);
        QVERIFY(!report.ok());
    }
    // An unpacked carton source (no MANIFEST yet): nothing to check against is no
    // failure: every file NoManifest, no diagnostic, not ok().
    void sourceFolderHasNothingToVerify()
    {
        QTemporaryDir dir;
        auto content = files(3);
        const QString folder = dir.filePath(QStringLiteral("src"));
        for (auto it = content.cbegin(); it != content.cend(); ++it)
            QVERIFY(writeFile(folder + u'/' + it.key(), it.value()));
        auto c = openOrFail(folder);
        QVERIFY(c);
        QList<FileCheck> reported;
        const VerifyReport report = verifyCarton(*c, {}, nullptr, [&](const FileCheck &f) { reported.append(f); });
        QVERIFY(report.noManifest);
        QVERIFY(!report.ok());
        QCOMPARE(report.files.size(), c->source().files().size());
        QCOMPARE(reported.size(), report.files.size());
        for (const FileCheck &f : report.files)
            QCOMPARE(f.state, FileState::NoManifest);
        QVERIFY(report.diagnostics().isEmpty()); // validation says it once, of MANIFEST
        // With MANIFEST it is verified as before.
        QVERIFY(writeFile(folder + QStringLiteral("/MANIFEST"), manifestFor(content)));
        auto packed = openOrFail(folder);
        QVERIFY(packed);
        const VerifyReport verified = verifyCarton(*packed);
        QVERIFY(!verified.noManifest);
        QVERIFY(verified.ok());
    }
    void largeStoredFileThroughTheReaderThread()
    {
        // Files above 16 MiB are read by a prefetching thread: check the hash and a mismatch.
        QTemporaryDir dir;
        QByteArray big(40 * 1024 * 1024 + 12345, Qt::Uninitialized);
        for (qsizetype i = 0; i < big.size(); ++i)
            big[i] = char((i * 2654435761u) >> 13);
        QMap<QString, QByteArray> content{{QStringLiteral("carton.toml"), minimalToml()},
                                          {QStringLiteral("model/big.bin"), big}};
        const QString good = dir.filePath(QStringLiteral("good.carton"));
        QVERIFY(writeCarton(good, content, ZipMethod::Stored));
        auto c = openOrFail(good);
        QVERIFY(c);
        QVERIFY((*c).source().rawRegion(QStringLiteral("model/big.bin")).has_value());
        VerifyReport report = verifyCarton(*c);
        QVERIFY(report.ok());

        big[big.size() / 2] = char(big[big.size() / 2] ^ 1);
        auto tampered = content;
        tampered.insert(QStringLiteral("model/big.bin"), big);
        tampered.insert(QStringLiteral("MANIFEST"), manifestFor(content)); // the old hashes
        const QString bad = dir.filePath(QStringLiteral("bad.carton"));
        QVERIFY(writeCarton(bad, tampered, ZipMethod::Stored, /*addManifest=*/false));
        c = openOrFail(bad);
        QVERIFY(c);
        report = verifyCarton(*c);
        QCOMPARE(states(report).value(QStringLiteral("model/big.bin")), FileState::Mismatch);

        // Cancelling while the big file is being read stops it with a clear state.
        Progress progress([&progress](qint64 done, qint64, const QString &) {
            if (done > 0)
                progress.cancel();
        });
        report = verifyCarton(*c, {}, &progress);
        QVERIFY(report.cancelled);
        QVERIFY(!report.ok());
        // The file in progress is left unchecked (or finished), never failed: a cancel is no finding.
        for (const FileCheck &f : report.files)
            QVERIFY2(f.state != FileState::Failed, qPrintable(f.path + QStringLiteral(": ") + f.message));
    }
    void cancelStopsEarly()
    {
        QTemporaryDir dir;
        QVERIFY(writeCarton(dir.filePath(QStringLiteral("c.carton")), files(), ZipMethod::Zstd));
        auto c = openOrFail(dir.filePath(QStringLiteral("c.carton")));
        QVERIFY(c);
        Progress progress;
        progress.cancel();
        const VerifyReport report = verifyCarton(*c, {}, &progress);
        QVERIFY(report.cancelled);
        QVERIFY(!report.ok());
        QVERIFY(report.files.size() < files().size());
    }
    void crcMismatchFailsEvenWhenSha256Matches_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<qsizetype>("size");
        // Small Stored files are hashed inline, big ones by the reader thread, compressed
        // ones through the entry device: each path must check the CRC-32.
        QTest::newRow("stored, inline") << int(ZipMethod::Stored) << qsizetype(70000);
        QTest::newRow("stored, reader thread") << int(ZipMethod::Stored) << qsizetype(17 << 20);
        QTest::newRow("deflate") << int(ZipMethod::Deflate) << qsizetype(70000);
        QTest::newRow("zstd") << int(ZipMethod::Zstd) << qsizetype(70000);
    }
    void crcMismatchFailsEvenWhenSha256Matches()
    {
        QFETCH(int, method);
        QFETCH(qsizetype, size);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.carton"));
        const QByteArray data = mixedData(size, 7);
        const QMap<QString, QByteArray> content{{QStringLiteral("carton.toml"), minimalToml()},
                                                {QStringLiteral("model/w.bin"), data}};
        QVERIFY(writeCarton(path, content, ZipMethod(method)));
        QByteArray bytes = readFile(path);
        QCOMPARE(flipZipCrc(bytes, "model/w.bin", 0x00010000u), 2);
        QVERIFY(writeFile(path, bytes));
        auto c = openOrFail(path);
        QVERIFY(c);
        const VerifyReport report = verifyCarton(*c);
        QVERIFY(!report.ok());
        const auto s = states(report);
        QCOMPARE(s.value(QStringLiteral("carton.toml")), FileState::Ok);
        QCOMPARE(s.value(QStringLiteral("model/w.bin")), FileState::Failed);
        const quint32 good = zipCrc32(0, data.constData(), std::size_t(size));
        const QString expected = QStringLiteral("CRC-32 mismatch: stored 0x%1, data 0x%2")
                                     .arg(good ^ 0x00010000u, 8, 16, QLatin1Char('0'))
                                     .arg(good, 8, 16, QLatin1Char('0'));
        bool found = false;
        for (const Diagnostic &d : report.diagnostics()) {
            if (d.location.toString() == u"model/w.bin") {
                QVERIFY2(d.message.contains(expected), qPrintable(d.message));
                found = true;
            }
        }
        QVERIFY(found);
    }
    void corruptDataIsAFailureNotACrash()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.carton"));
        QVERIFY(writeCarton(path, files(2), ZipMethod::Zstd));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        // Flip bytes in the middle of the compressed data of the biggest entry.
        const qsizetype at = bytes.indexOf("model/part_1.bin") + 200;
        for (int i = 0; i < 16; ++i)
            bytes[at + i] = char(~bytes[at + i]);
        QVERIFY(f.seek(0));
        QCOMPARE(f.write(bytes), bytes.size());
        f.close();
        auto c = openOrFail(path);
        QVERIFY(c);
        const VerifyReport report = verifyCarton(*c);
        QVERIFY(!report.ok());
        const FileState s = states(report).value(QStringLiteral("model/part_1.bin"));
        // The zstd decoder rejects the data, or the CRC-32 check at its end does: a
        // read failure, never a clean decode with a wrong hash.
        QCOMPARE(s, FileState::Failed);
    }
};

QTEST_GUILESS_MAIN(TestVerifier)
#include "tst_verifier.moc"
