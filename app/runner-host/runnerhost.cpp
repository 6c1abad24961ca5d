// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnerhost.h"

#include "pack/unpacker.h"

#include <QDir>
#include <QElapsedTimer>
#ifdef Q_OS_UNIX
#include <sys/resource.h>
#endif
#include <exception>
#include <new>

using namespace carton;

namespace {

// Runs plugin code; an exception that escapes it becomes an error value.
template <typename F>
auto guarded(const QString &what, F &&f) -> decltype(f())
{
    try {
        return f();
    } catch (const std::bad_alloc &) {
        return makeError(ErrorCode::Limit, QStringLiteral("%1 ran out of memory (std::bad_alloc)").arg(what));
    } catch (const std::exception &e) {
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1 threw an exception: %2").arg(what, QString::fromLocal8Bit(e.what())));
    } catch (...) {
        return makeError(ErrorCode::Format, QStringLiteral("%1 threw an unknown exception").arg(what));
    }
}

} // namespace

QList<QByteArray> errorReply(const Error &error)
{
    Result<QList<QByteArray>> r = wire::encodeFrame(QJsonObject{
        {QStringLiteral("type"), QStringLiteral("error")},
        {QStringLiteral("message"), error.toString()},
        {QStringLiteral("code"), int(error.code)},
    });
    return r ? *r : QList<QByteArray>{};
}

QList<QByteArray> RunnerHost::handle(const wire::Frame &request)
{
    const QString type = request.header.value(u"type").toString();
    if (type == u"load") {
        Result<QJsonObject> reply = load(request.header);
        if (!reply)
            return errorReply(reply.error());
        return *wire::encodeFrame(*reply);
    }
    if (type == u"inspect") {
        Result<QJsonObject> reply = inspect(request.header);
        if (!reply)
            return errorReply(reply.error());
        Result<QList<QByteArray>> frame = wire::encodeFrame(*reply);
        return frame ? *frame : errorReply(frame.error());
    }
    if (type == u"infer") {
        Result<QList<QByteArray>> reply = infer(request);
        return reply ? *reply : errorReply(reply.error());
    }
    return errorReply(makeError(ErrorCode::Usage, QStringLiteral("unknown request type \"%1\"").arg(type)));
}

Result<RunnerLoadContext> RunnerHost::prepare(const QJsonObject &request)
{
    if (m_plugin)
        return makeError(ErrorCode::Usage, QStringLiteral("a model is already loaded; a host loads one model"));
    // The app's session tag names the shared-memory files both sides may use;
    // without a valid one, tensors go through the pipe.
    const QString tag = request.value(u"shared_memory_tag").toString();
    m_shared = std::make_unique<SharedTensorFiles>(
        SharedTensorFiles::isValidTag(tag) ? SharedTensorFiles::defaultDirectory() : QString(), tag);
    const QString pluginPath = request.value(u"plugin").toString();
    m_loader = std::make_unique<QPluginLoader>(pluginPath);
    QObject *instance = m_loader->instance();
    if (!instance)
        return makeError(ErrorCode::Io,
                         QStringLiteral("cannot load runner plugin %1: %2").arg(pluginPath, m_loader->errorString()));
    m_plugin = qobject_cast<RunnerPlugin *>(instance);
    if (!m_plugin)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("%1 does not implement %2").arg(pluginPath, QLatin1StringView(kRunnerPluginIid)));

    Result<std::unique_ptr<Carton>> carton = Carton::open(request.value(u"carton").toString());
    if (!carton)
        return carton.error();
    m_carton = std::move(*carton);

    RunnerLoadContext context;
    context.carton = m_carton.get();
    context.options = request.value(u"options").toObject();
    context.runnerName = m_loader->metaData().value(u"MetaData").toObject().value(u"runner_name").toString();
    if (!m_carton->source().isArchive()) {
        context.modelDir = QDir(m_carton->path()).filePath(QStringLiteral("model"));
    } else {
        m_extracted = std::make_unique<QTemporaryDir>();
        if (!m_extracted->isValid())
            return makeError(
                ErrorCode::Io,
                QStringLiteral("cannot create a temporary folder for the model: %1").arg(m_extracted->errorString()));
        context.modelDir = m_extracted->filePath(QStringLiteral("model"));
        bool hasModel = false;
        for (const SourceFile &f : m_carton->source().files())
            hasModel = hasModel || f.path.startsWith(u"model/");
        if (hasModel) {
            UnpackOptions unpack;
            unpack.only = {QStringLiteral("model")};
            unpack.overwrite = true;
            Result<UnpackResult> r = unpackCarton(*m_carton, m_extracted->path(), unpack);
            if (!r)
                return r.error();
        } else {
            QDir().mkpath(context.modelDir);
        }
    }
    return context;
}

