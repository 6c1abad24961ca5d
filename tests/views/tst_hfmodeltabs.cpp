// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Model tab of a Hugging Face model folder and of a carton holding one: the
// architecture summary, config.json as a tree, the tokenizer with its searchable
// vocabulary (120,000 tokens), and the card with its front matter and local images
// (never one outside the folder, never a remote one).
#include "description/descriptionbrowser.h"
#include "jobs/jobpools.h"
#include "markdown/markdownrenderer.h"
#include "model/hfmodelinfo.h"
#include "model/hfmodeltabs.h"
#include "model/hfvocabulary.h"
#include "model/jsontreemodel.h"
#include "model/modelpage.h"
#include "model/modelset.h"
#include "model/tokenizerpane.h"
#include "model/vocabularymodel.h"
#include "testcartons.h"
#include "testimages.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace studio;

namespace {

constexpr int kTokens = 120000;

QByteArray png(int width, int height, Qt::GlobalColor colour)
{
    return testutil::pngBytes(QSize(width, height), colour);
}

// config.json, model.safetensors, tokenizer.json (kTokens byte-level BPE tokens
// "tN" plus "Ġhello" and three added tokens), tokenizer_config.json with a chat
// template, and a card with front matter and three images: one beside it, one
// outside the folder, one remote.
QMap<QString, QByteArray> hfFiles(int tokens = kTokens)
{
    QByteArray vocab = "{";
    for (int i = 0; i < tokens; ++i)
        vocab += "\"t" + QByteArray::number(i) + "\":" + QByteArray::number(i) + ',';
    vocab += "\"\\u0120hello\":" + QByteArray::number(tokens) + '}';
    QMap<QString, QByteArray> files;
    files.insert(u"config.json"_s, R"({"architectures": ["LlamaForCausalLM"], "model_type": "llama",
        "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2,
        "vocab_size": 120004, "max_position_embeddings": 2048, "torch_dtype": "bfloat16",
        "rope_scaling": {"factor": 8.0, "rope_type": "llama3"}, "tie_word_embeddings": false})");
    files.insert(u"model.safetensors"_s,
                 testutil::safetensorsFile(R"({"embed.weight":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})",
                                           QByteArray(8, '\0')));
    const auto id = [tokens](int k) { return QByteArray::number(tokens + k); };
    files.insert(u"tokenizer.json"_s, R"({"added_tokens": [{"id": )" + id(1) +
                                          R"(, "content": "<|begin_of_text|>", "special": true}, {"id": )" + id(2) +
                                          R"(, "content": "<|eot_id|>", "special": true}, {"id": )" + id(3) +
                                          R"(, "content": "<tool>", "special": false}],
        "pre_tokenizer": {"type": "ByteLevel"}, "decoder": {"type": "ByteLevel"},
        "model": {"type": "BPE", "merges": [], "vocab": )" +
                                          vocab + "}}");
    files.insert(u"tokenizer_config.json"_s, R"({"bos_token": "<|begin_of_text|>", "eos_token": "<|eot_id|>",
        "chat_template": "{% for message in messages %}<|{{ message.role }}|>{{ message.content }}{% endfor %}"})");
    files.insert(u"README.md"_s, "---\nlicense: llama3.1\nlanguage:\n- en\n- de\npipeline_tag: text-generation\n---\n"
                                 "# Tiny Llama\n\nA tiny model for the tests.\n\n"
                                 "![architecture](images/arch.png)\n\n![outside](../outside.png)\n\n"
                                 "![remote](https://example.com/remote.png)\n");
    files.insert(u"images/arch.png"_s, png(40, 20, Qt::red));
    return files;
}

bool writeFiles(const QString &root, const QMap<QString, QByteArray> &files)
{
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        if (!testutil::writeFile(root + u'/' + it.key(), it.value()))
            return false;
    return true;
}

bool tabShown(QTabWidget *tabs, QWidget *page)
{
    return tabs->isTabVisible(tabs->indexOf(page));
}

} // namespace

class TestHfModelTabs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void folderShowsConfigTokenizerAndCard();
    void vocabularySearch();
    void tokenizerReadOnce();
    void cardImagesStayLocal();
    void cartonHoldingAHfModel();
    void modelsUnderTester();
    void plainModelHasNoHfTabs();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QString m_folder;
    std::unique_ptr<ModelPage> m_page;
};

