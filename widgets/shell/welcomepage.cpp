// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "welcomepage.h"

#include "recentfiles.h"
#include "shellicons.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace studio {

QString WelcomePage::sampleCartonPath()
{
    QStringList candidates;
#ifdef CARTON_SAMPLE_CARTON
    candidates << QStringLiteral(CARTON_SAMPLE_CARTON);
#endif
    const QString appDir = QCoreApplication::applicationDirPath();
    candidates << appDir + QStringLiteral("/../resources/sample.carton")
               << appDir + QStringLiteral("/../share/carton-studio/sample.carton")
               << appDir + QStringLiteral("/resources/sample.carton");
    for (const QString &candidate : std::as_const(candidates)) {
        const QFileInfo info(candidate);
        if (info.exists())
            return QDir::cleanPath(info.absoluteFilePath());
    }
    return {};
}

WelcomePage::WelcomePage(RecentFiles *recent, QWidget *parent)
    : QWidget(parent), m_recent(recent), m_recentList(new QListWidget(this)),
      m_noRecent(new QLabel(tr("No recent cartons."), this)),
      m_open(new QPushButton(shellIcon(QStringLiteral("open"), QStringLiteral("document-open")), tr("Open Carton…"),
                             this)),
      m_openFolder(new QPushButton(shellIcon(QStringLiteral("folder"), QStringLiteral("folder-open")),
                                   tr("Open Folder…"), this)),
      m_sample(new QPushButton(shellIcon(QStringLiteral("carton-studio")), tr("Open Sample Carton"), this))
{
    auto *logo = new QLabel(this);
    const QIcon appIcon = shellIcon(QStringLiteral("carton-studio"));
    if (!appIcon.isNull())
        logo->setPixmap(appIcon.pixmap(QSize(64, 64), devicePixelRatio()));
    auto *title = new QLabel(QGuiApplication::applicationDisplayName(), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.0);
    titleFont.setBold(true);
    title->setFont(titleFont);
    auto *subtitle = new QLabel(tr("Browse and check .carton model packages."), this);
    subtitle->setForegroundRole(QPalette::PlaceholderText);

    auto *header = new QHBoxLayout;
    header->addWidget(logo);
    header->addSpacing(12);
    auto *titles = new QVBoxLayout;
    titles->addWidget(title);
    titles->addWidget(subtitle);
    header->addLayout(titles);
    header->addStretch();

    const QString sample = sampleCartonPath();
    m_sample->setEnabled(!sample.isEmpty());
    m_sample->setToolTip(sample.isEmpty() ? tr("The sample carton was not found next to the application.")
                                          : QDir::toNativeSeparators(sample));
    connect(m_open, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(m_openFolder, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);
    connect(m_sample, &QPushButton::clicked, this, [this] {
        const QString path = sampleCartonPath();
        if (!path.isEmpty())
            emit openPathRequested(path);
    });

    auto *start = new QVBoxLayout;
    auto *startTitle = new QLabel(tr("<b>Start</b>"), this);
    start->addWidget(startTitle);
    start->addWidget(m_open);
    start->addWidget(m_openFolder);
    start->addWidget(m_sample);
    auto *hint = new QLabel(tr("Or drop .carton files and carton folders anywhere on this window."), this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    start->addSpacing(8);
    start->addWidget(hint);
    start->addStretch();

    auto *recentBox = new QVBoxLayout;
    recentBox->addWidget(new QLabel(tr("<b>Recent</b>"), this));
    m_recentList->setObjectName(QStringLiteral("recentList"));
    m_recentList->setUniformItemSizes(true);
    m_recentList->setTextElideMode(Qt::ElideMiddle);
    m_recentList->setMinimumWidth(360);
    m_noRecent->setForegroundRole(QPalette::PlaceholderText);
    m_noRecent->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    recentBox->addWidget(m_recentList, 1);
    recentBox->addWidget(m_noRecent, 1);
    connect(m_recentList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { emit openPathRequested(item->data(Qt::UserRole).toString()); });

    auto *columns = new QHBoxLayout;
    columns->addLayout(start, 1);
    columns->addSpacing(32);
    columns->addLayout(recentBox, 2);

    auto *content = new QVBoxLayout;
    content->addLayout(header);
    content->addSpacing(24);
    content->addLayout(columns, 1);

    auto *centered = new QHBoxLayout;
    centered->addStretch(1);
    centered->addLayout(content, 6);
    centered->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addLayout(centered, 6);
    layout->addStretch(1);

    connect(m_recent, &RecentFiles::changed, this, &WelcomePage::refreshRecent);
    refreshRecent();
}

void WelcomePage::refreshRecent()
{
    m_recentList->clear();
    const QStringList files = m_recent->files();
    for (const QString &path : files) {
        const QFileInfo info(path);
        auto *item = new QListWidgetItem(m_recentList);
        item->setText(QStringLiteral("%1 — %2").arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath())));
        item->setToolTip(QDir::toNativeSeparators(path));
        item->setData(Qt::UserRole, path);
        item->setIcon(info.isDir() ? shellIcon(QStringLiteral("folder"), QStringLiteral("folder"))
                                   : shellIcon(QStringLiteral("carton-studio"), QStringLiteral("package-x-generic")));
    }
    m_recentList->setVisible(!files.isEmpty());
    m_noRecent->setVisible(files.isEmpty());
}

} // namespace studio
