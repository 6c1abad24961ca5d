// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QByteArray>
#include <QIODevice>
#include <QList>

namespace carton {

// A read-only, random-access QIODevice over byte arrays read one after the other
// (an inference request's JSON and then each tensor's bytes), so that the
// request is uploaded without first being copied into one buffer. The arrays
// are shared (implicitly), not copied. A request body for HttpClient
// (HttpRequest::bodyDevice).
class CARTONCORE_EXPORT ChunkDevice final : public QIODevice {
public:
    explicit ChunkDevice(QList<QByteArray> chunks);

    bool isSequential() const override { return false; }
    qint64 size() const override { return m_size; }
    bool seek(qint64 pos) override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QList<QByteArray> m_chunks;
    qint64 m_size = 0;
};

} // namespace carton
