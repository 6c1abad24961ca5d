// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The runner host end to end: openRunnerSession on cartons built in code, the
// noop runner through the real carton-runner-host, and the misbehave plugin
// proving isolation (each failure a clear error; the session and the next
// session go on).

#include "base/progress.h"
#include "pack/packer.h"
#include "runner/sharedtensorfiles.h"
#include "runner/wirecodec.h"
#include "runnertestutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>
#include <thread>

using namespace carton;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace {

const QByteArray kNoopRunner = "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\n"
                               "runner_compat_version = 1\n";

QByteArray misbehaveRunner(const QString &behaviour, const QString &when, const QString &marker)
{
    return "[runner]\nrunner_name = \"misbehave\"\nrequired_framework_version = \"*\"\nrunner_compat_version = 1\n"
           "[runner.opts]\nbehaviour = \"" +
           behaviour.toUtf8() + "\"\nwhen = \"" + when.toUtf8() + "\"\nmarker = \"" + marker.toUtf8() + "\"\n";
}

TensorMap sampleInputs()
{
    return {{u"x"_s, Tensor::numeric(u"x"_s, DType::Float32, {3}, runnertest::floats({1.5f, -2.f, 3.25f}))},
            {u"s"_s, Tensor::strings(u"s"_s, {2}, {u"🥳"_s, u"two"_s})}};
}

bool sameInputs(const TensorMap &a, const TensorMap &b)
{
    if (a.keys() != b.keys())
        return false;
    for (auto it = a.cbegin(); it != a.cend(); ++it) {
        const Tensor &o = b.value(it.key());
        if (o.name() != it.key() || o.dtype() != it->dtype() || o.shape() != it->shape() || o.data() != it->data() ||
            o.stringValues() != it->stringValues())
            return false;
    }
    return true;
}

} // namespace

class TestHostSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void noopEchoesThroughTheHost();
    void noopFromAPackedCarton();
    void tensorNamesComeFromTheMapKeys();
    void noMatchingRunner();
    void missingHost();
    void unknownOptionWarns();
    void isolation_data();
    void isolation();
    void misbehaveAtLoad_data();
    void misbehaveAtLoad();
    void cancelKillsTheHost();
    void bigTensorsThroughSharedMemory_data();
    void bigTensorsThroughSharedMemory();
    void sharedMemoryReaderRefusesOtherFiles();
};

void TestHostSession::noopEchoesThroughTheHost()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kNoopRunner));
    auto carton = runnertest::openCarton(dir.path());
    QVERIFY(carton);
    QStringList warnings;
    Result<std::unique_ptr<RunnerSession>> session =
        openRunnerSession(*carton, {}, runnertest::runOptions(), &warnings);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    QVERIFY(warnings.isEmpty());
    QVERIFY((*session)->loadTime() > 0ns);
    for (int i = 0; i < 3; ++i) {
        Result<TensorMap> out = (*session)->infer(sampleInputs());
        QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
        QVERIFY(sameInputs(*out, sampleInputs()));
    }
    // Empty inputs are a valid request too.
    Result<TensorMap> empty = (*session)->infer({});
    QVERIFY(empty.ok());
    QVERIFY(empty->isEmpty());
}

void TestHostSession::noopFromAPackedCarton()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(u"src"_s);
    QVERIFY(runnertest::writeCarton(folder, kNoopRunner, {{u"model/weights.bin"_s, QByteArray(1000, 'w')}}));
    const QString file = dir.filePath(u"noop.carton"_s);
    Result<PackResult> packed = packFolder(folder, file);
    QVERIFY2(packed.ok(), packed.ok() ? "" : qPrintable(packed.error().toString()));
    auto carton = runnertest::openCarton(file);
    QVERIFY(carton);
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    Result<TensorMap> out = (*session)->infer(sampleInputs());
    QVERIFY(out.ok());
    QVERIFY(sameInputs(*out, sampleInputs()));
}

