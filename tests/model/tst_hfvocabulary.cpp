// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// What the Model tab reads of a Hugging Face model beside its weights: the
// tokenizer's vocabulary by id (BPE, Unigram, added tokens, byte-level and
// metaspace spelling, hostile ids), the card's local images as @misc/ references,
// and the folder's and a carton's files through one reader (paths kept inside).
#include "model/hfcard.h"
#include "model/hffiles.h"
#include "model/hfmodelinfo.h"
#include "model/hfvocabulary.h"
#include "package/carton.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

class TestHfVocabulary : public QObject {
    Q_OBJECT

private slots:
    void bpeWithAddedTokens();
    void integralFloatIds();
    void unigramByPosition();
    void tokensAsQJsonDocumentReadsThem();
    void spelling_data();
    void spelling();
    void hostileTokenizers_data();
    void hostileTokenizers();
    void cardImages();
    void folderReaderStaysInside();
    void cartonReader();
};

void TestHfVocabulary::bpeWithAddedTokens()
{
    const QByteArray json = R"({
        "added_tokens": [{"id": 0, "content": "<s>", "special": true}, {"id": 7, "content": "<|eot|>", "special": true},
                         {"id": 8, "content": "extra", "special": false}],
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false},
        "decoder": {"type": "ByteLevel"},
        "model": {"type": "BPE", "vocab": {"<s>": 0, "a": 1, "\u0120the": 2, "\u010a": 3, "\u00c3\u00a9": 4, "x": 6},
                  "merges": []}})";
    Result<HfVocabulary> v = HfVocabulary::fromJson(json, u"tokenizer.json"_s);
    QVERIFY2(v, v ? "" : qPrintable(v.error().toString()));
    QCOMPARE(v->type(), u"BPE"_s);
    QCOMPARE(v->spelling(), HfVocabulary::Spelling::ByteLevel);
    QCOMPARE(v->size(), qint64(9));
    QCOMPARE(v->tokenCount(), qint64(8)); // id 5 is a gap
    QVERIFY(!v->hasToken(5));
    QCOMPARE(v->token(2), u"\u0120the"_s);
    QCOMPARE(v->text(2), u"\u2423the"_s); // Ġ is a space
    QCOMPARE(v->text(3), u"\u21b5"_s);    // Ċ is a newline
    QCOMPARE(v->text(4), u"\u00e9"_s);    // two byte-level characters are the UTF-8 of é
    QCOMPARE(v->flags(0), quint8(HfVocabulary::Added | HfVocabulary::Special));
    QCOMPARE(v->flags(8), quint8(HfVocabulary::Added));
    QCOMPARE(v->flags(1), quint8(0));
    QCOMPARE(v->text(7), u"<|eot|>"_s); // added tokens are their own text
}

// Ids written as fraction-free floats (5.0, 2e0) are the whole numbers QJsonDocument reads.
void TestHfVocabulary::integralFloatIds()
{
    const QByteArray json = R"({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1.0, "c": 2e0}},
        "added_tokens": [{"id": 5.0, "content": "<s>", "special": true}]})";
    Result<HfVocabulary> v = HfVocabulary::fromJson(json, u"tokenizer.json"_s);
    QVERIFY2(v, v ? "" : qPrintable(v.error().toString()));
    QCOMPARE(v->size(), qint64(6));
    QCOMPARE(v->tokenCount(), qint64(4));
    QCOMPARE(v->token(1), u"b"_s);
    QCOMPARE(v->token(2), u"c"_s);
    QCOMPARE(v->token(5), u"<s>"_s);
    QCOMPARE(v->flags(5), quint8(HfVocabulary::Added | HfVocabulary::Special));
}