void TestHfModelTabs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_folder = m_dir.filePath(u"tiny-llama"_s);
    QVERIFY(writeFiles(m_folder, hfFiles()));
    QVERIFY(testutil::writeFile(m_dir.filePath(u"outside.png"_s), png(8, 8, Qt::blue)));
    m_page = std::make_unique<ModelPage>(m_folder);
    QSignalSpy loaded(m_page.get(), &ModelPage::loaded);
    m_page->load();
    QVERIFY(loaded.wait(20000));
}

void TestHfModelTabs::cleanupTestCase()
{
    m_page.reset();
    JobPools::waitForAll();
}

void TestHfModelTabs::folderShowsConfigTokenizerAndCard()
{
    ModelPage &page = *m_page;
    QVERIFY2(page.modelSet(), qPrintable(page.statusLabel()->text()));
    QCOMPARE(page.modelSet()->entries().size(), qsizetype(1));
    HfModelTabs *hf = page.hfTabs();
    QTabWidget *tabs = page.sideTabs();
    QVERIFY(tabShown(tabs, hf->configView()));
    QVERIFY(tabShown(tabs, hf->tokenizer()));
    QVERIFY(tabShown(tabs, hf->card()));

    const QString summary = page.summary()->toPlainText();
    for (const QString &part : {u"Hugging Face model"_s, u"LlamaForCausalLM"_s, u"Hidden size"_s, u"64"_s,
                                u"4 (2 key/value)"_s, u"Context length"_s, u"bfloat16"_s, u"license: llama3.1"_s})
        QVERIFY2(summary.contains(part), qPrintable(part + u" not in: "_s + summary));

    // config.json whole, nested objects included.
    JsonTreeModel *config = hf->configModel();
    const QModelIndex factor = config->indexOfPath({u"rope_scaling"_s, u"factor"_s});
    QVERIFY(factor.isValid());
    QCOMPARE(factor.siblingAtColumn(JsonTreeModel::ValueColumn).data().toString(), u"8"_s);
    QCOMPARE(factor.siblingAtColumn(JsonTreeModel::TypeColumn).data().toString(), u"number"_s);
    const QModelIndex rope = config->indexOfPath({u"rope_scaling"_s});
    QCOMPARE(rope.siblingAtColumn(JsonTreeModel::ValueColumn).data().toString(), u"{2 key(s)}"_s);
    QCOMPARE(config->indexOfPath({u"tie_word_embeddings"_s}).siblingAtColumn(1).data().toString(), u"false"_s);

    // The tokenizer: type, size, special and added tokens, the chat template as text.
    TokenizerPane *tokenizer = hf->tokenizer();
    const QString about = tokenizer->about()->toPlainText();
    for (const QString &part : {u"BPE"_s, u"<|begin_of_text|>"_s, u"<|eot_id|>"_s, u"Added tokens (3)"_s, u"<tool>"_s,
                                u"<|{{ message.role }}|>"_s})
        QVERIFY2(about.contains(part), qPrintable(part + u" not in: "_s + about));
    QCOMPARE(tokenizer->model()->rowCount(), kTokens + 4);
    QCOMPARE(tokenizer->countLabel()->text(), u"%1 tokens"_s.arg(QLocale().toString(kTokens + 4)));
}

// The summary's figures and the vocabulary come from one read of tokenizer.json
// (a 128k-token file is several MB): every file through the reader is counted.
void TestHfModelTabs::tokenizerReadOnce()
{
    QHash<QString, int> reads;
    const carton::HfFileReader folder = carton::hfFolderReader(m_folder);
    const carton::HfFileReader counting = [&](const QString &name, qint64 maxBytes) {
        ++reads[name];
        return folder(name, maxBytes);
    };
    const HfModelData data = HfModelData::read(counting, m_folder);
    QVERIFY2(data.error.isEmpty(), qPrintable(data.error));
    QVERIFY(data.info && data.info->hasTokenizer);
    QVERIFY2(data.vocabulary, qPrintable(data.vocabularyError));
    QCOMPARE(data.vocabulary->tokenCount(), qint64(kTokens + 4));
    QCOMPARE(data.info->tokenizerVocabSize, qint64(kTokens + 4));
    QCOMPARE(reads.value(u"tokenizer.json"_s), 1);
    for (auto it = reads.cbegin(); it != reads.cend(); ++it)
        QVERIFY2(it.value() == 1, qPrintable(it.key() + u" read %1 times"_s.arg(it.value())));
}

