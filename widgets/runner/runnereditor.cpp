// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnereditor.h"

#include "common/editorutils.h"
#include "common/fieldtext.h"
#include "document/cartondocument.h"
#include "format/semver.h"
#include "runner/runnerregistry.h"
#include "runneroptdelegate.h"
#include "runneroptsmodel.h"
#include "style/tone.h"

#include <QAction>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <limits>

namespace studio {

namespace {

// A plugin option's default as a carton option value of the option's type.
carton::RunnerOpt defaultValue(const carton::RunnerOptionSpec &spec)
{
    using T = carton::RunnerOptionSpec::Type;
    const QJsonValue v = spec.defaultValue;
    switch (spec.type) {
    case T::Integer:
        return qint64(v.isDouble() ? v.toInteger() : 0);
    case T::Float:
        return v.isDouble() ? v.toDouble() : 0.0;
    case T::Boolean:
        return v.isBool() && v.toBool();
    case T::String:
    case T::Any:
        break;
    }
    if (v.isBool())
        return v.toBool();
    if (v.isDouble())
        return v.toDouble();
    return v.toString();
}

} // namespace

RunnerEditor::RunnerEditor(CartonDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_name(new QComboBox(this)), m_version(new QLineEdit(this)),
      m_hint(new QLabel(this)), m_compat(new QSpinBox(this)), m_compatHint(new QLabel(this)),
      m_optsView(new QTableView(this)), m_opts(new RunnerOptsModel(this)), m_delegate(new RunnerOptDelegate(this)),
      m_add(new QPushButton(tr("Add Option"), this)), m_remove(new QPushButton(tr("Remove"), this))
{
    m_name->setObjectName(QStringLiteral("runnerName"));
    m_name->setEditable(true);
    m_name->setInsertPolicy(QComboBox::NoInsert);
    m_name->lineEdit()->setPlaceholderText(tr("The runner that runs the model, e.g. torchscript or python"));
    m_name->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_name->setMinimumContentsLength(24);
    m_name->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_version->setObjectName(QStringLiteral("frameworkVersion"));
    m_version->setPlaceholderText(tr("A semver requirement, e.g. =2.0.1, ^1.13 or >=3.8, <3.12"));
    m_version->setClearButtonEnabled(true);
    m_hint->setObjectName(QStringLiteral("frameworkHint"));
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::PlainText);
    m_compat->setObjectName(QStringLiteral("compatVersion"));
    m_compat->setRange(0, std::numeric_limits<int>::max());
    m_compat->setToolTip(tr("The runner interface version the carton was packed for (runner_compat_version)"));
    m_compatHint->setObjectName(QStringLiteral("compatHint"));
    m_compatHint->setTextFormat(Qt::PlainText);

    m_optsView->setObjectName(QStringLiteral("runnerOptions"));
    m_optsView->setModel(m_opts);
    m_optsView->setItemDelegate(m_delegate);
    m_optsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_optsView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                QAbstractItemView::AnyKeyPressed);
    m_optsView->verticalHeader()->hide();
    m_optsView->horizontalHeader()->setSectionResizeMode(RunnerOptsModel::KeyColumn, QHeaderView::Interactive);
    m_optsView->horizontalHeader()->setSectionResizeMode(RunnerOptsModel::TypeColumn, QHeaderView::ResizeToContents);
    m_optsView->horizontalHeader()->setStretchLastSection(true);
    m_optsView->setColumnWidth(RunnerOptsModel::KeyColumn, 220);
    auto *removeAction = new QAction(tr("Remove Option"), m_optsView);
    removeAction->setShortcut(QKeySequence::Delete);
    removeAction->setShortcutContext(Qt::WidgetShortcut);
    connect(removeAction, &QAction::triggered, this, &RunnerEditor::removeSelectedOptions);
    m_optsView->addAction(removeAction);
    m_add->setObjectName(QStringLiteral("addOption"));
    m_add->setToolTip(tr("Add an option: one the runner declares, or a new key"));
    m_remove->setObjectName(QStringLiteral("removeOption"));
    m_remove->setEnabled(false);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("Runner &name:"), m_name);
    auto *versionBox = new QVBoxLayout;
    versionBox->setSpacing(2);
    versionBox->addWidget(m_version);
    versionBox->addWidget(m_hint);
    form->addRow(tr("Required &framework version:"), versionBox);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(versionBox)))
        label->setBuddy(m_version);
    auto *compatRow = new QHBoxLayout;
    compatRow->addWidget(m_compat);
    compatRow->addWidget(m_compatHint, 1);
    form->addRow(tr("Runner &compat version:"), compatRow);
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(compatRow)))
        label->setBuddy(m_compat);

    auto *optsLabel = new QLabel(tr("Runner &options ([runner.opts]):"), this);
    optsLabel->setBuddy(m_optsView);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(optsLabel);
    buttons->addStretch(1);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    auto *note = new QLabel(tr("Values are integers, floats, strings or booleans. Options the runner does not "
                               "know are kept and passed on."),
                            this);
    note->setWordWrap(true);
    note->setEnabled(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addSpacing(8);
    layout->addLayout(buttons);
    layout->addWidget(m_optsView, 1);
    layout->addWidget(note);
    setTabOrder(m_name, m_version);
    setTabOrder(m_version, m_compat);
    setTabOrder(m_compat, m_optsView);
    setTabOrder(m_optsView, m_add);
    setTabOrder(m_add, m_remove);

    connect(m_name, &QComboBox::currentTextChanged, this, [this](const QString &text) {
        updateHint();
        updateKnownOptions();
        if (m_updating)
            return;
        carton::CartonInfo info = m_document->info();
        info.runner.runnerName = text.trimmed();
        m_document->setInfo(info, tr("Edit Runner Name"), QStringLiteral("runner.runner_name"));
    });
    connect(m_version, &QLineEdit::textChanged, this, &RunnerEditor::updateHint);
    connect(m_version, &QLineEdit::textEdited, this, [this](const QString &text) {
        carton::CartonInfo info = m_document->info();
        info.runner.requiredFrameworkVersion = text.trimmed();
        m_document->setInfo(info, tr("Edit Required Framework Version"),
                            QStringLiteral("runner.required_framework_version"));
    });
    connect(m_compat, &QSpinBox::valueChanged, this, [this](int value) {
        updateHint();
        if (m_updating)
            return;
        carton::CartonInfo info = m_document->info();
        info.runner.runnerCompatVersion = value;
        m_document->setInfo(info, tr("Edit Runner Compat Version"), QStringLiteral("runner.runner_compat_version"));
    });
    connect(m_opts, &RunnerOptsModel::optsEdited, this,
            [this](const carton::RunnerOpts &opts, const QString &what, const QString &mergeKey) {
                carton::CartonInfo info = m_document->info();
                info.runner.opts = opts;
                m_document->setInfo(info, what, mergeKey);
            });
    connect(m_add, &QPushButton::clicked, this, [this] {
        // The runner's declared options not in the table yet, or a new key.
        const carton::RunnerPluginInfo *plugin = pluginNamed(m_document->info().runner.runnerName);
        QStringList missing;
        if (plugin)
            for (const carton::RunnerOptionSpec &spec : plugin->options)
                if (!spec.name.contains(u'*') && m_opts->rowOfKey(spec.name) < 0)
                    missing.append(spec.name);
        if (missing.isEmpty()) {
            addOption();
            return;
        }
        QMenu menu(this);
        for (const QString &key : std::as_const(missing)) {
            QAction *action = menu.addAction(key, this, [this, key] { addOption(key); });
            for (const carton::RunnerOptionSpec &spec : plugin->options)
                if (spec.name == key)
                    action->setToolTip(spec.description);
        }
        menu.setToolTipsVisible(true);
        menu.addSeparator();
        menu.addAction(tr("New Option"), this, [this] { addOption(); });
        menu.exec(m_add->mapToGlobal(QPoint(0, m_add->height())));
    });
    connect(m_remove, &QPushButton::clicked, this, &RunnerEditor::removeSelectedOptions);
    connect(m_optsView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_remove->setEnabled(m_optsView->selectionModel()->hasSelection()); });
    connect(m_opts, &QAbstractItemModel::modelReset, this,
            [this] { m_remove->setEnabled(m_optsView->selectionModel()->hasSelection()); });
    connect(m_document, &CartonDocument::infoChanged, this, &RunnerEditor::refresh);
    connect(m_document, &CartonDocument::diagnosticsChanged, this, &RunnerEditor::showDiagnostics);

    setRunnerPlugins(carton::RunnerRegistry::scan().plugins());
    refresh();
    showDiagnostics();
}