void TestHfVocabulary::unigramByPosition()
{
    const QByteArray json = R"({"decoder": {"type": "Metaspace", "replacement": "\u2581"},
        "model": {"type": "Unigram", "vocab": [["<unk>", 0.0], ["\u2581hello", -1.5], ["lo", -2.0]]}})";
    Result<HfVocabulary> v = HfVocabulary::fromJson(json, u"tokenizer.json"_s);
    QVERIFY2(v, v ? "" : qPrintable(v.error().toString()));
    QCOMPARE(v->type(), u"Unigram"_s);
    QCOMPARE(v->size(), qint64(3));
    QCOMPARE(v->token(1), u"\u2581hello"_s);
    QCOMPARE(v->text(1), u"\u2423hello"_s);
    QCOMPARE(v->token(2), u"lo"_s);
}

// The one-walk reader gives every token as QJsonDocument reads it: escapes
// (\u0120, \n, \", surrogate pairs) and raw UTF-8.
void TestHfVocabulary::tokensAsQJsonDocumentReadsThem()
{
    QRandomGenerator rng(44);
    const QStringList pieces{u"a"_s, u"Z"_s,      u"\u0120"_s, u"\n"_s,         u"\""_s,     u"\\"_s,
                             u"/"_s, u"\u00e9"_s, u"\u4e2d"_s, u"\U0001F600"_s, u"\u2581"_s, u"\t"_s};
    QJsonObject vocab;
    for (int i = 0; i < 3000; ++i) {
        QString token;
        for (int n = 1 + rng.bounded(6); n > 0; --n)
            token += pieces[rng.bounded(pieces.size())];
        vocab.insert(token + QString::number(i), i); // unique
    }
    for (const bool ascii : {true, false}) {
        QByteArray json =
            QJsonDocument(QJsonObject{{u"model"_s, QJsonObject{{u"type"_s, u"BPE"_s}, {u"vocab"_s, vocab}}},
                                      {u"decoder"_s, QJsonObject{{u"type"_s, u"ByteLevel"_s}}}})
                .toJson(QJsonDocument::Compact);
        if (ascii) { // as python's json.dump writes it: every non-ASCII character escaped (pairs for emoji)
            QString escaped;
            for (const QChar c : QString::fromUtf8(json))
                escaped += c.unicode() < 0x80 ? QString(c) : u"\\u%1"_s.arg(c.unicode(), 4, 16, QLatin1Char('0'));
            json = escaped.toUtf8();
        }
        const QJsonObject reference = QJsonDocument::fromJson(json).object()[u"model"_s][u"vocab"_s].toObject();
        Result<HfVocabulary> v = HfVocabulary::fromJson(json, u"tokenizer.json"_s);
        QVERIFY2(v, v ? "" : qPrintable(v.error().toString()));
        QCOMPARE(v->tokenCount(), reference.size());
        for (auto it = reference.begin(); it != reference.end(); ++it) {
            const qint64 id = it.value().toInteger();
            QCOMPARE(v->token(id), it.key());
            QCOMPARE(v->text(id), HfVocabulary::spelledText(it.key(), HfVocabulary::Spelling::ByteLevel));
        }
    }
}

void TestHfVocabulary::spelling_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("spelling");
    QTest::addColumn<QString>("text");
    const int byteLevel = int(HfVocabulary::Spelling::ByteLevel);
    QTest::newRow("lone lead byte") << u"\u00c3"_s << byteLevel << u"<0xC3>"_s;
    QTest::newRow("tab") << u"\u0109"_s << byteLevel << u"\u21e5"_s;
    QTest::newRow("not byte-level") << u"\u4e2d"_s << byteLevel << u"\u4e2d"_s;
    QTest::newRow("euro sign") << u"\u00e2\u0124\u00ac"_s << byteLevel << u"\u20ac"_s;
    QTest::newRow("emoji, four bytes") << u"\u00f0\u0141\u013a\u0122"_s << byteLevel << u"\U0001F600"_s;
    QTest::newRow("carriage return") << u"a\u010d"_s << byteLevel << u"a\\r"_s;
    QTest::newRow("overlong") << u"\u00c0\u0120"_s << byteLevel << u"<0xC0>\u2423"_s;
    QTest::newRow("emoji cut short") << u"\u00f0\u0141\u013a"_s << byteLevel << u"<0xF0><0x9F><0x98>"_s;
    QTest::newRow("plain control") << u"a\u0001"_s << int(HfVocabulary::Spelling::Plain) << u"a<0x01>"_s;
}

