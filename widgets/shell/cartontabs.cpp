// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "cartontabs.h"

#include <QTabBar>
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
}

} // namespace studio
