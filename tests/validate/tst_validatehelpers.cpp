// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The exported helpers of carton_validate and base: error locations, field paths,
// markdown targets, symbol bindings.
#include "base/errorlocation.h"
#include "format/markdownimages.h"
#include "validate/fieldpath.h"
#include "validate/symbolbindings.h"

#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::MarkdownTargetKind)

class TestValidateHelpers : public QObject {
    Q_OBJECT

private slots:
    void parseErrorLocation_data();
    void parseErrorLocation();
    void diagnosticFromError();
    void fieldPath_data();
    void fieldPath();
    void markdownTargets_data();
    void markdownTargets();
    void classify_data();
    void classify();
    void bindings_data();
    void bindings();
};

void TestValidateHelpers::parseErrorLocation_data()
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

void TestValidateHelpers::parseErrorLocation()
{
    QFETCH(QString, location);
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, field);
    const DiagnosticLocation parsed = carton::parseErrorLocation(location);
    QCOMPARE(parsed.file, file);
    QCOMPARE(parsed.line, line);
    QCOMPARE(parsed.field, field);
    // Shown as text, a location reads as it was written.
    QCOMPARE(parsed.toString(), location);
    if (location == u"carton.toml:12:5"_s)
        QCOMPARE(parsed.column, 5);
}

void TestValidateHelpers::diagnosticFromError()
{
    const Diagnostic parsed =
        carton::diagnosticFromError(makeError(ErrorCode::Format, u"bad"_s, u"carton.toml:3:9"_s), u"x.carton"_s);
    QCOMPARE(parsed.severity, Severity::Error);
    QCOMPARE(parsed.location, (DiagnosticLocation{u"carton.toml"_s, 3, QString(), 9}));
    QCOMPARE(parsed.toString(), u"carton.toml:3:9: bad"_s);
    const Diagnostic fallback = carton::diagnosticFromError(makeError(ErrorCode::Io, u"gone"_s), u"x.carton"_s);
    QCOMPARE(fallback.location, DiagnosticLocation{u"x.carton"_s});
    QCOMPARE(fallback.toString(), u"x.carton: gone"_s);
    QCOMPARE(carton::diagnosticFromError(makeError(ErrorCode::Io, u"gone"_s)).toString(), u"gone"_s);
}

void TestValidateHelpers::fieldPath_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("section");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("member");
    QTest::addColumn<int>("memberIndex");
    QTest::addColumn<QString>("key");

    QTest::newRow("plain") << u"model_name"_s << u"model_name"_s << -1 << QString() << -1 << QString();
    QTest::newRow("list item") << u"required_platforms[3]"_s << u"required_platforms"_s << 3 << QString() << -1
                               << QString();
    QTest::newRow("spec") << u"input[2]"_s << u"input"_s << 2 << QString() << -1 << QString();
    QTest::newRow("spec member") << u"output[0].dtype"_s << u"output"_s << 0 << u"dtype"_s << -1 << QString();
    QTest::newRow("shape dim") << u"input[2].shape[1]"_s << u"input"_s << 2 << u"shape"_s << 1 << QString();
    QTest::newRow("test key") << u"self_test[0].inputs.x"_s << u"self_test"_s << 0 << u"inputs"_s << -1 << u"x"_s;
    QTest::newRow("dotted key") << u"example[12].sample_out.out.1"_s << u"example"_s << 12 << u"sample_out"_s << -1
                                << u"out.1"_s;
    QTest::newRow("runner opt") << u"runner.opts.threads"_s << u"runner"_s << -1 << u"opts"_s << -1 << u"threads"_s;
    QTest::newRow("runner field") << u"runner.runner_name"_s << u"runner"_s << -1 << u"runner_name"_s << -1
                                  << QString();
    QTest::newRow("index.toml") << u"tensor[7].inner[2]"_s << u"tensor"_s << 7 << u"inner"_s << 2 << QString();
    QTest::newRow("links") << u"urls.0a1b"_s << u"urls"_s << -1 << u"0a1b"_s << -1 << QString();
    QTest::newRow("empty") << QString() << QString() << -1 << QString() << -1 << QString();
    // Not a path: kept whole as the section, so nothing is mistaken for a row.
    QTest::newRow("bad index") << u"input[x].shape"_s << u"input[x].shape"_s << -1 << QString() << -1 << QString();
    QTest::newRow("negative") << u"input[-1]"_s << u"input[-1]"_s << -1 << QString() << -1 << QString();
    QTest::newRow("unclosed") << u"input[2"_s << u"input[2"_s << -1 << QString() << -1 << QString();
    QTest::newRow("huge") << u"input[99999999999]"_s << u"input[99999999999]"_s << -1 << QString() << -1 << QString();
    QTest::newRow("junk after") << u"input[2]x"_s << u"input[2]x"_s << -1 << QString() << -1 << QString();
}

void TestValidateHelpers::fieldPath()
{
    QFETCH(QString, field);
    QFETCH(QString, section);
    QFETCH(int, index);
    QFETCH(QString, member);
    QFETCH(int, memberIndex);
    QFETCH(QString, key);
    const FieldPath path = FieldPath::parse(field);
    QCOMPARE(path.section, section);
    QCOMPARE(path.index, index);
    QCOMPARE(path.member, member);
    QCOMPARE(path.memberIndex, memberIndex);
    QCOMPARE(path.key, key);
    QCOMPARE(path.isItemOf(u"input"), section == u"input"_s && index >= 0);
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
