// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "markdown/markdownrenderer.h"

#include <QRegularExpression>
#include <QTest>

using namespace carton;

class TestMarkdownRenderer : public QObject {
    Q_OBJECT

private slots:
    void links_data();
    void links();
    void rawHtml_data();
    void rawHtml();
    void images_data();
    void images();
    void miscUrlRoundTrip_data();
    void miscUrlRoundTrip();
    void hugeInputIsCut();
    void tables_data();
    void tables();
    void wideTableIsLinear();
    void referenceLinksAreBudgeted();
};

void TestMarkdownRenderer::links_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("expectedHref"); // empty: the link must be inert
    QTest::addColumn<QString>("text");

    QTest::newRow("https") << "[home](https://carton.run/docs)"
                           << "https://carton.run/docs"
                           << "home";
    QTest::newRow("http") << "[old](http://example.com/)"
                          << "http://example.com/"
                          << "old";
    QTest::newRow("javascript") << "[click](javascript:alert(1))"
                                << ""
                                << "click";
    QTest::newRow("javascript upper") << "[click](JAVASCRIPT:alert(1))"
                                      << ""
                                      << "click";
    QTest::newRow("data") << "[d](data:text/html;base64,PHNjcmlwdD4=)"
                          << ""
                          << "d";
    QTest::newRow("file") << "[f](file:///etc/passwd)"
                          << ""
                          << "f";
    QTest::newRow("mailto") << "[m](mailto:a@b.c)"
                            << ""
                            << "m";
    QTest::newRow("relative") << "[r](docs/readme.md)"
                              << ""
                              << "r";
    QTest::newRow("anchor") << "[a](#section)"
                            << ""
                            << "a";
    QTest::newRow("autolink js") << "<javascript:alert(1)>"
                                 << ""
                                 << "javascript:alert(1)";
    QTest::newRow("autolink https") << "<https://example.org>"
                                    << "https://example.org"
                                    << "https://example.org";
    QTest::newRow("reference") << "[ref][1]\n\n[1]: vbscript:msgbox"
                               << ""
                               << "ref";
}

void TestMarkdownRenderer::links()
{
    QFETCH(QString, markdown);
    QFETCH(QString, expectedHref);
    QFETCH(QString, text);
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    QVERIFY2(rendered.html.contains(text.toHtmlEscaped()), qPrintable(rendered.html));
    static const QRegularExpression href(QStringLiteral("href=\"([^\"]*)\""));
    const auto match = href.match(rendered.html);
    if (expectedHref.isEmpty()) {
        QVERIFY2(!match.hasMatch(), qPrintable(rendered.html));
        QVERIFY(!rendered.html.contains(u"<a"));
    } else {
        QVERIFY2(match.hasMatch(), qPrintable(rendered.html));
        QCOMPARE(match.captured(1), expectedHref);
    }
}

void TestMarkdownRenderer::rawHtml_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QString>("forbidden");
    QTest::addColumn<QString>("escaped");

    QTest::newRow("script block") << "<script>alert(1)</script>"
                                  << "<script"
                                  << "&lt;script&gt;alert(1)&lt;/script&gt;";
    QTest::newRow("inline bold") << "some <b>bold</b> text"
                                 << "<b>"
                                 << "&lt;b&gt;bold&lt;/b&gt;";
    QTest::newRow("img onerror") << "x <img src=x onerror=alert(1)> y"
                                 << "<img"
                                 << "&lt;img src=x onerror=alert(1)&gt;";
    QTest::newRow("div block") << "<div style=\"color:red\">\nhello\n</div>"
                               << "<div"
                               << "&lt;div style=&quot;color:red&quot;&gt;";
    QTest::newRow("iframe") << "<iframe src=\"https://evil\"></iframe>"
                            << "<iframe"
                            << "&lt;iframe";
    QTest::newRow("comment") << "<!-- hidden -->"
                             << "<!--"
                             << "&lt;!-- hidden --&gt;";
}

void TestMarkdownRenderer::rawHtml()
{
    QFETCH(QString, markdown);
    QFETCH(QString, forbidden);
    QFETCH(QString, escaped);
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    QVERIFY2(!rendered.html.contains(forbidden, Qt::CaseInsensitive), qPrintable(rendered.html));
    QVERIFY2(rendered.html.contains(escaped), qPrintable(rendered.html));
}

