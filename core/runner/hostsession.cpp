// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hostsession.h"

#include "runner/sharedtensorfiles.h"

#include <QElapsedTimer>
#include <QJsonArray>

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

} // namespace

HostSession::HostSession(Params params) : m_params(std::move(params)), m_sharedMemoryTag(SharedTensorFiles::newTag()) {}

QString HostSession::sharedMemoryDirectory() const
{
    return m_params.sharedMemory ? SharedTensorFiles::defaultDirectory() : QString();
}

void HostSession::removeSharedFiles() const
{
    SharedTensorFiles(sharedMemoryDirectory(), m_sharedMemoryTag).removeTagged();
}

void HostSession::close()
{
    m_process.stop();
    removeSharedFiles();
}

Result<std::unique_ptr<HostSession>> HostSession::open(const Params &params, Progress *progress)
{
    // Files of an app that crashed or was killed while its host held tensors.
    SharedTensorFiles::removeStale(params.sharedMemory ? SharedTensorFiles::defaultDirectory() : QString());
    std::unique_ptr<HostSession> session(new HostSession(params));
    if (Status s = session->startAndLoad(progress); !s)
        return s.error();
    return session;
}

HostSession::~HostSession()
{
    close();
}

Status HostSession::startAndLoad(Progress *progress)
{
    QElapsedTimer timer;
    timer.start();
    FramedProcess::Options o;
    o.program = m_params.hostExecutable;
    o.addressSpaceLimit = m_params.addressSpaceLimit;
    o.maxLogBytes = m_params.maxLogBytes;
    if (Status s = m_process.start(o); !s)
        return s;
    Result<QList<QByteArray>> request = wire::encodeFrame(QJsonObject{
        {QStringLiteral("type"), QStringLiteral("load")},
        {QStringLiteral("plugin"), m_params.pluginPath},
        {QStringLiteral("carton"), m_params.cartonPath},
        {QStringLiteral("options"), m_params.options},
        {QStringLiteral("shared_memory_tag"), m_sharedMemoryTag},
    });
    if (!request)
        return request.error();
    Result<wire::Frame> reply = m_process.exchange(*request, m_params.loadTimeout, progress);
    if (!reply) {
        removeSharedFiles();
        return reply.error();
    }
    if (Status s = checkReply(*reply, QStringLiteral("loaded")); !s) {
        m_process.stop();
        return makeError(s.error().code, QStringLiteral("loading the model failed: %1").arg(s.error().message));
    }
    m_loadTime = std::chrono::nanoseconds(timer.nsecsElapsed());
    return {};
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
        return reply.error();
    }
    if (Status s = checkReply(*reply, QStringLiteral("outputs")); !s)
        return s.error();
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