RunnerEditor::~RunnerEditor() = default;

void RunnerEditor::setRunnerPlugins(const QList<carton::RunnerPluginInfo> &plugins)
{
    m_plugins = plugins;
    m_updating = true;
    const QString text = m_name->currentText();
    {
        const QSignalBlocker blocker(m_name);
        m_name->clear();
        QStringList names;
        for (const carton::RunnerPluginInfo &p : m_plugins) {
            if (names.contains(p.runnerName))
                continue;
            names.append(p.runnerName);
            m_name->addItem(p.runnerName);
            m_name->setItemData(m_name->count() - 1,
                                tr("%1 %2 (installed)%3")
                                    .arg(p.runnerName, p.frameworkVersion,
                                         p.description.isEmpty() ? QString() : QStringLiteral(": ") + p.description),
                                Qt::ToolTipRole);
        }
        m_name->setCurrentIndex(-1);
        m_name->setEditText(text);
    }
    m_updating = false;
    updateHint();
    updateKnownOptions();
}

const carton::RunnerPluginInfo *RunnerEditor::pluginNamed(const QString &name) const
{
    for (const carton::RunnerPluginInfo &p : m_plugins)
        if (p.runnerName == name)
            return &p;
    return nullptr;
}

void RunnerEditor::refresh()
{
    const carton::RunnerInfo &runner = m_document->info().runner;
    m_updating = true;
    if (m_name->currentText() != runner.runnerName) {
        const QSignalBlocker blocker(m_name);
        showFieldText(m_name->lineEdit(), runner.runnerName);
    }
    showFieldText(m_version, runner.requiredFrameworkVersion);
    const int compat = int(std::clamp<qint64>(runner.runnerCompatVersion, 0, m_compat->maximum()));
    if (m_compat->value() != compat)
        m_compat->setValue(compat);
    m_opts->setOpts(runner.opts);
    m_updating = false;
    updateHint();
}

