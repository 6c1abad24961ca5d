// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Hugging Face model folders made here: config.json, a sharded or single safetensors
// checkpoint, tokenizer files, generation_config.json and a model card; a missing
// shard, a shard without a listed tensor, a card without front matter.
#include "model/hfmodelinfo.h"
#include "model/modelset.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstring>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QByteArray floats(std::initializer_list<float> values)
{
    QByteArray b(qsizetype(values.size() * 4), Qt::Uninitialized);
    std::memcpy(b.data(), std::data(values), std::size_t(b.size()));
    return b;
}

// Shard k of 3 holds "layers.k.weight" ([2] float32: k, -k) and, in shard 0, "embed.weight".
void writeShardedFolder(const QString &dir)
{
    for (int k = 0; k < 3; ++k) {
        QByteArray header =
            "{\"layers." + QByteArray::number(k) + ".weight\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}";
        QByteArray buffer = floats({float(k), float(-k)});
        if (k == 0) {
            header += ",\"embed.weight\":{\"dtype\":\"F8_E4M3\",\"shape\":[4],\"data_offsets\":[8,12]}";
            buffer += QByteArray("\x38\x40\xb8\x7f", 4); // 1, 2, -1, NaN
        }
        header += '}';
        QVERIFY(testutil::writeFile(dir + QStringLiteral("/model-0000%1-of-00003.safetensors").arg(k + 1),
                                    testutil::safetensorsFile(header, buffer)));
    }
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/model.safetensors.index.json"),
                                R"({"metadata": {"total_size": 36}, "weight_map": {
                                     "embed.weight": "model-00001-of-00003.safetensors",
                                     "layers.0.weight": "model-00001-of-00003.safetensors",
                                     "layers.1.weight": "model-00002-of-00003.safetensors",
                                     "layers.2.weight": "model-00003-of-00003.safetensors"}})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/config.json"), R"({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "num_hidden_layers": 3,
        "hidden_size": 2, "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 8,
        "max_position_embeddings": 4096, "torch_dtype": "bfloat16"})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/generation_config.json"),
                                R"({"temperature": 0.6, "do_sample": true, "eos_token_id": [1, 2]})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/tokenizer.json"), R"({
        "added_tokens": [{"id": 0, "content": "<s>", "special": true}, {"id": 6, "content": "<|eot|>", "special": true},
                         {"id": 7, "content": "extra", "special": false}],
        "model": {"type": "BPE", "vocab": {"<s>": 0, "a": 1, "b": 2, "c": 3, "ab": 4, "bc": 5}}})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/tokenizer_config.json"),
                                R"({"bos_token": "<s>", "eos_token": {"content": "</s>"},
                                    "chat_template": "{% for m in messages %}{{ m.content }}{% endfor %}"})"));
    QVERIFY(testutil::writeFile(dir + QStringLiteral("/README.md"), "---\n"
                                                                    "license: apache-2.0\n"
                                                                    "language:\n"
                                                                    "- en\n"
                                                                    "- de\n"
                                                                    "tags: [text-generation, 'llama']\n"
                                                                    "base_model: \"org/base\"\n"
                                                                    "pipeline_tag: text-generation\n"
                                                                    "---\n"
                                                                    "# Tiny Llama\n"
                                                                    "\n"
                                                                    "![logo](logo.png)\n"
                                                                    "\n"
                                                                    "A tiny model\n"
                                                                    "for tests.\n"
                                                                    "\n"
                                                                    "## Usage\n"));
}

} // namespace

class TestHfModel : public QObject {
    Q_OBJECT

private slots:
    void shardedFolder();
    void missingShard();
    void tensorNotInShard();
    void singleFileAndPlainCard();
    void tokenizerReadAsQJsonDocumentReadsIt();
};

