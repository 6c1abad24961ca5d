// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QCoreApplication>
#include <QString>

namespace carton {
struct HfModelInfo;
class HfVocabulary;
} // namespace carton

namespace studio {

// What the Model tab says of a Hugging Face model folder (or a carton holding one)
// besides its weights, as HTML for a QTextBrowser: the architecture from config.json
// and generation_config.json, the tokenizer, and the card's front matter.
class HfSummary final {
    Q_DECLARE_TR_FUNCTIONS(studio::HfSummary)

public:
    // Model type, architectures, layers, hidden size, heads, vocabulary, context
    // length, dtype; a line each for the tokenizer and the card; generation settings.
    static QString architectureHtml(const carton::HfModelInfo &info);
    // Type, vocabulary size, special tokens, added tokens, the chat template as text.
    static QString tokenizerHtml(const carton::HfModelInfo &info, const carton::HfVocabulary *vocabulary);
    // The card's YAML front matter as a table of fields ("no front matter" when none).
    static QString cardFieldsHtml(const carton::HfModelInfo &info);
};

} // namespace studio