void RunnerEditor::showDiagnostics()
{
    const carton::Diagnostics &all = m_document->diagnostics();
    markField(m_name, diagnosticsFor(all, QStringLiteral("runner.runner_name")));
    markField(m_version, diagnosticsFor(all, QStringLiteral("runner.required_framework_version")));
    markField(m_compat, diagnosticsFor(all, QStringLiteral("runner.runner_compat_version")));
    m_opts->setDiagnostics(all);
    // Each row shows its own problems (icon, colour, tooltip). The table itself
    // is not framed: markField's style sheet would frame its header and cells too.
}

QString RunnerEditor::frameworkHint(const QString &requirement, const QString &runnerName,
                                    const QList<carton::RunnerPluginInfo> &plugins, bool *valid)
{
    auto result = [valid](bool ok, const QString &text) {
        if (valid)
            *valid = ok;
        return text;
    };
    const QString text = requirement.trimmed();
    if (text.isEmpty())
        return result(false, tr("Required: the framework versions the model works with, e.g. =2.0.1, ^1.13 or >=3.8."));
    const carton::Result<carton::VersionReq> req = carton::VersionReq::parse(text);
    if (!req)
        return result(false, tr("Not a semver requirement: %1").arg(req.error().message));
    QString hint = tr("Matches %1.").arg(req->describe());
    QStringList matching, other;
    for (const carton::RunnerPluginInfo &p : plugins) {
        if (p.runnerName != runnerName)
            continue;
        (req->matches(p.frameworkVersion) ? matching : other).append(p.frameworkVersion);
    }
    if (!matching.isEmpty())
        hint += u' ' + tr("Installed %1 %2 matches.").arg(runnerName, matching.join(QStringLiteral(", ")));
    else if (!other.isEmpty())
        hint += u' ' + tr("Installed %1 %2 does not match.").arg(runnerName, other.join(QStringLiteral(", ")));
    return result(true, hint);
}