void TestHfModel::shardedFolder()
{
    QTemporaryDir dir;
    writeShardedFolder(dir.path());
    QVERIFY(isHfModelFolder(dir.path()));
    Result<HfModelInfo> info = readHfModelInfo(dir.path());
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QCOMPARE(info->modelType, QStringLiteral("llama"));
    QCOMPARE(info->architectures, QStringList{QStringLiteral("LlamaForCausalLM")});
    QCOMPARE(info->layers, std::optional<qint64>(3));
    QCOMPARE(info->hiddenSize, std::optional<qint64>(2));
    QCOMPARE(info->heads, std::optional<qint64>(4));
    QCOMPARE(info->kvHeads, std::optional<qint64>(2));
    QCOMPARE(info->vocabSize, std::optional<qint64>(8));
    QCOMPARE(info->contextLength, std::optional<qint64>(4096));
    QCOMPARE(info->dtype, QStringLiteral("bfloat16"));
    QCOMPARE(info->generation.size(), qsizetype(3));
    QVERIFY(info->hasTokenizer);
    QCOMPARE(info->tokenizerVocabSize, qint64(8)); // 6 in the vocabulary, 2 added beside it
    QCOMPARE(info->specialTokens,
             (QStringList{QStringLiteral("<s>"), QStringLiteral("<|eot|>"), QStringLiteral("</s>")}));
    QCOMPARE(info->chatTemplate, QStringLiteral("{% for m in messages %}{{ m.content }}{% endfor %}"));
    QVERIFY(info->hasCard);
    QVERIFY(info->cardHasFrontMatter);
    QCOMPARE(info->cardField(QStringLiteral("license")), QStringLiteral("apache-2.0"));
    QCOMPARE(info->cardField(QStringLiteral("language")), QStringLiteral("en, de"));
    QCOMPARE(info->cardField(QStringLiteral("tags")), QStringLiteral("text-generation, llama"));
    QCOMPARE(info->cardField(QStringLiteral("base_model")), QStringLiteral("org/base"));
    QCOMPARE(info->cardField(QStringLiteral("pipeline_tag")), QStringLiteral("text-generation"));
    QCOMPARE(info->cardFirstParagraph, QStringLiteral("A tiny model for tests."));
    QCOMPARE(info->weightsIndex, QStringLiteral("model.safetensors.index.json"));

    Result<ModelSet> set = ModelSet::fromHfFolder(dir.path());
    QVERIFY2(set, set ? "" : qPrintable(set.error().toString()));
    QCOMPARE(set->entries().size(), qsizetype(1));
    const ModelFile &model = *set->entries().first().model;
    QStringList names;
    for (const ModelWeight &w : model.weights())
        names << w.name + u'@' + w.file;
    QCOMPARE(names, (QStringList{QStringLiteral("embed.weight@model-00001-of-00003.safetensors"),
                                 QStringLiteral("layers.0.weight@model-00001-of-00003.safetensors"),
                                 QStringLiteral("layers.1.weight@model-00002-of-00003.safetensors"),
                                 QStringLiteral("layers.2.weight@model-00003-of-00003.safetensors")}));
    for (int k = 0; k < 3; ++k) {
        Result<TensorReaderPtr> r = set->openWeight(QStringLiteral("layers.%1.weight").arg(k));
        QVERIFY2(r, r ? "" : qPrintable(r.error().toString()));
        const Tensor t = (*r)->readTensor(TensorRegion::whole({2})).value();
        QCOMPARE(t.valueAsDouble(0), double(k));
        QCOMPARE(t.valueAsDouble(1), double(-k));
    }
    Result<TensorReaderPtr> embed = set->openWeight(QStringLiteral("embed.weight"));
    QVERIFY(embed);
    const Tensor e = (*embed)->readTensor(TensorRegion::whole({4})).value();
    QCOMPARE(e.valueAsDouble(0), 1.0);
    QCOMPARE(e.valueAsDouble(1), 2.0);
    QCOMPARE(e.valueAsDouble(2), -1.0);
    QVERIFY(std::isnan(e.valueAsDouble(3)));
}

void TestHfModel::missingShard()
{
    QTemporaryDir dir;
    writeShardedFolder(dir.path());
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("model-00002-of-00003.safetensors"))));
    Result<ModelSet> set = ModelSet::fromHfFolder(dir.path());
    QVERIFY(!set);
    QCOMPARE(set.error().code, ErrorCode::NotFound);
    QCOMPARE(set.error().message,
             QStringLiteral("shard \"model-00002-of-00003.safetensors\" listed in weight_map is missing"));
    QVERIFY(set.error().location.endsWith(u"model.safetensors.index.json"));
}

