// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "filepreview.h"

#include <QWidget>
#include <functional>
#include <memory>

class QLabel;
class QPlainTextEdit;
class QStackedWidget;

namespace carton {
class Carton;
}

namespace studio {

class ImageView;
class PythonHighlighter;
class LatestJob;
class MediaPreview;
class TensorFileBrowser;

// Shows one file of a carton: text in a read-only editor, images (sniffed by
// content; fit / 100 %, animations), audio and video in a player (MediaPreview,
// streamed from the carton), a .safetensors/.npy as a tensor browser, or a hex
// summary. Files are read on a worker thread (LatestJob: the latest request wins).
class FileViewer final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FileViewer)

public:
    explicit FileViewer(QWidget *parent = nullptr);

    void setCarton(std::shared_ptr<const carton::Carton> carton);
    // Shows `path`; when line > 0 (1-based) and the file is text, that line is selected.
    void showFile(const QString &path, int line = 0);
    // A file the opened carton does not have as it is now (added from disk or made
    // in memory, not saved yet; a new document's files): read through `source`.
    void showUnsaved(const QString &path, carton::ByteSourcePtr source, int line = 0);
    // Shows what was read elsewhere (a TorchScript archive's code/ file); no carton needed.
    void showContent(const FilePreview &preview);
    void clear();

    QString currentPath() const { return m_path; }
    bool isLoading() const { return m_loading; }
    // What is shown (for tests): the last finished preview.
    const FilePreview &preview() const { return m_preview; }
    // The tensor browser (created when a .safetensors/.npy is first shown).
    TensorFileBrowser *tensorBrowser() const { return m_tensors; }
    ImageView *imageView() const { return m_image; }
    // Python colouring of the text view (attached for Python source only).
    PythonHighlighter *pythonHighlighter() const { return m_python; }
    // The player (created when audio or video is first shown).
    MediaPreview *mediaPreview() const { return m_media; }

signals:
    void loaded(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    static constexpr qsizetype kMaxHighlightedChars = 512 * 1024;
    // Shows "Loading…" and runs `load` as the viewer's one preview job; `unsaved`: the
    // bytes it reads when they are not the opened carton's.
    void startPreview(const QString &path, int line, carton::ByteSourcePtr unsaved, std::function<FilePreview()> load);
    void showPreview(const FilePreview &preview);
    void selectLine(int line);
    void showTensorFile(const QString &path, carton::ByteSourcePtr unsaved = {});

    std::shared_ptr<const carton::Carton> m_carton;
    carton::ByteSourcePtr m_unsaved; // the file shown, when showUnsaved() showed it
    QString m_path;
    int m_line = 0;
    LatestJob *m_jobs = nullptr;
    bool m_loading = false;
    FilePreview m_preview;
    QLabel *m_header = nullptr;
    QStackedWidget *m_stack = nullptr;
    QLabel *m_message = nullptr;
    QPlainTextEdit *m_text = nullptr;
    PythonHighlighter *m_python = nullptr;
    ImageView *m_image = nullptr;
    MediaPreview *m_media = nullptr;
    TensorFileBrowser *m_tensors = nullptr;
};

} // namespace studio
