// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "outputresultsmodel.h"

#include <QSplitter>

class QTableView;
class QTextBrowser;

namespace carton {
struct SelfTestResult;
}

namespace studio {

class KeepToleranceButton;

// The Self-tests panel's Outputs tab: the shown item's outputs (name, verdict,
// figures), Keep as Tolerance under them, and the selected output's details
// (figures, worst elements, error histogram). currentOutputChanged() follows the
// selection (the panel fills its error map with it).
class SelfTestOutputsPane final : public QSplitter {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SelfTestOutputsPane)

public:
    explicit SelfTestOutputsPane(OutputResultsModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QTextBrowser *details() const { return m_details; }
    KeepToleranceButton *keepButton() const { return m_keep; }
    // The selected output's row, or null.
    const OutputResultsModel::Row *currentRow() const;
    // Shows the selected output; `shown` is the self-test result they are of
    // (Keep as Tolerance keeps its tolerance), null for an example or no result.
    void showCurrent(const carton::SelfTestResult *shown);
    // The table's height for the header, `rows` rows and its scroll bar.
    int tableHeightFor(int rows) const;

signals:
    void currentOutputChanged();

protected:
    void showEvent(QShowEvent *event) override; // the rows got while the tab was hidden

private:
    void fitTable(); // after a reset: room for every row, up to four
    OutputResultsModel *m_model;
    QTableView *m_table = nullptr;
    QTextBrowser *m_details = nullptr;
    KeepToleranceButton *m_keep = nullptr;
};

} // namespace studio
