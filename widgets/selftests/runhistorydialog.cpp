// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "runhistorydialog.h"

#include "selftesttext.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace studio {

RunHistoryDialog::RunHistoryDialog(const QString &folder, const QString &historyKey, QWidget *parent) : QDialog(parent)
{
    setObjectName(u"runHistoryDialog"_s);
    setWindowTitle(tr("Self-test History"));
    m_status = new QLabel;
    m_status->setObjectName(u"historyStatus"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_list = new QListWidget;
    m_list->setObjectName(u"historyRuns"_s);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_changes = new QPlainTextEdit;
    m_changes->setObjectName(u"historyChanges"_s);
    m_changes->setReadOnly(true);
    m_changes->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_list);
    split->addWidget(m_changes);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(820, 560);

    const carton::Result<QList<carton::RunRecord>> runs = carton::RunHistory::load(folder, historyKey);
    if (!runs) {
        m_status->setText(tr("The history cannot be read: %1").arg(runs.error().toString()));
        return;
    }
    m_runs = *runs;
    m_status->setText(m_runs.isEmpty() ? tr("No runs of this model are kept yet.")
                                       : tr("%n run(s) kept (the newest 50). Select a run to see what changed "
                                            "since the one before it, or two runs to compare them.",
                                            nullptr, int(m_runs.size())));
    for (qsizetype i = m_runs.size() - 1; i >= 0; --i) {
        const carton::RunRecord &r = m_runs.at(i);
        qsizetype passed = 0;
        for (const carton::HistoryTest &t : r.tests)
            passed += t.status == u"passed";
        auto *item = new QListWidgetItem(
            tr("%1 — %2 — %3 of %4 passed")
                .arg(SelfTestText::dateTime(r.date), r.runner.isEmpty() ? tr("unknown runner") : r.runner)
                .arg(passed)
                .arg(r.tests.size()));
        item->setData(Qt::UserRole, int(i));
        item->setToolTip(r.sandbox);
        m_list->addItem(item);
    }
    connect(m_list, &QListWidget::itemSelectionChanged, this, &RunHistoryDialog::showChanges);
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
}

void RunHistoryDialog::showChanges()
{
    QList<int> picked;
    for (const QListWidgetItem *item : m_list->selectedItems())
        picked.append(item->data(Qt::UserRole).toInt());
    std::sort(picked.begin(), picked.end());
    if (picked.isEmpty()) {
        m_changes->clear();
        return;
    }
    const int newer = picked.last();
    const int older = picked.size() >= 2 ? picked.first() : newer - 1;
    if (older < 0) {
        m_changes->setPlainText(tr("The first run kept: nothing to compare it with."));
        return;
    }
    const QStringList lines = carton::runRecordChanges(m_runs.at(older), m_runs.at(newer));
    QString text =
        tr("From %1 to %2:")
            .arg(SelfTestText::dateTime(m_runs.at(older).date), SelfTestText::dateTime(m_runs.at(newer).date)) +
        u'\n';
    text += lines.isEmpty() ? tr("No verdict, figure, runner, sandbox or tolerance changed.") : lines.join(u'\n');
    m_changes->setPlainText(text);
}

carton::Status RunHistoryDialog::keep(const carton::SelfTestRun &run)
{
    const QString folder = carton::RunHistory::defaultFolder();
    if (folder.isEmpty())
        return carton::makeError(carton::ErrorCode::Io, tr("there is no folder for the user's data"));
    return carton::RunHistory::append(folder, carton::runRecordOf(run, QDateTime::currentDateTimeUtc()));
}

} // namespace studio
