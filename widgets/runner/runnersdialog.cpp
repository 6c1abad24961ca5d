// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runnersdialog.h"

#include "runner/runnerregistry.h"
#include "style/tone.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace studio {

namespace {

QString jsonText(const QJsonValue &v)
{
    if (v.isUndefined() || v.isNull())
        return {};
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 12);
    return QString::fromUtf8(QJsonDocument::fromVariant(v.toVariant()).toJson(QJsonDocument::Compact));
}

} // namespace

RunnersDialog::RunnersDialog(const carton::RunnerRegistry &registry, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Runner Plugins"));
    setObjectName(QStringLiteral("runnersDialog"));
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("runnersTree"));
    m_tree->setHeaderLabels({tr("Runner"), tr("Framework version"), tr("Compat versions"), tr("File / details")});
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);

    for (const carton::RunnerPluginInfo &p : registry.plugins()) {
        QStringList compat;
        for (qint64 v : p.compatVersions)
            compat.append(QString::number(v));
        auto *item = new QTreeWidgetItem(m_tree, {p.runnerName, p.frameworkVersion, compat.join(QStringLiteral(", ")),
                                                  QDir::toNativeSeparators(p.path)});
        item->setToolTip(0, p.description);
        item->setToolTip(3, QDir::toNativeSeparators(p.path));
        for (const carton::RunnerOptionSpec &o : p.options) {
            const QString def = jsonText(o.defaultValue);
            QString details = carton::RunnerOptionSpec::typeName(o.type);
            if (!def.isEmpty())
                details += tr(", default %1").arg(def);
            if (!o.description.isEmpty())
                details += QStringLiteral(" — ") + o.description;
            auto *option = new QTreeWidgetItem(item, {tr("option %1").arg(o.name), QString(), QString(), details});
            option->setToolTip(3, details);
        }
    }
    for (const carton::RunnerLoadProblem &problem : registry.problems()) {
        auto *item = new QTreeWidgetItem(
            m_tree, {tr("(not usable)"), QString(), QString(),
                     QDir::toNativeSeparators(problem.path) + QStringLiteral(": ") + problem.message});
        item->setForeground(0, toneColor(Tone::Bad));
        item->setToolTip(3, problem.message);
    }
    m_tree->expandAll();
    for (int c = 0; c < 3; ++c)
        m_tree->resizeColumnToContents(c);

    QStringList folders;
    for (const QString &f : registry.searchPaths())
        folders.append(QDir::toNativeSeparators(f));
    auto *searched = new QLabel(
        tr("Searched, in this order (the CARTON_RUNNER_PATH folders first):\n%1").arg(folders.join(QLatin1Char('\n'))));
    searched->setObjectName(QStringLiteral("runnerSearchPaths"));
    searched->setTextInteractionFlags(Qt::TextSelectableByMouse);
    searched->setWordWrap(true);
    auto *summary = new QLabel(registry.plugins().isEmpty()
                                   ? tr("No runner plugins were found: self-tests cannot run.")
                                   : tr("%n runner plugin(s) found.", nullptr, int(registry.plugins().size())));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary);
    layout->addWidget(m_tree, 1);
    layout->addWidget(searched);
    layout->addWidget(buttons);
    resize(820, 420);
}

} // namespace studio
