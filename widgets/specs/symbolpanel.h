// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "common/roles.h"
#include "validate/symbolcheck.h"

#include <QTreeWidget>

namespace studio {

class SymbolPalette;

// The shape symbols of a carton's inputs/outputs: one row per symbol (in its
// chip color) with where it is used and the values the self-tests and examples
// bind it to; children group the sections by value, and list each section
// where it conflicts (in red). Activating a row emits the spec field to show
// ("input[0].shape[1]").
class SymbolPanel final : public QTreeWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SymbolPanel)

public:
    static constexpr int FieldRole = Roles::FieldRole;

    explicit SymbolPanel(QWidget *parent = nullptr);

    // Rebuilds only when `symbols` differ from what is shown; keeps the current
    // symbol and the expanded ones.
    void setSymbols(const QList<carton::SymbolSummary> &symbols, const SymbolPalette &palette);
    const QList<carton::SymbolSummary> &symbols() const { return m_symbols; }
    // The row of a symbol (whole-shape symbols: `wholeShape` true), or nullptr.
    QTreeWidgetItem *itemOf(const QString &name, bool wholeShape) const;

signals:
    void fieldActivated(const QString &field);

private:
    QList<carton::SymbolSummary> m_symbols;
};

} // namespace studio
