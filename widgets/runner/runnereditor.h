// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/diagnostic.h"
#include "runner/runnerpluginmeta.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace studio {

class CartonDocument;
class RunnerOptDelegate;
class RunnerOptsModel;

// The Runner tab of a CartonView (read-only until editing): runner name (the installed runner
// plugins offered, any name allowed), required framework version (a semver
// requirement, with a live hint of what it matches and which installed plugin
// satisfies it), runner compat version, and [runner.opts] as a typed key/value
// table (int, float, string, bool; keys the runner does not know are kept).
//
// Every change is one undo step through the document (typing in one field
// merges); the page follows infoChanged() and diagnosticsChanged().
class RunnerEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunnerEditor)

public:
    // Offers the runner plugins installed on this machine (RunnerRegistry::scan()).
    explicit RunnerEditor(CartonDocument *document, QWidget *parent = nullptr);
    ~RunnerEditor() override;

    // Replaces the offered plugins (tests, or after plugins were installed).
    void setRunnerPlugins(const QList<carton::RunnerPluginInfo> &plugins);

    // Focuses the widget of a field ("runner.runner_name", "runner.opts.x"...);
    // false when this page has no such field.
    Q_INVOKABLE bool revealField(const QString &field);

    // Adds an option row (a plugin's option with its default, or a new key) and
    // starts editing its key; one undo step.
    void addOption(const QString &key = {});
    void removeSelectedOptions();

    // "Matches 1.13.x; installed: noop 1.13.2" for a requirement; the parse
    // error for an invalid one.
    static QString frameworkHint(const QString &requirement, const QString &runnerName,
                                 const QList<carton::RunnerPluginInfo> &plugins, bool *valid = nullptr);

    QComboBox *runnerNameBox() const { return m_name; }
    QLineEdit *frameworkVersionEdit() const { return m_version; }
    QLabel *frameworkHintLabel() const { return m_hint; }
    QSpinBox *compatVersionBox() const { return m_compat; }
    QTableView *optionsView() const { return m_optsView; }
    RunnerOptsModel *optionsModel() const { return m_opts; }

private:
    void refresh();
    void showDiagnostics();
    void updateHint();
    void updateKnownOptions();
    const carton::RunnerPluginInfo *pluginNamed(const QString &name) const;

    CartonDocument *m_document;
    QList<carton::RunnerPluginInfo> m_plugins;
    QComboBox *m_name;
    QLineEdit *m_version;
    QLabel *m_hint;
    QSpinBox *m_compat;
    QLabel *m_compatHint;
    QTableView *m_optsView;
    RunnerOptsModel *m_opts;
    RunnerOptDelegate *m_delegate;
    QPushButton *m_add;
    QPushButton *m_remove;
    bool m_updating = false;
};

} // namespace studio
