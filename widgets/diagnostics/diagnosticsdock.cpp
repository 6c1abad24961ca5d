// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diagnosticsdock.h"

#include "common/roles.h"
#include "common/viewutils.h"
#include "diagnosticsmodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStyle>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace studio {

namespace {
constexpr carton::Severity severities[] = {carton::Severity::Error, carton::Severity::Warning, carton::Severity::Info};
} // namespace

DiagnosticsDock::DiagnosticsDock(QWidget *parent)
    : QDockWidget(tr("Diagnostics"), parent), m_model(new DiagnosticsModel(this)),
      m_filter(new QSortFilterProxyModel(this)), m_view(new QTreeView(this)),
      m_empty(new QLabel(tr("No problems found."), this)), m_copy(new QAction(tr("&Copy"), this)),
      m_useModel(new QAction(tr("&Use the Model's Signature"), this))
{
    setObjectName(QStringLiteral("diagnosticsDock")); // for saveState()
    m_filter->setSourceModel(m_model);
    m_filter->setFilterRole(Roles::SeverityRole);
    m_view->setModel(m_filter);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    // The start of a message says what it is about; the tooltip has it whole.
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->header()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_empty->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_empty->setIndent(6);
    m_empty->setForegroundRole(QPalette::PlaceholderText);

    m_copy->setObjectName(QStringLiteral("actionCopyDiagnostics"));
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copy->setIcon(QIcon(QStringLiteral(":/icons/copy.svg")));
    connect(m_copy, &QAction::triggered, this, [this] { QApplication::clipboard()->setText(selectedText()); });
    m_view->addAction(m_copy);
    m_useModel->setObjectName(QStringLiteral("actionUseModelSignature"));
    m_useModel->setToolTip(tr("Take [[input]] and [[output]] from the model file's own signature (Fill from Model)"));
    m_useModel->setEnabled(false);
    connect(m_useModel, &QAction::triggered, this, &DiagnosticsDock::useModelSignatureRequested);
    m_view->addAction(m_useModel);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);

    // Severity filter: one checkable button per severity, with its count.
    auto *bar = new QWidget(this);
    auto *barLayout = new QHBoxLayout(bar);
    barLayout->setContentsMargins(4, 2, 4, 2);
    barLayout->setSpacing(2);
    for (int i = 0; i < 3; ++i) {
        auto *button = new QToolButton(bar);
        button->setCheckable(true);
        button->setChecked(true);
        button->setAutoRaise(true);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setIcon(severityIcon(severities[i]));
        button->setObjectName(QStringLiteral("filter_") + carton::severityName(severities[i]));
        connect(button, &QToolButton::toggled, this, &DiagnosticsDock::updateFilter);
        barLayout->addWidget(button);
        m_buttons[i] = button;
    }
    barLayout->addStretch(1);

    auto *listPane = new QWidget(this);
    auto *listLayout = new QVBoxLayout(listPane);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->setSpacing(0);
    listLayout->addWidget(bar);
    listLayout->addWidget(m_view, 1);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(listPane);
    setWidget(m_stack);

    // One click jumps; Enter (and a double-click, which starts with a click) too.
    connect(m_view, &QTreeView::clicked, this, &DiagnosticsDock::activate);
    connect(m_view, &QTreeView::activated, this, &DiagnosticsDock::activate);
    // A finding about a declared input or output can be fixed from the model's signature.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        const QModelIndex source = current.isValid() ? m_filter->mapToSource(current) : QModelIndex();
        const carton::DiagnosticLocation where =
            source.isValid() ? m_model->diagnostic(source).location : carton::DiagnosticLocation();
        m_useModel->setEnabled(where.file == u"carton.toml" &&
                               (where.field.startsWith(u"input") || where.field.startsWith(u"output")));
    });
    updateTitle();
}

void DiagnosticsDock::activate(const QModelIndex &index)
{
    const QModelIndex source = index.model() == m_filter ? m_filter->mapToSource(index) : index;
    const carton::DiagnosticLocation location = m_model->diagnostic(source).location;
    if (!location.isEmpty())
        emit locationActivated(location);
}

QToolButton *DiagnosticsDock::severityButton(carton::Severity severity) const
{
    return m_buttons[int(severity)];
}