void TestHfModel::tensorNotInShard()
{
    QTemporaryDir dir;
    writeShardedFolder(dir.path());
    QVERIFY(testutil::writeFile(dir.filePath(QStringLiteral("model.safetensors.index.json")),
                                R"({"weight_map": {"layers.0.weight": "model-00001-of-00003.safetensors",
                                                   "layers.9.weight": "model-00002-of-00003.safetensors"}})"));
    Result<ModelSet> set = ModelSet::fromHfFolder(dir.path());
    QVERIFY(!set);
    QCOMPARE(set.error().message,
             QStringLiteral("weight_map.\"layers.9.weight\": shard \"model-00002-of-00003.safetensors\" has no such "
                            "tensor"));
    QVERIFY(testutil::writeFile(dir.filePath(QStringLiteral("model.safetensors.index.json")),
                                R"({"weight_map": {"a": "../outside.safetensors"}})"));
    Result<ModelSet> outside = ModelSet::fromHfFolder(dir.path());
    QVERIFY(!outside);
    QCOMPARE(outside.error().code, ErrorCode::Unsafe);
}

void TestHfModel::singleFileAndPlainCard()
{
    QTemporaryDir dir;
    QVERIFY(testutil::writeFile(dir.filePath(QStringLiteral("config.json")), R"({"model_type": "gpt2", "n_layer": 2,
        "n_embd": 4, "n_head": 2, "n_positions": 1024, "text_config": {"vocab_size": 50}})"));
    QVERIFY(testutil::writeFile(
        dir.filePath(QStringLiteral("model.safetensors")),
        testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", floats({2.5f}))));
    QVERIFY(testutil::writeFile(dir.filePath(QStringLiteral("README.md")),
                                "# GPT-2 tiny\n\nNo front matter here.\nSecond line.\n\nMore.\n"));
    QVERIFY(isHfModelFolder(dir.path()));
    Result<HfModelInfo> info = readHfModelInfo(dir.path());
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QCOMPARE(info->layers, std::optional<qint64>(2));
    QCOMPARE(info->hiddenSize, std::optional<qint64>(4));
    QCOMPARE(info->contextLength, std::optional<qint64>(1024));
    QCOMPARE(info->vocabSize, std::optional<qint64>(50)); // from text_config
    QVERIFY(!info->kvHeads);
    QVERIFY(!info->hasTokenizer);
    QVERIFY(info->hasCard);
    QVERIFY(!info->cardHasFrontMatter);
    QVERIFY(info->cardFields.isEmpty());
    QCOMPARE(info->cardFirstParagraph, QStringLiteral("No front matter here. Second line."));
    QCOMPARE(info->weightFiles, QStringList{QStringLiteral("model.safetensors")});
    Result<ModelSet> set = ModelSet::fromHfFolder(dir.path());
    QVERIFY(set);
    QCOMPARE((*set->openWeight(QStringLiteral("w")))->readTensor(TensorRegion::whole({1})).value().valueAsDouble(0),
             2.5);
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("model.safetensors"))));
    QVERIFY(!isHfModelFolder(dir.path()));
}

