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
#include <QDir>
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
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio {

OverviewPage::OverviewPage(std::shared_ptr<const carton::Carton> carton, QSettings *settings,
                           DescriptionBrowser *description, QWidget *parent)
    : QWidget(parent), m_carton(std::move(carton)), m_settings(settings), m_browser(description)
{
    build();
}

QString OverviewPage::remoteImagesKey(const QByteArray &modelHash)
{
    return QStringLiteral("RemoteImages/") + QString::fromLatin1(modelHash);
}

QLabel *OverviewPage::addRow(const QString &label, const QString &text, const QString &field)
{
    auto *value = new QLabel(this);
    value->setWordWrap(true);
    value->setTextFormat(Qt::PlainText);
    value->setText(text);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    value->setFocusPolicy(Qt::StrongFocus);
    m_form->addRow(label, value);
    if (!field.isEmpty())
        m_fieldWidgets.insert(field, value);
    return value;
}

void OverviewPage::build()
{
    const std::optional<carton::CartonInfo> &info = m_carton->info();

    auto *card = new QWidget;
    auto *cardLayout = new QVBoxLayout(card);

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
    // carton.toml's fields are the form's beside this column; its spec version has no field there.
    if (info)
        addRow(tr("Spec version:"), QString::number(info->specVersion), QStringLiteral("spec_version"));

    cardLayout->addStretch(1);

    QScrollArea *scroll = scrollingPane(card);

    // The remote images bar on top of the column, beside the description it is about.
    m_remoteBar = new QFrame(this);
    m_remoteBar->setObjectName(QStringLiteral("remoteImagesBar"));
    m_remoteBar->setFrameShape(QFrame::StyledPanel);
    m_remoteBar->setAutoFillBackground(true);
    QPalette barPalette = m_remoteBar->palette();
    barPalette.setColor(QPalette::Window, barPalette.color(QPalette::AlternateBase));
    m_remoteBar->setPalette(barPalette);
    auto *barLayout = new QHBoxLayout(m_remoteBar);
    m_remoteText = new QLabel(m_remoteBar);
    m_remoteText->setWordWrap(true);
    barLayout->addWidget(m_remoteText, 1);
    auto *loadButton = new QPushButton(tr("Load Them"), m_remoteBar);
    loadButton->setDefault(false);
    loadButton->setObjectName(QStringLiteral("loadRemoteImagesButton"));
    loadButton->setToolTip(tr("Fetch the images over https and remember the choice for this model"));
    connect(loadButton, &QPushButton::clicked, this, &OverviewPage::allowRemoteImages);
    barLayout->addWidget(loadButton);
    m_remoteBar->hide();

    if (m_browser) {
        const bool allowed = m_settings && !m_carton->modelHash().isEmpty() &&
                             m_settings->value(remoteImagesKey(m_carton->modelHash()), false).toBool();
        m_browser->setRemoteImagesAllowed(allowed);
        connect(m_browser, &DescriptionBrowser::rendered, this, &OverviewPage::updateRemoteBar);
        connect(m_browser, &DescriptionBrowser::statusMessage, this, &OverviewPage::statusMessage);
        m_fieldWidgets.insert(QStringLiteral("model_description"), m_browser);
        updateRemoteBar();
    }

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_remoteBar);
    layout->addWidget(scroll, 1);
}

void OverviewPage::updateRemoteBar()
{
    const int count = m_browser->remoteImageCount();
    m_remoteBar->setVisible(m_browser->hasRemoteImages() && !m_browser->remoteImagesAllowed());
    m_remoteText->setText(
        count == 1 ? tr("This description has a remote image. Nothing is fetched until you allow it.")
                   : tr("This description has %1 remote images. Nothing is fetched until you allow it.").arg(count));
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
    if (m_browser)
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
