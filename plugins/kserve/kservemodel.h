// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "kservehttp.h"
#include "runner/runnerplugin.h"

#include <QHash>
#include <memory>

namespace carton {
struct TensorSpec;
}

// A model served by a KServe v2 server. connect() reads the options ("url",
// "model", "version", "timeout", "input_map", "output_map", "binary_output",
// "max_response_bytes"), checks GET /v2/health/ready, the model's /ready and
// its metadata against the carton's [[input]]/[[output]] (name, datatype,
// shape; shape symbols, "*" and the server's -1 fit anything) before anything
// is sent. infer() POSTs /v2/models/{m}/infer with the binary tensor data
// extension and reads binary or JSON outputs.
class KserveModel final : public carton::RunnerModel {
public:
    static carton::Result<std::unique_ptr<KserveModel>> connect(const carton::RunnerLoadContext &context);

    carton::Result<carton::TensorMap> infer(const carton::TensorMap &inputs) override;

private:
    KserveModel(QUrl base, std::chrono::milliseconds timeout, qint64 maxBody);
    carton::Status checkServer();
    carton::Status checkMetadata(const QList<carton::TensorSpec> &inputs, const QList<carton::TensorSpec> &outputs);
    // A non-200 reply as an error: the server's {"error": "..."} or the start of its body.
    carton::Error httpError(const KserveReply &reply, const QString &what) const;

    KserveHttp m_http;
    QString m_model;
    QString m_modelPath;                 // "/v2/models/{m}" or "/v2/models/{m}/versions/{v}"
    QHash<QString, QString> m_inputMap;  // carton name -> server name
    QHash<QString, QString> m_outputMap; // carton name -> server name
    QStringList m_outputs;               // carton output names asked for (empty: all)
    bool m_binaryOutput = true;
    qint64 m_maxBody = 0;
};