void TestHostSession::tensorNamesComeFromTheMapKeys()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kNoopRunner));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(session.ok());
    // As the self-test engine passes them: loaded tensors keep their file names.
    const TensorMap inputs{{u"a"_s, Tensor::numeric(u"_tensor_0"_s, DType::Int32, {1}, QByteArray(4, 1))}};
    Result<TensorMap> out = (*session)->infer(inputs);
    QVERIFY(out.ok());
    QCOMPARE(out->keys(), QStringList{u"a"_s});
    QCOMPARE(out->value(u"a"_s).name(), u"a"_s);
    QCOMPARE(out->value(u"a"_s).data(), QByteArray(4, 1));
}

void TestHostSession::noMatchingRunner()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = "
                                                "\">=2.0.0\"\nrunner_compat_version = 1\n"));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(!session.ok());
    QCOMPARE(session.error().code, ErrorCode::NotFound);
    QCOMPARE(session.error().message, u"no installed runner matches: noop 1.0.0 is installed; the carton requires noop "
                                      ">=2.0.0 (use --runner noop --force to run it anyway)"_s);
    // Forced, it runs, and says so.
    RunnerChoice force;
    force.force = true;
    QStringList warnings;
    session = openRunnerSession(*carton, force, runnertest::runOptions(), &warnings);
    QVERIFY(session.ok());
    QCOMPARE(warnings,
             QStringList{u"running with noop 1.0.0 although the carton asks for noop >=2.0.0 (compat 1): forced"_s});
    QVERIFY((*session)->log().contains(warnings.first()));
    QVERIFY((*session)->infer(sampleInputs()).ok());
}

void TestHostSession::missingHost()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kNoopRunner));
    auto carton = runnertest::openCarton(dir.path());
    RunOptions options = runnertest::runOptions();
    options.hostExecutable = dir.filePath(u"no-such-host"_s);
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    QVERIFY(!session.ok());
    QVERIFY2(session.error().message.startsWith(u"cannot start the runner host \"%1\""_s.arg(options.hostExecutable)),
             qPrintable(session.error().message));
}

void TestHostSession::unknownOptionWarns()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kNoopRunner + "[runner.opts]\ncolour = \"red\"\n"));
    auto carton = runnertest::openCarton(dir.path());
    QStringList warnings;
    Result<std::unique_ptr<RunnerSession>> session =
        openRunnerSession(*carton, {}, runnertest::runOptions(), &warnings);
    QVERIFY(session.ok());
    QCOMPARE(warnings, QStringList{u"runner option 'colour' (from [runner.opts]) is not known to runner noop 1.0.0"_s});
    QVERIFY((*session)->log().contains(u"[carton] warning: runner option 'colour'"_s));
}

void TestHostSession::isolation_data()
{
    QTest::addColumn<QString>("behaviour");
    QTest::addColumn<QString>("error"); // empty: the inference succeeds
    QTest::addColumn<QString>("log");   // what the log must contain afterwards
    QTest::newRow("crash") << u"crash"_s << u"the runner host was killed by SIGSEGV"_s << QString();
    QTest::newRow("abort") << u"abort"_s << u"the runner host was killed by SIGABRT"_s << QString();
    QTest::newRow("exit") << u"exit"_s << u"the runner host exited with code 7"_s << QString();
    QTest::newRow("hang") << u"hang"_s << u"the runner host did not answer within 1 s; it was killed"_s << QString();
    QTest::newRow("allocate") << u"allocate"_s << u"the runner ran out of memory (std::bad_alloc)"_s << QString();
    QTest::newRow("throw") << u"throw"_s << u"the runner threw an exception: misbehave threw on purpose"_s << QString();
    QTest::newRow("wrong shape") << u"wrong-shape"_s
                                 << u"the runner returned an invalid output: tensor \"y\" has shape [2, 3] (6 float32 "
                                    "elements) but 4 bytes of data"_s
                                 << QString();
    QTest::newRow("stderr flood") << u"stderr-flood"_s << QString() << u"flood-end"_s;
    QTest::newRow("stdout garbage") << u"stdout-garbage"_s << QString() << u"garbage on stdout"_s;
}

