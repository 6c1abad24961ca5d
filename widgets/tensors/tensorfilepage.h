// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>

namespace studio {

class TensorFileBrowser;

// A main-window tab for a standalone .safetensors or .npy file: a read-only
// tensor browser (the file's header listed, any tensor shown in the viewer).
class TensorFilePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorFilePage)

public:
    // `path` must be clean and absolute (it identifies the tab).
    explicit TensorFilePage(const QString &path, QWidget *parent = nullptr);

    const QString &path() const { return m_path; }
    QString displayName() const;
    TensorFileBrowser *browser() const { return m_browser; }

private:
    QString m_path;
    TensorFileBrowser *m_browser = nullptr;
};

} // namespace studio
