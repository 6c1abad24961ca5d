// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Helpers of the editor tests: a packed carton made in code, widgets shown
// and active so that focus is real, table cell editing through the delegate.

#include "pack/packer.h"
#include "testcartons.h"
#include "testimages.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QBuffer>
#include <QImage>
#include <QTest>
#include <QWidget>

namespace editortest {

using testutil::pngBytes; // a PNG of `size` filled with `color`

// The files of the editor tests' carton (model file, misc/figure.png 40x20) with
// `extraToml` added to the top-level keys of carton.toml, for testcartons::packCarton.
inline QMap<QString, QByteArray> tinyCartonFiles(const QByteArray &extraToml = {})
{
    return {{QStringLiteral("carton.toml"), testcartons::minimalToml(extraToml)},
            {QStringLiteral("model/model.bin"), QByteArray(1000, 'm')},
            {QStringLiteral("misc/figure.png"), pngBytes(QSize(40, 20), Qt::red)}};
}

// Shows `widget` as an active window (focus needs one).
inline bool showActive(QWidget *widget)
{
    widget->resize(900, 700);
    widget->show();
    widget->activateWindow();
    return QTest::qWaitForWindowActive(widget);
}

// Opens the editor of `index` and returns it (the focus widget).
inline QWidget *openEditor(QAbstractItemView *view, const QModelIndex &index)
{
    view->setCurrentIndex(index);
    view->edit(index);
    QCoreApplication::processEvents();
    QWidget *editor = QApplication::focusWidget();
    return editor && editor != view && view->isAncestorOf(editor) ? editor : nullptr;
}

// The mark markField() left on a field: "error", "warning" or "".
inline QString validation(const QWidget *widget)
{
    return widget->property("validation").toString();
}

// Presses Return in a cell editor: the delegate commits (queued) and closes it.
inline void commit(QWidget *editor)
{
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents();
}

} // namespace editortest
