// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "editorutils.h"

#include "style/tone.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QStringList>
#include <QTabBar>
#include <QWidget>

namespace studio {

void markField(QWidget *widget, const carton::Diagnostics &problems)
{
    QStringList lines;
    carton::Severity worst = carton::Severity::Info;
    for (const carton::Diagnostic &d : problems) {
        lines.append(d.message);
        if (int(d.severity) < int(worst))
            worst = d.severity;
    }
    const char *state = problems.isEmpty()                   ? ""
                        : worst == carton::Severity::Error   ? "error"
                        : worst == carton::Severity::Warning ? "warning"
                                                             : "";
    widget->setProperty("validation", QString::fromLatin1(state));
    widget->setToolTip(lines.join(u'\n'));
    // Scoped to the marked widget by its property: children (a table's header,
    // a line edit's buttons) keep their own look.
    if (problems.isEmpty() || worst == carton::Severity::Info)
        widget->setStyleSheet(QString());
    else
        widget->setStyleSheet(QStringLiteral("*[validation=\"%1\"] { border: 2px solid %2; }")
                                  .arg(QString::fromLatin1(state),
                                       toneFrame(worst == carton::Severity::Error ? Tone::Bad : Tone::Warning).name()));
}

carton::Diagnostics diagnosticsFor(const carton::Diagnostics &all, const QString &field)
{
    carton::Diagnostics result;
    for (const carton::Diagnostic &d : all) {
        const carton::DiagnosticLocation &loc = d.location;
        if (loc.file != u"carton.toml")
            continue;
        if (loc.field == field || loc.field.startsWith(field + u'.') || loc.field.startsWith(field + u'['))
            result.append(d);
    }
    return result;
}

namespace {

// What an editor set itself (read-only fields, edit triggers), kept on the widget.
const char *const kOwnReadOnly = "carton_ownReadOnly";
const char *const kOwnTriggers = "carton_ownEditTriggers";
const char *const kOwnDrops = "carton_ownAcceptDrops";
const char *const kShownWhenEditing = "carton_shownWhenEditing";
const char *const kEditing = "carton_editing";

template <typename Field>
void setReadOnly(Field *field, bool editable)
{
    if (!field->property(kOwnReadOnly).isValid())
        field->setProperty(kOwnReadOnly, field->isReadOnly());
    field->setReadOnly(!editable || field->property(kOwnReadOnly).toBool());
}

} // namespace

void keepPlace(QWidget *widget, bool keep)
{
    QSizePolicy policy = widget->sizePolicy();
    policy.setRetainSizeWhenHidden(keep);
    widget->setSizePolicy(policy);
}

void setFieldsEditable(QWidget *root, bool editable)
{
    const QVariant last = root->property(kEditing);
    const bool wasEditing = !last.isValid() || last.toBool(); // editors are made editing
    root->setProperty(kEditing, editable);
    if (!root->property(kOwnDrops).isValid())
        root->setProperty(kOwnDrops, root->acceptDrops());
    root->setAcceptDrops(editable && root->property(kOwnDrops).toBool());
    for (QLineEdit *field : root->findChildren<QLineEdit *>()) {
        if (!qobject_cast<QComboBox *>(field->parentWidget()) &&
            !qobject_cast<QAbstractSpinBox *>(field->parentWidget()))
            setReadOnly(field, editable);
    }
    for (QPlainTextEdit *field : root->findChildren<QPlainTextEdit *>())
        setReadOnly(field, editable);
    for (QComboBox *combo : root->findChildren<QComboBox *>())
        combo->setEnabled(editable);
    for (QAbstractSpinBox *spin : root->findChildren<QAbstractSpinBox *>())
        spin->setReadOnly(!editable);
    for (QAbstractItemView *view : root->findChildren<QAbstractItemView *>()) {
        if (qobject_cast<QComboBox *>(view->parentWidget()) || view->window() != root->window())
            continue; // a combo's popup list
        if (!view->property(kOwnTriggers).isValid())
            view->setProperty(kOwnTriggers, int(view->editTriggers()));
        view->setEditTriggers(editable ? QAbstractItemView::EditTriggers(view->property(kOwnTriggers).toInt())
                                       : QAbstractItemView::NoEditTriggers);
    }
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        QWidget *owner = button->parentWidget();
        if (qobject_cast<QAbstractItemView *>(owner) || qobject_cast<QLineEdit *>(owner) ||
            qobject_cast<QTabBar *>(owner))
            continue; // a view's corner, a field's clear button, a tab bar's arrows
        if (qobject_cast<QCheckBox *>(button) || qobject_cast<QRadioButton *>(button))
            button->setEnabled(editable); // a value: shown either way
        else if (!editable) {             // an edit: hidden while browsing, as its editor had it while editing
            if (wasEditing)
                button->setProperty(kShownWhenEditing, !button->isHidden());
            keepPlace(button, button->property(kShownWhenEditing).toBool());
            button->hide();
        } else if (!wasEditing) {
            button->setVisible(button->property(kShownWhenEditing).toBool());
            keepPlace(button, false);
        }
    }
    for (QAction *action : root->findChildren<QAction *>()) { // as the buttons: kept as the editor had them
        if (!editable) {
            if (wasEditing)
                action->setProperty(kShownWhenEditing, action->isEnabled());
            action->setEnabled(false);
        } else if (!wasEditing) {
            action->setEnabled(action->property(kShownWhenEditing).toBool());
        }
    }
}

} // namespace studio
