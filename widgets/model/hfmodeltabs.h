// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "model/hffiles.h"

#include <QObject>
#include <QString>
#include <memory>

class QTabWidget;
class QTreeView;

namespace carton {
class Carton;
struct HfModelInfo;
class HfVocabulary;
} // namespace carton

namespace studio {

class DescriptionBrowser;
class JsonTreeModel;
class TokenizerPane;

// What a Hugging Face model folder, or a carton holding one under model/, says
// besides its weights; read off the GUI thread by read().
struct HfModelData {
    std::shared_ptr<const carton::HfModelInfo> info; // null: no config.json (or it failed: error)
    std::shared_ptr<const carton::HfVocabulary> vocabulary;
    QString error;           // config.json, tokenizer or card could not be read
    QString vocabularyError; // tokenizer.json read but its vocabulary not
    QString cartonFolder;    // in a carton: the folder holding config.json ("model/")

    // A carton's (the shallowest model/ folder with config.json), or a folder on
    // disk's (`path`, when it is a Hugging Face model folder); empty otherwise.
    static HfModelData read(const std::shared_ptr<const carton::Carton> &carton, const QString &path);
    // The same through `reader` (a folder's or a carton's files, named `location` in
    // errors): tokenizer.json is read once, for the summary and the vocabulary.
    static HfModelData read(const carton::HfFileReader &reader, const QString &location);
};

// The Model tab's Config, Tokenizer and Card tabs, added to `tabs` and shown only
// when the model has them: config.json as a tree, the tokenizer (TokenizerPane),
// and the README.md card rendered as markdown with its front matter as fields.
// Card images are the card's local files only (CardImages: safe relative paths,
// read through the folder's or carton's reader with DescriptionBrowser's size cap);
// remote images are never fetched here.
class HfModelTabs final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HfModelTabs)

public:
    // `carton` or `path` (a folder) is where card images are read from.
    HfModelTabs(QTabWidget *tabs, std::shared_ptr<const carton::Carton> carton, const QString &path,
                QObject *parent = nullptr);
    ~HfModelTabs() override;

    void show(const HfModelData &data);
    // The architecture summary for the top of the Model tab's summary (empty when none).
    QString summaryHtml() const { return m_summaryHtml; }

    QTreeView *configView() const { return m_configView; }
    JsonTreeModel *configModel() const { return m_config; }
    TokenizerPane *tokenizer() const { return m_tokenizer; }
    DescriptionBrowser *card() const { return m_card; }

private:
    QTabWidget *m_tabs;
    std::shared_ptr<const carton::Carton> m_carton;
    QString m_path;
    JsonTreeModel *m_config;
    QTreeView *m_configView;
    TokenizerPane *m_tokenizer;
    DescriptionBrowser *m_card;
    QString m_summaryHtml;
};

} // namespace studio
