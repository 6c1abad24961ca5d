// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace carton {

// The vocabulary of a Hugging Face tokenizer.json, by token id: the model's
// vocabulary (BPE, WordPiece and WordLevel: {"token": id}; Unigram: [[piece, score],
// ...] by position) and the added tokens. Read as data, with caps: at most
// maxTokens entries, ids below maxId and below twice the entries plus 65,536 (a
// hostile file cannot make a huge table of gaps).
class CARTONCORE_EXPORT HfVocabulary final {
public:
    static constexpr qint64 maxTokens = 4'000'000;
    static constexpr qint64 maxId = 16'000'000;

    enum Flag : quint8 { Added = 1, Special = 2 };
    // How tokens spell text: GPT-2's byte-level alphabet ("Ġthe"), SentencePiece's
    // metaspace ("▁the") or the text itself.
    enum class Spelling { Plain, ByteLevel, Metaspace };

    static Result<HfVocabulary> fromJson(const QByteArray &tokenizerJson, const QString &location);

    // One more than the largest id (ids without a token read as empty).
    qint64 size() const { return m_tokens.size(); }
    // Ids that have a token.
    qint64 tokenCount() const { return m_count; }
    QString type() const { return m_type; }
    Spelling spelling() const { return m_spelling; }
    QString token(qint64 id) const { return id >= 0 && id < size() ? m_tokens[id] : QString(); }
    bool hasToken(qint64 id) const { return id >= 0 && id < size() && !m_tokens[id].isNull(); }
    quint8 flags(qint64 id) const { return id >= 0 && id < size() ? quint8(m_flags[id]) : quint8(0); }
    // The text a token stands for, whitespace made visible ("Ġthe" -> "␣the",
    // "Ċ" -> "↵"); byte-level bytes that are no whole UTF-8 character show as <0xNN>.
    QString text(qint64 id) const { return id >= 0 && id < size() ? m_texts[id] : QString(); }
    static QString spelledText(const QString &token, Spelling spelling);

private:
    QStringList m_tokens;
    QStringList m_texts; // text(), made once when read
    QByteArray m_flags;
    qint64 m_count = 0;
    QString m_type;
    Spelling m_spelling = Spelling::Plain;
};

} // namespace carton
