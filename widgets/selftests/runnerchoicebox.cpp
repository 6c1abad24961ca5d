// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnerchoicebox.h"

#include "package/carton.h"
#include "runner/runnerregistry.h"
#include "runner/runnersessionfactory.h"
#include "selftestcommand.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>

namespace studio {

using namespace Qt::StringLiterals;

namespace {

carton::RunnerRegistry scanRegistry(const QStringList &paths)
{
    return carton::RunnerRegistry::scan(paths.isEmpty() ? carton::RunnerRegistry::defaultSearchPaths() : paths);
}

} // namespace

RunnerChoiceBox::RunnerChoiceBox(std::shared_ptr<const carton::Carton> carton, QSettings *settings, QWidget *parent)
    : QComboBox(parent), m_carton(std::move(carton)), m_settings(settings)
{
    setObjectName(QStringLiteral("runnerBox"));
    setToolTip(tr("Run with another runner plugin, whatever the carton's [runner] asks for"));
    refresh();
    connect(this, &QComboBox::currentIndexChanged, this, &RunnerChoiceBox::chosen);
}

QString RunnerChoiceBox::serverItem()
{
    return QStringLiteral("\x01kserve-server");
}

void RunnerChoiceBox::setPluginSearchPaths(const QStringList &paths)
{
    m_searchPaths = paths;
    refresh();
}

// The carton's own choice, then every installed runner by name (a forced run).
void RunnerChoiceBox::refresh()
{
    const QSignalBlocker blocker(this); // not a choice of the user's
    QString current = currentData().toString();
    if (current == serverItem())
        current.clear(); // re-selected below while a server is set
    clear();
    const QString cartonRunner = m_carton && m_carton->info() ? m_carton->info()->runner.runnerName : QString();
    addItem(tr("As the carton says (%1)").arg(cartonRunner), QString());
    const carton::RunnerRegistry registry = scanRegistry(m_searchPaths);
    QStringList names;
    for (const carton::RunnerPluginInfo &p : registry.plugins())
        if (!names.contains(p.runnerName))
            names.append(p.runnerName);
    for (const QString &name : std::as_const(names))
        addItem(tr("%1 (forced)").arg(name), name);
    if (names.contains(u"kserve"_s))
        addItem(m_url.isEmpty() ? tr("Triton / KServe server…") : tr("Server %1").arg(m_url), serverItem());
    setCurrentIndex(std::max(0, findData(m_url.isEmpty() ? current : serverItem())));
    m_lastIndex = currentIndex();
}

void RunnerChoiceBox::setServer(const QString &url, const QString &model)
{
    m_url = url.trimmed();
    m_model = model.trimmed();
    refresh();
}

QString RunnerChoiceBox::forcedRunner() const
{
    return m_url.isEmpty() ? currentData().toString() : QString();
}

bool RunnerChoiceBox::choose(const QString &data)
{
    const int index = findData(data);
    if (index < 0)
        return false;
    if (data == serverItem())
        return chosen(index); // the server dialog, showing the URL that failed
    setCurrentIndex(index);
    return true;
}

bool RunnerChoiceBox::chosen(int index)
{
    if (itemData(index).toString() != serverItem()) {
        m_url.clear();
        m_lastIndex = index;
        return true;
    }
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Run on a Triton / KServe Server"));
    auto *url = new QLineEdit(!m_url.isEmpty() ? m_url
                              : m_settings     ? m_settings->value(u"selfTests/kserveUrl"_s).toString()
                                               : QString());
    url->setObjectName(QStringLiteral("kserveUrl"));
    url->setPlaceholderText(u"http://localhost:8000"_s);
    // Room for a real server's address, not only the placeholder's.
    url->setMinimumWidth(url->fontMetrics().horizontalAdvance(u"https://inference.example.internal:8000/v2"_s));
    auto *model = new QLineEdit(m_model);
    model->setObjectName(QStringLiteral("kserveModel"));
    model->setPlaceholderText(m_carton && m_carton->info() ? m_carton->info()->modelName.value_or(QString())
                                                           : QString());
    auto *form = new QFormLayout(&dialog);
    auto *note = new QLabel(tr("The carton's self-tests run on the server's model (KServe v2 protocol, binary tensor "
                               "data), whatever runner the carton names. The model's inputs and outputs are checked "
                               "against the carton's before anything is sent."));
    note->setWordWrap(true);
    form->addRow(note);
    form->addRow(tr("Server URL:"), url);
    form->addRow(tr("Model name:"), model);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted || url->text().trimmed().isEmpty()) {
        const QSignalBlocker blocker(this);
        setCurrentIndex(m_lastIndex);
        return false;
    }
    if (m_settings)
        m_settings->setValue(u"selfTests/kserveUrl"_s, url->text().trimmed());
    setServer(url->text(), model->text());
    return true;
}

QString RunnerChoiceBox::forceableRunner(QString *name) const
{
    if (!m_carton || !m_carton->info())
        return {};
    const auto plugin = scanRegistry(m_searchPaths).forceCandidate(m_carton->info()->runner);
    if (!plugin)
        return {}; // one matches (the run failed for another reason), or none of that name is installed
    *name = plugin->runnerName;
    return plugin->runnerName + u' ' + plugin->frameworkVersion;
}

void RunnerChoiceBox::applyTo(carton::RunnerChoice &choice) const
{
    if (!m_url.isEmpty()) {
        choice.kserveUrl = m_url;
        choice.kserveModel = m_model;
    } else {
        choice.runnerName = currentData().toString();
        choice.force = !choice.runnerName.isEmpty();
    }
}

void RunnerChoiceBox::describe(SelfTestCommand &command) const
{
    command.runnerName = forcedRunner();
    command.kserveUrl = m_url;
    command.kserveModel = m_model;
}

} // namespace studio
