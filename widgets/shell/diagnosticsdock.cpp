// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "diagnosticsdock.h"

#include "views/diagnosticsmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QStackedWidget>
#include <QTreeView>

namespace studio {

DiagnosticsDock::DiagnosticsDock(QWidget *parent)
    : QDockWidget(tr("Diagnostics"), parent), m_model(new DiagnosticsModel(this)), m_view(new QTreeView(this)),
      m_empty(new QLabel(tr("No problems found."), this))
{
    setObjectName(QStringLiteral("diagnosticsDock")); // for saveState()
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->header()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setForegroundRole(QPalette::PlaceholderText);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_view);
    setWidget(m_stack);

    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const QString location = m_model->diagnostic(index).location;
        if (!location.isEmpty())
            emit locationActivated(location);
    });
    updateTitle();
}

void DiagnosticsDock::setDiagnostics(const carton::Diagnostics &diagnostics)
{
    m_errors = 0;
    m_warnings = 0;
    for (const carton::Diagnostic &d : diagnostics) {
        m_errors += d.severity == carton::Severity::Error ? 1 : 0;
        m_warnings += d.severity == carton::Severity::Warning ? 1 : 0;
    }
    m_model->setDiagnostics(diagnostics);
    m_stack->setCurrentWidget(diagnostics.isEmpty() ? static_cast<QWidget *>(m_empty) : m_view);
    for (int c = 0; c + 1 < m_model->columnCount(); ++c)
        m_view->resizeColumnToContents(c);
    updateTitle();
}

void DiagnosticsDock::setEmptyText(const QString &text)
{
    m_empty->setText(text);
}

QString DiagnosticsDock::emptyText() const
{
    return m_empty->text();
}

void DiagnosticsDock::updateTitle()
{
    if (m_errors == 0 && m_warnings == 0) {
        setWindowTitle(tr("Diagnostics"));
        return;
    }
    const QString errors = m_errors == 1 ? tr("1 error") : tr("%1 errors").arg(m_errors);
    const QString warnings = m_warnings == 1 ? tr("1 warning") : tr("%1 warnings").arg(m_warnings);
    setWindowTitle(tr("Diagnostics (%1, %2)").arg(errors, warnings));
}

} // namespace studio
