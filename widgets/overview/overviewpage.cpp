// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "overviewpage.h"

#include "common/elidedlabel.h"
#include "common/viewutils.h"
#include "description/descriptionbrowser.h"
#include "package/carton.h"
#include "package/ocisource.h"
#include "tensorviewer/scrollingpane.h"
#include "trust/signaturerow.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio {

namespace {

QString runnerOptText(const carton::RunnerOpt &opt)
{
    if (const auto *i = std::get_if<qint64>(&opt))
        return QString::number(*i);
    if (const auto *d = std::get_if<double>(&opt))
        return QString::number(*d);
    if (const auto *b = std::get_if<bool>(&opt))
        return *b ? QStringLiteral("true") : QStringLiteral("false");
    return u'"' + std::get<QString>(opt) + u'"';
}

// An http(s) link, or the escaped text when the URL is anything else.
QString linkHtml(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    if (carton::isWebUrl(url))
        return QStringLiteral("<a href=\"%1\">%2</a>")
            .arg(QString::fromUtf8(url.toEncoded()).toHtmlEscaped(), text.toHtmlEscaped());
    return text.toHtmlEscaped();
}

} // namespace

OverviewPage::OverviewPage(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_settings(settings)
{
    build();
}

QString OverviewPage::remoteImagesKey(const QByteArray &modelHash)
{
    return QStringLiteral("RemoteImages/") + QString::fromLatin1(modelHash);
}

QLabel *OverviewPage::addRow(const QString &label, const QString &text, const QString &field, bool rich)
{
    auto *value = new QLabel(this);
    value->setWordWrap(true);
    value->setTextFormat(rich ? Qt::RichText : Qt::PlainText);
    value->setText(text);
    value->setTextInteractionFlags(rich ? Qt::TextBrowserInteraction
                                        : Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    value->setFocusPolicy(Qt::StrongFocus);
    if (rich) {
        value->setOpenExternalLinks(false);
        connect(value, &QLabel::linkActivated, this, [](const QString &link) {
            const QUrl url(link, QUrl::StrictMode);
            if (carton::isWebUrl(url))
                QDesktopServices::openUrl(url);
        });
    }
    m_form->addRow(label, value);
    if (!field.isEmpty())
        m_fieldWidgets.insert(field, value);
    return value;
}

void OverviewPage::build()
{
    const std::optional<carton::CartonInfo> &info = m_carton->info();

    // Name and short description on top; below, the rendered description
    // gets the room and the metadata sits in a compact column beside it.
    auto *header = new QWidget;
    auto *headerLayout = new QVBoxLayout(header);
    headerLayout->setContentsMargins(9, 6, 9, 2);
    auto *card = new QWidget;
    auto *cardLayout = new QVBoxLayout(card);

    m_title = new QLabel(header);
    m_title->setObjectName(QStringLiteral("modelNameLabel"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const QString fileName = QFileInfo(m_carton->path()).fileName();
    if (info && info->modelName && !info->modelName->isEmpty())
        m_title->setText(*info->modelName);
    else
        m_title->setText(fileName);
    m_fieldWidgets.insert(QStringLiteral("model_name"), m_title);
    headerLayout->addWidget(m_title);

    m_shortDescription = new QLabel(header);
    m_shortDescription->setObjectName(QStringLiteral("shortDescriptionLabel"));
    m_shortDescription->setTextFormat(Qt::PlainText);
    m_shortDescription->setWordWrap(true);
    m_shortDescription->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (info && info->shortDescription)
        m_shortDescription->setText(*info->shortDescription);
    else if (!info)
        m_shortDescription->setText(tr("carton.toml could not be read; see the diagnostics."));
    m_shortDescription->setVisible(!m_shortDescription->text().isEmpty());
    m_fieldWidgets.insert(QStringLiteral("short_description"), m_shortDescription);
    headerLayout->addWidget(m_shortDescription);

    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_form->setLabelAlignment(Qt::AlignLeft);
    cardLayout->addLayout(m_form);

    // Model hash with a copy button.
    auto *hashRow = new QWidget(card);
    auto *hashLayout = new QHBoxLayout(hashRow);
    hashLayout->setContentsMargins(0, 0, 0, 0);
    // The 64 digits elided in the middle when the column is narrower (the
    // start and the end are what people compare); the tooltip and the copy
    // button have them whole.
    auto *hashLabel = new ElidedLabel(hashRow);
    hashLabel->setObjectName(QStringLiteral("modelHashLabel"));
    hashLabel->setElideMode(Qt::ElideMiddle);
    hashLabel->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const QString hash = QString::fromLatin1(m_carton->modelHash());
    hashLabel->setText(hash.isEmpty() ? tr("(no MANIFEST)") : hash);
    hashLayout->addWidget(hashLabel, 1);
    auto *copyButton = new QToolButton(hashRow);
    copyButton->setObjectName(QStringLiteral("copyHashButton"));
    copyButton->setIcon(QIcon(QStringLiteral(":/icons/copy.svg")));
    copyButton->setToolTip(tr("Copy the model hash"));
    copyButton->setAutoRaise(true);
    copyButton->setEnabled(!hash.isEmpty());
    connect(copyButton, &QToolButton::clicked, this, &OverviewPage::copyHash);
    hashLayout->addWidget(copyButton);
    m_form->addRow(tr("Model hash:"), hashRow);
    m_fieldWidgets.insert(QStringLiteral("MANIFEST"), hashLabel);

    // What `carton info` prints about the package itself.
    // The state's icon (as on the tab) before its text: trust shown at a glance.
    auto *stateRow = new QWidget(card);
    auto *stateLayout = new QHBoxLayout(stateRow);
    stateLayout->setContentsMargins(0, 0, 0, 0);
    m_stateIcon = new QLabel(stateRow);
    m_stateIcon->setObjectName(QStringLiteral("stateIcon"));
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_stateIcon->setFixedSize(iconSize, iconSize);
    stateLayout->addWidget(m_stateIcon, 0, Qt::AlignTop);
    m_state = new QLabel(tr("Opening…"), stateRow);
    m_state->setObjectName(QStringLiteral("stateLabel"));
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_state->setFocusPolicy(Qt::StrongFocus);
    stateLayout->addWidget(m_state, 1);
    m_form->addRow(tr("State:"), stateRow);
    m_signature = new SignatureRow(m_carton, m_settings, card);
    m_form->addRow(tr("Signature:"), m_signature);
    qint64 total = 0;
    qint64 packed = 0;
    const QList<carton::SourceFile> files = m_carton->source().files();
    for (const carton::SourceFile &f : files) {
        total += f.size; // bounded by Limits::maxTotalSize (zip) or the disk (folder)
        packed += f.compressedSize;
    }
    // The MANIFEST (and LINKS) are files of the package but not among the files
    // it lists, which are the ones verification counts: say both.
    qsizetype listed = 0;
    for (const carton::SourceFile &f : files)
        listed += f.path != u"MANIFEST" && f.path != u"LINKS";
    const QString filesText =
        listed == files.size()
            ? QString::number(files.size())
            : tr("%1 (%2 listed in MANIFEST, and MANIFEST/LINKS themselves)").arg(files.size()).arg(listed);
    m_files = addRow(tr("Files:"), filesText, {});
    m_files->setObjectName(QStringLiteral("filesLabel"));
    m_size = addRow(tr("Size:"), tr("%1 (%2 packed)").arg(humanSize(total), humanSize(packed)), {});
    m_size->setObjectName(QStringLiteral("sizeLabel"));
    m_path = addRow(tr("Path:"), QDir::toNativeSeparators(m_carton->path()), {});
    m_path->setObjectName(QStringLiteral("pathLabel"));
    // A carton opened from a registry: where it came from, pinned by its digest.
    if (const auto *oci = dynamic_cast<const carton::OciSource *>(&m_carton->source())) {
        if (auto ref = carton::OciReference::parse(m_carton->path().mid(6))) {
            addRow(tr("Registry:"), ref->registry, {})->setObjectName(QStringLiteral("registryLabel"));
            addRow(tr("Registry repository:"), ref->repository + u':' + ref->manifestReference(), {})
                ->setObjectName(QStringLiteral("ociRepositoryLabel"));
        }
        addRow(tr("Digest:"), oci->manifestDigest(), {})->setObjectName(QStringLiteral("digestLabel"));
    }
    // Then what carton.toml says: below the package's own facts, which stay in
    // view on a laptop screen (1366×768) with the Diagnostics panel open.
    if (info) {
        const QString none = tr("—");
        addRow(tr("License:"), info->license.value_or(none), QStringLiteral("license"));
        addRow(tr("Repository:"), info->repository ? linkHtml(*info->repository) : none, QStringLiteral("repository"),
               true)
            ->setObjectName(QStringLiteral("repositoryLabel"));
        addRow(tr("Homepage:"), info->homepage ? linkHtml(*info->homepage) : none, QStringLiteral("homepage"), true)
            ->setObjectName(QStringLiteral("homepageLabel"));
        const QStringList platforms = info->requiredPlatforms.value_or(QStringList());
        addRow(tr("Platforms:"), platforms.isEmpty() ? tr("any") : platforms.join(QStringLiteral(", ")),
               QStringLiteral("required_platforms"));
        addRow(tr("Runner:"), info->runner.runnerName, QStringLiteral("runner.runner_name"))
            ->setObjectName(QStringLiteral("runnerLabel"));
        addRow(tr("Framework version:"), info->runner.requiredFrameworkVersion,
               QStringLiteral("runner.required_framework_version"));
        addRow(tr("Compat version:"), QString::number(info->runner.runnerCompatVersion),
               QStringLiteral("runner.runner_compat_version"));
        QStringList opts;
        for (const auto &[key, value] : info->runner.opts)
            opts.append(key + QStringLiteral(" = ") + runnerOptText(value));
        addRow(tr("Runner options:"), opts.isEmpty() ? none : opts.join(u'\n'), QStringLiteral("runner.opts"));
        addRow(tr("Spec version:"), QString::number(info->specVersion), QStringLiteral("spec_version"));
    }

    cardLayout->addStretch(1);

    QScrollArea *scroll = scrollingPane(card);

    // Description with the remote images bar above it.
    auto *descriptionPane = new QWidget;
    auto *descriptionLayout = new QVBoxLayout(descriptionPane);
    descriptionLayout->setContentsMargins(0, 0, 0, 0);
    m_remoteBar = new QFrame(descriptionPane);
    m_remoteBar->setObjectName(QStringLiteral("remoteImagesBar"));
    m_remoteBar->setFrameShape(QFrame::StyledPanel);
    m_remoteBar->setAutoFillBackground(true);
    QPalette barPalette = m_remoteBar->palette();
    barPalette.setColor(QPalette::Window, barPalette.color(QPalette::AlternateBase));
    m_remoteBar->setPalette(barPalette);
    auto *barLayout = new QHBoxLayout(m_remoteBar);
    auto *barLabel = new QLabel(tr("This description has remote images."), m_remoteBar);
    barLayout->addWidget(barLabel, 1);
    auto *loadButton = new QPushButton(tr("Load Them"), m_remoteBar);
    loadButton->setDefault(false);
    loadButton->setObjectName(QStringLiteral("loadRemoteImagesButton"));
    loadButton->setToolTip(tr("Fetch the images over https and remember the choice for this model"));
    connect(loadButton, &QPushButton::clicked, this, &OverviewPage::allowRemoteImages);
    barLayout->addWidget(loadButton);
    m_remoteBar->hide();
    descriptionLayout->addWidget(m_remoteBar);

    m_browser = new DescriptionBrowser(descriptionPane);
    m_browser->setObjectName(QStringLiteral("descriptionBrowser"));
    m_browser->setCarton(m_carton);
    connect(m_browser, &DescriptionBrowser::statusMessage, this, &OverviewPage::statusMessage);
    descriptionLayout->addWidget(m_browser, 1);
    m_fieldWidgets.insert(QStringLiteral("model_description"), m_browser);

    const QString description = info ? info->modelDescription.value_or(QString()) : QString();
    const bool allowed = m_settings && !m_carton->modelHash().isEmpty() &&
                         m_settings->value(remoteImagesKey(m_carton->modelHash()), false).toBool();
    m_browser->setRemoteImagesAllowed(allowed);
    if (description.trimmed().isEmpty())
        m_browser->showSafeHtml(QStringLiteral("<p><i>%1</i></p>").arg(tr("No description.").toHtmlEscaped()));
    else
        m_browser->showMarkdown(description);
    m_remoteBar->setVisible(m_browser->hasRemoteImages() && !allowed);
    barLabel->setText(m_browser->remoteImageCount() == 1
                          ? tr("This description has a remote image. Nothing is fetched until you allow it.")
                          : tr("This description has %1 remote images. Nothing is fetched until you allow it.")
                                .arg(m_browser->remoteImageCount()));

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("overviewSplitter"));
    splitter->addWidget(descriptionPane);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    scroll->setMinimumWidth(fontMetrics().averageCharWidth() * 30);
    splitter->setSizes({3000, 2000}); // 3:2 of whatever width the page gets
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(header);
    layout->addWidget(splitter, 1);
}

void OverviewPage::setStateText(const QString &text, const QIcon &icon)
{
    m_state->setText(text);
    const int size = m_stateIcon->width();
    m_stateIcon->setPixmap(icon.isNull() ? QPixmap() : icon.pixmap(size, size));
}

void OverviewPage::allowRemoteImages()
{
    if (m_settings && !m_carton->modelHash().isEmpty())
        m_settings->setValue(remoteImagesKey(m_carton->modelHash()), true);
    m_remoteBar->hide();
    m_browser->setRemoteImagesAllowed(true);
}

void OverviewPage::copyHash()
{
    const QString hash = QString::fromLatin1(m_carton->modelHash());
    if (hash.isEmpty())
        return;
    QApplication::clipboard()->setText(hash);
    emit statusMessage(tr("Model hash copied to the clipboard."));
}

bool OverviewPage::revealField(const QString &field)
{
    QWidget *widget = m_fieldWidgets.value(field);
    if (!widget) {
        // "runner.opts.num_threads" -> "runner.opts"; "input[0]" is not here.
        QString prefix = field;
        while (!widget && prefix.contains(u'.')) {
            prefix.truncate(prefix.lastIndexOf(u'.'));
            widget = m_fieldWidgets.value(prefix);
        }
        if (!widget && field.startsWith(u"runner"))
            widget = m_fieldWidgets.value(QStringLiteral("runner.runner_name"));
    }
    if (!widget)
        return false;
    widget->setFocus(Qt::OtherFocusReason);
    if (auto *label = qobject_cast<QLabel *>(widget))
        label->setSelection(0, int(label->text().size()));
    else if (auto *line = qobject_cast<QLineEdit *>(widget))
        line->selectAll();
    return true;
}

} // namespace studio
