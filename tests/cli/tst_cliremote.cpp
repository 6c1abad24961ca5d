// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton` on http(s) URLs, served by the local test server: info fetches only the
// metadata, verify/unpack/tensors/tensor work as on the file, and a server without
// ranges needs --download.

#include "../links/testhttpserver.h"
#include "../package/packagetestutil.h"
#include "clirunner.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace testutil;
using namespace Qt::StringLiterals;

class TestCliRemote final : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(m_server.start());
        const QString path = m_dir.filePath(u"m.carton"_s);
        QMap<QString, QByteArray> files{
            {u"carton.toml"_s, minimalToml()},
            {u"tensor_data/index.toml"_s,
             "[[tensor]]\nname = \"x\"\ndtype = \"float32\"\nshape = [4]\nfile = \"x.bin\"\n"},
            {u"tensor_data/x.bin"_s, QByteArray("\0\0\x80?\0\0\0@\0\0@@\0\0\x80@", 16)},
            {u"model/model.bin"_s, mixedData(4 << 20, 5)}};
        QVERIFY(writeCarton(path, files, carton::ZipMethod::Zstd));
        m_bytes = readFile(path);
        TestRoute route;
        route.body = m_bytes;
        route.ranges = true;
        m_server.setRoute("/m.carton", route);
        TestRoute whole;
        whole.body = m_bytes;
        m_server.setRoute("/noranges.carton", whole);
        m_local = runCarton({u"info"_s, path, u"--json"_s}).json();
        QVERIFY(!m_local.isEmpty());
    }

    void infoMatchesTheLocalFileAndFetchesLittle()
    {
        m_server.resetCounts();
        const RunResult r = runCarton({u"info"_s, m_server.url("/m.carton"), u"--json"_s, u"--remote-stats"_s});
        QCOMPARE(r.exitCode, 0);
        QJsonObject remote = r.json();
        QCOMPARE(remote.value(u"manifest_hash"_s), m_local.value(u"manifest_hash"_s));
        QCOMPARE(remote.value(u"model_name"_s), m_local.value(u"model_name"_s));
        QVERIFY2(m_server.bytesSent("/m.carton") < 64 << 10,
                 qPrintable(QString::number(m_server.bytesSent("/m.carton"))));
        const QByteArray stats = QByteArray("remote: ") + QByteArray::number(m_server.hits("/m.carton")) +
                                 " requests, " + QByteArray::number(m_server.bytesSent("/m.carton")) + " bytes fetched";
        QVERIFY2(r.err.contains(stats), r.err.constData());
    }

    void verifyUnpackAndTensors()
    {
        const QString url = m_server.url("/m.carton");
        const RunResult verify = runCarton({u"verify"_s, url});
        QVERIFY2(verify.exitCode == 0, verify.err.constData());
        const QString out = m_dir.filePath(u"unpacked"_s);
        const RunResult unpack = runCarton({u"unpack"_s, url, u"-o"_s, out});
        QVERIFY2(unpack.exitCode == 0, unpack.err.constData());
        QCOMPARE(readFile(out + u"/model/model.bin"_s), mixedData(4 << 20, 5));
        const RunResult tensors = runCarton({u"tensors"_s, url});
        QVERIFY2(tensors.exitCode == 0, tensors.err.constData());
        QVERIFY(tensors.out.contains("x"));
        const RunResult tensor = runCarton({u"tensor"_s, url, u"x"_s, u"--json"_s});
        QVERIFY2(tensor.exitCode == 0, tensor.err.constData());
        QVERIFY2(tensor.out.contains("4"), tensor.out.constData());
    }

    void withoutRangesOnlyWithDownload()
    {
        const QString url = m_server.url("/noranges.carton");
        const RunResult refused = runCarton({u"info"_s, url});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("does not support range requests"), refused.err.constData());
        const RunResult allowed = runCarton({u"info"_s, url, u"--json"_s, u"--download"_s});
        QCOMPARE(allowed.exitCode, 0);
        QCOMPARE(allowed.json().value(u"manifest_hash"_s), m_local.value(u"manifest_hash"_s));
    }

    void notFound()
    {
        const RunResult r = runCarton({u"info"_s, m_server.url("/missing.carton")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("HTTP status 404"), r.err.constData());
    }

private:
    QTemporaryDir m_dir;
    TestHttpServer m_server;
    QByteArray m_bytes;
    QJsonObject m_local;
};

QTEST_GUILESS_MAIN(TestCliRemote)
#include "tst_cliremote.moc"
