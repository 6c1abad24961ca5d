// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The exported helpers of carton_validate: locations, markdown targets, symbol bindings.
#include "validate/location.h"
#include "validate/markdownimages.h"
#include "validate/symbolbindings.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::MarkdownTargetKind)

class TestValidateHelpers : public QObject {
    Q_OBJECT

private slots:
    void parseLocation_data();
    void parseLocation();
    void markdownTargets_data();
    void markdownTargets();
    void classify_data();
    void classify();
    void bindings_data();
    void bindings();
};

void TestValidateHelpers::parseLocation_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("field");

    QTest::newRow("field") << u"carton.toml: input[2].shape"_s << u"carton.toml"_s << 0 << u"input[2].shape"_s;
    QTest::newRow("line and field") << u"carton.toml:14: input[2].shape"_s << u"carton.toml"_s << 14
                                    << u"input[2].shape"_s;
    QTest::newRow("manifest line") << u"MANIFEST:3"_s << u"MANIFEST"_s << 3 << QString();
    QTest::newRow("whole file") << u"MANIFEST"_s << u"MANIFEST"_s << 0 << QString();
    QTest::newRow("index") << u"tensor_data/index.toml:7: tensor[0].file"_s << u"tensor_data/index.toml"_s << 7
                           << u"tensor[0].file"_s;
    QTest::newRow("links") << u"LINKS: urls.abc"_s << u"LINKS"_s << 0 << u"urls.abc"_s;
    QTest::newRow("plain path") << u"model/model.pt"_s << u"model/model.pt"_s << 0 << QString();
    QTest::newRow("path with colon") << u"model/a: b.txt"_s << u"model/a: b.txt"_s << 0 << QString();
    QTest::newRow("similar name") << u"carton.toml.bak"_s << u"carton.toml.bak"_s << 0 << QString();
    QTest::newRow("bad line") << u"MANIFEST:x"_s << u"MANIFEST:x"_s << 0 << QString();
    QTest::newRow("zero line") << u"MANIFEST:0"_s << u"MANIFEST:0"_s << 0 << QString();
    QTest::newRow("parser line:column") << u"carton.toml:12:5"_s << u"carton.toml"_s << 12 << QString();
}

void TestValidateHelpers::parseLocation()
{
    QFETCH(QString, location);
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, field);
    const DiagnosticLocation parsed = carton::parseLocation(location);
    QCOMPARE(parsed.file, file);
    QCOMPARE(parsed.line, line);
    QCOMPARE(parsed.field, field);
    if ((parsed.file != location || line > 0) && parsed.column == 0)
        QCOMPARE(formatLocation(parsed.file, parsed.line, parsed.field), location);
    if (location == u"carton.toml:12:5"_s)
        QCOMPARE(parsed.column, 5);
}

void TestValidateHelpers::markdownTargets_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("images");
    QTest::addColumn<QStringList>("links");
    QTest::addColumn<QList<int>>("lines");

    QTest::newRow("upstream fixture") << u"\nSome text\n\n![Model Architecture](@misc/model_architecture.png)\n"_s
                                      << QStringList{u"@misc/model_architecture.png"_s} << QStringList()
                                      << QList<int>{4};
    QTest::newRow("inline and links")
        << u"![a](https://x.org/a.png) and [b](https://x.org)\n\n![c](@misc/c.png \"title\")"_s
        << QStringList{u"https://x.org/a.png"_s, u"@misc/c.png"_s} << QStringList{u"https://x.org"_s}
        << QList<int>{1, 1, 3};
    QTest::newRow("reference style") << u"![d][ref]\n\n[ref]: <@misc/d e.png>\n"_s << QStringList{u"@misc/d e.png"_s}
                                     << QStringList() << QList<int>{1};
    QTest::newRow("code is not a link") << u"`![a](b.png)`\n\n    ![c](d.png)\n"_s << QStringList() << QStringList()
                                        << QList<int>();
    QTest::newRow("raw html is not a link")
        << u"<img src=\"http://x/y.png\">\n"_s << QStringList() << QStringList() << QList<int>();
    QTest::newRow("image inside link") << u"[![badge](https://b.io/x.svg)](https://b.io)"_s
                                       << QStringList{u"https://b.io/x.svg"_s} << QStringList{u"https://b.io"_s}
                                       << QList<int>{1, 1};
    QTest::newRow("autolink") << u"<https://carton.run>"_s << QStringList() << QStringList{u"https://carton.run"_s}
                              << QList<int>{1};
    QTest::newRow("escaped") << u"\\![not](an.png)"_s << QStringList() << QStringList{u"an.png"_s} << QList<int>{1};
    QTest::newRow("empty") << QString() << QStringList() << QStringList() << QList<int>();
}

void TestValidateHelpers::markdownTargets()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, images);
    QFETCH(QStringList, links);
    QFETCH(QList<int>, lines);
    QCOMPARE(markdownImageTargets(markdown), images);
    const QList<MarkdownTarget> all = carton::markdownTargets(markdown);
    QStringList gotLinks;
    QList<int> gotLines;
    for (const MarkdownTarget &t : all) {
        if (!t.isImage)
            gotLinks.append(t.url);
        gotLines.append(t.line);
    }
    QCOMPARE(gotLinks, links);
    QCOMPARE(gotLines, lines);
}

