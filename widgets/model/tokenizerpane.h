// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QWidget>
#include <memory>

class QLabel;
class QLineEdit;
class QTableView;
class QTextBrowser;
class QTimer;

namespace carton {
struct HfModelInfo;
class HfVocabulary;
} // namespace carton

namespace studio {

class VocabularyModel;

// The Model tab's Tokenizer tab: what the tokenizer is (type, vocabulary size,
// special and added tokens, the chat template as text) and its whole vocabulary,
// searchable by substring and by id (VocabularyModel).
class TokenizerPane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenizerPane)

public:
    explicit TokenizerPane(QWidget *parent = nullptr);
    ~TokenizerPane() override;

    // `vocabulary` may be null (`error` then says why, or there is no tokenizer.json).
    void show(const carton::HfModelInfo &info, std::shared_ptr<const carton::HfVocabulary> vocabulary,
              const QString &error);
    void clear();

    QTextBrowser *about() const { return m_about; }
    QLineEdit *filterEdit() const { return m_filter; }
    QTableView *table() const { return m_table; }
    VocabularyModel *model() const { return m_model; }
    QLabel *countLabel() const { return m_count; }
    // Applies the filter typed so far at once (typing waits a moment first).
    void applyFilter();

private:
    void updateCount();

    QTextBrowser *m_about;
    QLineEdit *m_filter;
    QTableView *m_table;
    VocabularyModel *m_model;
    QLabel *m_count;
    QTimer *m_typing;
};

} // namespace studio
