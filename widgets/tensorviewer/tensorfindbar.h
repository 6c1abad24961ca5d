// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "slicespec.h"
#include "tensor/tensorreader.h"
#include "valuequery.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace studio {

class LatestJob;

// The table's Go to and Find bar. Go to (Ctrl+G) takes a cell of the shown slice
// ("3, 17") or a whole index of the tensor ("0, 2, 3, 17", which also moves the
// slice); Find (Ctrl+F) looks for NaN, Inf, -Inf or "> x" / "< x" / "== x" /
// "!= x" in the shown slice in the background (LatestJob), and Find Next /
// Previous (F3 / Shift+F3) walk the matches in row-major order ("match 3 of 120";
// counting stops at ValueQuery::defaultLimit, "100000+").
class TensorFindBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TensorFindBar)

public:
    explicit TensorFindBar(QWidget *parent = nullptr);
    ~TensorFindBar() override;

    // The tensor and slice searched; forgets the matches (kept query text).
    void setTensor(carton::TensorReaderPtr reader, const SliceSpec &slice);
    // Reads "3, 17" (a slice cell) or a whole index of `slice.shape`; the error names
    // the dimension and its size.
    static carton::Result<QList<qint64>> parseIndex(const QString &text, const SliceSpec &slice);

    void goTo(const QString &text);
    void find(const QString &text);
    void findNext();
    void findPrevious();
    void focusGoTo();
    void focusFind();

    const SliceSpec &slice() const { return m_slice; }
    QLineEdit *goToEdit() const { return m_goTo; }
    QLineEdit *findEdit() const { return m_find; }
    QString statusText() const;
    bool isSearching() const;
    qint64 matchCount() const { return m_matches.cells.size(); }
    bool matchesCapped() const { return m_matches.capped; }

signals:
    // Select the tensor element `index` (full index).
    void elementRequested(const QList<qint64> &index);

private:
    void step(int direction);
    void showMatch();
    void setStatus(const QString &text, bool error);

    LatestJob *m_jobs = nullptr;
    carton::TensorReaderPtr m_reader;
    SliceSpec m_slice;
    QString m_searched; // the query m_matches answer ("" when none)
    ValueQuery::Matches m_matches;
    qsizetype m_current = -1;
    int m_pendingStep = 0;
    QLineEdit *m_goTo = nullptr;
    QLineEdit *m_find = nullptr;
    QToolButton *m_previous = nullptr;
    QToolButton *m_next = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace studio
