// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "toleranceedit.h"

#include "style/tone.h"

#include <QHeaderView>
#include <algorithm>
#include <cmath>

namespace studio {

namespace {

QString numberText(const std::optional<double> &v)
{
    return v ? carton::toleranceText(*v) : QString();
}

QString boolText(const std::optional<bool> &v)
{
    return v ? (*v ? QStringLiteral("true") : QStringLiteral("false")) : QString();
}

// The override `tolerance` holds for `name` ("": all outputs); empty when none.
carton::ToleranceOverride overrideFor(const carton::CartonTolerance &tolerance, const QString &name)
{
    if (name.isEmpty())
        return tolerance.all;
    const auto it = tolerance.perOutput.constFind(name);
    return it == tolerance.perOutput.cend() ? carton::ToleranceOverride() : *it;
}

} // namespace

void ToleranceEdit::showSelfTest(const carton::CartonInfo &info, int index, const QString &field, bool readOnly)
{
    if (index < 0 || index >= info.selfTests.size())
        return;
    const carton::SelfTest &t = info.selfTests.at(index);
    const carton::Result<carton::CartonTolerance> tolerance = carton::parseCartonTolerance(t.unknownToml, field);
    QStringList outputs;
    for (const carton::TensorSpec &spec : info.outputs)
        outputs.append(spec.name);
    for (const auto &[key, ref] : t.expectedOut.value_or(carton::TensorRefs()))
        if (!outputs.contains(key))
            outputs.append(key);
    setEnabled(tolerance.ok() && !readOnly);
    setToolTip(tolerance ? m_help : tolerance.error().message);
    // Rebuilt only when it shows something else (not after its own edit came back).
    if (tolerance && (*tolerance != m_tolerance || outputs != m_outputs || rowCount() == 0))
        setTolerance(*tolerance, outputs);
}

ToleranceEdit::ToleranceEdit(QWidget *parent) : QTableWidget(0, 3, parent)
{
    setObjectName(QStringLiteral("toleranceEdit"));
    setHorizontalHeaderLabels({tr("rtol"), tr("atol"), tr("equal_nan")});
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // Its size hint (whole rows) when there is room: what grows is the tensor table below.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_help = tr("[self_test.tolerance]: numbers >= 0 (rtol, atol) and true/false (equal_nan); empty: not set");
    setToolTip(m_help);
    setMinimumHeight(heightForRows(1));
    connect(this, &QTableWidget::cellChanged, this, &ToleranceEdit::cellEdited);
}

void ToleranceEdit::setTolerance(const carton::CartonTolerance &tolerance, const QStringList &outputs)
{
    m_tolerance = tolerance;
    m_outputs = outputs;
    m_rowNames = QStringList{QString()} + outputs;
    for (auto it = tolerance.perOutput.cbegin(); it != tolerance.perOutput.cend(); ++it)
        if (!m_rowNames.contains(it.key()))
            m_rowNames.append(it.key());
    m_filling = true;
    setRowCount(int(m_rowNames.size()));
    for (int row = 0; row < m_rowNames.size(); ++row) {
        const QString &name = m_rowNames.at(row);
        const carton::ToleranceOverride o = overrideFor(tolerance, name);
        auto *header = new QTableWidgetItem(name.isEmpty() ? tr("all outputs") : name);
        if (!name.isEmpty() && !outputs.contains(name)) {
            header->setText(tr("%1 (not a declared output)").arg(name));
            header->setForeground(toneFrame(Tone::Bad));
        }
        setVerticalHeaderItem(row, header);
        const QString texts[3] = {numberText(o.rtol), numberText(o.atol), boolText(o.equalNan)};
        for (int c = 0; c < 3; ++c)
            setItem(row, c, new QTableWidgetItem(texts[c]));
    }
    m_filling = false;
    // Squeezed (a laptop screen) it keeps one row in view; asked for, four.
    setMinimumHeight(heightForRows(1));
    setMaximumHeight(heightForRows(std::clamp(int(rowCount()), 1, 6)));
    updateGeometry();
}

int ToleranceEdit::heightForRows(int rows) const
{
    return horizontalHeader()->sizeHint().height() + rows * verticalHeader()->defaultSectionSize() + 2 * frameWidth();
}

QSize ToleranceEdit::sizeHint() const
{
    return {QTableWidget::sizeHint().width(), heightForRows(std::clamp(int(rowCount()), 1, 4))};
}

void ToleranceEdit::cellEdited(int row, int column)
{
    if (m_filling || row < 0 || row >= m_rowNames.size())
        return;
    QTableWidgetItem *cell = item(row, column);
    const QString text = cell->text().trimmed();
    carton::CartonTolerance next = m_tolerance;
    const QString &name = m_rowNames.at(row);
    carton::ToleranceOverride o = overrideFor(next, name);
    QString problem;
    if (column == 2) {
        if (text.isEmpty())
            o.equalNan.reset();
        else if (text == u"true" || text == u"false")
            o.equalNan = text == u"true";
        else
            problem = tr("equal_nan is true, false or empty, not \"%1\"").arg(text);
    } else {
        bool ok = true;
        const double v = text.toDouble(&ok);
        std::optional<double> &field = column == 0 ? o.rtol : o.atol;
        if (text.isEmpty())
            field.reset();
        else if (!ok || !std::isfinite(v) || v < 0)
            problem = tr("%1 is a number >= 0, not \"%2\"").arg(column == 0 ? u"rtol" : u"atol", text);
        else
            field = v;
    }
    {
        const QSignalBlocker blocker(this); // marking the cell is no edit
        cell->setBackground(problem.isEmpty() ? QBrush() : QBrush(toneFrame(Tone::Bad).lighter(170)));
        cell->setToolTip(problem);
    }
    if (!problem.isEmpty())
        return;
    if (name.isEmpty())
        next.all = o;
    else if (o.isEmpty())
        next.perOutput.remove(name);
    else
        next.perOutput[name] = o;
    if (next == m_tolerance)
        return;
    m_tolerance = next;
    // Queued: the document's change rebuilds the rows, which must not happen
    // inside the edited item's own setData().
    QMetaObject::invokeMethod(
        this, [this, next] { emit edited(next); }, Qt::QueuedConnection);
}

} // namespace studio