void TestHfModelTabs::vocabularySearch()
{
    TokenizerPane *tokenizer = m_page->hfTabs()->tokenizer();
    VocabularyModel *model = tokenizer->model();
    // By id.
    tokenizer->filterEdit()->setText(u"#77"_s);
    tokenizer->applyFilter();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->idAt(0), qint64(77));
    QCOMPARE(model->index(0, VocabularyModel::TokenColumn).data().toString(), u"t77"_s);
    tokenizer->filterEdit()->setText(u"100-104"_s);
    tokenizer->applyFilter();
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(model->idAt(4), qint64(104));
    // A number: its id first, then the tokens that contain it.
    tokenizer->filterEdit()->setText(u"11999"_s);
    tokenizer->applyFilter();
    QCOMPARE(model->idAt(0), qint64(11999));
    QCOMPARE(model->rowCount(), 1 + 1 + 10); // id 11999 ("t11999"), then t11999 is not repeated: t11999x (10)
    // By substring, in the token or in the text it stands for ("Ġhello" is " hello").
    tokenizer->filterEdit()->setText(u"HELLO"_s);
    tokenizer->applyFilter();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, VocabularyModel::TextColumn).data().toString(), u"\u2423hello"_s);
    QCOMPARE(tokenizer->countLabel()->text(),
             u"%1 of %2 tokens"_s.arg(QLocale().toString(1), QLocale().toString(kTokens + 4)));
    tokenizer->filterEdit()->setText(u"eot"_s);
    tokenizer->applyFilter();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, VocabularyModel::KindColumn).data().toString(), u"special"_s);
    // Typing filters after a pause, not per key.
    tokenizer->filterEdit()->clear();
    QTest::keyClicks(tokenizer->filterEdit(), u"#5"_s);
    QCOMPARE(model->filter(), u"eot"_s);
    QTRY_COMPARE(model->filter(), u"#5"_s);
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->idAt(0), qint64(5));
    tokenizer->filterEdit()->clear();
    tokenizer->applyFilter();
    QCOMPARE(model->rowCount(), kTokens + 4);
}

void TestHfModelTabs::cardImagesStayLocal()
{
    DescriptionBrowser *card = m_page->hfTabs()->card();
    const QString text = card->toPlainText();
    QVERIFY2(text.contains(u"llama3.1"_s) && text.contains(u"pipeline_tag"_s), qPrintable(text));
    QVERIFY(text.contains(u"A tiny model for the tests."_s));
    card->resize(600, 400);
    const QUrl arch = carton::MarkdownRenderer::miscUrl(u"misc/images/arch.png"_s);
    (void)card->document()->resource(QTextDocument::ImageResource, arch);
    QTRY_VERIFY_WITH_TIMEOUT(!card->loadedImage(arch).isNull(), 10000);
    QCOMPARE(card->loadedImage(arch).size(), QSize(40, 20));
    QCOMPARE(card->loadedImage(arch).pixelColor(0, 0), QColor(Qt::red));
    // The image outside the folder is never made a reference; the remote one is not fetched.
    const QString html = card->toHtml();
    QVERIFY(html.contains(u"src=\"carton-misc:misc/images/arch.png\""_s));
    QVERIFY2(!html.contains(u"outside.png"_s), qPrintable(html)); // its alt text only
    QVERIFY(!card->remoteImagesAllowed());
    QVERIFY(card->loadedImage(QUrl(u"https://example.com/remote.png"_s)).isNull());
    QCOMPARE(card->remoteImageCount(), 0);
}

