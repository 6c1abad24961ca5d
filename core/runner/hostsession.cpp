// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hostsession.h"

#include "base/humansize.h"
#include "runner/sandbox.h"
#include "runner/sharedtensorfiles.h"
#include "runner/tcpconnectlimit.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QLibraryInfo>
#ifdef Q_OS_UNIX
#include <dlfcn.h>
#endif

namespace carton {

namespace {

// A reply of type "error" becomes the plugin's error, as it reported it.
Status checkReply(const wire::Frame &reply, const QString &expectedType)
{
    const QString type = reply.header.value(u"type").toString();
    if (type == u"error") {
        const QString message = reply.header.value(u"message").toString();
        const int code = reply.header.value(u"code").toInt(int(ErrorCode::Format));
        return makeError(code >= 0 && code <= int(ErrorCode::Usage) ? ErrorCode(code) : ErrorCode::Format,
                         message.isEmpty() ? QStringLiteral("the runner failed without a message") : message);
    }
    if (type != expectedType)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("the runner host answered \"%1\" where \"%2\" was expected").arg(type, expectedType));
    return {};
}

// The tensors to send, named by their map keys (a tensor loaded from tensor_data
// carries its file's name, the map key is the input's name).
QList<Tensor> namedByKey(const TensorMap &inputs)
{
    QList<Tensor> out;
    for (auto it = inputs.cbegin(); it != inputs.cend(); ++it) {
        const Tensor &t = it.value();
        if (t.name() == it.key())
            out.append(t);
        else if (t.dtype() == DType::String)
            out.append(Tensor::strings(it.key(), t.shape(), t.stringValues()));
        else if (t.dtype() == DType::Nested)
            out.append(Tensor::nested(it.key(), t.inner()));
        else
            out.append(Tensor::numeric(it.key(), t.dtype(), t.shape(), t.data()));
    }
    return out;
}

// The folder of the library this code is in (libcartoncore), which the host
// links: the sandbox must show it.
QString coreLibraryFolder()
{
#ifdef Q_OS_UNIX
    Dl_info info;
    if (::dladdr(reinterpret_cast<void *>(&signalName), &info) && info.dli_fname)
        return QFileInfo(QFile::decodeName(info.dli_fname)).absolutePath();
#endif
    return {};
}

} // namespace

HostSession::HostSession(Params params) : m_params(std::move(params)), m_sharedMemoryTag(SharedTensorFiles::newTag()) {}

QString HostSession::sharedMemoryDirectory() const
{
    // A sandboxed host gets no folder of the machine's /dev/shm: a bound folder
    // there could not be capped, and a model could fill the machine's memory
    // through it. Its tensors go through the pipe; its /dev/shm is a private,
    // capped tmpfs (Sandbox::wrap).
    if (!m_params.sharedMemory || m_params.sandbox)
        return {};
    return SharedTensorFiles::defaultDirectory();
}

void HostSession::removeSharedFiles() const
{
    SharedTensorFiles(sharedMemoryDirectory(), m_sharedMemoryTag).removeTagged();
}

void HostSession::cleanUpRun()
{
    if (m_cgroup && m_cgroup->refusedForks() > m_refusedForks)
        m_process.appendLog(processLimitNote());
    m_cgroup.reset(); // kills whatever is left in it
    m_sandboxFiles.clear();
}

QString HostSession::processLimitNote()
{
    const qint64 refused = m_cgroup ? m_cgroup->refusedForks() : 0;
    if (refused <= m_refusedForks)
        return {};
    m_refusedForks = refused;
    return QStringLiteral("[carton] the sandbox refused %1 new process(es) or thread(s): its limit of %2 was reached")
        .arg(refused)
        .arg(m_params.maxProcesses);
}

void HostSession::close()
{
    m_process.stop();
    removeSharedFiles();
    cleanUpRun();
}