void RunnerEditor::updateHint()
{
    bool valid = false;
    m_hint->setText(frameworkHint(m_version->text(), m_name->currentText().trimmed(), m_plugins, &valid));
    m_hint->setProperty("valid", valid);
    setTextTone(m_hint, valid || m_version->text().trimmed().isEmpty() ? Tone::Muted : Tone::Bad);
    const carton::RunnerPluginInfo *plugin = pluginNamed(m_name->currentText().trimmed());
    if (!plugin) {
        m_compatHint->clear();
        return;
    }
    QStringList versions;
    for (qint64 v : plugin->compatVersions)
        versions.append(QString::number(v));
    m_compatHint->setText(plugin->compatVersions.contains(m_compat->value())
                              ? tr("Supported by the installed %1.").arg(plugin->runnerName)
                              : tr("The installed %1 supports %2.").arg(plugin->runnerName, versions.join(u", ")));
}

void RunnerEditor::updateKnownOptions()
{
    QStringList keys;
    if (const carton::RunnerPluginInfo *plugin = pluginNamed(m_name->currentText().trimmed()))
        for (const carton::RunnerOptionSpec &spec : plugin->options)
            if (!spec.name.contains(u'*'))
                keys.append(spec.name);
    m_delegate->setKnownKeys(keys);
}

void RunnerEditor::addOption(const QString &requestedKey)
{
    carton::CartonInfo info = m_document->info();
    QString key = requestedKey;
    carton::RunnerOpt value = QString();
    if (key.isEmpty()) {
        key = QStringLiteral("option");
        for (int n = 2; m_opts->rowOfKey(key) >= 0; ++n)
            key = QStringLiteral("option_%1").arg(n);
    } else if (const carton::RunnerPluginInfo *plugin = pluginNamed(info.runner.runnerName)) {
        for (const carton::RunnerOptionSpec &spec : plugin->options)
            if (spec.matches(key)) {
                value = defaultValue(spec);
                break;
            }
    }
    info.runner.opts.append({key, value});
    m_document->setInfo(info, tr("Add Runner Option %1").arg(key));
    const int row = m_opts->rowOfKey(key);
    if (row < 0)
        return;
    const QModelIndex index =
        m_opts->index(row, requestedKey.isEmpty() ? RunnerOptsModel::KeyColumn : RunnerOptsModel::ValueColumn);
    m_optsView->setCurrentIndex(index);
    m_optsView->setFocus(Qt::OtherFocusReason);
    m_optsView->edit(index);
}

void RunnerEditor::removeSelectedOptions()
{
    QList<int> rows;
    for (const QModelIndex &index : m_optsView->selectionModel()->selectedRows())
        rows.append(index.row());
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end(), std::greater<>());
    carton::CartonInfo info = m_document->info();
    const QString first = info.runner.opts.value(rows.last()).first;
    for (int row : std::as_const(rows))
        if (row < info.runner.opts.size())
            info.runner.opts.removeAt(row);
    m_document->setInfo(info, rows.size() == 1 ? tr("Remove Runner Option %1").arg(first)
                                               : tr("Remove %n Runner Options", nullptr, int(rows.size())));
}

bool RunnerEditor::revealField(const QString &field)
{
    QWidget *target = nullptr;
    if (field == u"runner" || field == u"runner.runner_name")
        target = m_name;
    else if (field == u"runner.required_framework_version")
        target = m_version;
    else if (field == u"runner.runner_compat_version")
        target = m_compat;
    else if (field == u"runner.opts")
        target = m_optsView;
    else if (field.startsWith(u"runner.opts.")) {
        const int row = m_opts->rowOfKey(field.mid(12));
        if (row < 0)
            return false;
        const QModelIndex index = m_opts->index(row, RunnerOptsModel::ValueColumn);
        m_optsView->setCurrentIndex(index);
        m_optsView->scrollTo(index);
        target = m_optsView;
    }
    if (!target)
        return false;
    target->setFocus(Qt::OtherFocusReason);
    return true;
}

} // namespace studio
