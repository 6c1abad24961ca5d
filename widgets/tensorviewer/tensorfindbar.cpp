// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfindbar.h"

#include "jobs/latestjob.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QToolButton>

namespace studio {

namespace {

const QString findKey = QStringLiteral("find");

} // namespace

TensorFindBar::TensorFindBar(QWidget *parent) : QWidget(parent), m_jobs(new LatestJob(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_goTo = new QLineEdit(this);
    m_goTo->setObjectName(QStringLiteral("goToIndexEdit"));
    m_goTo->setPlaceholderText(tr("Go to: row, col (Ctrl+G)"));
    m_goTo->setToolTip(tr("A cell of the shown slice (\"3, 17\") or a whole index of the tensor (\"0, 2, 3, 17\")"));
    m_goTo->setMaximumWidth(220);
    m_find = new QLineEdit(this);
    m_find->setObjectName(QStringLiteral("findValueEdit"));
    m_find->setPlaceholderText(tr("Find: NaN, Inf, > x… (Ctrl+F)"));
    m_find->setToolTip(tr("NaN, Inf, +Inf, -Inf, > x, >= x, < x, <= x, == x, != x; F3 / Shift+F3: next / previous"));
    m_find->setClearButtonEnabled(true);
    m_find->setMaximumWidth(260);
    m_previous = new QToolButton(this);
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Find Previous (Shift+F3)"));
    m_next = new QToolButton(this);
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Find Next (F3)"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("findStatusLabel"));
    m_status->setTextFormat(Qt::PlainText);
    // Long messages must not widen the window: the label takes what is left.
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_goTo, 1);
    layout->addWidget(m_find, 1);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_status, 2);

    connect(m_goTo, &QLineEdit::returnPressed, this, [this] { goTo(m_goTo->text()); });
    connect(m_find, &QLineEdit::returnPressed, this, &TensorFindBar::findNext);
    connect(m_find, &QLineEdit::textChanged, this, [this] {
        m_jobs->cancel(findKey);
        m_searched.clear();
        m_matches = {};
        setStatus({}, false);
    });
    connect(m_next, &QToolButton::clicked, this, &TensorFindBar::findNext);
    connect(m_previous, &QToolButton::clicked, this, &TensorFindBar::findPrevious);
}

TensorFindBar::~TensorFindBar() = default;

void TensorFindBar::setTensor(carton::TensorReaderPtr reader, const SliceSpec &slice)
{
    m_jobs->cancelAll();
    m_reader = std::move(reader);
    m_slice = slice;
    m_searched.clear();
    m_matches = {};
    m_current = -1;
    setStatus({}, false);
}

QString TensorFindBar::statusText() const
{
    return m_status->text();
}

bool TensorFindBar::isSearching() const
{
    return m_jobs->isRunning(findKey);
}

void TensorFindBar::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setToolTip(text);
    m_status->setProperty("error", error);
}

carton::Result<QList<qint64>> TensorFindBar::parseIndex(const QString &text, const SliceSpec &slice)
{
    QString t = text.trimmed();
    if (t.startsWith(u'[') && t.endsWith(u']'))
        t = t.mid(1, t.size() - 2);
    QList<qint64> numbers;
    for (const QString &part : t.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 n = part.toLongLong(&ok);
        if (!ok)
            return carton::makeError(carton::ErrorCode::Usage,
                                     tr("\"%1\" is not an index: give whole numbers separated by commas").arg(part));
        numbers.append(n);
    }
    const int rank = slice.rank();
    const int sliceDims = (slice.rowDim >= 0 ? 1 : 0) + (slice.colDim >= 0 ? 1 : 0);
    if (numbers.size() == rank) {
        for (int d = 0; d < rank; ++d)
            if (numbers[d] < 0 || numbers[d] >= slice.shape[d])
                return carton::makeError(carton::ErrorCode::Usage,
                                         tr("Index %1 is out of range for dimension %2 (size %3)")
                                             .arg(numbers[d])
                                             .arg(d)
                                             .arg(slice.shape[d]));
        return numbers;
    }
    if (numbers.size() == sliceDims && sliceDims > 0) {
        const qint64 row = slice.rowDim >= 0 ? numbers[0] : 0;
        const qint64 col = slice.colDim >= 0 ? numbers.back() : 0;
        if (slice.rowDim >= 0 && (row < 0 || row >= slice.rows()))
            return carton::makeError(
                carton::ErrorCode::Usage,
                tr("Row %1 is out of range for dimension %2 (size %3)").arg(row).arg(slice.rowDim).arg(slice.rows()));
        if (slice.colDim >= 0 && (col < 0 || col >= slice.cols()))
            return carton::makeError(carton::ErrorCode::Usage,
                                     tr("Column %1 is out of range for dimension %2 (size %3)")
                                         .arg(col)
                                         .arg(slice.colDim)
                                         .arg(slice.cols()));
        return slice.elementIndex(row, col);
    }
    return carton::makeError(
        carton::ErrorCode::Usage,
        tr("Give %1 numbers (row, column of the slice) or %2 (a whole index of the tensor)").arg(sliceDims).arg(rank));
}