void TestHostSession::isolation()
{
    QFETCH(QString, behaviour);
    QFETCH(QString, error);
    QFETCH(QString, log);
    QTemporaryDir dir;
    const QString marker = dir.filePath(u"armed"_s);
    QVERIFY(testutil::writeFile(marker, "1"));
    QVERIFY(runnertest::writeCarton(dir.filePath(u"c"_s), misbehaveRunner(behaviour, u"infer"_s, marker)));
    auto carton = runnertest::openCarton(dir.filePath(u"c"_s));
    QVERIFY(carton);
    RunOptions options = runnertest::runOptions();
    options.inferTimeout = behaviour == u"hang" ? 1s : 60s;
    options.addressSpaceLimit = 1ll << 30;
    options.maxLogBytes = 16 * 1024;
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
    QElapsedTimer timer;
    timer.start();
    Result<TensorMap> out = (*session)->infer(sampleInputs());
    // Ended by the misbehaviour itself, not by the 60 s timeout (touching 1 GiB
    // takes a while on a loaded machine: this is no speed check).
    QVERIFY(timer.elapsed() < 50'000);
    if (error.isEmpty()) {
        QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
        QVERIFY(sameInputs(*out, sampleInputs()));
    } else {
        QVERIFY(!out.ok());
        QVERIFY2(out.error().message.startsWith(error), qPrintable(out.error().message));
    }
    const QString text = (*session)->log();
    if (!log.isEmpty())
        QVERIFY2(text.contains(log), qPrintable(text.right(300)));
    // The log stays bounded whatever the runner wrote (20 MiB for the flood).
    QVERIFY(text.toUtf8().size() <= options.maxLogBytes + 200);
    QVERIFY(!QFile::exists(marker)); // it did misbehave
    // The same session goes on (a new host when the old one died), and so does a new one.
    Result<TensorMap> again = (*session)->infer(sampleInputs());
    QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().toString()));
    QVERIFY(sameInputs(*again, sampleInputs()));
    Result<std::unique_ptr<RunnerSession>> next = openRunnerSession(*carton, {}, options);
    QVERIFY(next.ok());
    QVERIFY((*next)->infer(sampleInputs()).ok());
}

void TestHostSession::misbehaveAtLoad_data()
{
    QTest::addColumn<QString>("behaviour");
    QTest::addColumn<QString>("error");
    QTest::newRow("crash") << u"crash"_s << u"the runner host was killed by SIGSEGV"_s;
    QTest::newRow("hang") << u"hang"_s << u"the runner host did not answer within 1 s; it was killed"_s;
    QTest::newRow("throw") << u"throw"_s << u"loading the model failed: the runner threw an exception"_s;
}

void TestHostSession::misbehaveAtLoad()
{
    QFETCH(QString, behaviour);
    QFETCH(QString, error);
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), misbehaveRunner(behaviour, u"load"_s, QString())));
    auto carton = runnertest::openCarton(dir.path());
    RunOptions options = runnertest::runOptions();
    options.loadTimeout = 1s;
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    QVERIFY(!session.ok());
    QVERIFY2(session.error().message.startsWith(error), qPrintable(session.error().message));
}

void TestHostSession::cancelKillsTheHost()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), misbehaveRunner(u"hang"_s, u"infer"_s, QString())));
    auto carton = runnertest::openCarton(dir.path());
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, runnertest::runOptions());
    QVERIFY(session.ok());
    Progress progress;
    std::thread canceller([&] {
        std::this_thread::sleep_for(300ms);
        progress.cancel();
    });
    QElapsedTimer timer;
    timer.start();
    Result<TensorMap> out = (*session)->infer(sampleInputs(), &progress);
    canceller.join();
    QVERIFY(!out.ok());
    QCOMPARE(out.error().code, ErrorCode::Cancelled);
    QCOMPARE(out.error().message, u"cancelled; the runner host was killed"_s);
    QVERIFY(timer.elapsed() < 5000);
}

