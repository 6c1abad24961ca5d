// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>

class QSettings;
class QWidget;

namespace studio {

class CartonTabs;

// The main window's read-only tabs of single files: a tensor file (.safetensors,
// .npy: TensorFilePage) or a bare model file (ONNX, GGUF...: ModelFilePage). What a
// file opens as is carton::classifyPath's answer, as in the CLI; a safetensors file
// is a tensor file whatever its name.
class FileTabs final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileTabs)

public:
    enum class Kind { None, TensorFile, ModelFile };

    // `settings` (may be null): the trusted keys a model file's signature is checked with.
    FileTabs(CartonTabs *tabs, QSettings *settings, QObject *parent = nullptr);

    // What the local file `path` opens as; None for a carton, a folder (but a Hugging
    // Face model folder, a ModelFile), anything else.
    static Kind kindOf(const QString &path);
    // The tab of `cleanPath` made current, or a new tab of `kind` for it (added()).
    QWidget *open(const QString &cleanPath, Kind kind);

signals:
    // A tab was added for `path` and made current.
    void added(QWidget *page, const QString &path, const QString &name);
    // A model file page's New Carton from This Model.
    void newCartonRequested(const QString &path);
    // A model file page's Compare With….
    void compareRequested(const QString &path);

private:
    CartonTabs *m_tabs;
    QSettings *m_settings;
};

} // namespace studio