void TensorFindBar::goTo(const QString &text)
{
    if (!m_reader)
        return;
    const auto index = parseIndex(text, m_slice);
    if (!index.ok()) {
        setStatus(index.error().toString(), true);
        return;
    }
    setStatus({}, false);
    emit elementRequested(*index);
}

void TensorFindBar::find(const QString &text)
{
    if (m_find->text() != text)
        m_find->setText(text);
    findNext();
}

void TensorFindBar::findNext()
{
    step(1);
}

void TensorFindBar::findPrevious()
{
    step(-1);
}

void TensorFindBar::step(int direction)
{
    if (!m_reader)
        return;
    const QString text = m_find->text().trimmed();
    if (text.isEmpty()) {
        focusFind();
        return;
    }
    if (text == m_searched && !isSearching()) {
        if (m_matches.cells.isEmpty())
            return;
        const qsizetype n = m_matches.cells.size();
        m_current = m_current < 0 ? (direction > 0 ? 0 : n - 1) : (m_current + direction + n) % n;
        showMatch();
        return;
    }
    const auto query = ValueQuery::parse(text);
    if (!query.ok()) {
        setStatus(query.error().toString(), true);
        return;
    }
    m_pendingStep = direction;
    m_searched = text;
    m_matches = {};
    m_current = -1;
    setStatus(tr("Searching…"), false);
    m_jobs->start(
        findKey,
        [reader = m_reader, slice = m_slice, q = *query](carton::Progress &progress) {
            return ValueQuery::find(*reader, slice, q, ValueQuery::defaultLimit, &progress);
        },
        [this](const carton::Result<ValueQuery::Matches> &result) {
            if (!result.ok()) {
                m_searched.clear();
                setStatus(result.error().toString(), true);
                return;
            }
            m_matches = *result;
            if (m_matches.cells.isEmpty()) {
                setStatus(tr("No match in this slice"), true);
                return;
            }
            const int direction = m_pendingStep;
            m_current = -1;
            step(direction);
        },
        [this](qint64 done, qint64 total) {
            if (total > 0)
                setStatus(tr("Searching… %1%").arg(done * 100 / total), false);
        });
}

void TensorFindBar::showMatch()
{
    const QLocale locale;
    const QString total =
        m_matches.capped ? locale.toString(m_matches.cells.size()) + u'+' : locale.toString(m_matches.cells.size());
    setStatus(tr("match %1 of %2").arg(locale.toString(m_current + 1), total), false);
    const qint64 cell = m_matches.cells[m_current];
    const qint64 cols = qMax<qint64>(1, m_slice.cols());
    emit elementRequested(m_slice.elementIndex(cell / cols, cell % cols));
}

void TensorFindBar::focusGoTo()
{
    m_goTo->setFocus(Qt::ShortcutFocusReason);
    m_goTo->selectAll();
}

void TensorFindBar::focusFind()
{
    m_find->setFocus(Qt::ShortcutFocusReason);
    m_find->selectAll();
}

} // namespace studio
