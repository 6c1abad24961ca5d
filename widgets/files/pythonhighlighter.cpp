// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "pythonhighlighter.h"

#include "style/tone.h"

#include <QFileInfo>
#include <QSet>

namespace studio {

namespace {

// Block states: inside a triple-quoted string that goes on to the next line.
enum BlockState { Normal = -1, InTripleSingle = 1, InTripleDouble = 2 };

bool isKeyword(QStringView word)
{
    static const QSet<QString> keywords = {
        QStringLiteral("False"),   QStringLiteral("None"),     QStringLiteral("True"),     QStringLiteral("and"),
        QStringLiteral("as"),      QStringLiteral("assert"),   QStringLiteral("async"),    QStringLiteral("await"),
        QStringLiteral("break"),   QStringLiteral("class"),    QStringLiteral("continue"), QStringLiteral("def"),
        QStringLiteral("del"),     QStringLiteral("elif"),     QStringLiteral("else"),     QStringLiteral("except"),
        QStringLiteral("finally"), QStringLiteral("for"),      QStringLiteral("from"),     QStringLiteral("global"),
        QStringLiteral("if"),      QStringLiteral("import"),   QStringLiteral("in"),       QStringLiteral("is"),
        QStringLiteral("lambda"),  QStringLiteral("nonlocal"), QStringLiteral("not"),      QStringLiteral("or"),
        QStringLiteral("pass"),    QStringLiteral("raise"),    QStringLiteral("return"),   QStringLiteral("try"),
        QStringLiteral("while"),   QStringLiteral("with"),     QStringLiteral("yield"),
    };
    return keywords.contains(word.toString());
}

bool isIdentifierChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

} // namespace

PythonHighlighter::PythonHighlighter(QObject *parent) : QSyntaxHighlighter(parent)
{
    setPalette(QGuiApplication::palette());
}

void PythonHighlighter::setPalette(const QPalette &palette)
{
    const auto make = [&](Tone tone, bool bold = false, bool italic = false) {
        QTextCharFormat f;
        f.setForeground(toneColor(tone, palette));
        if (bold)
            f.setFontWeight(QFont::Bold);
        f.setFontItalic(italic);
        return f;
    };
    m_formats[int(Role::Keyword)] = make(Tone::Info, true);
    m_formats[int(Role::String)] = make(Tone::Good);
    m_formats[int(Role::Comment)] = make(Tone::Muted, false, true);
    m_formats[int(Role::Number)] = make(Tone::Warning);
    m_formats[int(Role::Decorator)] = make(Tone::Severe);
    rehighlight();
}

QTextCharFormat PythonHighlighter::format(Role role) const
{
    return m_formats[int(role)];
}

bool PythonHighlighter::isPython(const QString &path, const QString &text)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == u"py" || suffix == u"pyi")
        return true;
    const QStringView first = QStringView(text).left(text.indexOf(u'\n'));
    return first.startsWith(u"#!") && first.contains(u"python");
}

qsizetype PythonHighlighter::string(const QString &text, qsizetype start, QChar quote, bool triple)
{
    const qsizetype open = triple ? 3 : 1;
    qsizetype i = start + open;
    start = qMax<qsizetype>(start, 0); // a string from the line before starts at 0
    while (i < text.size()) {
        if (text[i] == u'\\') {
            i += 2;
            continue;
        }
        if (text[i] == quote && (!triple || QStringView(text).mid(i, 3) == QString(3, quote))) {
            const qsizetype end = i + open;
            setFormat(start, end - start, m_formats[int(Role::String)]);
            return end;
        }
        ++i;
    }
    // Unterminated: a triple-quoted string goes on; a plain one ends with the line.
    setFormat(start, text.size() - start, m_formats[int(Role::String)]);
    if (triple)
        setCurrentBlockState(quote == u'\'' ? InTripleSingle : InTripleDouble);
    return text.size();
}

void PythonHighlighter::highlightBlock(const QString &text)
{
    setCurrentBlockState(Normal);
    qsizetype i = 0;
    const int previous = previousBlockState();
    if (previous == InTripleSingle || previous == InTripleDouble)
        i = string(text, -3, previous == InTripleSingle ? u'\'' : u'"', true); // the opening quotes were before
    bool lineStart = QStringView(text).left(i).trimmed().isEmpty();
    while (i < text.size()) {
        const QChar c = text[i];
        if (c == u'#') {
            setFormat(i, text.size() - i, m_formats[int(Role::Comment)]);
            return;
        }
        if (c == u'\'' || c == u'"') {
            i = string(text, i, c, QStringView(text).mid(i, 3) == QString(3, c));
            lineStart = false;
            continue;
        }
        if (c == u'@' && lineStart) {
            qsizetype end = i + 1;
            while (end < text.size() && (isIdentifierChar(text[end]) || text[end] == u'.'))
                ++end;
            setFormat(i, end - i, m_formats[int(Role::Decorator)]);
            i = end;
            lineStart = false;
            continue;
        }
        if (c.isDigit() || (c == u'.' && i + 1 < text.size() && text[i + 1].isDigit())) {
            qsizetype end = i + 1;
            while (end < text.size() &&
                   (isIdentifierChar(text[end]) || text[end] == u'.' ||
                    ((text[end] == u'+' || text[end] == u'-') && (text[end - 1] == u'e' || text[end - 1] == u'E'))))
                ++end;
            setFormat(i, end - i, m_formats[int(Role::Number)]);
            i = end;
            lineStart = false;
            continue;
        }
        if (isIdentifierChar(c)) {
            qsizetype end = i + 1;
            while (end < text.size() && isIdentifierChar(text[end]))
                ++end;
            // A string prefix (r"", b'', f"", rb""...) is part of the string.
            if (end < text.size() && end - i <= 2 && (text[end] == u'"' || text[end] == u'\'')) {
                const QString prefix = text.mid(i, end - i).toLower();
                if (prefix == u"r" || prefix == u"b" || prefix == u"f" || prefix == u"u" || prefix == u"rb" ||
                    prefix == u"br" || prefix == u"fr" || prefix == u"rf") {
                    const QChar q = text[end];
                    const qsizetype stop = string(text, end, q, QStringView(text).mid(end, 3) == QString(3, q));
                    setFormat(i, stop - i, m_formats[int(Role::String)]);
                    i = stop;
                    lineStart = false;
                    continue;
                }
            }
            if (isKeyword(QStringView(text).mid(i, end - i)))
                setFormat(i, end - i, m_formats[int(Role::Keyword)]);
            i = end;
            lineStart = false;
            continue;
        }
        if (!c.isSpace())
            lineStart = false;
        ++i;
    }
}

} // namespace studio
