// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartontabs.h"

#include "cartonpage.h"
#include "document/cartonstate.h"
#include "document/verificationrunner.h"
#include "documentactions.h"
#include "shellicons.h"

#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenu>
#include <QPointer>
#include <QTabBar>
#include <QUrl>
#include <algorithm>

namespace studio {

namespace {
// QTabBar elides down to three characters; this one keeps enough of the name
// to read it and lets the scroll buttons take over.
class ReadableTabBar final : public QTabBar {
public:
    using QTabBar::QTabBar;

protected:
    QSize minimumTabSizeHint(int index) const override
    {
        QSize size = QTabBar::minimumTabSizeHint(index);
        const int wanted = size.width() + fontMetrics().averageCharWidth() * (CartonTabs::minimumVisibleCharacters - 3);
        size.setWidth(std::min(tabSizeHint(index).width(), wanted));
        return size;
    }
};
} // namespace

CartonTabs::CartonTabs(QWidget *parent) : QTabWidget(parent)
{
    setTabBar(new ReadableTabBar(this));
    setDocumentMode(true);
    setTabsClosable(true);
    setMovable(true);
    setElideMode(Qt::ElideRight);
    setUsesScrollButtons(true);
    tabBar()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QTabWidget::tabCloseRequested, this, &CartonTabs::closePage);
    connect(tabBar(), &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const int index = tabBar()->tabAt(pos);
        if (index < 0)
            return;
        QMenu *menu = createContextMenu(index, window());
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(tabBar()->mapToGlobal(pos));
    });
}

CartonPage *CartonTabs::page(int index) const
{
    return qobject_cast<CartonPage *>(widget(index));
}

CartonPage *CartonTabs::currentPage() const
{
    return qobject_cast<CartonPage *>(currentWidget());
}

bool CartonTabs::isBusy() const
{
    for (int i = 0; i < count(); ++i) {
        if (const CartonPage *p = page(i); p && p->isBusy())
            return true;
    }
    return false;
}

void CartonTabs::addPage(CartonPage *page)
{
    const int index = addTab(page, page->displayName());
    setTabToolTip(index, QDir::toNativeSeparators(page->path()));
    updateTab(page);
    setCurrentIndex(index);
}

void CartonTabs::updateTab(CartonPage *page)
{
    const int index = indexOf(page);
    if (index < 0)
        return;
    const CartonState &state = page->cartonState();
    const QString status = state.summary();
    setTabIcon(index, shellIcon(state.iconName()));
    setTabText(index, page->isModified() ? page->displayName() + QStringLiteral(" *") : page->displayName());
    const QString path = QDir::toNativeSeparators(page->path());
    setTabToolTip(index, status.isEmpty() ? path : path + u'\n' + status);
}

void CartonTabs::closePage(int index)
{
    CartonPage *p = page(index);
    if (QWidget *other = widget(index); !p && other) { // a tensor file or a Compare tab
        removeTab(index);
        other->deleteLater(); // its jobs' late results are dropped
        emit pageClosed();
        return;
    }
    if (!p)
        return;
    if (!m_documents) {
        removePage(p);
        return;
    }
    // Save closes the tab once the save succeeded (it stays open with the error shown if not).
    const auto answer = m_documents->askBeforeClose(p, [this, guard = QPointer<CartonPage>(p)] {
        if (guard)
            removePage(guard);
    });
    if (answer == DocumentActions::CloseAnswer::Close)
        removePage(p);
}

void CartonTabs::removePage(CartonPage *p)
{
    const int index = indexOf(p);
    if (index < 0)
        return;
    removeTab(index);
    p->disconnect(window());
    p->verification()->cancel();
    p->deleteLater(); // its jobs' late results are dropped
    emit pageClosed();
}

void CartonTabs::closeOtherPages(int index)
{
    QWidget *keep = widget(index);
    if (!keep)
        return;
    for (int i = count() - 1; i >= 0; --i)
        if (widget(i) != keep)
            closePage(i);
}

void CartonTabs::closePagesToTheRight(int index)
{
    if (index < 0)
        return;
    for (int i = count() - 1; i > index; --i)
        closePage(i);
}

QMenu *CartonTabs::createContextMenu(int index, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    const CartonPage *p = page(index);
    if (!p)
        return menu;
    const QString path = p->path();
    QAction *copy =
        menu->addAction(shellIcon(QStringLiteral("copy"), QStringLiteral("edit-copy")), tr("Copy &Path"), this,
                        [path] { QGuiApplication::clipboard()->setText(QDir::toNativeSeparators(path)); });
    copy->setObjectName(QStringLiteral("actionCopyPath"));
    // The folder holding the carton (a carton folder's parent), for the file manager.
    const QUrl folder = QUrl::fromLocalFile(QFileInfo(path).absolutePath());
    QAction *show = menu->addAction(shellIcon(QStringLiteral("folder"), QStringLiteral("folder-open")),
                                    tr("Show in &Folder"), this, [folder] { QDesktopServices::openUrl(folder); });
    show->setObjectName(QStringLiteral("actionShowInFolder"));
    show->setData(folder);
    menu->addSeparator();
    QPointer<const CartonPage> target(p);
    auto indexOfTarget = [this, target] { return target ? indexOf(const_cast<CartonPage *>(target.data())) : -1; };
    QAction *close = menu->addAction(tr("&Close"), this, [this, indexOfTarget] {
        if (const int i = indexOfTarget(); i >= 0)
            closePage(i);
    });
    close->setObjectName(QStringLiteral("actionCloseTab"));
    QAction *others = menu->addAction(tr("Close &Others"), this, [this, indexOfTarget] {
        if (const int i = indexOfTarget(); i >= 0)
            closeOtherPages(i);
    });
    others->setObjectName(QStringLiteral("actionCloseOthers"));
    others->setEnabled(count() > 1);
    QAction *right = menu->addAction(tr("Close Tabs to the &Right"), this, [this, indexOfTarget] {
        if (const int i = indexOfTarget(); i >= 0)
            closePagesToTheRight(i);
    });
    right->setObjectName(QStringLiteral("actionCloseToTheRight"));
    right->setEnabled(index < count() - 1);
    return menu;
}

} // namespace studio
