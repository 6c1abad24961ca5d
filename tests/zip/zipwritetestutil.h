// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Archives written with ZipWriter for the zip tests.
#include "zip/zipwriter.h"

#include <QFile>
#include <QList>
#include <QString>
#include <algorithm>

namespace ziptest {

using namespace Qt::StringLiterals;

struct Item {
    QString name;
    QByteArray data;
};

// Writes the items with `method`, streaming each in chunks of `chunk` bytes.
inline QString writeArchive(const QString &path, const QList<Item> &items, carton::ZipMethod method,
                            qsizetype chunk = 65536, int workers = 0)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return u"cannot create "_s + path;
    carton::ZipWriter writer(&file);
    carton::ZipWriteOptions options;
    options.method = method;
    options.zstdWorkers = workers;
    for (const Item &item : items) {
        if (carton::Status s = writer.beginEntry(item.name, options); !s)
            return s.error().toString();
        for (qsizetype at = 0; at < item.data.size(); at += chunk)
            if (carton::Status s =
                    writer.write(QByteArrayView(item.data).sliced(at, std::min(chunk, item.data.size() - at)));
                !s)
                return s.error().toString();
        if (carton::Result<carton::ZipEntry> e = writer.finishEntry(); !e)
            return e.error().toString();
    }
    if (carton::Status s = writer.close(); !s)
        return s.error().toString();
    return {};
}

} // namespace ziptest
