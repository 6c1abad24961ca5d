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
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
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

// Cancels `progress` once the host has removed `marker`, which the misbehave
// runner does just before it misbehaves: the host is inside infer then (a state to
// wait for, not a guess at how long starting it takes). Stops without cancelling
// once `stop` is set (infer returned first).
std::thread cancelWhenArmed(const QString &marker, Progress &progress, const std::atomic<bool> &stop)
{
    return std::thread([marker, &progress, &stop] {
        while (QFileInfo::exists(marker) && !stop.load())
            std::this_thread::sleep_for(2ms);
        if (!stop.load())
            progress.cancel();
    });
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
    void noopCannotInspect();
    void inspectionJsonIsChecked();
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
    void sharedMemoryReaderRefusesHostileFrames_data();
    void sharedMemoryReaderRefusesHostileFrames();
    void sharedMemoryTaggedAndStaleFilesAreRemoved();
    void sharedMemoryNothingLeftAfterCrashOrCancel_data();
    void sharedMemoryNothingLeftAfterCrashOrCancel();
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

void TestHostSession::noopCannotInspect()
{
    QTemporaryDir dir;
    QVERIFY(runnertest::writeCarton(dir.path(), kNoopRunner));
    auto carton = runnertest::openCarton(dir.path());
    QVERIFY(carton);
    Result<ModelInspection> inspection = inspectModel(*carton, {}, runnertest::runOptions());
    QVERIFY(!inspection.ok());
    QCOMPARE(inspection.error().code, ErrorCode::Unsupported);
    QCOMPARE(inspection.error().message, u"the noop runner cannot inspect a model"_s);
}

void TestHostSession::inspectionJsonIsChecked()
{
    const auto parse = [](const QByteArray &json) {
        return ModelInspection::fromJson(QJsonDocument::fromJson(json).object(), u"reply"_s);
    };
    Result<ModelInspection> ok = parse(R"J({"format": "TorchScript", "methods": [{"name": "forward",
        "arguments": [{"name": "x", "type": "Tensor"}], "returns": [{"name": "", "type": "Tensor"}],
        "nodes": [{"kind": "aten::relu", "inputs": ["x"], "outputs": ["1"]}], "graph": "graph(...)"}]})J");
    QVERIFY2(ok.ok(), ok.ok() ? "" : qPrintable(ok.error().toString()));
    QCOMPARE(ok->methods[0].signature(), u"forward(self, x: Tensor) -> Tensor"_s);
    QCOMPARE(ok->methods[0].nodes[0].outputs, QStringList{u"1"_s});

    Result<ModelInspection> bad = parse(R"({"methods": [{"name": "forward", "arguments": [{"name": 3}]}]})");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().toString(), u"reply: methods[0].arguments[0].name expected a string"_s);
    bad = parse(R"({"methods": [{"name": "forward", "nodes": [{"kind": "k", "inputs": "x"}]}]})");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().toString(), u"reply: methods[0].nodes[0].inputs expected an array"_s);
    bad = parse(R"({"methods": [{"arguments": []}]})");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().toString(), u"reply: methods[0].name expected a method name"_s);
    QJsonArray many;
    for (qsizetype i = 0; i <= kMaxInspectedMethods; ++i)
        many.append(QJsonObject{{u"name"_s, u"m"_s}});
    bad = ModelInspection::fromJson(QJsonObject{{u"methods"_s, many}}, u"reply"_s);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().code, ErrorCode::Limit);
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
    QCOMPARE((*session)->forced(), QString()); // the runner matches: nothing forced
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
                                      ">=2.0.0"_s);
    // Forced, it runs, and says so.
    RunnerChoice force;
    force.force = true;
    QStringList warnings;
    session = openRunnerSession(*carton, force, runnertest::runOptions(), &warnings);
    QVERIFY(session.ok());
    QCOMPARE(warnings,
             QStringList{u"running with noop 1.0.0, although the carton asks for noop >=2.0.0 (compat 1): forced"_s});
    QVERIFY((*session)->log().contains(warnings.first()));
    QCOMPARE((*session)->forced(), u"noop 1.0.0, although the carton asks for noop >=2.0.0 (compat 1)"_s);
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
#ifdef CARTON_SANITIZED
    // Capped by the sanitizer's soft RSS limit, not RLIMIT_AS (see FramedProcess).
    QTest::newRow("allocate") << u"allocate"_s << u"the runner host exited with code 1"_s << u"out-of-memory"_s;
