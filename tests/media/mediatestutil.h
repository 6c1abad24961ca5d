// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Media made at test time with Debian's ffmpeg (a test that needs it fails, never
// skips, when it is missing) and packed into cartons with the core packer.

#include "pack/packer.h"
#include "package/carton.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <memory>

namespace mediatest {

inline const QString ffmpeg = QStringLiteral("/usr/bin/ffmpeg");

// Runs ffmpeg with `args` (quiet, overwriting; the last one is the output file,
// whose folder is created); the error text, or empty on success.
inline QString runFfmpeg(const QStringList &args)
{
    if (!QFileInfo::exists(ffmpeg))
        return QStringLiteral("%1 is missing: install the Debian package ffmpeg (scripts/install-deps.sh)").arg(ffmpeg);
    if (!args.isEmpty())
        QDir().mkpath(QFileInfo(args.constLast()).absolutePath()); // the output
    QProcess process;
    process.start(ffmpeg, QStringList{QStringLiteral("-v"), QStringLiteral("error"), QStringLiteral("-y")} + args);
    if (!process.waitForFinished(60'000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("ffmpeg %1 failed: %2")
            .arg(args.join(u' '), QString::fromLocal8Bit(process.readAllStandardError()));
    return {};
}

// A 2-second 160x120 H.264 + AAC mp4 (index at the end: players must seek).
inline QString makeVideo(const QString &path)
{
    return runFfmpeg({"-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2", "-f", "lavfi", "-i",
                      "sine=frequency=440:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
                      "-c:a", "aac", "-shortest", path});
}

// A 2-second 440 Hz mp3 tone (ffmpeg's sine: amplitude 1/8).
inline QString makeTone(const QString &path, int seconds = 2)
{
    return runFfmpeg({"-f", "lavfi", "-i", QStringLiteral("sine=frequency=440:duration=%1").arg(seconds), "-c:a",
                      "libmp3lame", "-b:a", "64k", path});
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline QByteArray cartonToml(const QByteArray &extra = {})
{
    return QByteArrayLiteral("spec_version = 1\nmodel_name = \"Media\"\n"
                             "[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\n"
                             "runner_compat_version = 1\n") +
           extra;
}

// Packs `folder` into `output` with `method` (adding the model/ file the packer
// requires); the error text, or empty.
inline QString pack(const QString &folder, const QString &output, carton::ZipMethod method)
{
    if (!QFileInfo::exists(folder + QStringLiteral("/model")) &&
        !writeFile(folder + QStringLiteral("/model/model.txt"), "weights\n"))
        return QStringLiteral("cannot write %1/model/model.txt").arg(folder);
    carton::PackOptions options;
    options.method = method;
    options.overwrite = true;
    auto packed = carton::packFolder(folder, output, options);
    return packed.ok() ? QString() : packed.error().toString();
}

inline std::shared_ptr<const carton::Carton> open(const QString &path)
{
    auto result = carton::Carton::open(path);
    if (!result.ok())
        return {};
    return std::shared_ptr<const carton::Carton>(std::move(result.value()));
}

} // namespace mediatest
