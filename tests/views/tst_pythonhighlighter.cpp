// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// PythonHighlighter: the formats it gives each part of sample lines (keywords,
// strings across lines, comments, numbers, decorators) in light and dark themes,
// and the file viewer colouring a carton's .py file but not its other text.
#include "files/fileviewer.h"
#include "files/pythonhighlighter.h"
#include "style/tone.h"
#include "testcartons.h"

#include <QApplication>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

// The colour the highlighter gave the character at `column` of line `line`
// (invalid when it gave none).
QColor colourAt(const QTextDocument &doc, int line, int column)
{
    const QTextBlock block = doc.findBlockByNumber(line);
    for (const QTextLayout::FormatRange &r : block.layout()->formats()) {
        if (column >= r.start && column < r.start + r.length && r.format.hasProperty(QTextFormat::ForegroundBrush))
            return r.format.foreground().color();
    }
    return {};
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::WindowText, Qt::white);
    p.setColor(QPalette::Text, Qt::white);
    return p;
}

} // namespace

class TestPythonHighlighter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void formatsOfASampleLine();
    void stringsAcrossLinesAndDecorators();
    void darkTheme();
    void isPython();
    void fileViewerColoursPythonOnly();
};

void TestPythonHighlighter::formatsOfASampleLine()
{
    QTextDocument doc(u"def forward(self, x: Tensor) -> Tensor:  # doubles\n"
                      u"    return x * 2.5e-3 + 'a # not a comment' + r\"raw\"\n"_s);
    PythonHighlighter h;
    h.setPalette(QApplication::palette());
    h.setDocument(&doc);
    h.rehighlight(); // setDocument() colours on the next event loop turn
    const QColor keyword = toneColor(Tone::Info, QApplication::palette());
    const QColor string = toneColor(Tone::Good, QApplication::palette());
    const QColor comment = toneColor(Tone::Muted, QApplication::palette());
    const QColor number = toneColor(Tone::Warning, QApplication::palette());
    QCOMPARE(colourAt(doc, 0, 0), keyword); // def
    QCOMPARE(colourAt(doc, 0, 2), keyword);
    QCOMPARE(colourAt(doc, 0, 4), QColor());  // forward: a plain name
    QCOMPARE(colourAt(doc, 0, 21), QColor()); // Tensor
    QCOMPARE(colourAt(doc, 0, 41), comment);  // # doubles
    QCOMPARE(colourAt(doc, 0, 49), comment);
    QCOMPARE(colourAt(doc, 1, 4), keyword);   // return
    QCOMPARE(colourAt(doc, 1, 11), QColor()); // x
    QCOMPARE(colourAt(doc, 1, 15), number);   // 2.5e-3, all of it
    QCOMPARE(colourAt(doc, 1, 20), number);
    QCOMPARE(colourAt(doc, 1, 24), string); // 'a # not a comment'
    QCOMPARE(colourAt(doc, 1, 28), string); // the # inside the string
    QCOMPARE(colourAt(doc, 1, 45), QColor());
    QCOMPARE(colourAt(doc, 1, 46), string); // r"raw": the prefix too
    QCOMPARE(colourAt(doc, 1, 51), string);
    const QTextBlock first = doc.firstBlock();
    bool bold = false;
    for (const QTextLayout::FormatRange &r : first.layout()->formats())
        bold = bold || (r.start == 0 && r.format.fontWeight() == QFont::Bold);
    QVERIFY(bold);
}

void TestPythonHighlighter::stringsAcrossLinesAndDecorators()
{
    QTextDocument doc(u"@torch.jit.export\n"
                      u"def f():\n"
                      u"    \"\"\"Doc with 'quotes' and def\n"
                      u"    still the docstring 42\n"
                      u"    ends here\"\"\"  # after\n"
                      u"    return None\n"_s);
    PythonHighlighter h;
    h.setDocument(&doc);
    h.rehighlight();
    const QColor string = toneColor(Tone::Good);
    QCOMPARE(colourAt(doc, 0, 0), toneColor(Tone::Severe)); // @torch.jit.export
    QCOMPARE(colourAt(doc, 0, 16), toneColor(Tone::Severe));
    QCOMPARE(colourAt(doc, 2, 4), string);
    QCOMPARE(colourAt(doc, 2, 28), string); // "def" inside the docstring
    QCOMPARE(colourAt(doc, 3, 4), string);
    QCOMPARE(colourAt(doc, 3, 24), string); // 42 inside the docstring
    QCOMPARE(colourAt(doc, 4, 15), string); // the closing quotes
    QCOMPARE(colourAt(doc, 4, 16), QColor());
    QCOMPARE(colourAt(doc, 4, 18), toneColor(Tone::Muted));
    QCOMPARE(colourAt(doc, 5, 4), toneColor(Tone::Info));  // back to code: return
    QCOMPARE(colourAt(doc, 5, 11), toneColor(Tone::Info)); // None
}

void TestPythonHighlighter::darkTheme()
{
    QTextDocument doc(u"import torch\n"_s);
    PythonHighlighter h;
    h.setDocument(&doc);
    h.setPalette(darkPalette());
    QVERIFY(isDarkPalette(darkPalette()));
    QCOMPARE(colourAt(doc, 0, 0), toneColor(Tone::Info, darkPalette()));
    QVERIFY(toneColor(Tone::Info, darkPalette()) != toneColor(Tone::Info, QPalette(Qt::white)));
}

void TestPythonHighlighter::isPython()
{
    QVERIFY(PythonHighlighter::isPython(u"model/main.py"_s, u"x = 1"_s));
    QVERIFY(PythonHighlighter::isPython(u"archive/code/__torch__/model.PY"_s, u""_s));
    QVERIFY(PythonHighlighter::isPython(u"run"_s, u"#!/usr/bin/env python3\nprint(1)"_s));
    QVERIFY(!PythonHighlighter::isPython(u"README.md"_s, u"# Title\n"_s));
    QVERIFY(!PythonHighlighter::isPython(u"run.sh"_s, u"#!/bin/sh\n"_s));
}

void TestPythonHighlighter::fileViewerColoursPythonOnly()
{
    QTemporaryDir dir;
    QVERIFY(testcartons::writeFolder(dir.path(), {{u"carton.toml"_s, testcartons::minimalToml()},
                                                  {u"model/main.py"_s, "def infer(x):\n    return x\n"},
                                                  {u"model/notes.txt"_s, "def is not code here\n"}}));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    FileViewer viewer;
    viewer.setCarton(carton);
    auto *text = viewer.findChild<QPlainTextEdit *>(u"fileViewerText"_s);
    QVERIFY(text);
    viewer.showFile(u"model/main.py"_s);
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(viewer.preview().kind, FilePreview::Text);
    QCOMPARE(viewer.pythonHighlighter()->document(), text->document());
    QCOMPARE(colourAt(*text->document(), 0, 0), toneColor(Tone::Info, text->palette()));
    viewer.showFile(u"model/notes.txt"_s);
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(viewer.preview().path, u"model/notes.txt"_s);
    QVERIFY(!viewer.pythonHighlighter()->document());
    QCOMPARE(colourAt(*text->document(), 0, 0), QColor());
}

QTEST_MAIN(TestPythonHighlighter)
#include "tst_pythonhighlighter.moc"
