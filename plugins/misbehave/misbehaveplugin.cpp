// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "misbehaveplugin.h"

#include <QFile>
#include <QThread>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

using namespace carton;

namespace {

// Does what `behaviour` says; returns normally for the behaviours that return
// something (none, stderr-flood, stdout-garbage, wrong-shape, throw is thrown).
void misbehave(const QString &behaviour)
{
    if (behaviour == u"crash") {
        std::raise(SIGSEGV);
    } else if (behaviour == u"abort") {
        std::abort();
    } else if (behaviour == u"exit") {
        std::fflush(stderr);
        std::_Exit(7);
    } else if (behaviour == u"hang") {
        for (;;)
            QThread::sleep(1);
    } else if (behaviour == u"allocate") {
        // Keeps allocating and touching memory until the allocator gives up.
        std::vector<char *> blocks;
        for (;;) {
            char *p = new char[64 << 20];
            std::memset(p, 1, 64 << 20);
            blocks.push_back(p);
        }
    } else if (behaviour == u"stderr-flood") {
        const std::string line(1023, 'e');
        for (int i = 0; i < 20 * 1024; ++i) // 20 MiB
            std::fprintf(stderr, "%s\n", line.c_str());
        std::fputs("flood-end\n", stderr);
        std::fflush(stderr);
    } else if (behaviour == u"stdout-garbage") {
        std::fputs("garbage on stdout that must not reach the protocol stream\n", stdout);
        std::fflush(stdout);
    } else if (behaviour == u"throw") {
        throw std::runtime_error("misbehave threw on purpose");
    }
}

bool armed(const QJsonObject &options)
{
    const QString marker = options.value(u"marker").toString();
    if (marker.isEmpty())
        return true;
    return QFile::exists(marker) && QFile::remove(marker);
}

class MisbehaveModel final : public RunnerModel {
public:
    explicit MisbehaveModel(QJsonObject options) : m_options(std::move(options)) {}

    Result<TensorMap> infer(const TensorMap &inputs) override
    {
        if (m_options.value(u"when").toString() != u"infer" || !armed(m_options))
            return inputs;
        const QString behaviour = m_options.value(u"behaviour").toString();
        misbehave(behaviour);
        if (behaviour == u"wrong-shape") {
            TensorMap out;
            out.insert(QStringLiteral("y"),
                       Tensor::numeric(QStringLiteral("y"), DType::Float32, {2, 3}, QByteArray(4, '\0')));
            return out;
        }
        return inputs;
    }

private:
    QJsonObject m_options;
};

} // namespace

Result<std::unique_ptr<RunnerModel>> MisbehavePlugin::load(const RunnerLoadContext &context)
{
    if (context.options.value(u"when").toString() == u"load" && armed(context.options))
        misbehave(context.options.value(u"behaviour").toString());
    return std::unique_ptr<RunnerModel>(std::make_unique<MisbehaveModel>(context.options));
}
