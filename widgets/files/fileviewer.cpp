// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "fileviewer.h"

#include "common/viewutils.h"
#include "jobs/latestjob.h"
#include "media/imageview.h"
#include "media/mediapreview.h"
#include "package/carton.h"
#include "pythonhighlighter.h"
#include "tensorviewer/tensorfilebrowser.h"

#include <QApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QTextBlock>
#include <QVBoxLayout>

namespace studio {

FileViewer::FileViewer(QWidget *parent) : QWidget(parent), m_jobs(new LatestJob(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_header = new QLabel(this);
    m_header->setObjectName(QStringLiteral("fileViewerHeader"));
    m_header->setTextFormat(Qt::PlainText);
    m_header->setWordWrap(true);
    m_header->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_header);

    m_stack = new QStackedWidget(this);
    m_message = new QLabel(m_stack);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_stack->addWidget(m_message);

    m_text = new QPlainTextEdit(m_stack);
    m_text->setObjectName(QStringLiteral("fileViewerText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_stack->addWidget(m_text);
    m_python = new PythonHighlighter(this);
    m_python->setPalette(m_text->palette());

    m_image = new ImageView(m_stack);
    m_stack->addWidget(m_image);
    layout->addWidget(m_stack, 1);
    clear();
}

void FileViewer::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    m_carton = std::move(carton);
    clear();
}

void FileViewer::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        m_python->setPalette(m_text->palette());
    QWidget::changeEvent(event);
}

void FileViewer::clear()
{
    m_jobs->cancelAll();
    m_loading = false;
    m_path.clear();
    m_unsaved.reset();
    m_preview = FilePreview();
    m_image->clear();
    if (m_media)
        m_media->clear();
    m_header->clear();
    m_message->setText(tr("Select a file to see its contents."));
    m_stack->setCurrentWidget(m_message);
}

void FileViewer::showFile(const QString &path, int line)
{
    if (!m_carton)
        return;
    if (path == m_path && m_loading && !m_unsaved) {
        m_line = line;
        return;
    }
    if (path == m_path && m_preview.path == path && !m_unsaved) {
        selectLine(line);
        return;
    }
    startPreview(path, line, {}, [carton = m_carton, path] { return FilePreview::load(*carton, path); });
}

void FileViewer::showUnsaved(const QString &path, carton::ByteSourcePtr source, int line)
{
    startPreview(path, line, source, [source, path] { return FilePreview::load(*source, path); });
}

void FileViewer::startPreview(const QString &path, int line, carton::ByteSourcePtr unsaved,
                              std::function<FilePreview()> load)
{
    m_path = path;
    m_line = line;
    m_unsaved = std::move(unsaved);
    m_jobs->cancelAll();
    if (m_media)
        m_media->clear(); // stops playback and removes a temporary copy
    m_header->setText(path);
    m_loading = true;
    m_message->setText(tr("Loading %1…").arg(path));
    m_stack->setCurrentWidget(m_message);
    m_jobs->start(
        QStringLiteral("preview"), [load = std::move(load)](carton::Progress &) { return load(); },
        [this](const FilePreview &preview) { showPreview(preview); });
}

void FileViewer::showContent(const FilePreview &preview)
{
    m_jobs->cancelAll();
    m_path = preview.path;
    m_line = 0;
    showPreview(preview);
}

void FileViewer::showPreview(const FilePreview &preview)
{
    m_loading = false;
    m_preview = preview;
    QString header = QStringLiteral("%1 — %2").arg(preview.path, humanSize(preview.size));
    switch (preview.kind) {
    case FilePreview::Text:
        if (preview.truncated)
            header += u' ' + tr("(showing the first %1)").arg(humanSize(FilePreview::maxTextBytes));
        m_python->setDocument(nullptr);
        m_text->setPlainText(preview.text);
        // .py files (and TorchScript's code/) in colour; not megabytes of it on the GUI thread.
        if (PythonHighlighter::isPython(preview.path, preview.text) && preview.text.size() <= kMaxHighlightedChars)
            m_python->setDocument(m_text->document());
        m_stack->setCurrentWidget(m_text);
        selectLine(m_line);
        break;
    case FilePreview::Image: {
        header += QStringLiteral(" — %1 %2 × %3")
                      .arg(QString::fromLatin1(preview.imageFormat).toUpper())
                      .arg(preview.imageSize.width())
                      .arg(preview.imageSize.height());
        if (preview.frameCount > 1 && m_image->setAnimation(preview.animation))
            header += u' ' + tr("— animated, %n frames", nullptr, preview.frameCount);
        else
            m_image->setImage(preview.image);
        m_stack->setCurrentWidget(m_image);
        break;
    }
    case FilePreview::Media:
        header += QStringLiteral(" — %1").arg(preview.mediaType);
        if (!m_media) {
            m_media = new MediaPreview(m_stack);
            m_stack->addWidget(m_media);
        }
        m_media->open(m_carton, preview.path);
        m_stack->setCurrentWidget(m_media);
        break;
    case FilePreview::Binary:
        header += u' ' + tr("— binary; first %1 bytes:").arg(qMin<qint64>(preview.size, FilePreview::hexBytes));
        if (!preview.error.isEmpty())
            header += u'\n' + preview.error;
        m_python->setDocument(nullptr);
        m_text->setPlainText(preview.text);
        m_stack->setCurrentWidget(m_text);
        break;
    case FilePreview::Error:
        m_message->setText(preview.error);
        m_stack->setCurrentWidget(m_message);
        break;
    case FilePreview::TensorFile:
        showTensorFile(preview.path, m_unsaved);
        return; // the browser says when it is loaded
    }
    m_header->setText(header);
    emit loaded(preview.path);
}

void FileViewer::showTensorFile(const QString &path, carton::ByteSourcePtr unsaved)
{
    // Only the header is read here, and a tensor's bytes when it is selected.
    if (!m_tensors) {
        m_tensors = new TensorFileBrowser(m_stack);
        m_stack->addWidget(m_tensors);
        connect(m_tensors, &TensorFileBrowser::loaded, this, [this] {
            if (m_stack->currentWidget() != m_tensors)
                return;
            m_loading = false;
            emit loaded(m_path);
        });
    }
    m_loading = true;
    m_header->setText(path);
    if (unsaved) {
        m_tensors->open(path, [unsaved]() -> carton::Result<carton::ByteSourcePtr> { return unsaved; });
    } else {
        auto carton = m_carton;
        m_tensors->open(path, [carton, path] { return carton->source().byteSource(path); });
    }
    m_stack->setCurrentWidget(m_tensors);
}

void FileViewer::selectLine(int line)
{
    m_line = line;
    if (line <= 0 || m_preview.kind != FilePreview::Text)
        return;
    const QTextBlock block = m_text->document()->findBlockByNumber(line - 1);
    if (!block.isValid())
        return;
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    m_text->setTextCursor(cursor);
    m_text->centerCursor();
}

} // namespace studio
