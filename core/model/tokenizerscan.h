// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// Internal to cartoncore: the one reader of a Hugging Face tokenizer.json, for the
// model summary (HfModelInfo: vocabulary size, added and special tokens) and the
// vocabulary view (HfVocabulary: every token by id). The file is walked once with
// JsonScanner and everything else is skipped unbuilt: a 128k-token vocabulary with
// its merges made a QJsonDocument of several MB, most of the time of `carton model`
// on a Hugging Face folder and of opening the Tokenizer tab. The text must outlive
// the scan: entries are views into it. Duplicate members ("model", "vocab",
// "added_tokens"): the last one counts, as in QJsonDocument.

#include "base/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QSet>
#include <QString>

namespace carton {

struct TokenizerScan {
    struct Added {
        qint64 id = -1;
        QString content;
        bool special = false;
    };
    // One entry of model.vocab, in file order.
    struct Entry {
        enum class Kind : quint8 {
            Keyed, // {"token": id}: `id` is the value's number text, empty when the value is no number
            Piece, // [["piece", score], ...]: `id` empty (the position is the id)
            Bare,  // ["piece", ...]: a string without its score
            Other, // an element that is neither: the token reads as ""
        };
        QByteArrayView token; // UTF-8: a view into the text, or into `decoded` when written with escapes
        QByteArrayView id;
        Kind kind = Kind::Keyed;
    };
    enum class VocabKind { None, Object, Array, Other };

    QString type; // model.type: "BPE", "WordPiece", "Unigram", "WordLevel"
    bool hasMerges = false;
    VocabKind vocabKind = VocabKind::None; // Other: model.vocab is neither an object, a list nor null
    QList<Entry> vocab;
    QByteArray decoded; // vocabulary entries written with escapes, decoded (capacity reserved: views stay valid)
    QList<Added> added;
    // The raw JSON text of the top-level "decoder" and "pre_tokenizer" members.
    QByteArrayView decoder;
    QByteArrayView preTokenizer;

    // The distinct tokens of model.vocab (a Piece's or Keyed's text; "" for the others).
    QSet<QByteArrayView> tokenSet() const;
};

// Checks the text is UTF-8 and scans it; errors name `path` and say "not JSON" only
// for text that is no JSON at all.
Result<TokenizerScan> scanTokenizer(QByteArrayView text, const QString &path);

} // namespace carton
