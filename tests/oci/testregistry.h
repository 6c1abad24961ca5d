// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Debian's docker-registry (distribution 2.8) on a free loopback port, with a
// temporary config.yml and storage folder, optionally behind htpasswd basic auth;
// stopped with the object. start() fails (with the reason) when the program is
// missing: the tests that need it fail, they never skip.

#include <QList>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

class TestRegistry {
public:
    TestRegistry() = default;
    ~TestRegistry();

    // An empty user starts it without authentication.
    bool start(const QString &user = {}, const QString &password = {});
    QString error() const { return m_error; }
    // "127.0.0.1:PORT"
    QString address() const;
    QString storage() const { return m_dir.filePath(QStringLiteral("storage")); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    QString m_error;
};

// Runs a program to its end (120 s at most); its stdout, or a null QByteArray and
// the reason in `error` when it fails.
QByteArray runTool(const QString &program, const QStringList &args, QString *error, const QByteArray &stdinData = {});

// Writes `files` (path in the carton, bytes) under `folder` with a minimal
// carton.toml (unless one is given) and packs it, stored, into `folder`.carton.
// Returns the .carton's path, or an empty string and the reason in `error`.
QString packTestCarton(const QString &folder, const QList<QPair<QString, QByteArray>> &files, QString *error);