void TestHostSession::bigTensorsThroughSharedMemory_data()
{
    QTest::addColumn<bool>("sharedMemory");
    QTest::newRow("pipe") << false;
    if (!SharedTensorFiles::defaultDirectory().isEmpty())
        QTest::newRow("shared memory") << true;
}

void TestHostSession::bigTensorsThroughSharedMemory()
{
    QFETCH(bool, sharedMemory);
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kNoopRunner));
    auto carton = runnertest::openCarton(dir.path());
    RunOptions options = runnertest::runOptions();
    options.sharedMemory = sharedMemory;
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    QVERIFY(session.ok());
    const QStringList before = QDir(SharedTensorFiles::defaultDirectory()).entryList({u"carton-tensor-*"_s});
    QByteArray big(3 << 20, Qt::Uninitialized);
    for (qsizetype i = 0; i < big.size(); ++i)
        big[i] = char(i * 131 + (i >> 12));
    const TensorMap in{{u"big"_s, Tensor::numeric(u"big"_s, DType::Uint8, {3, 1 << 20}, big)},
                       {u"small"_s, Tensor::numeric(u"small"_s, DType::Int16, {2}, QByteArray(4, 7))}};
    for (int round = 0; round < 2; ++round) {
        Result<TensorMap> out = (*session)->infer(in);
        QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().toString()));
        QVERIFY(sameInputs(*out, in));
    }
    session->reset();
    // Every shared-memory file was removed again (request and reply files).
    QCOMPARE(QDir(SharedTensorFiles::defaultDirectory()).entryList({u"carton-tensor-*"_s}), before);
}

void TestHostSession::sharedMemoryReaderRefusesOtherFiles()
{
    QTemporaryDir dir;
    SharedTensorFiles files(dir.path());
    QVERIFY(testutil::writeFile(dir.filePath(u"carton-tensor-00000000000000000000000000000000"_s), QByteArray(8, 1)));
    const QJsonArray desc{QJsonObject{{u"name"_s, u"x"_s},
                                      {u"datatype"_s, u"FP32"_s},
                                      {u"shape"_s, QJsonArray{2}},
                                      {u"parameters"_s, QJsonObject{{u"shared_memory_region"_s, u"../../etc/passwd"_s},
                                                                    {u"shared_memory_byte_size"_s, 8}}}}};
    Result<QList<Tensor>> r = wire::decodeTensors(desc, {}, u"reply"_s, {}, files.reader());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Unsafe);
    QCOMPARE(r.error().message,
             u"tensor \"x\": shared memory region \"../../etc/passwd\" is not a carton tensor file"_s);
    QJsonObject ok = desc.first().toObject();
    ok[u"parameters"_s] = QJsonObject{{u"shared_memory_region"_s, u"carton-tensor-00000000000000000000000000000000"_s},
                                      {u"shared_memory_byte_size"_s, 8}};
    r = wire::decodeTensors({ok}, {}, u"reply"_s, {}, files.reader());
    QVERIFY(r.ok());
    QCOMPARE(r->first().data(), QByteArray(8, 1));
    // A shape that needs more bytes than the file holds: an error before any allocation.
    ok[u"shape"_s] = QJsonArray{1 << 28};
    ok[u"parameters"_s] = QJsonObject{{u"shared_memory_region"_s, u"carton-tensor-00000000000000000000000000000000"_s},
                                      {u"shared_memory_byte_size"_s, qint64(1) << 30}};
    r = wire::decodeTensors({ok}, {}, u"reply"_s, {}, files.reader());
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.endsWith(u"holds 8 bytes, 1073741824 expected"_s), qPrintable(r.error().message));
    // Without a reader, shared memory is refused.
    r = wire::decodeTensors({ok}, {}, u"reply"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().message, u"tensor \"x\": shared memory is not accepted here"_s);
}

QTEST_GUILESS_MAIN(TestHostSession)
#include "tst_hostsession.moc"
