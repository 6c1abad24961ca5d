// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "descriptionbrowser.h"

#include "common/imagedecoder.h"
#include "common/viewutils.h"
#include "jobs/latestjob.h"
#include "markdown/markdownrenderer.h"
#include "package/carton.h"

#include <QApplication>
#include <QDesktopServices>
#include <QPainter>
#include <QScrollBar>
#include <QTextDocument>
#include <QTimer>

namespace studio {

namespace {
constexpr int maxStoredImageWidth = 1600;
} // namespace

DescriptionBrowser::DescriptionBrowser(QWidget *parent) : QTextBrowser(parent), m_jobs(new LatestJob(this))
{
    setOpenLinks(false);
    document()->setDocumentMargin(10);
    setOpenExternalLinks(false);
    setReadOnly(true);
    connect(this, &QTextBrowser::anchorClicked, this, &DescriptionBrowser::onAnchorClicked);
    connect(this, &QTextBrowser::highlighted, this,
            [this](const QUrl &url) { emit statusMessage(carton::isWebUrl(url) ? url.toDisplayString() : QString()); });
}

DescriptionBrowser::~DescriptionBrowser() = default; // m_jobs cancels the fetches

carton::HttpPolicy DescriptionBrowser::remoteImagePolicy()
{
    carton::HttpPolicy policy;
    policy.schemes = {QStringLiteral("https")};
    policy.maxRedirects = 5;
    policy.idleTimeoutMs = 30'000;
    policy.maxBodyBytes = maxRemoteImageBytes;
    return policy;
}

void DescriptionBrowser::setCarton(std::shared_ptr<const carton::Carton> carton)
{
    if (!carton) {
        m_reader = nullptr;
        return;
    }
    m_reader = [carton](const QString &archivePath, qint64 maxBytes) {
        return carton->source().read(archivePath, maxBytes);
    };
}

void DescriptionBrowser::setFileReader(FileReader reader)
{
    m_reader = std::move(reader);
    // Misc images may now read differently; remote ones stay.
    for (auto it = m_images.begin(); it != m_images.end();)
        it = carton::MarkdownRenderer::archivePathFromUrl(it.key()) ? m_images.erase(it) : std::next(it);
    for (auto it = m_errors.begin(); it != m_errors.end();)
        it = carton::MarkdownRenderer::archivePathFromUrl(it.key()) ? m_errors.erase(it) : std::next(it);
    if (!m_html.isEmpty())
        relayout();
}

void DescriptionBrowser::showMarkdown(const QString &markdown)
{
    const carton::RenderedMarkdown rendered = carton::MarkdownRenderer::render(markdown);
    m_remoteImages = rendered.remoteImages;
    showSafeHtml(rendered.html);
}

void DescriptionBrowser::showSafeHtml(const QString &html)
{
    m_html = html;
    m_layoutWidth = maxImageSize().width();
    setHtml(m_html);
    emit rendered();
}

void DescriptionBrowser::setRemoteImagesAllowed(bool allowed)
{
    if (m_remoteAllowed == allowed)
        return;
    m_remoteAllowed = allowed;
    if (allowed && !m_remoteImages.isEmpty())
        relayout(); // asks for the images again, which starts the fetches
}

QSize DescriptionBrowser::maxImageSize() const
{
    const int width =
        qBound(320, viewport()->width() - 2 * int(document()->documentMargin()) - 24, maxStoredImageWidth);
    return QSize(width, 4 * width);
}

QImage DescriptionBrowser::placeholder(const QString &text) const
{
    const QFontMetrics fm(font());
    const QSize size(fm.horizontalAdvance(text) + 24, fm.height() + 12);
    QImage image(size * devicePixelRatioF(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatioF());
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor frame = palette().color(QPalette::Mid);
    painter.setPen(QPen(frame, 1, Qt::DashLine));
    painter.setBrush(palette().color(QPalette::AlternateBase));
    painter.drawRoundedRect(QRectF(0.5, 0.5, size.width() - 1, size.height() - 1), 4, 4);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.setFont(font());
    painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter, text);
    return image;
}

QVariant DescriptionBrowser::loadResource(int type, const QUrl &name)
{
    // Never fall back to QTextBrowser::loadResource: it reads local files.
    if (type != QTextDocument::ImageResource)
        return {};
    if (const auto it = m_scaled.constFind(name); it != m_scaled.cend())
        return *it;
    if (const auto it = m_images.constFind(name); it != m_images.cend()) {
        QImage fitted = *it;
        const QSize maxSize = maxImageSize();
        if (fitted.width() > maxSize.width())
            fitted = fitted.scaledToWidth(maxSize.width(), Qt::SmoothTransformation);
        m_scaled.insert(name, fitted);
        return fitted;
    }
    if (const auto it = m_errors.constFind(name); it != m_errors.cend())
        return placeholder(tr("Image not shown: %1").arg(*it));

    if (const auto path = carton::MarkdownRenderer::archivePathFromUrl(name)) {
        if (!m_pending.contains(name))
            startMiscLoad(name, *path);
        return placeholder(tr("Loading %1…").arg(*path));
    }
    if (carton::isWebUrl(name) && m_remotePolicy.allows(name).ok()) {
        if (!m_remoteAllowed)
            return placeholder(tr("Remote image not loaded: %1").arg(name.host()));
        if (!m_pending.contains(name))
            startRemoteLoad(name);
        return placeholder(tr("Loading %1…").arg(name.host()));
    }
    return placeholder(tr("Image not shown"));
}

void DescriptionBrowser::startMiscLoad(const QUrl &url, const QString &archivePath)
{
    if (!m_reader) {
        m_errors.insert(url, tr("no carton"));
        return;
    }
    m_pending.insert(url);
    FileReader reader = m_reader;
    const QSize maxSize(maxStoredImageWidth, 4 * maxStoredImageWidth);
    m_jobs->start(
        url.toString(),
        [reader, archivePath, maxSize](carton::Progress &) {
            const auto bytes = reader(archivePath, maxMiscImageBytes);
            if (bytes.ok())
                return ImageDecoder::decode(*bytes, maxSize);
            DecodedImage failed;
            failed.error = bytes.error().toString();
            return failed;
        },
        [this, url](DecodedImage decoded) { imageFinished(url, decoded.image, decoded.error); });
}

void DescriptionBrowser::startRemoteLoad(const QUrl &url)
{
    m_pending.insert(url);
    const carton::HttpClient client(m_remotePolicy);
    const QSize maxSize(maxStoredImageWidth, 4 * maxStoredImageWidth);
    m_jobs->start(
        url.toString(),
        [client, url, maxSize](carton::Progress &progress) {
            DecodedImage out;
            const carton::Result<carton::HttpResponse> fetched = client.fetch(url, {}, &progress);
            if (!fetched)
                out.error = fetched.error().code == carton::ErrorCode::Limit
                                ? tr("larger than %1").arg(humanSize(client.policy().maxBodyBytes))
                                : fetched.error().message;
            else if (fetched->head.status != 200)
                out.error = tr("HTTP status %1").arg(fetched->head.status);
            else
                out = ImageDecoder::decode(fetched->body, maxSize);
            return out;
        },
        [this, url](DecodedImage decoded) { imageFinished(url, decoded.image, decoded.error); }, {},
        JobPools::Kind::Files);
}

void DescriptionBrowser::imageFinished(const QUrl &url, const QImage &image, const QString &error)
{
    m_pending.remove(url);
    if (image.isNull())
        m_errors.insert(url, error.isEmpty() ? tr("unreadable image") : error);
    else
        m_images.insert(url, image);
    scheduleRelayout();
    if (m_pending.isEmpty())
        emit imagesSettled();
}

void DescriptionBrowser::scheduleRelayout()
{
    if (m_relayoutScheduled)
        return;
    m_relayoutScheduled = true;
    QTimer::singleShot(0, this, [this]() {
        m_relayoutScheduled = false;
        relayout();
    });
}

void DescriptionBrowser::relayout()
{
    const int scroll = verticalScrollBar()->value();
    m_scaled.clear();
    m_layoutWidth = maxImageSize().width();
    setHtml(m_html);
    verticalScrollBar()->setValue(scroll);
}

void DescriptionBrowser::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_html.isEmpty())
        relayout();
}

void DescriptionBrowser::resizeEvent(QResizeEvent *event)
{
    QTextBrowser::resizeEvent(event);
    if (m_images.isEmpty())
        return;
    const int width = maxImageSize().width();
    bool affected = false;
    for (const QImage &image : std::as_const(m_images))
        if (image.width() > qMin(width, m_layoutWidth))
            affected = true;
    if (affected && qAbs(width - m_layoutWidth) > 24)
        scheduleRelayout();
}

void DescriptionBrowser::onAnchorClicked(const QUrl &url)
{
    if (carton::isWebUrl(url))
        QDesktopServices::openUrl(url);
    else
        emit statusMessage(tr("Link not opened: only http and https links are followed."));
}

} // namespace studio
