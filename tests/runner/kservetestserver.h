// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// A KServe v2 HTTP server for the tests (QTcpServer, HTTP/1.1 with keep-alive,
// Content-Length bodies), running on its own thread so that blocking callers
// (openRunnerSession, a QProcess running the CLI) can talk to it. It speaks
// GET /v2/health/ready, GET /v2/models/{m}[/versions/{v}][/ready] (metadata),
// POST .../infer with binary or JSON inputs (or a raw binary body,
// Inference-Header-Content-Length: 0, for a one-input model) and binary or JSON
// outputs as the request asks (binary_data_output, per-output binary_data), and implements a
// few models plus the failure modes a client must survive.

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QString>
#include <QThread>
#include <memory>

namespace carton {
class Tensor;
}

struct KserveTestTensor {
    QString name;
    QString datatype;    // "FP32", "BYTES", ...
    QList<qint64> shape; // -1: variable
};

struct KserveTestModel {
    enum class Kind {
        Echo,            // output i = input i (named as metadata output i when there is one)
        AddOne,          // FP32 inputs + 1
        EchoLastOff,     // Echo, but 0.5 added to the last input's echo (FP32): a backend that differs
        ReverseBytes,    // BYTES: each string reversed
        NotBool,         // BOOL: logical not
        SpecExample,     // the spec's example: input0 UINT32 [2,2], input1 BOOL [3] -> output0 FP32 [3,2]
        SpecRawExample,  // the spec's raw example: input0 FP32 [4] -> output0, output1 FP32 [3,1]
        Error500,        // HTTP 500 {"error": "model exploded: out of GPU memory" + a terminal escape}
        Slow,            // Echo after delayMs
        Truncated,       // announces more body than it sends, then closes the connection
        BadHeaderLength, // Inference-Header-Content-Length larger than the body
        BadBinarySize,   // binary_data_size past the end of the body
        Garbage,         // 200 with a body that is not JSON
        EmptyError,      // HTTP 400 {"error": ""}: a server that gives no reason
        EmptyErrorOk,    // HTTP 200 {"error": ""} (no outputs)
    };
    QString name;
    Kind kind = Kind::Echo;
    QList<KserveTestTensor> inputs; // metadata
    QList<KserveTestTensor> outputs;
    bool ready = true;
    int delayMs = 0;
};

// What the last POST .../infer carried (for byte-level assertions).
struct KserveRecordedRequest {
    QByteArray method;
    QByteArray path;
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased
    QByteArray body;
    QByteArray header(const QByteArray &lowerName) const;
};

class KserveTestServer {
public:
    explicit KserveTestServer(QList<KserveTestModel> models);
    ~KserveTestServer();
    KserveTestServer(const KserveTestServer &) = delete;
    KserveTestServer &operator=(const KserveTestServer &) = delete;

    // Listens on 127.0.0.1 (`port` 0: any free port); false when it cannot.
    bool start(quint16 port = 0);
    quint16 port() const { return m_port; }
    QString url() const;
    void setServerReady(bool ready);
    KserveRecordedRequest lastInfer() const;
    int requestCount() const;

    // The models the standalone kserve-test-server serves: echo, add_one,
    // echo_last_off (inputs x, y), reverse_bytes, not_bool, mymodel and rawmodel (the spec's examples),
    // error500, slow (2 s).
    static QList<KserveTestModel> standardModels();
    // The spec example's response JSON as the document prints it (whitespace
    // included); the server sends exactly these bytes before the 24 binary ones.
    static QByteArray specExampleResponseJson();
    // The same for the raw binary request example (two outputs of 12 bytes).
    static QByteArray specRawExampleResponseJson();

private:
    friend class KserveTestServerWorker;
    QList<KserveTestModel> m_models;
    QThread m_thread;
    class KserveTestServerWorker *m_worker = nullptr;
    quint16 m_port = 0;
    mutable QMutex m_mutex; // guards the fields below
    bool m_serverReady = true;
    KserveRecordedRequest m_last;
    int m_requests = 0;
};
