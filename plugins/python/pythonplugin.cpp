// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pythonplugin.h"

#include "runner/framedprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

using namespace carton;
using namespace std::chrono_literals;

namespace {

// The runner host's own caller enforces timeouts (it kills the host, and the
// driver dies with it), so the host waits for the driver as long as it takes.
constexpr auto kNoTimeout = std::chrono::hours(24 * 365);

Status replyStatus(const wire::Frame &reply, const QString &expected)
{
    const QString type = reply.header.value(u"type").toString();
    if (type == u"error")
        return makeError(ErrorCode::Format, reply.header.value(u"message").toString());
    if (type != expected)
        return makeError(
            ErrorCode::Format,
            QStringLiteral("the python driver answered \"%1\" where \"%2\" was expected").arg(type, expected));
    return {};
}

class PythonModel final : public RunnerModel {
public:
    Status start(const RunnerLoadContext &context)
    {
        if (!m_dir.isValid())
            return makeError(ErrorCode::Io,
                             QStringLiteral("cannot create a temporary folder: %1").arg(m_dir.errorString()));
        const QString driver = m_dir.filePath(QStringLiteral("carton_driver.py"));
        if (!QFile::copy(QStringLiteral(":/carton/python/driver.py"), driver))
            return makeError(ErrorCode::Io, QStringLiteral("cannot write the python driver to %1").arg(driver));
        const QString package = context.options.value(u"entrypoint_package").toString();
        const QString fn = context.options.value(u"entrypoint_fn").toString();
        if (package.isEmpty() || fn.isEmpty())
            return makeError(ErrorCode::Usage,
                             QStringLiteral("the python runner needs [runner.opts] entrypoint_package "
                                            "and entrypoint_fn (strings)"));
        QJsonObject kwargs;
        for (auto it = context.options.begin(); it != context.options.end(); ++it) {
            if (it.key().startsWith(u"model."))
                kwargs.insert(it.key().mid(6), it.value());
        }
        FramedProcess::Options o;
        o.program = qEnvironmentVariable("CARTON_PYTHON", QStringLiteral(CARTON_DEFAULT_PYTHON));
        o.arguments = {QStringLiteral("-B"), driver};
        o.environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
        o.workingDirectory = context.modelDir;
        o.forwardStderr = true;
        o.what = QStringLiteral("python driver (%1)").arg(o.program);
        if (Status s = m_process.start(o); !s)
            return s;
        Result<QList<QByteArray>> request = wire::encodeFrame(QJsonObject{
            {QStringLiteral("type"), QStringLiteral("load")},
            {QStringLiteral("model_dir"), context.modelDir},
            {QStringLiteral("entrypoint_package"), package},
            {QStringLiteral("entrypoint_fn"), fn},
            {QStringLiteral("kwargs"), kwargs},
        });
        if (!request)
            return request.error();
        Result<wire::Frame> reply = m_process.exchange(*request, kNoTimeout);
        if (!reply)
            return reply.error();
        return replyStatus(*reply, QStringLiteral("loaded"));
    }

    Result<TensorMap> infer(const TensorMap &inputs) override
    {
        Result<QList<QByteArray>> request =
            wire::encodeFrame(QJsonObject{{QStringLiteral("type"), QStringLiteral("infer")}}, inputs.values());
        if (!request)
            return request.error();
        Result<wire::Frame> reply = m_process.exchange(*request, kNoTimeout);
        if (!reply)
            return reply.error();
        if (Status s = replyStatus(*reply, QStringLiteral("outputs")); !s)
            return s.error();
        return wire::decodeFrameTensors(*reply, QStringLiteral("outputs"), QStringLiteral("python driver response"));
    }

private:
    QTemporaryDir m_dir;
    FramedProcess m_process;
};

} // namespace

Result<std::unique_ptr<RunnerModel>> PythonPlugin::load(const RunnerLoadContext &context)
{
    auto model = std::make_unique<PythonModel>();
    if (Status s = model->start(context); !s)
        return s.error();
    return std::unique_ptr<RunnerModel>(std::move(model));
}
