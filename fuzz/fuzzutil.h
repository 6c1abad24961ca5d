// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Shared by the libFuzzer targets: tight limits (so every input is cheap) and a
// scratch file for readers that take a path.

#include "base/limits.h"

#include <QByteArrayView>
#include <QString>
#include <cstdint>
#include <cstdio>
#include <unistd.h>

namespace fuzz {

inline carton::Limits limits()
{
    carton::Limits l;
    l.maxEntries = 2000;
    l.maxCentralDirectoryBytes = 1 << 20;
    l.maxEntrySize = 4 << 20;
    l.maxTotalSize = 16 << 20;
    l.maxMetadataFileSize = 1 << 20;
    l.maxStringTensorFileSize = 1 << 20;
    l.maxStringTensorElements = 1 << 16;
    l.maxTensorElements = 1 << 22;
    l.maxNestedTensorBytes = 16 << 20;
    l.maxSpillInMemory = 4 << 20;
    l.spillMemoryBudget = 16 << 20;
    l.maxSafetensorsHeader = 1 << 20;
    l.maxModelTensors = 1 << 12;
    l.maxModelNodes = 1 << 12;
    l.maxModelMetadataBytes = 4 << 20;
    l.maxModelInlineBytes = 4 << 20;
    return l;
}

inline QByteArrayView bytes(const uint8_t *data, size_t size)
{
    return QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size));
}

// Writes the input to this process's scratch file (in /dev/shm when there is one)
// and returns its path.
inline QString scratchFile(const uint8_t *data, size_t size, const char *suffix)
{
    static const QString path = [suffix] {
        const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        return QStringLiteral("%1/carton-fuzz-%2%3")
            .arg(QLatin1StringView(dir))
            .arg(getpid())
            .arg(QLatin1StringView(suffix));
    }();
    FILE *f = std::fopen(path.toLocal8Bit().constData(), "wb");
    if (f) {
        if (size)
            std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    return path;
}

} // namespace fuzz
