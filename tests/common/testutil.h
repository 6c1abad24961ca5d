// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Small helpers shared by the core test executables (header-only; include as "testutil.h").

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QString>

namespace testutil {

// Writes `data` to `path` (replacing it), creating the parent folders first.
inline bool writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

// The whole file, or an empty array when it cannot be opened.
inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Deterministic test data for `seed`: words (some UTF-8) mixed with random bytes,
// so that it compresses somewhat but is not valid text.
inline QByteArray mixedData(qsizetype size, quint32 seed)
{
    QRandomGenerator rng(seed);
    QByteArray out;
    out.reserve(size);
    static const char words[][8] = {"carton ", "tensor ", "model ", "zstd ", "\n", "🎉 "};
    while (out.size() < size) {
        if (rng.bounded(4) == 0)
            out.append(char(rng.bounded(256)));
        else
            out.append(words[rng.bounded(6)]);
    }
    out.truncate(size);
    return out;
}

} // namespace testutil