Status HostSession::prepareCommand(FramedProcess::Options &o, QString &cartonPath)
{
    o.program = m_params.hostExecutable;
    o.arguments = {QStringLiteral("--max-processes"), QString::number(m_params.maxProcesses)};
    o.addressSpaceLimit = m_params.addressSpaceLimit;
    o.cpuSeconds = m_params.cpuSeconds;
    o.maxLogBytes = m_params.maxLogBytes;
    cartonPath = m_params.cartonPath;
    // bubblewrap would start and then fail to find it: say it the way QProcess does.
    if (!QFileInfo(m_params.hostExecutable).isExecutable())
        return makeError(
            ErrorCode::Io,
            QStringLiteral("cannot start the runner host \"%1\": no such executable").arg(m_params.hostExecutable));
    if (!m_params.sandbox) {
        m_sandboxInfo = {};
        m_sandboxInfo.reason = m_params.noSandboxReason;
        return {};
    }
    cleanUpRun();
    SandboxPolicy policy;
    policy.scratchLimit = m_params.scratchLimit;
    // The host reads the carton by its real path: symlinks on the way would not
    // exist inside.
    m_sandboxInfo = {};
    m_sandboxInfo.reason = QStringLiteral("the runner host did not start");
    const QFileInfo carton(m_params.cartonPath);
    cartonPath = carton.canonicalFilePath().isEmpty() ? carton.absoluteFilePath() : carton.canonicalFilePath();
    o.program = QFileInfo(m_params.hostExecutable).canonicalFilePath();
    policy.readOnlyPaths = m_params.readOnlyPaths;
    policy.readOnlyPaths << cartonPath << QFileInfo(o.program).absolutePath()
                         << QFileInfo(m_params.pluginPath).canonicalPath() << coreLibraryFolder()
                         << QLibraryInfo::path(QLibraryInfo::LibrariesPath);
    policy.writablePaths = m_params.writablePaths;
    policy.network = m_params.network;
    if (m_params.network && m_params.networkPort && TcpConnectLimit::isSupported()) {
        policy.networkPort = m_params.networkPort;
        o.arguments << QStringLiteral("--allow-tcp-port") << QString::number(m_params.networkPort);
    }
    policy.maxProcesses = m_params.maxProcesses;
    policy.environment = o.environment;
    Result<Sandbox::Command> command = Sandbox::wrap(o.program, o.arguments, policy);
    if (!command) {
        m_sandboxInfo.reason = QStringLiteral("no sandbox could be made, so nothing ran");
        return makeError(command.error().code,
                         QStringLiteral("the model cannot run in a sandbox: %1. Run it without one only if you "
                                        "trust this carton (carton selftest --no-sandbox; in the app: \"Run without "
                                        "the sandbox\" when asked)")
                             .arg(command.error().message));
    }
    o.program = command->program;
    o.arguments = command->arguments;
    o.environment = command->environment;
    o.inheritedDescriptors = command->descriptors();
    m_sandboxFiles = std::move(command->files);
    o.signalInExitCode = true;
    m_cgroup = PidsCgroup::create(m_sharedMemoryTag, m_params.maxProcesses);
    if (m_cgroup)
        o.cgroupProcsFile = m_cgroup->procsFile();
    m_refusedForks = 0;
    m_sandboxInfo = command->info;
    return {};
}

Result<std::unique_ptr<HostSession>> HostSession::open(const Params &params, Progress *progress, SandboxInfo *sandbox)
{
    // Files of an app that crashed or was killed while its host held tensors.
    SharedTensorFiles::removeStale(params.sharedMemory ? SharedTensorFiles::defaultDirectory() : QString());
    std::unique_ptr<HostSession> session(new HostSession(params));
    const Status s = session->startAndLoad(progress);
    if (sandbox)
        *sandbox = session->m_sandboxInfo;
    if (!s) {
        Error error = s.error();
        error.message += QStringLiteral("\nthe runner host: %1").arg(session->m_sandboxInfo.brief());
        return error;
    }
    return session;
}

Error HostSession::withSandboxLimits(Error error)
{
    QStringList notes = {processLimitNote()};
    // strerror(ENOSPC), as Python, C and C++ runners say it.
    if (m_sandboxInfo.sandboxed && m_params.scratchLimit > 0 &&
        error.message.contains(QLatin1StringView("No space left on device")))
        notes << QStringLiteral("[carton] scratch space full: the sandbox's /tmp holds at most %1, and so does its "
                                "/dev/shm (its scratch limit; raise it in Preferences or with --scratch-limit)")
                     .arg(humanSize(m_params.scratchLimit));
    for (const QString &note : std::as_const(notes)) {
        if (note.isEmpty())
            continue;
        m_process.appendLog(note);
        error.message += u'\n' + note.mid(9); // without "[carton] "
    }
    return error;
}

HostSession::~HostSession()
{
    close();
}

