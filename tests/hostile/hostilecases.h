// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The hostile-input suite's files, built in code: zip archives, carton.toml,
// MANIFEST, tensors, LINKS, .safetensors and .npy files, each broken in one way.
// The CLI test runs each through the `carton` tool under time and memory bounds;
// the GUI test opens each through the main window's opening path.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace hostile {

struct Case {
    QString name;     // unique row tag, also the file's base name
    QString category; // zip, toml, manifest, tensor, links, safetensors, npy
    QString fileName; // written in the suite's folder
    QByteArray bytes; // the file
    // The CLI command; "%f" is replaced by the file's path, "%o" by an output
    // folder inside the test's scratch folder (for unpack).
    QStringList command;
    int exitCode = 1;  // what the CLI must exit with (1 errors, 2 unreadable)
    QString expect;    // the CLI's output (stdout + stderr) must contain this
    QString guiExpect; // a diagnostic (or the tensor file tab's error) must contain this
    // The window shows no error at all: the file is fine until the CLI asks for
    // more (a tensor that does not exist; LINKS the window does not fetch unasked).
    bool guiValid = false;
    // The CLI must finish within this (0: the suite's general limit).
    qint64 timeLimitMs = 0;
};

// Every case. Cases of the "links" category point their LINKS at `linkBase`
// (e.g. "http://127.0.0.1:PORT"), whose routes the caller serves with
// linkRoutes() below.
QList<Case> cases(const QString &linkBase);

// What the LINKS cases expect the server to answer, by path.
struct LinkRoute {
    QByteArray path;
    int status = 200;
    QByteArray body;
    QByteArray contentEncoding;
    bool endless = false;
    int delayMs = 0;
};
QList<LinkRoute> linkRoutes();

} // namespace hostile
