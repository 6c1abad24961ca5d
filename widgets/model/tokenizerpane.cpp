// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tokenizerpane.h"

#include "common/viewutils.h"
#include "hfsummary.h"
#include "model/hfmodelinfo.h"
#include "model/hfvocabulary.h"
#include "vocabularymodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace studio {

TokenizerPane::TokenizerPane(QWidget *parent)
    : QWidget(parent), m_about(new QTextBrowser), m_table(new QTableView), m_model(new VocabularyModel(this)),
      m_count(new QLabel), m_typing(new QTimer(this))
{
    m_about->setObjectName(QStringLiteral("tokenizerAbout"));
    m_about->setOpenLinks(false);
    m_filter = createFilterEdit(this, tr("Search the vocabulary: text, #id or id range 100-200"),
                                QStringLiteral("vocabularyFilter"));
    m_typing->setSingleShot(true);
    m_typing->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_typing, qOverload<>(&QTimer::start));
    connect(m_typing, &QTimer::timeout, this, &TokenizerPane::applyFilter);
    connect(m_filter, &QLineEdit::returnPressed, this, &TokenizerPane::applyFilter);

    m_table->setObjectName(QStringLiteral("vocabularyTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Fixed row heights: the view never measures 100,000 rows.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int digit = m_table->fontMetrics().horizontalAdvance(u'0');
    m_table->horizontalHeader()->resizeSection(VocabularyModel::IdColumn, digit * 9);
    m_table->horizontalHeader()->resizeSection(VocabularyModel::TokenColumn, digit * 24);
    m_table->horizontalHeader()->resizeSection(VocabularyModel::TextColumn, digit * 24);
    m_count->setObjectName(QStringLiteral("vocabularyCount"));

    auto *vocabulary = new QWidget;
    auto *vocabularyLayout = new QVBoxLayout(vocabulary);
    vocabularyLayout->setContentsMargins(0, 0, 0, 0);
    auto *search = new QHBoxLayout;
    search->addWidget(m_filter, 1);
    search->addWidget(m_count);
    vocabularyLayout->addLayout(search);
    vocabularyLayout->addWidget(m_table, 1);
    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(m_about);
    split->addWidget(vocabulary);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    updateCount();
}

TokenizerPane::~TokenizerPane() = default;

void TokenizerPane::show(const carton::HfModelInfo &info, std::shared_ptr<const carton::HfVocabulary> vocabulary,
                         const QString &error)
{
    QString html = HfSummary::tokenizerHtml(info, vocabulary.get());
    if (!error.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(tr("The vocabulary cannot be shown: %1").arg(error).toHtmlEscaped());
    m_about->setHtml(html);
    m_model->setVocabulary(std::move(vocabulary));
    updateCount();
}

void TokenizerPane::clear()
{
    m_about->clear();
    m_model->setVocabulary(nullptr);
    updateCount();
}

void TokenizerPane::applyFilter()
{
    m_typing->stop();
    m_model->setFilter(m_filter->text());
    updateCount();
}

void TokenizerPane::updateCount()
{
    const auto &v = m_model->vocabulary();
    if (!v) {
        m_count->clear();
        return;
    }
    m_count->setText(
        m_model->filter().trimmed().isEmpty()
            ? tr("%1 tokens").arg(QLocale().toString(v->tokenCount()))
            : tr("%1 of %2 tokens").arg(QLocale().toString(m_model->rowCount()), QLocale().toString(v->tokenCount())));
}

} // namespace studio
