// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>
#include <memory>

class QProgressBar;
class QPushButton;

namespace studio {

class LatestJob;
struct GraphPicture;

// A graph's PNG or SVG export on a worker thread (GraphExport through LatestJob)
// with its progress bar and Cancel button (shown while it runs): the window keeps
// responding however big the graph is. A new export replaces the one running;
// a cancelled or failed one leaves no file behind.
class GraphExportJob final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GraphExportJob)

public:
    explicit GraphExportJob(QWidget *parent = nullptr);

    // Writes `picture` to `path` as SVG (titled `title`) or PNG.
    void start(std::shared_ptr<const GraphPicture> picture, const QString &path, bool svg, const QString &title);
    // Asks where to write it (offering `fileName`), then start()s; nothing when the dialog is cancelled.
    void ask(std::shared_ptr<const GraphPicture> picture, const QString &fileName, bool svg, const QString &title);
    void cancel();
    bool isRunning() const;
    QPushButton *cancelButton() const { return m_cancel; }

signals:
    // The export to `path` ended: `error` is empty when the file was written.
    void finished(const QString &path, const QString &error);

private:
    LatestJob *m_jobs;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QString m_path;
};

} // namespace studio
