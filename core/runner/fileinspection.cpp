// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fileinspection.h"

#include "package/carton.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <unistd.h>

namespace carton {

Result<std::shared_ptr<const Carton>> makeInspectionCarton(const QString &dir, const QString &runnerName)
{
    const QString tomlPath = QDir(dir).filePath(QStringLiteral("carton.toml"));
    if (!QDir().mkpath(QDir(dir).filePath(QStringLiteral("model"))))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create the folder model/"), dir);
    QSaveFile toml(tomlPath);
    const QByteArray text = "spec_version = 1\nmodel_name = \"inspected\"\n[runner]\nrunner_name = \"" +
                            runnerName.toUtf8() +
                            "\"\nrequired_framework_version = \">=0.0.0\"\nrunner_compat_version = 1\n";
    if (!toml.open(QIODevice::WriteOnly) || toml.write(text) != text.size() || !toml.commit())
        return makeError(ErrorCode::Io, QStringLiteral("cannot write carton.toml: %1").arg(toml.errorString()),
                         tomlPath);
    Result<std::unique_ptr<Carton>> carton = Carton::open(dir);
    if (!carton)
        return carton.error();
    return std::shared_ptr<const Carton>(std::move(*carton));
}

Result<void> placeModelFile(const QString &file, const QString &dir)
{
    const QString target = QDir(dir).filePath(QStringLiteral("model/model.pt"));
    QFile::remove(target);
    if (::link(QFile::encodeName(file).constData(), QFile::encodeName(target).constData()) == 0)
        return {};
    if (!QFile::copy(file, target))
        return makeError(ErrorCode::Io, QStringLiteral("cannot copy the model file to %1").arg(target), file);
    return {};
}

} // namespace carton
