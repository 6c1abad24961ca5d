// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Helpers for the views tests: the upstream fixture, and small cartons written
// as unpacked folders (carton.toml + MANIFEST + files) in a temporary folder.

#include "pack/packer.h"
#include "package/carton.h"
#include "testpaths.h"
#include "zip/zipwriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace testcartons {

inline QString upstreamFixture()
{
    const QString path = testutil::sharedPath(u"/fixtures/upstream/test.carton");
    return QFileInfo::exists(path) ? path : QString();
}

inline std::shared_ptr<const carton::Carton> open(const QString &path, QString *error = nullptr)
{
    auto result = carton::Carton::open(path);
    if (!result.ok()) {
        if (error)
            *error = result.error().toString();
        return {};
    }
    return std::shared_ptr<const carton::Carton>(std::move(result.value()));
}

// Writes `files` (path -> bytes) under `root`, plus a MANIFEST listing them all
// unless `files` has one or `writeManifest` is false.
inline bool writeFolder(const QString &root, const QMap<QString, QByteArray> &files, bool writeManifest = true)
{
    QByteArray manifest;
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = root + u'/' + it.key();
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(it.value()) != it.value().size())
            return false;
        if (it.key() != u"MANIFEST" && it.key() != u"LINKS")
            manifest += it.key().toUtf8() + '=' +
                        QCryptographicHash::hash(it.value(), QCryptographicHash::Sha256).toHex() + '\n';
    }
    if (writeManifest && !files.contains(QStringLiteral("MANIFEST"))) {
        QFile file(root + QStringLiteral("/MANIFEST"));
        if (!file.open(QIODevice::WriteOnly))
            return false;
        file.write(manifest); // QMap iterates in key order: ASCII paths sort like MANIFEST
    }
    return true;
}

// Writes `files` as a .carton (zstd entries, as upstream writes them) with a
// MANIFEST listing them all.
inline bool writeZipCarton(const QString &path, const QMap<QString, QByteArray> &files)
{
    QByteArray manifest;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        manifest +=
            it.key().toUtf8() + '=' + QCryptographicHash::hash(it.value(), QCryptographicHash::Sha256).toHex() + '\n';
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return false;
    carton::ZipWriter writer(&out);
    carton::ZipWriteOptions options;
    options.method = carton::ZipMethod::Zstd;
    if (!writer.addEntry(QStringLiteral("MANIFEST"), manifest, options))
        return false;
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        if (!writer.addEntry(it.key(), it.value(), options))
            return false;
    return writer.close().ok();
}

// The one builder of a packed test carton: `files` (path -> bytes; no MANIFEST, the
// packer writes it) written under `dir`/src and packed to `dir`/`name`. The
// .carton's path, or empty on failure.
inline QString packCarton(const QString &dir, const QMap<QString, QByteArray> &files,
                          const QString &name = QStringLiteral("tiny.carton"))
{
    const QString folder = dir + QStringLiteral("/src");
    if (!writeFolder(folder, files, false))
        return {};
    const QString out = dir + u'/' + name;
    return carton::packFolder(folder, out).ok() ? out : QString();
}

inline QByteArray minimalToml(const QByteArray &extra = {})
{
    return QByteArrayLiteral("spec_version = 1\nmodel_name = \"Tiny\"\n") + extra +
           QByteArrayLiteral("\n[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\n"
                             "runner_compat_version = 1\n");
}

// A carton laid out like the ones upstream writes (seven inputs of every kind of
// shape, an output, a self-test and an example, four test tensors of which one is
// strings, a Python model folder with a lock file, misc files), built here so the
// tests that walk such a carton run on every clone.
inline QMap<QString, QByteArray> richCartonFiles()
{
    const QByteArray toml = R"(spec_version = 1
model_name = 'Rich Model'
short_description = 'A carton with every section, built by the tests.'
model_description = '''
Built in code for the view tests.

![Diagram](@misc/diagram.png)
'''
required_platforms = [
    'x86_64-unknown-linux-gnu',
    'aarch64-unknown-linux-gnu',
    'x86_64-apple-darwin',
    'aarch64-apple-darwin',
]

[[input]]
name = 'a'
dtype = 'float32'
shape = '*'

[[input]]
name = 'b'
dtype = 'string'
shape = 'n'

[[input]]
name = 'c'
dtype = 'string'
shape = ['*']

[[input]]
name = 'd'
dtype = 'int8'
shape = ['n']

[[input]]
name = 'e'
dtype = 'int16'
shape = []

[[input]]
name = 'f'
dtype = 'int32'
shape = ['batch', 3, 64, 64]

[[input]]
name = 'g'
dtype = 'int64'
shape = ['*', '*', '*']

[[output]]
name = 'y'
dtype = 'uint32'
shape = [2, 5]
description = 'The output'

[[self_test]]
name = 'first_test'
description = 'A self test'

[self_test.inputs]
b = '@tensor_data/_tensor_0'
a = '@tensor_data/_tensor_1'

[self_test.expected_out]
y = '@tensor_data/_tensor_2'

[[example]]
name = 'an_example'
description = 'An example with a misc input'

[example.inputs]
f = '@misc/_example_misc_file_0'

[example.sample_out]
y = '@tensor_data/_tensor_3'

[runner]
runner_name = 'python'
required_framework_version = '=3.11'
runner_compat_version = 1

[runner.opts]
entrypoint_fn = 'get_model'
entrypoint_package = 'main'
)";
    const QByteArray index = "[[tensor]]\nname = '_tensor_1'\ndtype = 'float32'\nshape = [5]\nfile = 'tensor_0.bin'\n\n"
                             "[[tensor]]\nname = '_tensor_0'\ndtype = 'string'\nshape = [3]\nfile = 'tensor_1.toml'\n\n"
                             "[[tensor]]\nname = '_tensor_2'\ndtype = 'uint32'\nshape = [2, 5]\n"
                             "file = 'tensor_2.bin'\n\n"
                             "[[tensor]]\nname = '_tensor_3'\ndtype = 'uint32'\nshape = [2, 5]\n"
                             "file = 'tensor_3.bin'\n";
    QByteArray floats, uints;
    for (int i = 0; i < 5; ++i) {
        const float v = 0.5f * float(i);
        floats.append(reinterpret_cast<const char *>(&v), sizeof v);
    }
    for (quint32 i = 0; i < 10; ++i)
        uints.append(reinterpret_cast<const char *>(&i), sizeof i);
    const QByteArray png =
        QByteArray::fromBase64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGA"
                               "hKmMIQAAAABJRU5ErkJggg==");
    return {{QStringLiteral("carton.toml"), toml},
            {QStringLiteral("model/main.py"), "import numpy as np\n\n\ndef get_model():\n    return Model()\n"},
            {QStringLiteral("model/requirements.txt"), "numpy\n"},
            {QStringLiteral("model/.carton/carton.lock"), "{\"version\": 1}\n"},
            {QStringLiteral("misc/_example_misc_file_0"), QByteArray(4096, 'm')},
            {QStringLiteral("misc/diagram.png"), png},
            {QStringLiteral("tensor_data/index.toml"), index},
            {QStringLiteral("tensor_data/tensor_0.bin"), floats},
            {QStringLiteral("tensor_data/tensor_1.toml"), "data = [\n    'one',\n    'two',\n    'three',\n]\n"},
            {QStringLiteral("tensor_data/tensor_2.bin"), uints},
            {QStringLiteral("tensor_data/tensor_3.bin"), uints}};
}

} // namespace testcartons
