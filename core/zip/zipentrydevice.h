// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to carton_zip: the sequential device returned by ZipReader::openEntry().

#include "base/bytesource.h"
#include "base/result.h"
#include "zip/zipentry.h"

#include <QIODevice>
#include <memory>

namespace carton {

class Decoder;

class ZipEntryDevice final : public QIODevice {
public:
    // The entry's data starts at `dataStart` in `source`; `location` names archive
    // and entry for messages ("a.carton: entry model/x").
    ZipEntryDevice(ByteSourcePtr source, qint64 dataStart, const ZipEntry &entry, QString location,
                   std::unique_ptr<Decoder> decoder, bool verifyCrc);
    ~ZipEntryDevice() override;

    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override;
    // The error behind a failed read() (code and message), when there is one.
    bool hasFailed() const { return m_failed; }
    const Error &lastError() const { return m_error; }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    qint64 readStored(char *data, qint64 want);
    qint64 readCompressed(char *data, qint64 want);
    // Reads up to `want` of the entry's stored bytes at the current position:
    // the count, 0 at the end of the file, -1 (failed) on an error.
    qint64 readSource(char *data, qint64 want);
    bool refill();
    bool finish();
    qint64 fail(ErrorCode code, const QString &message);

    ByteSourcePtr m_source;
    qint64 m_pos = 0;                   // next byte of the source to read
    std::unique_ptr<Decoder> m_decoder; // carton_codec; nullptr for Stored
    QString m_location;
    quint64 m_expected = 0;
    quint64 m_produced = 0;
    quint64 m_compressedLeft = 0;
    quint64 m_compressedSize = 0;
    quint32 m_expectedCrc = 0;
    quint32 m_crc = 0;
    bool m_verifyCrc = true;
    bool m_finished = false;
    bool m_failed = false;
    Error m_error;
    std::unique_ptr<char[]> m_in;
    std::size_t m_inPos = 0;
    std::size_t m_inSize = 0;
};

} // namespace carton
