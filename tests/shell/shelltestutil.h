// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once
// Helpers shared by the main window tests.

#include "base/diagnostic.h"
#include "diagnostics/diagnosticsdock.h"
#include "diagnostics/diagnosticsmodel.h"
#include "shell/mainwindow.h"
#include "testpaths.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QTemporaryDir>

namespace shelltest {

using namespace Qt::StringLiterals;

constexpr int jobTimeoutMs = 30000;

inline QString fixture()
{
    return testutil::sharedPath(u"/fixtures/upstream/test.carton");
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Every label's text under `w`, one a line.
inline QString labelTexts(QWidget *w)
{
    QStringList texts;
    for (QLabel *l : w->findChildren<QLabel *>())
        texts << l->text();
    return texts.join(u'\n');
}

inline QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

// An unpacked carton folder: carton.toml, a model file and a MANIFEST listing
// both (with `corruptModel`, the model's listed hash is wrong).
inline QString makeFolderCarton(const QTemporaryDir &dir, const QString &name, bool corruptModel = false,
                                const QByteArray &toml = {})
{
    const QString root = dir.filePath(name);
    const QByteArray cartonToml = !toml.isEmpty() ? toml
                                                  : QByteArrayLiteral("spec_version = 1\n"
                                                                      "model_name = \"folder_model\"\n"
                                                                      "short_description = \"A folder carton\"\n"
                                                                      "[runner]\n"
                                                                      "runner_name = \"noop\"\n"
                                                                      "required_framework_version = \"=1.0.0\"\n"
                                                                      "runner_compat_version = 1\n");
    const QByteArray model = QByteArrayLiteral("model bytes\n");
    if (!writeFile(root + u"/carton.toml"_s, cartonToml) || !writeFile(root + u"/model/model.txt"_s, model))
        return {};
    const QByteArray modelHash = corruptModel ? sha256Hex("something else") : sha256Hex(model);
    const QByteArray manifest = "carton.toml=" + sha256Hex(cartonToml) + "\nmodel/model.txt=" + modelHash + "\n";
    if (!writeFile(root + u"/MANIFEST"_s, manifest))
        return {};
    return root;
}

// A valid folder carton with a big model file (listed in MANIFEST), written in
// chunks: hashing it takes long enough to watch and cancel.
inline QString makeBigFolderCarton(const QTemporaryDir &dir, const QString &name, int mebibytes)
{
    const QString root = makeFolderCarton(dir, name);
    if (root.isEmpty())
        return {};
    QFile big(root + u"/model/big.bin"_s);
    if (!big.open(QIODevice::WriteOnly))
        return {};
    const QByteArray chunk(1 << 20, '\x5a');
    QCryptographicHash sha(QCryptographicHash::Sha256);
    for (int i = 0; i < mebibytes; ++i) {
        if (big.write(chunk) != chunk.size())
            return {};
        sha.addData(chunk);
    }
    big.close();
    QFile toml(root + u"/carton.toml"_s);
    if (!toml.open(QIODevice::ReadOnly))
        return {};
    const QByteArray manifest = "carton.toml=" + sha256Hex(toml.readAll()) + "\nmodel/big.bin=" + sha.result().toHex() +
                                "\nmodel/model.txt=" + sha256Hex("model bytes\n") + "\n";
    return writeFile(root + u"/MANIFEST"_s, manifest) ? root : QString();
}

inline QList<carton::Diagnostic> shownDiagnostics(studio::MainWindow &window)
{
    QList<carton::Diagnostic> list;
    studio::DiagnosticsModel *model = window.diagnosticsDock()->model();
    for (int row = 0; row < model->rowCount(); ++row)
        list << model->diagnostic(model->index(row, 0));
    return list;
}

} // namespace shelltest
