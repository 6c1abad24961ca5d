// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QFile>
#include <QIODevice>

namespace studio {

// A read-only, seekable device over `size` bytes of a file starting at `offset`:
// a Stored zip entry (or an unpacked carton's file) given to QMediaPlayer /
// QAudioDecoder without extracting it. Reads never leave the region.
class RegionDevice final : public QIODevice {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RegionDevice)

public:
    RegionDevice(const QString &fileName, qint64 offset, qint64 size, QObject *parent = nullptr);
    ~RegionDevice() override;

    // ReadOnly only; fails when the file cannot be opened or is shorter than the region.
    bool open(OpenMode mode) override;
    void close() override;
    bool isSequential() const override { return false; }
    qint64 size() const override { return m_size; }
    bool seek(qint64 pos) override;
    bool atEnd() const override;
    qint64 bytesAvailable() const override;

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 maxSize) override;

private:
    QFile m_file;
    qint64 m_offset = 0;
    qint64 m_size = 0;
};

} // namespace studio