void TestHfModelTabs::cartonHoldingAHfModel()
{
    QMap<QString, QByteArray> files;
    const QMap<QString, QByteArray> hf = hfFiles(1000);
    for (auto it = hf.cbegin(); it != hf.cend(); ++it)
        if (it.key() != u"images/arch.png")
            files.insert(u"model/"_s + it.key(), it.value());
    // The drop copies the card's images under misc/: the card in the carton finds it there.
    files.insert(u"misc/images/arch.png"_s, png(30, 10, Qt::green));
    files.insert(u"carton.toml"_s, testcartons::minimalToml());
    const QString root = m_dir.filePath(u"carton"_s);
    QVERIFY(testcartons::writeFolder(root, files));
    auto carton = testcartons::open(root);
    QVERIFY(carton);
    ModelPage page(carton);
    QSignalSpy loaded(&page, &ModelPage::loaded);
    page.load();
    QVERIFY(loaded.wait(20000));
    HfModelTabs *tabs = page.hfTabs();
    QVERIFY(tabShown(page.sideTabs(), tabs->configView()));
    QVERIFY(tabShown(page.sideTabs(), tabs->card()));
    QVERIFY(page.summary()->toPlainText().contains(u"LlamaForCausalLM"_s));
    QCOMPARE(tabs->tokenizer()->model()->rowCount(), 1000 + 4);
    const QUrl arch = carton::MarkdownRenderer::miscUrl(u"misc/images/arch.png"_s);
    (void)tabs->card()->document()->resource(QTextDocument::ImageResource, arch);
    QTRY_VERIFY_WITH_TIMEOUT(!tabs->card()->loadedImage(arch).isNull(), 10000);
    QCOMPARE(tabs->card()->loadedImage(arch).size(), QSize(30, 10));
}

void TestHfModelTabs::modelsUnderTester()
{
    auto vocabulary = carton::HfVocabulary::fromJson(
        R"({"model": {"vocab": {"a": 0, "ab": 1, "b": 3}}, "added_tokens": [{"id": 4, "content": "<s>", "special": true}]})",
        u"t"_s);
    QVERIFY(vocabulary);
    VocabularyModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setVocabulary(std::make_shared<const carton::HfVocabulary>(std::move(vocabulary).value()));
    QCOMPARE(model.rowCount(), 4); // id 2 is a gap
    QCOMPARE(model.idAt(2), qint64(3));
    model.setFilter(u"a"_s);
    QCOMPARE(model.rowCount(), 2);
    model.setFilter(u"#2"_s);
    QCOMPARE(model.rowCount(), 0);
    model.setFilter(u"4"_s);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, VocabularyModel::TokenColumn).data().toString(), u"<s>"_s);
    model.setVocabulary(nullptr);
    QCOMPARE(model.rowCount(), 0);

    JsonTreeModel json;
    QAbstractItemModelTester jsonTester(&json, QAbstractItemModelTester::FailureReportingMode::QtTest);
    json.setObject(QJsonDocument::fromJson(R"({"a": [1, {"b": null}], "c": "x"})").object());
    QCOMPARE(json.rowCount(), 2);
    const QModelIndex b = json.indexOfPath({u"a"_s, u"[1]"_s, u"b"_s});
    QVERIFY(b.isValid());
    QCOMPARE(b.siblingAtColumn(JsonTreeModel::ValueColumn).data().toString(), u"null"_s);
    json.setObject({});
    QCOMPARE(json.rowCount(), 0);
}

void TestHfModelTabs::plainModelHasNoHfTabs()
{
    const QString file = m_dir.filePath(u"plain.safetensors"_s);
    QVERIFY(
        testutil::writeFile(file, testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                                                            QByteArray(4, 0))));
    ModelPage page(file);
    QSignalSpy loaded(&page, &ModelPage::loaded);
    page.load();
    QVERIFY(loaded.wait(20000));
    QVERIFY(!tabShown(page.sideTabs(), page.hfTabs()->configView()));
    QVERIFY(!tabShown(page.sideTabs(), page.hfTabs()->tokenizer()));
    QVERIFY(!tabShown(page.sideTabs(), page.hfTabs()->card()));
    QVERIFY(!page.summary()->toPlainText().contains(u"Hugging Face"_s));
}

QTEST_MAIN(TestHfModelTabs)
#include "tst_hfmodeltabs.moc"