void DiagnosticsDock::setSeverityShown(carton::Severity severity, bool shown)
{
    severityButton(severity)->setChecked(shown);
}

void DiagnosticsDock::updateFilter()
{
    QStringList shown;
    for (carton::Severity s : severities)
        if (severityButton(s)->isChecked())
            shown << QString::number(int(s));
    // SeverityRole holds the enum's value: match exactly the shown ones.
    m_filter->setFilterRegularExpression(
        QStringLiteral("^(%1)$").arg(shown.isEmpty() ? QStringLiteral("x") : shown.join(u'|')));
}

int DiagnosticsDock::count(carton::Severity severity) const
{
    return m_model->count(severity);
}

QString DiagnosticsDock::selectedText() const
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        for (int r = 0; r < m_filter->rowCount(); ++r)
            rows << m_filter->index(r, 0);
    }
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList lines;
    for (const QModelIndex &row : std::as_const(rows)) {
        const carton::Diagnostic d = m_model->diagnostic(m_filter->mapToSource(row));
        lines << QStringLiteral("%1: %2").arg(carton::severityName(d.severity), d.toString());
    }
    return lines.join(u'\n');
}

void DiagnosticsDock::setDiagnostics(const carton::Diagnostics &diagnostics)
{
    m_model->setDiagnostics(diagnostics);
    m_stack->setCurrentIndex(diagnostics.isEmpty() ? 0 : 1);
    for (int c = 0; c + 1 < m_model->columnCount(); ++c)
        m_view->resizeColumnToContents(c);
    updateTitle();
    setCollapsed(diagnostics.isEmpty());
}

int DiagnosticsDock::collapsedHeight() const
{
    const int title = style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, this);
    return title + m_empty->sizeHint().height() + 4;
}

void DiagnosticsDock::setCollapsed(bool collapsed)
{
    if (collapsed == m_collapsed)
        return;
    m_collapsed = collapsed;
    // The main window sizes docks within their limits: a maximum height is the
    // one lasting way to keep the area one line tall.
    if (collapsed) {
        if (isVisible() && height() > collapsedHeight())
            m_expandedHeight = height();
        setMaximumHeight(collapsedHeight());
        return;
    }
    setMaximumHeight(QWIDGETSIZE_MAX);
    if (auto *window = qobject_cast<QMainWindow *>(parentWidget()); window && !isFloating()) {
        const int wanted = m_expandedHeight > 0 ? m_expandedHeight : heightForRows(6);
        window->resizeDocks({this}, {std::min(wanted, window->height() / 3)}, Qt::Vertical);
    }
}

void DiagnosticsDock::setEmptyText(const QString &text)
{
    m_empty->setText(text);
}

QString DiagnosticsDock::emptyText() const
{
    return m_empty->text();
}

int DiagnosticsDock::heightForRows(int rows) const
{
    const int row = std::max(m_view->sizeHintForRow(0), m_view->fontMetrics().height() + 4);
    const int frame = 2 * m_view->frameWidth();
    const int title = style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, this);
    const int bar = m_buttons[0]->sizeHint().height() + 4;
    return title + bar + m_view->header()->sizeHint().height() + rows * row + frame;
}

QSize DiagnosticsDock::sizeHint() const
{
    return {QDockWidget::sizeHint().width(), m_collapsed ? collapsedHeight() : heightForRows(6)};
}

void DiagnosticsDock::closeEvent(QCloseEvent *event)
{
    QDockWidget::closeEvent(event);
    if (event->isAccepted())
        emit closedByUser();
}

void DiagnosticsDock::updateTitle()
{
    const int errors = count(carton::Severity::Error);
    const int warnings = count(carton::Severity::Warning);
    const int infos = count(carton::Severity::Info);
    m_buttons[0]->setText(errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors));
    m_buttons[1]->setText(warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(warnings));
    m_buttons[2]->setText(infos == 1 ? tr("1 info") : tr("%1 infos").arg(infos));
    QStringList parts;
    if (errors > 0)
        parts << m_buttons[0]->text();
    if (warnings > 0)
        parts << m_buttons[1]->text();
    if (infos > 0)
        parts << m_buttons[2]->text();
    setWindowTitle(parts.isEmpty() ? tr("Diagnostics") : tr("Diagnostics (%1)").arg(parts.join(QStringLiteral(", "))));
}

} // namespace studio
