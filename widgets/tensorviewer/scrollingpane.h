// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

class QScrollArea;
class QWidget;

namespace studio {

// A frameless scroll area around `content`: the content fills it when there is
// room and scrolls when the window is shorter (or narrower) than the content's
// minimum, so that a tall form or a stack of viewers never makes the main
// window taller than the screen. (In the lowest widgets library, for all.)
QScrollArea *scrollingPane(QWidget *content, QWidget *parent = nullptr);

} // namespace studio
