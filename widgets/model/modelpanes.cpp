// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "modelpanes.h"

#include <QSettings>
#include <QStringList>

namespace studio {

namespace {

const QString kHiddenKey = QStringLiteral("modelPage/hiddenPanes");

QString keyOf(ModelPanes::Pane pane)
{
    switch (pane) {
    case ModelPanes::Summary:
        return QStringLiteral("summary");
    case ModelPanes::Weights:
        return QStringLiteral("weights");
    case ModelPanes::GraphProperties:
        return QStringLiteral("graphProperties");
    }
    return {};
}

} // namespace

ModelPanes ModelPanes::read(const QSettings *settings)
{
    ModelPanes panes;
    if (!settings)
        return panes;
    const QStringList hidden = settings->value(kHiddenKey).toStringList();
    for (int p = 0; p < kCount; ++p)
        panes.m_shown[p] = !hidden.contains(keyOf(Pane(p)));
    return panes;
}

void ModelPanes::write(QSettings *settings) const
{
    if (!settings)
        return;
    QStringList hidden;
    for (int p = 0; p < kCount; ++p)
        if (!m_shown[p])
            hidden << keyOf(Pane(p));
    settings->setValue(kHiddenKey, hidden);
}

} // namespace studio