Status HostSession::startAndLoad(Progress *progress)
{
    QElapsedTimer timer;
    timer.start();
    Result<wire::Frame> reply = startWith(QStringLiteral("load"), progress);
    if (!reply)
        return reply.error();
    if (Status s = checkReply(*reply, QStringLiteral("loaded")); !s) {
        m_process.stop();
        return withSandboxLimits(
            makeError(s.error().code, QStringLiteral("loading the model failed: %1").arg(s.error().message)));
    }
    m_loadTime = std::chrono::nanoseconds(timer.nsecsElapsed());
    return {};
}

Result<ModelInspection> HostSession::inspect(const Params &params, QString *log, Progress *progress)
{
    HostSession session(params);
    const auto result = [&]() -> Result<ModelInspection> {
        Result<wire::Frame> reply = session.startWith(QStringLiteral("inspect"), progress);
        if (!reply)
            return reply.error();
        if (Status s = checkReply(*reply, QStringLiteral("inspection")); !s)
            return session.withSandboxLimits(s.error());
        return ModelInspection::fromJson(reply->header.value(u"inspection").toObject(),
                                         QStringLiteral("the runner's inspection"));
    };
    Result<ModelInspection> out = result();
    session.close();
    if (log)
        *log = session.log();
    return out;
}

Result<wire::Frame> HostSession::startWith(const QString &requestType, Progress *progress)
{
    FramedProcess::Options o;
    QString cartonPath;
    if (Status s = prepareCommand(o, cartonPath); !s)
        return s.error();
    if (Status s = m_process.start(o); !s)
        return s.error();
    Result<QList<QByteArray>> request = wire::encodeFrame(QJsonObject{
        {QStringLiteral("type"), requestType},
        {QStringLiteral("plugin"),
         m_params.sandbox ? QFileInfo(m_params.pluginPath).canonicalFilePath() : m_params.pluginPath},
        {QStringLiteral("carton"), cartonPath},
        {QStringLiteral("options"), m_params.options},
        // Without a folder both sides see, the host sends everything through the pipe.
        {QStringLiteral("shared_memory_tag"), sharedMemoryDirectory().isEmpty() ? QString() : m_sharedMemoryTag},
    });
    if (!request)
        return request.error();
    Result<wire::Frame> reply = m_process.exchange(*request, m_params.loadTimeout, progress);
    if (!reply) {
        removeSharedFiles();
        return withSandboxLimits(reply.error());
    }
    return reply;
}

Result<TensorMap> HostSession::infer(const TensorMap &inputs, Progress *progress)
{
    if (!m_process.isRunning()) {
        m_process.appendLog(
            QStringLiteral("[carton] the runner host %1; starting a new one and loading the model again")
                .arg(m_process.describeExit()));
        if (Status s = startAndLoad(progress); !s)
            return s.error();
    }
    SharedTensorFiles shared(sharedMemoryDirectory(), m_sharedMemoryTag);
    Result<QList<QByteArray>> request =
        wire::encodeFrame(QJsonObject{{QStringLiteral("type"), QStringLiteral("infer")},
                                      {QStringLiteral("accept_shared_memory"), shared.isEnabled()}},
                          namedByKey(inputs), QStringLiteral("inputs"),
                          shared.isEnabled() ? shared.externalizer() : wire::Externalizer());
    if (!request)
        return request.error();
    Result<wire::Frame> reply = m_process.exchange(*request, m_params.inferTimeout, progress);
    if (!reply) {
        // The host crashed, hung or was cancelled, perhaps while writing its reply
        // files: remove whatever of this session it left.
        if (!m_process.isRunning())
            removeSharedFiles();
        return withSandboxLimits(reply.error());
    }
    if (Status s = checkReply(*reply, QStringLiteral("outputs")); !s)
        return withSandboxLimits(s.error());
    // The host's own measurements (absent from an older host: then unknown).
    const QJsonValue modelNs = reply->header.value(u"model_ns");
    const QJsonValue peakRss = reply->header.value(u"peak_rss_bytes");
    m_lastModelTime = modelNs.isDouble() && modelNs.toDouble() >= 0
                          ? std::optional(std::chrono::nanoseconds(qint64(modelNs.toDouble())))
                          : std::nullopt;
    if (peakRss.isDouble() && peakRss.toDouble() >= 0)
        m_peakRss = qint64(peakRss.toDouble());
    Result<TensorMap> outputs = wire::decodeFrameTensors(*reply, QStringLiteral("outputs"),
                                                         QStringLiteral("runner host response"), {}, shared.reader());
    shared.remove(shared.consumed()); // the host's reply files: read, no longer needed
    return outputs;
}

QString HostSession::log() const
{
    return m_process.log();
}

} // namespace carton