void TestValidateHelpers::classify_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<MarkdownTargetKind>("kind");
    QTest::newRow("https") << u"https://example.com/image.png"_s << MarkdownTargetKind::Https;
    QTest::newRow("HTTPS upper") << u"HTTPS://example.com/i.png"_s << MarkdownTargetKind::Https;
    QTest::newRow("misc") << u"@misc/file.png"_s << MarkdownTargetKind::Misc;
    QTest::newRow("misc nested") << u"@misc/a/b.png"_s << MarkdownTargetKind::Misc;
    QTest::newRow("misc escape") << u"@misc/../MANIFEST"_s << MarkdownTargetKind::Other;
    QTest::newRow("misc empty") << u"@misc/"_s << MarkdownTargetKind::Other;
    QTest::newRow("http") << u"http://example.com/i.png"_s << MarkdownTargetKind::Other;
    QTest::newRow("https no host") << u"https:///x.png"_s << MarkdownTargetKind::Other;
    QTest::newRow("relative") << u"misc/file.png"_s << MarkdownTargetKind::Other;
    QTest::newRow("javascript") << u"javascript:alert(1)"_s << MarkdownTargetKind::Other;
    QTest::newRow("data") << u"data:image/png;base64,AAAA"_s << MarkdownTargetKind::Other;
    QTest::newRow("anchor") << u"#usage"_s << MarkdownTargetKind::Other;
}

void TestValidateHelpers::classify()
{
    QFETCH(QString, url);
    QFETCH(MarkdownTargetKind, kind);
    QCOMPARE(classifyMarkdownTarget(url), kind);
}

void TestValidateHelpers::bindings_data()
{
    // Shapes bound one after another into the same bindings; `conflictAt` is the
    // index of the first bind() expected to report a conflict (-1: none).
    QTest::addColumn<QList<Shape>>("specs");
    QTest::addColumn<QList<QList<qint64>>>("concrete");
    QTest::addColumn<int>("conflictAt");
    QTest::addColumn<QString>("fragment");

    const Shape bx = Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(3)});
    const Shape by = Shape::dims({Dim::symbol(u"batch_size"_s), Dim::value(10)});
    QTest::newRow("consistent") << QList<Shape>{bx, by} << QList<QList<qint64>>{{2, 3}, {2, 10}} << -1 << QString();
    QTest::newRow("batch 2 vs 3") << QList<Shape>{bx, by} << QList<QList<qint64>>{{2, 3}, {3, 10}} << 1
                                  << u"symbol 'batch_size' is 3 here (dim 0) but 2 in t0"_s;
    QTest::newRow("repeat within one shape")
        << QList<Shape>{Shape::dims({Dim::symbol(u"n"_s), Dim::symbol(u"n"_s)})} << QList<QList<qint64>>{{4, 5}} << 0
        << u"symbol 'n' is 5 here (dim 1) but 4 in t0"_s;
    QTest::newRow("whole shape symbol") << QList<Shape>{Shape::symbol(u"s"_s), Shape::symbol(u"s"_s)}
                                        << QList<QList<qint64>>{{1, 2}, {1, 2, 1}} << 1
                                        << u"shape symbol 's' is [1, 2, 1] here but [1, 2] in t0"_s;
    QTest::newRow("kinds apart") << QList<Shape>{Shape::symbol(u"s"_s), Shape::dims({Dim::symbol(u"s"_s)})}
                                 << QList<QList<qint64>>{{3}, {7}} << -1 << QString();
    QTest::newRow("star never binds") << QList<Shape>{Shape::dims({Dim::symbol(u"*"_s)}),
                                                      Shape::dims({Dim::symbol(u"*"_s)}), Shape::symbol(u"*"_s),
                                                      Shape::symbol(u"*"_s)}
                                      << QList<QList<qint64>>{{1}, {2}, {3}, {4, 4}} << -1 << QString();
}

void TestValidateHelpers::bindings()
{
    QFETCH(QList<Shape>, specs);
    QFETCH(QList<QList<qint64>>, concrete);
    QFETCH(int, conflictAt);
    QFETCH(QString, fragment);
    SymbolBindings b;
    for (qsizetype i = 0; i < specs.size(); ++i) {
        const QString conflict = b.bind(specs.at(i), concrete.at(i), u"t%1"_s.arg(i));
        if (i == conflictAt)
            QVERIFY2(conflict.contains(fragment), qPrintable(conflict));
        else
            QVERIFY2(conflict.isEmpty(), qPrintable(conflict));
    }
    if (conflictAt < 0 && specs.first().isDims() && specs.first().dimList().first().symbolName() == u"batch_size"_s)
        QCOMPARE(b.dimValue(u"batch_size"_s), std::optional<qint64>(2));
}

QTEST_GUILESS_MAIN(TestValidateHelpers)
#include "tst_validatehelpers.moc"