#else
    QTest::newRow("allocate") << u"allocate"_s << u"the runner ran out of memory (std::bad_alloc)"_s << QString();
#endif
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
    // The marker's folder is the one the sandboxed host may write: it removes the marker when it misbehaves.
    const QString marker = dir.filePath(u"markers/armed"_s);
    QVERIFY(testutil::writeFile(marker, "1"));
    QVERIFY(runnertest::writeCarton(dir.filePath(u"c"_s), misbehaveRunner(behaviour, u"infer"_s, marker)));
    auto carton = runnertest::openCarton(dir.filePath(u"c"_s));
    QVERIFY(carton);
    RunOptions options = runnertest::runOptions();
    options.writablePaths = {dir.filePath(u"markers"_s)};
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
    const QString marker = dir.filePath(u"markers/armed"_s);
    QVERIFY(testutil::writeFile(marker, "1"));
    QVERIFY(runnertest::writeCarton(dir.filePath(u"c"_s), misbehaveRunner(u"hang"_s, u"infer"_s, marker)));
    auto carton = runnertest::openCarton(dir.filePath(u"c"_s));
    RunOptions options = runnertest::runOptions();
    options.writablePaths = {dir.filePath(u"markers"_s)};
    Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
    QVERIFY(session.ok());
    Progress progress;
    std::atomic<bool> returned{false};
    std::thread canceller = cancelWhenArmed(marker, progress, returned);
    QElapsedTimer timer;
    timer.start();
    Result<TensorMap> out = (*session)->infer(sampleInputs(), &progress);
    returned.store(true);
    canceller.join();
    QVERIFY(!QFileInfo::exists(marker)); // the host reached the hang before the cancel
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
    // Sandboxed hosts never get the machine's /dev/shm (tensors go through the
    // pipe, tst_sandbox): shared memory is the unsandboxed road.
    options.sandbox = !sharedMemory;
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

namespace {
const QString kTag = u"4242-0123456789abcdef"_s;
const QString kTagged = u"carton-tensor-4242-0123456789abcdef-00000000000000000000000000000000"_s;

QJsonObject sharedDescriptor(const QString &region, qint64 byteSize, qint64 elements = 2)
{
    return QJsonObject{
        {u"name"_s, u"x"_s},
        {u"datatype"_s, u"FP32"_s},
        {u"shape"_s, QJsonArray{elements}},
        {u"parameters"_s, QJsonObject{{u"shared_memory_region"_s, region}, {u"shared_memory_byte_size"_s, byteSize}}}};
}

QStringList shmFiles()
{
    return QDir(SharedTensorFiles::defaultDirectory()).entryList({u"carton-tensor-*"_s}, QDir::Files | QDir::System);
}
} // namespace

void TestHostSession::sharedMemoryReaderRefusesOtherFiles()
{
    QTemporaryDir dir;
    SharedTensorFiles files(dir.path(), kTag);
    QVERIFY(testutil::writeFile(dir.filePath(kTagged), QByteArray(8, 1)));
    Result<QList<Tensor>> r =
        wire::decodeTensors({sharedDescriptor(u"../../etc/passwd"_s, 8)}, {}, u"reply"_s, {}, files.reader());
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::Unsafe);
    QCOMPARE(r.error().message,
             u"tensor \"x\": shared memory region \"../../etc/passwd\" is not a carton tensor file of this session"_s);
    r = wire::decodeTensors({sharedDescriptor(kTagged, 8)}, {}, u"reply"_s, {}, files.reader());
    QVERIFY(r.ok());
    QCOMPARE(r->first().data(), QByteArray(8, 1));
    // Read, and unlinked at once.
    QVERIFY(!QFile::exists(dir.filePath(kTagged)));
    QCOMPARE(files.consumed(), QStringList{kTagged});
    // Without a reader, shared memory is refused.
    r = wire::decodeTensors({sharedDescriptor(kTagged, 8)}, {}, u"reply"_s);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().message, u"tensor \"x\": shared memory is not accepted here"_s);
}

