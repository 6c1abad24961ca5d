// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Cartons for the diff tests, built in code: folders with MANIFEST, packed with
// the real packer.

#include "base/sha256.h"
#include "format/manifest.h"
#include "pack/packer.h"
#include "testutil.h"

#include <QFile>
#include <QMap>
#include <QString>
#include <QtEndian>

namespace difftest {

// A valid carton.toml: one float32 input `x` and output `y` shaped `shape`,
// a self-test on tensor_data, and `extra` top-level lines.
inline QByteArray toml(const QByteArray &name, const QByteArray &xDtype = "float32",
                       const QByteArray &shape = "[\"n\", 3]")
{
    return "spec_version = 1\nmodel_name = \"" + name +
           "\"\nlicense = \"MIT\"\n\n"
           "[[input]]\nname = \"x\"\ndtype = \"" +
           xDtype + "\"\nshape = " + shape + "\n\n[[output]]\nname = \"y\"\ndtype = \"float32\"\nshape = " + shape +
           "\n\n[[self_test]]\nname = \"basic\"\ninputs = { x = \"@tensor_data/x\" }\n"
           "expected_out = { y = \"@tensor_data/y\" }\n\n"
           "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
}

inline QByteArray floats(const QList<float> &values)
{
    QByteArray out(values.size() * 4, '\0');
    for (qsizetype i = 0; i < values.size(); ++i)
        qToLittleEndian(values.at(i), out.data() + 4 * i);
    return out;
}

// tensor_data/index.toml for float32 tensors x and y of `shape` (e.g. "[2, 3]").
inline QByteArray index(const QByteArray &shape = "[2, 3]")
{
    return "[[tensor]]\nname = \"x\"\ndtype = \"float32\"\nshape = " + shape +
           "\nfile = \"x.bin\"\ninner = []\n\n"
           "[[tensor]]\nname = \"y\"\ndtype = \"float32\"\nshape = " +
           shape + "\nfile = \"y.bin\"\ninner = []\n";
}

// Writes `files` under `root` and (unless false) a MANIFEST listing them.
inline bool writeFolder(const QString &root, const QMap<QString, QByteArray> &files, bool manifest = true)
{
    QList<carton::ManifestEntry> entries;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        if (!testutil::writeFile(root + u'/' + it.key(), it.value()))
            return false;
        if (it.key() != u"LINKS")
            entries.append({it.key(), carton::Sha256::hashHex(it.value())});
    }
    return !manifest || testutil::writeFile(root + QStringLiteral("/MANIFEST"), carton::Manifest(entries).serialize());
}

// Packs `folder` into `out` (Stored: fast for big test files); empty on success.
inline QString pack(const QString &folder, const QString &out, carton::ZipMethod method = carton::ZipMethod::Stored)
{
    carton::PackOptions options;
    options.method = method;
    options.overwrite = true;
    auto r = carton::packFolder(folder, out, options);
    return r ? QString() : r.error().toString();
}

// The base carton's files: x = 0..5, y = 2x.
inline QMap<QString, QByteArray> baseFiles()
{
    return {{QStringLiteral("carton.toml"), toml("model")},
            {QStringLiteral("tensor_data/index.toml"), index()},
            {QStringLiteral("tensor_data/x.bin"), floats({0, 1, 2, 3, 4, 5})},
            {QStringLiteral("tensor_data/y.bin"), floats({0, 2, 4, 6, 8, 10})},
            {QStringLiteral("model/main.py"), "def run(x):\n    return 2 * x\n\n# end\n"},
            {QStringLiteral("model/weights.bin"), testutil::mixedData(4096, 3)}};
}

// Bytes this process has read through read(2) and friends (Linux /proc/self/io
// "rchar"), or -1 where that is not available.
inline qint64 processBytesRead()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (!io.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : io.readAll().split('\n'))
        if (line.startsWith("rchar: "))
            return line.mid(7).trimmed().toLongLong();
    return -1;
}

} // namespace difftest
