// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/limits.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "model/hffiles.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace carton {

// What a Hugging Face model folder says about its model, beside its weights:
// config.json (architecture summary), generation_config.json, tokenizer.json and
// tokenizer_config.json (vocabulary, special tokens, chat template) and the README.md
// model card (YAML front matter, first paragraph). Every file is optional except
// config.json; each is read with a size cap and parsed as data (JSON, a small YAML
// subset), never run.
struct HfModelInfo {
    // config.json
    QString modelType;                   // "llama"
    QStringList architectures;           // "LlamaForCausalLM"
    std::optional<qint64> layers;        // num_hidden_layers / n_layer / num_layers
    std::optional<qint64> hiddenSize;    // hidden_size / n_embd / d_model
    std::optional<qint64> heads;         // num_attention_heads / n_head
    std::optional<qint64> kvHeads;       // num_key_value_heads
    std::optional<qint64> vocabSize;     // vocab_size
    std::optional<qint64> contextLength; // max_position_embeddings / n_positions / ...
    QString dtype;                       // torch_dtype / dtype
    QJsonObject config;                  // the whole of config.json, for its tree
    // generation_config.json, as key = value text
    QList<std::pair<QString, QString>> generation;
    // tokenizer.json / tokenizer_config.json
    bool hasTokenizer = false;
    QString tokenizerType; // tokenizer.json's model.type: "BPE", "WordPiece", "Unigram", "WordLevel"
    struct AddedToken {
        qint64 id = -1;
        QString content;
        bool special = false;
    };
    QList<AddedToken> addedTokens; // tokenizer.json's added_tokens, in file order
    qint64 tokenizerVocabSize = 0; // the model's vocabulary plus added tokens not in it
    QStringList specialTokens;
    QString chatTemplate; // as text (several named templates: "name:\n…" each)
    // README.md
    bool hasCard = false;
    bool cardHasFrontMatter = false;
    QList<std::pair<QString, QString>> cardFields; // front matter: key, value (lists joined by ", ")
    QString cardFirstParagraph;
    QString cardText; // the card without its front matter
    QString cardField(const QString &key) const;
    // The weights' files: model.safetensors, or the index and its shards.
    QString weightsIndex; // "model.safetensors.index.json" when sharded
    QStringList weightFiles;
};

// True when `dir` holds config.json and model.safetensors or model.safetensors.index.json.
CARTONCORE_EXPORT bool isHfModelFolder(const QString &dir);
CARTONCORE_EXPORT Result<HfModelInfo> readHfModelInfo(const QString &dir, const Limits &limits = {});
// The same from any place the folder's files are read from (a carton's model/):
// everything but the weights' files; `location` names the folder in errors. When
// `tokenizerJson` is given it receives tokenizer.json's bytes as read (nullopt when
// there is none), so that a caller wanting its vocabulary (HfVocabulary) reads the
// file once.
CARTONCORE_EXPORT Result<HfModelInfo> readHfModelInfo(const HfFileReader &read, const QString &location,
                                                      std::optional<QByteArray> *tokenizerJson = nullptr);
// The YAML front matter of a model card ("---" lines around it) as flat key/value
// pairs: scalars, quoted strings, [inline, lists] and "- item" lists; nested maps are
// given as their keys' text. nullopt when the card has none.
CARTONCORE_EXPORT std::optional<QList<std::pair<QString, QString>>> cardFrontMatter(const QString &card,
                                                                                    QString *rest = nullptr);

} // namespace carton
