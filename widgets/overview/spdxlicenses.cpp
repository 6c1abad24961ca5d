// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "spdxlicenses.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <functional>

namespace studio {

namespace {

// Lines "ID<TAB>NAME[<TAB>FLAGS]"; '#' starts a comment line.
QList<QStringList> readTable(const QString &resource)
{
    QList<QStringList> rows;
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        return rows;
    const QString text = QString::fromUtf8(file.readAll());
    for (QStringView line : QStringView(text).split(u'\n')) {
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        QStringList fields;
        for (QStringView f : line.split(u'\t'))
            fields.append(f.trimmed().toString());
        if (!fields.first().isEmpty())
            rows.append(fields);
    }
    return rows;
}

// The tr() of this file's free functions: one context, the same for lupdate
// and at run time.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(studio::SpdxLicenses)
};

bool isIdChar(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'.' || c == u'-';
}

// An expression split into "(", ")" and words (ids, operators, "id+").
QStringList tokenize(const QString &text, QString *error)
{
    QStringList tokens;
    qsizetype i = 0;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
        } else if (c == u'(' || c == u')') {
            tokens.append(QString(c));
            ++i;
        } else {
            qsizetype j = i;
            while (j < text.size() && !text.at(j).isSpace() && text.at(j) != u'(' && text.at(j) != u')')
                ++j;
            tokens.append(text.mid(i, j - i));
            i = j;
        }
    }
    if (tokens.isEmpty())
        *error = Tr::tr("the license is empty");
    return tokens;
}

bool isOperator(const QString &token)
{
    return token == u"AND" || token == u"OR" || token == u"WITH";
}

} // namespace

const SpdxLicenses &SpdxLicenses::instance()
{
    static const SpdxLicenses list;
    return list;
}

SpdxLicenses::SpdxLicenses()
{
    for (const QStringList &row : readTable(QStringLiteral(":/spdx/licenses.txt"))) {
        License license;
        license.id = row.at(0);
        license.name = row.value(1);
        const QStringList flags = row.value(2).split(u',', Qt::SkipEmptyParts);
        license.osiApproved = flags.contains(u"osi");
        license.deprecated = flags.contains(u"deprecated");
        m_index.insert(license.id.toLower(), m_licenses.size());
        m_licenses.append(license);
    }
    for (const QStringList &row : readTable(QStringLiteral(":/spdx/exceptions.txt"))) {
        m_exceptionIds.append(row.at(0));
        m_exceptions.insert(row.at(0).toLower(), row.at(0));
    }
}

const SpdxLicenses::License *SpdxLicenses::find(const QString &id) const
{
    const auto it = m_index.constFind(id.toLower());
    return it == m_index.cend() ? nullptr : &m_licenses.at(*it);
}

bool SpdxLicenses::isException(const QString &id) const
{
    return m_exceptions.contains(id.toLower());
}

QStringList SpdxLicenses::check(const QString &expression) const
{
    QStringList problems;
    QString error;
    const QStringList tokens = tokenize(expression, &error);
    if (!error.isEmpty())
        return {error};
    static const QRegularExpression refPattern(
        QStringLiteral("^(DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$"));

    // expr := term (AND|OR term)* ; term := "(" expr ")" | id["+"] [WITH exception]
    qsizetype pos = 0;
    int depth = 0;
    auto syntax = [&](const QString &message) {
        if (error.isEmpty())
            error = message;
    };
    auto checkLicenseId = [&](QString id) {
        if (id.endsWith(u'+'))
            id.chop(1);
        for (QChar c : id)
            if (!isIdChar(c) && c != u':') {
                syntax(Tr::tr("\"%1\" is not a license identifier (letters, digits, '.' and '-' only)").arg(id));
                return;
            }
        if (refPattern.match(id).hasMatch())
            return; // a license of the author's own, named LicenseRef-...
        const License *known = find(id);
        if (!known) {
            if (isException(id))
                problems.append(
                    Tr::tr("\"%1\" is a license exception; write it after WITH (e.g. \"GPL-2.0-or-later WITH %1\")")
                        .arg(id));
            else if (id == u"and" || id == u"or" || id == u"with")
                problems.append(Tr::tr("write the operator \"%1\" in capitals: %2").arg(id, id.toUpper()));
            else
                problems.append(Tr::tr("\"%1\" is not an SPDX license identifier; pick one from the list or write "
                                       "LicenseRef-NAME for a license of your own")
                                    .arg(id));
        } else if (known->id != id) {
            problems.append(Tr::tr("\"%1\" is written \"%2\" in the SPDX list").arg(id, known->id));
        } else if (known->deprecated) {
            problems.append(Tr::tr("\"%1\" is deprecated in the SPDX list (e.g. GPL-2.0 is now GPL-2.0-only or "
                                   "GPL-2.0-or-later)")
                                .arg(id));
        }
    };
    std::function<void()> expr;
    auto term = [&]() {
        if (pos >= tokens.size()) {
            syntax(Tr::tr("the expression ends where a license was expected"));
            return;
        }
        const QString &t = tokens.at(pos);
        if (t == u"(") {
            ++pos;
            if (++depth > 32) {
                syntax(Tr::tr("too many nested parentheses"));
                return;
            }
            expr();
            --depth;
            if (pos >= tokens.size() || tokens.at(pos) != u")")
                syntax(Tr::tr("a \"(\" is not closed"));
            else
                ++pos;
            return;
        }
        if (t == u")" || isOperator(t)) {
            syntax(Tr::tr("\"%1\" where a license was expected").arg(t));
            ++pos;
            return;
        }
        checkLicenseId(t);
        ++pos;
        if (pos < tokens.size() && tokens.at(pos) == u"WITH") {
            ++pos;
            if (pos >= tokens.size()) {
                syntax(Tr::tr("WITH must be followed by a license exception"));
                return;
            }
            const QString &exception = tokens.at(pos);
            if (!exception.startsWith(u"AdditionRef-") && !m_exceptions.contains(exception.toLower()))
                problems.append(Tr::tr("\"%1\" is not an SPDX license exception").arg(exception));
            ++pos;
        }
    };
    expr = [&]() {
        term();
        while (error.isEmpty() && pos < tokens.size() && (tokens.at(pos) == u"AND" || tokens.at(pos) == u"OR")) {
            ++pos;
            term();
        }
    };
    expr();
    if (error.isEmpty() && pos < tokens.size())
        syntax(tokens.at(pos) == u")" ? Tr::tr("a \")\" has no \"(\"")
                                      : Tr::tr("\"%1\" follows a license without AND, OR or WITH").arg(tokens.at(pos)));
    if (!error.isEmpty())
        problems.prepend(Tr::tr("not a valid SPDX license expression: %1").arg(error));
    return problems;
}

} // namespace studio