void TestHostSession::sharedMemoryReaderRefusesHostileFrames_data()
{
    QTest::addColumn<QString>("region");
    QTest::addColumn<qint64>("fileBytes"); // -1: no such file
    QTest::addColumn<qint64>("declared");  // shared_memory_byte_size
    QTest::addColumn<qint64>("elements");  // float32 elements of the shape
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message"); // the end of the error message
    const QString other = u"carton-tensor-4242-fedcba9876543210-00000000000000000000000000000000"_s;
    QTest::newRow("another session's file")
        << other << qint64(8) << qint64(8) << qint64(2) << int(ErrorCode::Unsafe)
        << QString(u"shared memory region \""_s + other + u"\" is not a carton tensor file of this session"_s);
    QTest::newRow("missing region") << kTagged << qint64(-1) << qint64(8) << qint64(2) << int(ErrorCode::Io)
                                    << u"No such file or directory"_s;
    QTest::newRow("short region") << kTagged << qint64(4) << qint64(8) << qint64(2) << int(ErrorCode::Format)
                                  << u"holds 4 bytes, 8 expected"_s;
    QTest::newRow("oversized declaration") << kTagged << qint64(8) << (qint64(1) << 30) << (qint64(1) << 28)
                                           << int(ErrorCode::Format) << u"holds 8 bytes, 1073741824 expected"_s;
    QTest::newRow("size disagrees with the shape")
        << kTagged << qint64(8) << qint64(8) << qint64(3) << int(ErrorCode::Format) << u"byte_size 12"_s;
}

