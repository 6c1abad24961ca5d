// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QTabWidget>

namespace studio {

// The main window's tabs, one per carton: names elided at the end, never
// below a readable minimum (about a dozen characters; scroll buttons appear
// instead), closable and movable.
class CartonTabs final : public QTabWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CartonTabs)
public:
    explicit CartonTabs(QWidget *parent = nullptr);

    // Characters of a name a tab keeps at least before it scrolls.
    static constexpr int minimumVisibleCharacters = 14;
};

} // namespace studio