// tokenizer.json is walked once without building it (a 128k vocabulary made a
// document of several MB): the figures must be what a whole-document parse gives,
// duplicate keys (the last counts), escapes, Unigram's [[piece, score]] included,
// and a broken file must still be refused.
void TestHfModel::tokenizerReadAsQJsonDocumentReadsIt()
{
    QTemporaryDir dir;
    QVERIFY(testutil::writeFile(dir.filePath(QStringLiteral("config.json")), R"({"model_type": "t5"})"));
    QVERIFY(testutil::writeFile(
        dir.filePath(QStringLiteral("model.safetensors")),
        testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", floats({1.0f}))));
    const QString tokenizer = dir.filePath(QStringLiteral("tokenizer.json"));
    // BPE: "\u0061b" is "ab" (in the vocabulary twice: counted once); "x" is given twice;
    // the first "model" is replaced by the second, the first added_tokens by the second.
    QVERIFY(testutil::writeFile(tokenizer, R"({"model": {"vocab": {"zzz": 0}}, "added_tokens": [{"content": "q"}],
        "normalizer": {"type": "Sequence", "normalizers": [{"a": [1, 2.5e-3, -4, true, false, null, "}]"]}]},
        "added_tokens": [{"content": "ab", "special": true}, {"content": "<s>", "special": true, "content": "<\/s>"},
                         {"special": false, "content": "new"}, 7],
        "model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2, "\u0061b": 2, "x": 3, "x": 4, "café": 5},
                  "merges": ["a b", ["x", "y"]]}})"));
    Result<HfModelInfo> info = readHfModelInfo(dir.path());
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QVERIFY(info->hasTokenizer);
    // 5 distinct entries (a, b, ab, x, café); added beside them: "</s>", "new" and the non-object (as "").
    QCOMPARE(info->tokenizerVocabSize, qint64(8));
    QCOMPARE(info->specialTokens, (QStringList{QStringLiteral("ab"), QStringLiteral("</s>")}));

    // Unigram: [[piece, score], ...]; an entry that is not [string, ...] counts as "".
    QVERIFY(testutil::writeFile(tokenizer, R"({"added_tokens": [{"content": "▁the"}, {"content": ""}],
        "model": {"type": "Unigram", "vocab": [["<unk>", 0], ["▁the", -1.5], ["b", -2], [], [3, 1]]}})"));
    info = readHfModelInfo(dir.path());
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QCOMPARE(info->tokenizerVocabSize, qint64(4)); // <unk>, ▁the, b, "" (twice); both added tokens are in it
    QVERIFY(info->specialTokens.isEmpty());

    // An added token's id written 5.0 (or 6e0) is 5, as QJsonDocument reads it; a true
    // fraction is refused naming the file, the field and what was expected, and valid
    // JSON is not called "not JSON".
    QVERIFY(testutil::writeFile(tokenizer, R"({"model": {"type": "BPE", "vocab": {"a": 0}},
        "added_tokens": [{"id": 5.0, "content": "<s>", "special": true}, {"id": 6e0, "content": "</s>"},
                         {"id": -1, "content": "neg"}]})"));
    info = readHfModelInfo(dir.path());
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QCOMPARE(info->addedTokens.size(), 3);
    QCOMPARE(info->addedTokens[0].id, qint64(5));
    QCOMPARE(info->addedTokens[1].id, qint64(6));
    QCOMPARE(info->addedTokens[2].id, qint64(-1));
    QCOMPARE(info->tokenizerVocabSize, qint64(4));
    QVERIFY(testutil::writeFile(tokenizer, R"({"model": {"vocab": {"a": 0}},
        "added_tokens": [{"id": 1, "content": "b"}, {"content": "c", "id": 5.5}]})"));
    Result<HfModelInfo> fraction = readHfModelInfo(dir.path());
    QVERIFY(!fraction);
    QCOMPARE(fraction.error().code, ErrorCode::Format);
    QCOMPARE(fraction.error().message, u"added_tokens[1].id: expected a whole number (a token id), found 5.5"_s);
    QVERIFY2(fraction.error().location.endsWith(QStringLiteral("tokenizer.json")),
             qPrintable(fraction.error().toString()));

    // Refused as before: not JSON (truncated, garbage after it, invalid UTF-8), not an object.
    for (const QByteArray &bad :
         {QByteArray(R"({"model": {"vocab": {"a": 0})"), QByteArray(R"({"model": {}} x)"),
          QByteArray("{\"added_tokens\": [{\"content\": \"\xc3\x28\"}]}"), QByteArray(R"(["not", "an", "object"])")}) {
        QVERIFY(testutil::writeFile(tokenizer, bad));
        Result<HfModelInfo> refused = readHfModelInfo(dir.path());
        QVERIFY2(!refused, bad.constData());
        QCOMPARE(refused.error().code, ErrorCode::Format);
        QVERIFY2(
            refused.error().message.startsWith(bad.startsWith('[') ? u"expected a JSON object"_s : u"not JSON: "_s),
            qPrintable(refused.error().toString()));
        QVERIFY2(refused.error().location.endsWith(QStringLiteral("tokenizer.json")),
                 qPrintable(refused.error().toString()));
    }
}

QTEST_GUILESS_MAIN(TestHfModel)
#include "tst_hfmodel.moc"
