// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartoninfo.h"
#include "format/cartontolerance.h"

#include <QStringList>
#include <QTableWidget>

namespace studio {

// The [self_test.tolerance] of one self-test as a small table: a row for every
// output of the self-test together ("all outputs") and one per declared output
// (plus any the table names that are not declared, marked as such); columns rtol,
// atol and equal_nan, empty when not set. An edit that reads (a number >= 0, or
// true/false) emits edited() with the whole new table; one that does not is
// marked red with the reason and not applied.
class ToleranceEdit final : public QTableWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToleranceEdit)

public:
    explicit ToleranceEdit(QWidget *parent = nullptr);

    // Shows `tolerance` with a row per name of `outputs`; does not emit edited().
    void setTolerance(const carton::CartonTolerance &tolerance, const QStringList &outputs);
    const carton::CartonTolerance &tolerance() const { return m_tolerance; }
    // self_test[index] of `info`: its table (unless being edited) and a row per
    // [[output]] and expected_out key; disabled, with the reason, when the table
    // does not read (`field` names it) or `readOnly`.
    void showSelfTest(const carton::CartonInfo &info, int index, const QString &field, bool readOnly);
    // The height that shows the header and `rows` whole rows (no half row at the
    // bottom). The table asks for up to four rows (sizeHint), grows to six at
    // most, scrolls past that and keeps one in view when squeezed.
    int heightForRows(int rows) const;
    QSize sizeHint() const override;

signals:
    void edited(const carton::CartonTolerance &tolerance);

private:
    void cellEdited(int row, int column);

    carton::CartonTolerance m_tolerance;
    QStringList m_outputs;  // as given to setTolerance()
    QStringList m_rowNames; // "" for the all-outputs row, then output names
    bool m_filling = false;
    QString m_help;
};

} // namespace studio