void TestHfVocabulary::spelling()
{
    QFETCH(QString, token);
    QFETCH(int, spelling);
    QFETCH(QString, text);
    QCOMPARE(HfVocabulary::spelledText(token, HfVocabulary::Spelling(spelling)), text);
}

void TestHfVocabulary::hostileTokenizers_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{\"model\":") << u"not JSON"_s;
    QTest::newRow("negative id") << QByteArray(R"({"model": {"vocab": {"a": -1}}})") << u"token id -1 of \"a\""_s;
    // One token at id 15,999,999 would make a table of 16 million gaps.
    QTest::newRow("sparse id") << QByteArray(R"({"model": {"vocab": {"a": 0, "b": 15999999}}})")
                               << u"token id 15999999 of \"b\" is outside 0..65539 (2 tokens)"_s;
    QTest::newRow("id not a number") << QByteArray(R"({"model": {"vocab": {"a": "0"}}})")
                                     << u"model.vocab: the id of \"a\" is not a whole number"_s;
    QTest::newRow("vocab id a fraction") << QByteArray(R"({"model": {"vocab": {"a": 0.5}}})")
                                         << u"model.vocab: the id of \"a\" is not a whole number"_s;
    QTest::newRow("added id a fraction")
        << QByteArray(R"({"model": {"vocab": {"a": 0}}, "added_tokens": [{"id": 1}, {"id": 5.5, "content": "x"}]})")
        << u"added_tokens[1].id: expected a whole number (a token id), found 5.5"_s;
    QTest::newRow("unigram piece") << QByteArray(R"({"model": {"vocab": [[1, 0.0]]}})")
                                   << u"model.vocab[0]: expected [piece, score]"_s;
    QTest::newRow("vocab a string") << QByteArray(R"({"model": {"vocab": "x"}})")
                                    << u"model.vocab: expected an object or a list"_s;
}

void TestHfVocabulary::hostileTokenizers()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    Result<HfVocabulary> v = HfVocabulary::fromJson(json, u"dir/tokenizer.json"_s);
    QVERIFY(!v);
    QVERIFY2(v.error().message.startsWith(message), qPrintable(v.error().message));
    QCOMPARE(v.error().location, u"dir/tokenizer.json"_s);
}

void TestHfVocabulary::cardImages()
{
    const QString card = u"# Card\n"
                         "![arch](images/arch.png) and ![again](./images/arch.png)\n"
                         "![logo](logo%20big.png)\n"
                         "![remote](https://example.com/a.png)\n"
                         "![up](../secret.png) ![abs](/etc/passwd) ![misc](@misc/x.png)\n"
                         "[a link](docs/usage.md)\n"_s;
    const CardImages images = CardImages::fromCard(card);
    QCOMPARE(images.paths, (QStringList{u"images/arch.png"_s, u"logo big.png"_s}));
    const QStringList lines = images.markdown.split(u'\n');
    QCOMPARE(lines[1], u"![arch](@misc/images/arch.png) and ![again](@misc/images/arch.png)"_s);
    QCOMPARE(lines[2], u"![logo](@misc/logo%20big.png)"_s);
    QCOMPARE(lines[3], u"![remote](https://example.com/a.png)"_s);
    QCOMPARE(lines[4], u"![up](../secret.png) ![abs](/etc/passwd) ![misc](@misc/x.png)"_s);
    QCOMPARE(lines[5], u"[a link](docs/usage.md)"_s);
}