void TestMarkdownRenderer::images_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("misc");
    QTest::addColumn<QStringList>("remote");
    QTest::addColumn<QString>("expectedSrc"); // empty: no <img> at all
    QTest::addColumn<QString>("alt");

    QTest::newRow("misc") << "![Arch](@misc/model_architecture.png)" << QStringList{"misc/model_architecture.png"}
                          << QStringList{} << "carton-misc:misc/model_architecture.png"
                          << "Arch";
    QTest::newRow("misc no extension") << "![x](@misc/_example_misc_file_0)" << QStringList{"misc/_example_misc_file_0"}
                                       << QStringList{} << "carton-misc:misc/_example_misc_file_0"
                                       << "x";
    QTest::newRow("misc space") << "![s](<@misc/a b.png>)" << QStringList{"misc/a b.png"} << QStringList{}
                                << "carton-misc:misc/a%20b.png"
                                << "s";
    QTest::newRow("misc subfolder") << "![s](@misc/img/a.png)" << QStringList{"misc/img/a.png"} << QStringList{}
                                    << "carton-misc:misc/img/a.png"
                                    << "s";
    QTest::newRow("misc traversal") << "![t](@misc/../MANIFEST)" << QStringList{} << QStringList{} << ""
                                    << "t";
    QTest::newRow("misc empty") << "![e](@misc/)" << QStringList{} << QStringList{} << ""
                                << "e";
    QTest::newRow("https") << "![r](https://example.com/a.png)" << QStringList{}
                           << QStringList{"https://example.com/a.png"} << "https://example.com/a.png"
                           << "r";
    QTest::newRow("http") << "![h](http://example.com/a.png)" << QStringList{} << QStringList{} << ""
                          << "h";
    QTest::newRow("javascript") << "![j](javascript:alert(1))" << QStringList{} << QStringList{} << ""
                                << "j";
    QTest::newRow("local file") << "![l](/etc/passwd)" << QStringList{} << QStringList{} << ""
                                << "l";
    QTest::newRow("relative") << "![l](misc/a.png)" << QStringList{} << QStringList{} << ""
                              << "l";
    // checkArchivePath's rules: no control character reaches the HTML or the loader.
    QTest::newRow("misc control character") << "![c](@misc/a&#27;[2J.png)" << QStringList{} << QStringList{} << ""
                                            << "c";
    QTest::newRow("misc backslash") << "![b](@misc/a\\\\b.png)" << QStringList{} << QStringList{} << ""
                                    << "b";
}

void TestMarkdownRenderer::images()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, misc);
    QFETCH(QStringList, remote);
    QFETCH(QString, expectedSrc);
    QFETCH(QString, alt);
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    QCOMPARE(rendered.miscImages, misc);
    QStringList remoteText;
    for (const QUrl &url : rendered.remoteImages)
        remoteText.append(url.toString());
    QCOMPARE(remoteText, remote);
    static const QRegularExpression src(QStringLiteral("<img src=\"([^\"]*)\""));
    const auto match = src.match(rendered.html);
    if (expectedSrc.isEmpty()) {
        QVERIFY2(!rendered.html.contains(u"<img"), qPrintable(rendered.html));
        QVERIFY2(rendered.html.contains(alt), qPrintable(rendered.html));
    } else {
        QVERIFY2(match.hasMatch(), qPrintable(rendered.html));
        QCOMPARE(match.captured(1), expectedSrc);
    }
}

void TestMarkdownRenderer::miscUrlRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("plain") << "misc/a.png";
    QTest::newRow("no extension") << "misc/_example_misc_file_0";
    QTest::newRow("hash and query") << "misc/a#b?c.png";
    QTest::newRow("unicode") << "misc/ఒక చిత్రం 🥳.png";
    QTest::newRow("percent") << "misc/100%.png";
}

void TestMarkdownRenderer::miscUrlRoundTrip()
{
    QFETCH(QString, path);
    const QUrl url = MarkdownRenderer::miscUrl(path);
    // Through the HTML attribute and back, as QTextDocument does.
    const QUrl parsed(QString::fromUtf8(url.toEncoded()));
    QCOMPARE(MarkdownRenderer::archivePathFromUrl(parsed), std::optional<QString>(path));
    QCOMPARE(MarkdownRenderer::archivePathFromUrl(QUrl(QStringLiteral("https://x/misc/a.png"))), std::nullopt);
}

void TestMarkdownRenderer::hugeInputIsCut()
{
    const QString markdown = QString(MarkdownRenderer::maxInputBytes + 100, u'a');
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    QVERIFY(rendered.html.contains(u"cut"));
    QVERIFY(rendered.html.size() < MarkdownRenderer::maxInputBytes + 1000);
}