void TestHostSession::sharedMemoryReaderRefusesHostileFrames()
{
    QFETCH(QString, region);
    QFETCH(qint64, fileBytes);
    QFETCH(qint64, declared);
    QFETCH(qint64, elements);
    QFETCH(int, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    SharedTensorFiles files(dir.path(), kTag);
    if (fileBytes >= 0)
        QVERIFY(testutil::writeFile(dir.filePath(region), QByteArray(fileBytes, 1)));
    const Result<QList<Tensor>> r =
        wire::decodeTensors({sharedDescriptor(region, declared, elements)}, {}, u"reply"_s, {}, files.reader());
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QVERIFY2(r.error().message.startsWith(u"tensor \"x\": "_s), qPrintable(r.error().message));
    QVERIFY2(r.error().message.endsWith(message), qPrintable(r.error().message));
}

void TestHostSession::sharedMemoryTaggedAndStaleFilesAreRemoved()
{
    QTemporaryDir dir;
    // A tag names this process; files are created under it.
    SharedTensorFiles files(dir.path());
    QVERIFY(SharedTensorFiles::isValidTag(files.tag()));
    QVERIFY(files.tag().startsWith(QString::number(QCoreApplication::applicationPid()) + u'-'));
    const Tensor big = Tensor::numeric(u"big"_s, DType::Uint8, {SharedTensorFiles::kMinimumBytes},
                                       QByteArray(SharedTensorFiles::kMinimumBytes, 3));
    const Tensor small = Tensor::numeric(u"small"_s, DType::Uint8, {SharedTensorFiles::kMinimumBytes - 1},
                                         QByteArray(SharedTensorFiles::kMinimumBytes - 1, 3));
    // At the threshold a file, below it the pipe.
    Result<std::optional<QJsonObject>> e = files.externalizer()(big);
    QVERIFY(e.ok() && e->has_value());
    e = files.externalizer()(small);
    QVERIFY(e.ok() && !e->has_value());
    QCOMPARE(files.created().size(), 1);
    QVERIFY(files.created().first().startsWith(u"carton-tensor-"_s + files.tag() + u'-'));

    // Another session of this process, a dead process's session, an unrelated file.
    QProcess gone;
    gone.start(u"/bin/true"_s);
    QVERIFY(gone.waitForFinished(10'000));
    const QString dead = u"carton-tensor-%1-00000000000000aa-00000000000000000000000000000001"_s.arg(gone.processId());
    const QString alive =
        u"carton-tensor-%1-00000000000000bb-00000000000000000000000000000002"_s.arg(QCoreApplication::applicationPid());
    const QString unrelated = u"carton-tensor-notours"_s;
    for (const QString &name : {dead, alive, unrelated})
        QVERIFY(testutil::writeFile(dir.filePath(name), "x"));
    // Only the dead process's file is stale.
    QCOMPARE(SharedTensorFiles::removeStale(dir.path()), 1);
    QDir d(dir.path());
    QVERIFY(!d.exists(dead));
    QVERIFY(d.exists(alive));
    QVERIFY(d.exists(unrelated));
    // removeTagged: every file of this tag (a host's reply files too), nothing else.
    QVERIFY(testutil::writeFile(
        dir.filePath(u"carton-tensor-"_s + files.tag() + u"-00000000000000000000000000000003"_s), "x"));
    files.removeTagged();
    QCOMPARE(d.entryList({u"carton-tensor-*"_s}, QDir::Files), (QStringList{alive, unrelated}));
}

void TestHostSession::sharedMemoryNothingLeftAfterCrashOrCancel_data()
{
    QTest::addColumn<QString>("behaviour");
    QTest::addColumn<bool>("cancel");
    if (SharedTensorFiles::defaultDirectory().isEmpty()) {
        QTest::newRow("no shared memory here: normal run") << u"none"_s << false;
        return;
    }
    QTest::newRow("normal run") << u"none"_s << false;
    QTest::newRow("crash") << u"crash"_s << false;
    QTest::newRow("cancel") << u"hang"_s << true;
}

void TestHostSession::sharedMemoryNothingLeftAfterCrashOrCancel()
{
    QFETCH(QString, behaviour);
    QFETCH(bool, cancel);
    QTemporaryDir dir;
    // The marker's folder is the one the sandboxed host may write: it removes the marker when it misbehaves.
    const QString marker = dir.filePath(u"markers/armed"_s);
    QVERIFY(testutil::writeFile(marker, "1"));
    QVERIFY(runnertest::writeCarton(dir.filePath(u"c"_s), misbehaveRunner(behaviour, u"infer"_s, marker)));
    auto carton = runnertest::openCarton(dir.filePath(u"c"_s));
    QVERIFY(carton);
    const QStringList before = shmFiles();
    {
        RunOptions options = runnertest::runOptions();
        options.writablePaths = {dir.filePath(u"markers"_s)};
        options.sandbox = false; // shared memory is for unsandboxed hosts only
        Result<std::unique_ptr<RunnerSession>> session = openRunnerSession(*carton, {}, options);
        QVERIFY2(session.ok(), session.ok() ? "" : qPrintable(session.error().toString()));
        const TensorMap in{{u"x"_s, Tensor::numeric(u"x"_s, DType::Uint8, {4 << 20}, QByteArray(4 << 20, 9))}};
        Progress progress;
        std::atomic<bool> returned{!cancel};
        std::thread canceller = cancelWhenArmed(marker, progress, returned);
        Result<TensorMap> out = (*session)->infer(in, &progress);
        returned.store(true);
        canceller.join();
        QCOMPARE(out.ok(), behaviour == u"none");
        if (out.ok())
            QCOMPARE(out->value(u"x"_s).data(), in.value(u"x"_s).data());
        else if (cancel)
            QCOMPARE(out.error().code, ErrorCode::Cancelled);
        else
            QVERIFY2(out.error().message.contains(u"SIGSEGV"_s), qPrintable(out.error().message));
        // While the session is open nothing of the finished exchange is left either.
        QCOMPARE(shmFiles(), before);
    }
    QCOMPARE(shmFiles(), before);
}

QTEST_GUILESS_MAIN(TestHostSession)
#include "tst_hostsession.moc"
