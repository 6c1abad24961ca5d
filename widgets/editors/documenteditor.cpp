// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documenteditor.h"

#include "document/cartondocument.h"
#include "specseditor.h"
#include "validate/location.h"

#include <QLabel>
#include <QTabWidget>
#include <QVBoxLayout>

namespace studio {

namespace {

// A page whose editor is not built yet says so plainly.
QWidget *placeholder(const QString &text)
{
    auto *label = new QLabel(text);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    return label;
}

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
    m_tabs->addTab(placeholder(tr("Metadata editor")), tr("Metadata"));
    m_tabs->addTab(placeholder(tr("Runner editor")), tr("Runner"));
    m_tabs->addTab(new SpecsEditor(document), tr("Inputs / Outputs"));
    m_tabs->addTab(placeholder(tr("Self-tests editor")), tr("Self-tests && Examples"));
    m_tabs->addTab(placeholder(tr("Files editor")), tr("Files"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);
}

QWidget *DocumentEditor::page(Page page) const
{
    return m_tabs->widget(int(page));
}

void DocumentEditor::setCurrentPage(Page page)
{
    m_tabs->setCurrentIndex(int(page));
}

bool DocumentEditor::revealLocation(const QString &location)
{
    const carton::DiagnosticLocation loc = carton::parseLocation(location.trimmed());
    if (loc.file.startsWith(u"model/") || loc.file.startsWith(u"misc/") || loc.file.startsWith(u"tensor_data/")) {
        setCurrentPage(FilesPage);
        return true;
    }
    const QString field = loc.file == u"carton.toml" ? loc.field : location.trimmed();
    const Page target = pageOfField(field);
    setCurrentPage(target);
    QWidget *editor = page(target);
    bool revealed = false;
    if (auto *specs = qobject_cast<SpecsEditor *>(editor))
        return specs->revealField(field) || !field.isEmpty();
    // Pages with fields answer revealField(QString) (invoked by name so that this
    // file does not depend on every editor).
    QMetaObject::invokeMethod(editor, "revealField", Qt::DirectConnection, Q_RETURN_ARG(bool, revealed),
                              Q_ARG(QString, field));
    return revealed || !field.isEmpty();
}

} // namespace studio