void TestHfVocabulary::folderReaderStaysInside()
{
    QTemporaryDir dir;
    const QString model = dir.filePath(u"model"_s);
    QVERIFY(testutil::writeFile(model + u"/config.json"_s, "{}"));
    QVERIFY(testutil::writeFile(model + u"/images/a.png"_s, "png"));
    QVERIFY(testutil::writeFile(dir.filePath(u"secret.txt"_s), "secret"));
    QVERIFY(QFile::link(dir.filePath(u"secret.txt"_s), model + u"/link.txt"_s));
    const HfFileReader read = hfFolderReader(model);
    QCOMPARE(read(u"images/a.png"_s, 100).value(), std::optional<QByteArray>("png"));
    QCOMPARE(read(u"missing.png"_s, 100).value(), std::optional<QByteArray>());
    QCOMPARE(read(u"../secret.txt"_s, 100).error().code, ErrorCode::Unsafe);
    QCOMPARE(read(u"/etc/passwd"_s, 100).error().code, ErrorCode::Unsafe);
    const Result<std::optional<QByteArray>> link = read(u"link.txt"_s, 100);
    QVERIFY(!link);
    QVERIFY2(link.error().message.startsWith(u"leads outside the model folder"_s), qPrintable(link.error().message));
    const Result<std::optional<QByteArray>> big = read(u"config.json"_s, 1);
    QCOMPARE(big.error().code, ErrorCode::Limit);

    // The Hugging Face cache: a snapshot's files link to the repository's blobs/.
    const QString repo = dir.filePath(u"models--org--tiny"_s);
    QVERIFY(testutil::writeFile(repo + u"/blobs/0123abcd"_s, R"({"model_type": "llama"})"));
    QVERIFY(QDir().mkpath(repo + u"/snapshots/rev1"_s));
    QVERIFY(QFile::link(u"../../blobs/0123abcd"_s, repo + u"/snapshots/rev1/config.json"_s));
    Result<HfModelInfo> info = readHfModelInfo(hfFolderReader(repo + u"/snapshots/rev1"_s), repo);
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QCOMPARE(info->modelType, u"llama"_s);
}

void TestHfVocabulary::cartonReader()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(u"folder"_s);
    QVERIFY(testutil::writeFile(root + u"/carton.toml"_s, "spec_version = 1\nmodel_name = \"tiny\"\n"));
    QVERIFY(testutil::writeFile(root + u"/model/tiny/config.json"_s,
                                R"({"model_type": "bert", "num_hidden_layers": 2, "hidden_size": 8})"));
    QVERIFY(testutil::writeFile(root + u"/model/tiny/tokenizer.json"_s,
                                R"({"model": {"type": "WordPiece", "vocab": {"[PAD]": 0, "hello": 1}},
                                    "added_tokens": [{"id": 0, "content": "[PAD]", "special": true}]})"));
    QVERIFY(testutil::writeFile(root + u"/model/tiny/README.md"_s, "---\nlicense: mit\n---\nTiny BERT.\n"));
    Result<std::unique_ptr<Carton>> carton = Carton::open(root);
    QVERIFY2(carton, carton ? "" : qPrintable(carton.error().toString()));
    const std::optional<QString> folder = hfFolderInCarton((*carton)->source());
    QCOMPARE(folder, std::optional<QString>(u"model/tiny/"_s));
    Result<HfModelInfo> info = readHfModelInfo(hfCartonReader((*carton)->source(), *folder), root);
    QVERIFY2(info, info ? "" : qPrintable(info.error().toString()));
    QCOMPARE(info->modelType, u"bert"_s);
    QCOMPARE(info->layers, std::optional<qint64>(2));
    QCOMPARE(info->config.value(u"hidden_size").toInt(), 8);
    QCOMPARE(info->tokenizerType, u"WordPiece"_s);
    QCOMPARE(info->addedTokens.size(), qsizetype(1));
    QCOMPARE(info->addedTokens.first().content, u"[PAD]"_s);
    QVERIFY(info->addedTokens.first().special);
    QCOMPARE(info->cardField(u"license"_s), u"mit"_s);
    QCOMPARE(hfCartonReader((*carton)->source(), *folder)(u"../../carton.toml"_s, 100).error().code, ErrorCode::Unsafe);
}

QTEST_GUILESS_MAIN(TestHfVocabulary)
#include "tst_hfvocabulary.moc"
