// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// The folder carton the Model view tests open: tiny.onnx, made by onnxtestmodels.py
// (python3-onnx), stored as model/net.bin (a name that says nothing: model files are
// found by their content).

#include "fixturepolicy.h"
#include "onnxtestmodels.h"
#include "testcartons.h"

#include <QFile>

// In a test function: makes the models under DIR/models and the carton DIR/folder;
// the rest (a QMap<QString, QByteArray>(const QByteArray &onnx) callable) adds files made
// from the model's bytes.
#define CARTON_MAKE_ONNX_CARTON(dir, ...)                                                                              \
    do {                                                                                                               \
        const QString models_ = (dir) + QStringLiteral("/models");                                                     \
        CARTON_MAKE_ONNX_MODELS(models_);                                                                              \
        QFile model_(models_ + QStringLiteral("/tiny.onnx"));                                                          \
        QVERIFY(model_.open(QIODevice::ReadOnly));                                                                     \
        const QByteArray onnx_ = model_.readAll();                                                                     \
        QMap<QString, QByteArray> files_ = (__VA_ARGS__)(onnx_);                                                       \
        files_.insert(QStringLiteral("carton.toml"), testcartons::minimalToml());                                      \
        files_.insert(QStringLiteral("model/net.bin"), onnx_);                                                         \
        QVERIFY(testcartons::writeFolder((dir) + QStringLiteral("/folder"), files_));                                  \
    } while (false)
