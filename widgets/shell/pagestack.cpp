// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pagestack.h"

#include "editors/documenteditor.h"
#include "errorpage.h"
#include "views/cartonview.h"

namespace studio {

PageStack::PageStack(QWidget *loadingPage, QWidget *parent) : QStackedWidget(parent), m_loading(loadingPage)
{
    addWidget(m_loading);
}

void PageStack::drop(QWidget *page)
{
    if (!page)
        return;
    removeWidget(page);
    page->deleteLater();
}

void PageStack::clear(bool keepEditor)
{
    drop(std::exchange(m_view, nullptr));
    drop(std::exchange(m_errorPage, nullptr));
    if (!keepEditor)
        drop(std::exchange(m_editor, nullptr));
    if (!(m_editor && m_editing))
        setCurrentWidget(m_loading); // the editor stays in view while the saved file opens
}

void PageStack::setView(CartonView *view)
{
    m_view = view;
    connect(view, &CartonView::editRequested, this, [this] { emit editingRequested(true); });
    addWidget(view);
    if (m_editor)
        m_editor->addDoneButton();
    if (!(m_editor && m_editing))
        setCurrentWidget(view);
}

void PageStack::setErrorPage(ErrorPage *page)
{
    m_errorPage = page;
    addWidget(page);
    setCurrentWidget(page);
}

bool PageStack::setEditing(bool editing, CartonDocument *document)
{
    if (editing && !m_editor) {
        m_editor = new DocumentEditor(document, this);
        connect(m_editor, &DocumentEditor::doneRequested, this, [this] { emit editingRequested(false); });
        addWidget(m_editor);
        if (m_view)
            m_editor->addDoneButton();
    }
    if (editing)
        setCurrentWidget(m_editor);
    else if (m_view)
        setCurrentWidget(m_view);
    return std::exchange(m_editing, editing) != editing;
}

} // namespace studio