void TestMarkdownRenderer::tables_data()
{
    QTest::addColumn<QString>("markdown");
    QTest::addColumn<QStringList>("contains");
    QTest::addColumn<QStringList>("absent");

    QTest::newRow("simple") << "| name | dtype |\n|------|-------|\n| `x` | float32 |\n"
                            << QStringList{"<table", "<th>name</th>", "<td><code>x</code></td>", "<td>float32</td>"}
                            << QStringList{"|"};
    QTest::newRow("alignment") << "a | b\n:-: | --:\n1 | 2"
                               << QStringList{"<th align=\"center\">a</th>", "<td align=\"right\">2</td>"}
                               << QStringList{};
    QTest::newRow("cells are sanitised") << "| l | h |\n|---|---|\n| [x](javascript:alert(1)) | <b>b</b> |"
                                         << QStringList{"<td>x</td>", "&lt;b&gt;b&lt;/b&gt;"}
                                         << QStringList{"javascript", "<b>"};
    QTest::newRow("escaped pipe") << "| a |\n|---|\n| x \\| y |" << QStringList{"<td>x | y</td>"} << QStringList{};
    QTest::newRow("not in code fence") << "```\n| a | b |\n|---|---|\n```" << QStringList{"<pre><code>| a | b |"}
                                       << QStringList{"<table"};
    QTest::newRow("column count differs") << "| a | b |\n|---|\n" << QStringList{"| a | b |"} << QStringList{"<table"};
    QTest::newRow("short row") << "| a | b | c |\n|---|---|---|\n| 1 |\n| 1 | 2 | 3 | 4 |"
                               << QStringList{"<tr><td>1</td></tr>", "<tr><td>1</td><td>2</td><td>3</td></tr>"}
                               << QStringList{"<td></td>", "<td>4</td>"};
    QTest::newRow("text around") << "before\n\n| a |\n|---|\n| 1 |\n\nafter *x*"
                                 << QStringList{"<p>before</p>", "<td>1</td>", "<p>after <em>x</em></p>"}
                                 << QStringList{};
}

void TestMarkdownRenderer::tables()
{
    QFETCH(QString, markdown);
    QFETCH(QStringList, contains);
    QFETCH(QStringList, absent);
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    for (const QString &text : contains)
        QVERIFY2(rendered.html.contains(text), qPrintable(rendered.html));
    for (const QString &text : absent)
        QVERIFY2(!rendered.html.contains(text), qPrintable(rendered.html));
}

// Rows shorter than the header were padded with empty cells: 200 empty rows under a
// 200-column header (a 1.2 KB card) gave 360 KB of HTML. The HTML stays linear.
void TestMarkdownRenderer::wideTableIsLinear()
{
    const QString markdown = QStringLiteral("|a").repeated(200) + QStringLiteral("|\n") +
                             QStringLiteral("|-").repeated(200) + QStringLiteral("|\n") +
                             QStringLiteral("|\n").repeated(200);
    QVERIFY(markdown.size() < 1300);
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    QCOMPARE(rendered.html.count(u"<tr>"), 201);
    QVERIFY2(rendered.html.size() < 20 * markdown.size(), qPrintable(QString::number(rendered.html.size())));
}

// A reference link repeats its definition's URL and title at every use. cmark caps
// that per document (100 KB or the document's size), but every table cell and every
// text between tables is its own cmark document: 20 definitions of a 500-byte URL,
// each used 300 times and followed by a table, gave 70 bytes of HTML per byte of
// markdown. The renderer's budget for link targets covers the whole card.
void TestMarkdownRenderer::referenceLinksAreBudgeted()
{
    const QString url = QStringLiteral("https://example.com/") + QString(500, u'x');
    const QString segment = QStringLiteral("[a]: %1\n\n").arg(url) + QStringLiteral("[a] ").repeated(300) +
                            QStringLiteral("\n\n| t |\n|---|\n| c |\n\n");
    const QString markdown = segment.repeated(20);
    const RenderedMarkdown rendered = MarkdownRenderer::render(markdown);
    QVERIFY2(
        rendered.html.size() < 20 * markdown.size(),
        qPrintable(QStringLiteral("%1 bytes of markdown, %2 of HTML").arg(markdown.size()).arg(rendered.html.size())));
    QVERIFY(rendered.html.contains(QStringLiteral("<a href=\"%1\">a</a>").arg(url))); // the first uses keep their link
    QCOMPARE(rendered.html.count(u"<table"), 20);
}

QTEST_GUILESS_MAIN(TestMarkdownRenderer)
#include "tst_markdownrenderer.moc"
