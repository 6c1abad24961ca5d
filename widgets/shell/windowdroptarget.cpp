// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "windowdroptarget.h"

#include "documentactions.h"
#include "filetabs.h"
#include "remote/remoteurl.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMimeData>
#include <QUrl>

namespace studio {

WindowDropTarget::WindowDropTarget(QMainWindow *window) : QObject(window), m_window(window), m_hint(new QLabel(window))
{
    m_window->setAcceptDrops(true);
    m_window->installEventFilter(this);
    m_hint->setObjectName(QStringLiteral("dropHint"));
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setAutoFillBackground(true);
    m_hint->setBackgroundRole(QPalette::Highlight);
    m_hint->setForegroundRole(QPalette::HighlightedText);
    m_hint->setContentsMargins(12, 12, 12, 12);
    m_hint->hide();
}

QStringList WindowDropTarget::pathsFromMimeData(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    const QList<QUrl> urls = mime->urls();
    for (const QUrl &url : urls) {
        if (carton::isHttpUrl(url)) { // a link dragged from a browser: opened by range requests
            paths << url.toString();
            continue;
        }
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir() ||
            (info.isFile() && (info.suffix().compare(QLatin1StringView("carton"), Qt::CaseInsensitive) == 0 ||
                               FileTabs::kindOf(info.absoluteFilePath()) != FileTabs::Kind::None ||
                               DocumentActions::isModelPath(info.absoluteFilePath()))))
            paths << QDir::cleanPath(info.absoluteFilePath());
    }
    return paths;
}

void WindowDropTarget::showHint(const QStringList &paths)
{
    if (paths.isEmpty()) {
        m_hint->hide();
        return;
    }
    QStringList lines;
    for (const QString &path : paths.mid(0, 3))
        lines.append(DocumentActions::dropDescription(path));
    if (paths.size() > 3)
        lines.append(tr("… and %n more", nullptr, int(paths.size() - 3)));
    m_hint->setText(lines.join(u'\n'));
    const QWidget *central = m_window->centralWidget();
    const QRect area = central ? central->geometry() : m_window->rect();
    m_hint->setGeometry(area.adjusted(24, 24, -24, -24));
    m_hint->show();
    m_hint->raise();
}

bool WindowDropTarget::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_window)
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::DragEnter: {
        auto *drag = static_cast<QDragEnterEvent *>(event);
        const QStringList paths = pathsFromMimeData(drag->mimeData());
        showHint(paths);
        if (paths.isEmpty())
            drag->ignore();
        else
            drag->acceptProposedAction();
        return true;
    }
    case QEvent::DragMove: {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (pathsFromMimeData(drag->mimeData()).isEmpty())
            drag->ignore();
        else
            drag->acceptProposedAction();
        return true;
    }
    case QEvent::DragLeave:
        m_hint->hide();
        return false;
    case QEvent::Drop: {
        auto *drop = static_cast<QDropEvent *>(event);
        m_hint->hide();
        const QStringList paths = pathsFromMimeData(drop->mimeData());
        if (paths.isEmpty()) {
            drop->ignore();
            return true;
        }
        drop->acceptProposedAction();
        for (const QString &path : paths) {
            if (!carton::isRemoteUrl(path) && DocumentActions::isModelPath(path))
                emit modelDropped(path);
            else
                emit openRequested(path);
        }
        return true;
    }
    default:
        return QObject::eventFilter(watched, event);
    }
}

} // namespace studio
