// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "package/carton.h"
#include "runner/runnerplugin.h"
#include "runner/sharedtensorfiles.h"
#include "runner/wireframe.h"

#include <QPluginLoader>
#include <QTemporaryDir>
#include <memory>

// The runner host's state: one plugin and one model for the life of the process.
class RunnerHost final {
public:
    ~RunnerHost()
    {
        if (m_shared)
            m_shared->remove(m_replyFiles);
    }

    // Answers one request frame with one reply (the chunks to write).
    QList<QByteArray> handle(const carton::wire::Frame &request);

private:
    // The plugin and the carton of a "load" or "inspect" request, the model
    // extracted: what the plugin's load() or inspect() gets.
    carton::Result<carton::RunnerLoadContext> prepare(const QJsonObject &request);
    carton::Result<QJsonObject> load(const QJsonObject &request);
    // Answers "inspect": the plugin's ModelInspection, or its reason why not.
    carton::Result<QJsonObject> inspect(const QJsonObject &request);
    carton::Result<QList<QByteArray>> infer(const carton::wire::Frame &request);

    std::unique_ptr<QPluginLoader> m_loader;
    carton::RunnerPlugin *m_plugin = nullptr;
    std::unique_ptr<carton::Carton> m_carton;
    std::unique_ptr<QTemporaryDir> m_extracted;
    std::unique_ptr<carton::RunnerModel> m_model;
    // Tensor files in shared memory, of the tag the app gave in its load request
    // (none: everything goes through the pipe). The app reads the reply files
    // before its next request.
    std::unique_ptr<carton::SharedTensorFiles> m_shared;
    QStringList m_replyFiles;
};

// An error reply frame.
QList<QByteArray> errorReply(const carton::Error &error);
