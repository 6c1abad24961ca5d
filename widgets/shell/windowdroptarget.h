// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QObject>
#include <QStringList>

class QLabel;
class QMainWindow;
class QMimeData;

namespace studio {

// Files and folders dropped on the main window: while something is dragged over
// it a hint over the central widget says what a drop will do ("Open …", "New
// carton from the model …"); a drop emits one signal a path. Watches the window
// through an event filter, so the window keeps no drag code of its own.
class WindowDropTarget final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WindowDropTarget)

public:
    explicit WindowDropTarget(QMainWindow *window);

    // Local files and folders among the URLs of a drag, cleaned and absolute:
    // .carton, .safetensors and .npy files and carton folders open; other folders
    // and model files (DocumentActions::isModelPath) are models to pack.
    static QStringList pathsFromMimeData(const QMimeData *mime);

    QLabel *hint() const { return m_hint; }

signals:
    void openRequested(const QString &path);
    void modelDropped(const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showHint(const QStringList &paths);

    QMainWindow *m_window;
    QLabel *m_hint;
};

} // namespace studio