Result<QJsonObject> RunnerHost::load(const QJsonObject &request)
{
    QElapsedTimer timer;
    timer.start();
    Result<RunnerLoadContext> context = prepare(request);
    if (!context)
        return context.error();
    Result<std::unique_ptr<RunnerModel>> model =
        guarded(QStringLiteral("the runner"), [&] { return m_plugin->load(*context); });
    if (!model)
        return model.error();
    m_model = std::move(*model);
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("loaded")},
        {QStringLiteral("load_ns"), qint64(timer.nsecsElapsed())},
    };
}

Result<QJsonObject> RunnerHost::inspect(const QJsonObject &request)
{
    Result<RunnerLoadContext> context = prepare(request);
    if (!context)
        return context.error();
    Result<ModelInspection> inspection =
        guarded(QStringLiteral("the runner"), [&] { return m_plugin->inspect(*context); });
    if (!inspection)
        return inspection.error();
    return QJsonObject{
        {QStringLiteral("type"), QStringLiteral("inspection")},
        {QStringLiteral("inspection"), inspection->toJson()},
    };
}

namespace {

// The host's peak resident set (getrusage; Linux reports KiB); 0 when unknown.
qint64 peakRssBytes()
{
#ifdef Q_OS_UNIX
    struct rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        return qint64(usage.ru_maxrss) * 1024;
#endif
    return 0;
}

} // namespace

Result<QList<QByteArray>> RunnerHost::infer(const wire::Frame &request)
{
    if (!m_model)
        return makeError(ErrorCode::Usage, QStringLiteral("no model is loaded"));
    // The app has read the previous reply's files by now.
    m_shared->remove(m_replyFiles);
    m_replyFiles.clear();
    Result<TensorMap> inputs = wire::decodeFrameTensors(request, QStringLiteral("inputs"),
                                                        QStringLiteral("infer request"), {}, m_shared->reader());
    if (!inputs)
        return inputs.error();
    QElapsedTimer modelTimer;
    modelTimer.start();
    Result<TensorMap> outputs = guarded(QStringLiteral("the runner"), [&] { return m_model->infer(*inputs); });
    const qint64 modelNs = modelTimer.nsecsElapsed();
    if (!outputs)
        return outputs.error();
    QList<Tensor> list;
    for (auto it = outputs->cbegin(); it != outputs->cend(); ++it) {
        if (it.value().name() != it.key())
            return makeError(ErrorCode::Format, QStringLiteral("the runner returned output \"%1\" under the key \"%2\"")
                                                    .arg(it.value().name(), it.key()));
        list.append(it.value());
    }
    const bool shared = m_shared->isEnabled() && request.header.value(u"accept_shared_memory").toBool();
    Result<QList<QByteArray>> reply =
        wire::encodeFrame(QJsonObject{{QStringLiteral("type"), QStringLiteral("outputs")},
                                      {QStringLiteral("model_ns"), double(modelNs)},
                                      {QStringLiteral("peak_rss_bytes"), double(peakRssBytes())}},
                          list, QStringLiteral("outputs"), shared ? m_shared->externalizer() : wire::Externalizer());
    m_replyFiles = m_shared->created();
    m_shared->release();
    if (!reply)
        return makeError(reply.error().code,
                         QStringLiteral("the runner returned an invalid output: %1").arg(reply.error().message));
    return reply;
}
