// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documenteditor.h"

#include "base/diagnostic.h"
#include "document/cartondocument.h"
#include "fileseditor.h"
#include "metadataeditor.h"
#include "runnereditor.h"
#include "selftestseditor.h"
#include "specseditor.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace studio {

namespace {

// Which page shows a carton.toml field ("runner.opts.x" -> runner).
DocumentEditor::Page pageOfField(const QString &field)
{
    if (field.startsWith(u"runner"))
        return DocumentEditor::RunnerPage;
    if (field.startsWith(u"input[") || field.startsWith(u"output[") || field == u"input" || field == u"output")
        return DocumentEditor::SpecsPage;
    if (field.startsWith(u"self_test[") || field.startsWith(u"example["))
        return DocumentEditor::SelfTestsPage;
    return DocumentEditor::MetadataPage;
}

} // namespace

DocumentEditor::DocumentEditor(CartonDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_tabs(new QTabWidget(this))
{
    m_tabs->setObjectName(QStringLiteral("editorTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(new MetadataEditor(document), tr("Metadata"));
    m_tabs->addTab(new RunnerEditor(document), tr("Runner"));
    m_tabs->addTab(new SpecsEditor(document), tr("Inputs / Outputs"));
    m_tabs->addTab(new SelfTestsEditor(m_document), tr("Self-tests && Examples"));
    m_tabs->addTab(new FilesEditor(document), tr("Files"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
    for (QWidget *field : findChildren<QLineEdit *>())
        field->installEventFilter(this);
    for (QWidget *field : findChildren<QPlainTextEdit *>())
        field->installEventFilter(this);
}

QList<QKeySequence> DocumentEditor::redoKeys()
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence &extra :
         {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}) {
        if (!keys.contains(extra))
            keys.append(extra);
    }
    return keys;
}

bool DocumentEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const QKeySequence pressed(key->keyCombination());
        if (key->matches(QKeySequence::Undo) || redoKeys().contains(pressed)) {
            event->ignore(); // not the field's: the window's Undo/Redo shortcut takes it
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QWidget *DocumentEditor::page(Page page) const
{
    return m_tabs->widget(int(page));
}

void DocumentEditor::setCurrentPage(Page page)
{
    m_tabs->setCurrentIndex(int(page));
}

bool DocumentEditor::revealLocation(const carton::DiagnosticLocation &loc)
{
    if (loc.file.startsWith(u"model/") || loc.file.startsWith(u"misc/") || loc.file.startsWith(u"tensor_data/")) {
        setCurrentPage(FilesPage);
        static_cast<FilesEditor *>(page(FilesPage))->revealField(loc.file);
        return true;
    }
    if (!loc.file.isEmpty() && loc.file != u"carton.toml")
        return false;
    const QString &field = loc.field;
    const Page target = pageOfField(field);
    setCurrentPage(target);
    QWidget *editor = page(target);
    bool revealed = false;
    if (auto *metadata = qobject_cast<MetadataEditor *>(editor))
        revealed = metadata->revealField(field);
    else if (auto *runner = qobject_cast<RunnerEditor *>(editor))
        revealed = runner->revealField(field);
    else if (auto *specs = qobject_cast<SpecsEditor *>(editor))
        revealed = specs->revealField(field);
    else if (auto *selfTests = qobject_cast<SelfTestsEditor *>(editor))
        revealed = selfTests->revealField(field);
    return revealed || !field.isEmpty();
}

void DocumentEditor::addDoneButton()
{
    if (m_tabs->cornerWidget(Qt::TopRightCorner))
        return;
    auto *done = new QToolButton(this);
    done->setObjectName(QStringLiteral("browseButton"));
    done->setText(tr("Done Editing"));
    done->setToolTip(tr("Back to browsing the carton (Ctrl+E); edits stay until you save or close"));
    done->setAutoRaise(true);
    connect(done, &QToolButton::clicked, this, &DocumentEditor::doneRequested);
    m_tabs->setCornerWidget(done, Qt::TopRightCorner);
}

} // namespace studio
