// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hfmodeltabs.h"

#include "description/descriptionbrowser.h"
#include "hfsummary.h"
#include "jsontreemodel.h"
#include "markdown/markdownrenderer.h"
#include "model/hfcard.h"
#include "model/hffiles.h"
#include "model/hfmodelinfo.h"
#include "model/hfvocabulary.h"
#include "package/carton.h"
#include "tokenizerpane.h"

#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QTabWidget>
#include <QTreeView>

namespace studio {

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

// A card image's bytes by its misc/ path (CardImages made the card's local images
// "@misc/PATH"): PATH beside the card, or (in a carton) the carton's misc/PATH.
Result<QByteArray> readCardImage(const HfFileReader &beside, const std::shared_ptr<const Carton> &carton,
                                 const QString &archivePath, qint64 maxBytes)
{
    if (!archivePath.startsWith(QLatin1String("misc/")))
        return makeError(ErrorCode::NotFound, QStringLiteral("not a card image"), archivePath);
    Result<std::optional<QByteArray>> bytes = beside(archivePath.mid(5), maxBytes);
    if (!bytes)
        return bytes.error();
    if (*bytes)
        return std::move(**bytes);
    if (carton && carton->source().find(archivePath))
        return carton->source().read(archivePath, maxBytes);
    return makeError(ErrorCode::NotFound, QStringLiteral("no such file beside the card"), archivePath.mid(5));
}

} // namespace

HfModelData HfModelData::read(const std::shared_ptr<const Carton> &carton, const QString &path)
{
    if (carton) {
        const std::optional<QString> folder = hfFolderInCarton(carton->source());
        if (!folder)
            return {};
        HfModelData data =
            read(hfCartonReader(carton->source(), *folder), carton->source().path() + u'/' + folder->chopped(1));
        data.cartonFolder = *folder;
        return data;
    }
    if (QFileInfo(path).isDir() && isHfModelFolder(path))
        return read(hfFolderReader(path), path);
    return {};
}

HfModelData HfModelData::read(const HfFileReader &reader, const QString &location)
{
    HfModelData data;
    std::optional<QByteArray> tokenizerJson;
    Result<HfModelInfo> info = readHfModelInfo(reader, location, &tokenizerJson);
    if (!info) {
        data.error = info.error().toString();
        return data;
    }
    if (info->hasTokenizer && tokenizerJson) {
        Result<HfVocabulary> vocabulary =
            HfVocabulary::fromJson(*tokenizerJson, QDir(location).filePath(u"tokenizer.json"_s));
        if (vocabulary)
            data.vocabulary = std::make_shared<const HfVocabulary>(std::move(vocabulary).value());
        else
            data.vocabularyError = vocabulary.error().toString();
    }
    data.info = std::make_shared<const HfModelInfo>(std::move(info).value());
    return data;
}

HfModelTabs::HfModelTabs(QTabWidget *tabs, std::shared_ptr<const Carton> carton, const QString &path, QObject *parent)
    : QObject(parent), m_tabs(tabs), m_carton(std::move(carton)), m_path(path), m_config(new JsonTreeModel(this)),
      m_configView(new QTreeView), m_tokenizer(new TokenizerPane), m_card(new DescriptionBrowser)
{
    m_configView->setObjectName(QStringLiteral("hfConfigTree"));
    m_configView->setModel(m_config);
    m_configView->setUniformRowHeights(true);
    m_configView->setAlternatingRowColors(true);
    m_configView->header()->setStretchLastSection(false);
    m_configView->header()->setSectionResizeMode(JsonTreeModel::ValueColumn, QHeaderView::Stretch);
    const int digit = m_configView->fontMetrics().horizontalAdvance(u'0');
    m_configView->header()->resizeSection(JsonTreeModel::KeyColumn, digit * 30);
    m_configView->header()->resizeSection(JsonTreeModel::TypeColumn, digit * 9);
    m_tokenizer->setObjectName(QStringLiteral("hfTokenizer"));
    m_card->setObjectName(QStringLiteral("hfCard"));
    m_tabs->addTab(m_configView, tr("Config"));
    m_tabs->addTab(m_tokenizer, tr("Tokenizer"));
    m_tabs->addTab(m_card, tr("Card"));
    for (QWidget *w :
         {static_cast<QWidget *>(m_configView), static_cast<QWidget *>(m_tokenizer), static_cast<QWidget *>(m_card)})
        m_tabs->setTabVisible(m_tabs->indexOf(w), false);
}

HfModelTabs::~HfModelTabs() = default;

void HfModelTabs::show(const HfModelData &data)
{
    const HfModelInfo *info = data.info.get();
    m_summaryHtml.clear();
    if (!data.error.isEmpty())
        m_summaryHtml =
            u"<h3>"_s + tr("Hugging Face model").toHtmlEscaped() + u"</h3><p>"_s +
            tr("config.json, the tokenizer or the card cannot be read: %1").arg(data.error).toHtmlEscaped() + u"</p>"_s;
    else if (info)
        m_summaryHtml = HfSummary::architectureHtml(*info);

    m_config->setObject(info ? info->config : QJsonObject());
    m_configView->expandToDepth(0);
    m_tabs->setTabVisible(m_tabs->indexOf(m_configView), info != nullptr);

    const bool tokenizer = info && info->hasTokenizer;
    if (tokenizer)
        m_tokenizer->show(*info, data.vocabulary, data.vocabularyError);
    else
        m_tokenizer->clear();
    m_tabs->setTabVisible(m_tabs->indexOf(m_tokenizer), tokenizer);

    const bool card = info && info->hasCard;
    m_tabs->setTabVisible(m_tabs->indexOf(m_card), card);
    if (!card) {
        m_card->clear();
        return;
    }
    const HfFileReader beside =
        m_carton ? hfCartonReader(m_carton->source(), data.cartonFolder) : hfFolderReader(m_path);
    // The reader runs on a worker thread: it holds copies (and the carton, which owns the source).
    m_card->setFileReader([beside, carton = m_carton](const QString &archivePath, qint64 maxBytes) {
        return readCardImage(beside, carton, archivePath, maxBytes);
    });
    const RenderedMarkdown rendered = MarkdownRenderer::render(CardImages::fromCard(info->cardText).markdown);
    m_card->showSafeHtml(HfSummary::cardFieldsHtml(*info) + rendered.html);
}

} // namespace studio
