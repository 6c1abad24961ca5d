// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The bounded line diff: exact unified output for small cases (as GNU diff -u
// prints them), random edits checked by applying the diff back, and the caps.
#include "diff/textdiff.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

using namespace carton;

namespace {

QByteArray lines(const QStringList &l)
{
    return l.isEmpty() ? QByteArray() : (l.join(u'\n') + u'\n').toUtf8();
}

// Applies a unified diff to `a`; fails the test on a malformed or mismatching hunk.
QStringList applyUnified(const QStringList &a, const QString &unified, bool *ok)
{
    *ok = false;
    QStringList out;
    QStringList diffLines = unified.split(u'\n');
    if (diffLines.constLast().isEmpty())
        diffLines.removeLast();
    if (diffLines.size() < 2 || !diffLines.at(0).startsWith(u"--- ") || !diffLines.at(1).startsWith(u"+++ "))
        return {};
    static const QRegularExpression hunk(QStringLiteral(R"(^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$)"));
    qsizetype pos = 0; // next line of a to copy
    for (qsizetype i = 2; i < diffLines.size();) {
        const auto m = hunk.match(diffLines.at(i));
        if (!m.hasMatch())
            return {};
        const qsizetype aCount = m.capturedView(2).isEmpty() ? 1 : m.capturedView(2).toLongLong();
        const qsizetype aStart = m.captured(1).toLongLong() - (aCount == 0 ? 0 : 1);
        while (pos < aStart)
            out.append(a.at(pos++));
        ++i;
        while (i < diffLines.size() && !diffLines.at(i).startsWith(u"@@")) {
            const QString &l = diffLines.at(i++);
            const QString text = l.mid(1);
            if (l.startsWith(u' ') || l.startsWith(u'-')) {
                if (pos >= a.size() || a.at(pos) != text)
                    return {};
                ++pos;
                if (l.startsWith(u' '))
                    out.append(text);
            } else if (l.startsWith(u'+')) {
                out.append(text);
            } else {
                return {};
            }
        }
    }
    while (pos < a.size())
        out.append(a.at(pos++));
    *ok = true;
    return out;
}

} // namespace

class TestTextDiff : public QObject {
    Q_OBJECT
private slots:
    void exact_data();
    void exact();
    void randomEditsApplyBack();
    void caps();
};

void TestTextDiff::exact_data()
{
    QTest::addColumn<QStringList>("a");
    QTest::addColumn<QStringList>("b");
    QTest::addColumn<QString>("expected");
    QTest::newRow("equal") << QStringList{"x", "y"} << QStringList{"x", "y"} << QString();
    QTest::newRow("one changed") << QStringList{"1", "2", "3", "4", "5", "6", "7", "8", "9"}
                                 << QStringList{"1", "2", "3", "4", "five", "6", "7", "8", "9"}
                                 << "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n";
    QTest::newRow("added at end") << QStringList{"a"} << QStringList{"a", "b"}
                                  << "--- a\n+++ b\n@@ -1 +1,2 @@\n a\n+b\n";
    QTest::newRow("from empty") << QStringList{} << QStringList{"a", "b"} << "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n";
    QTest::newRow("to empty") << QStringList{"a"} << QStringList{} << "--- a\n+++ b\n@@ -1 +0,0 @@\n-a\n";
    QTest::newRow("two hunks")
        << QStringList{"a", "1", "2", "3", "4", "5", "6", "7", "8", "b"}
        << QStringList{"A", "1", "2", "3", "4", "5", "6", "7", "8", "B"}
        << "--- a\n+++ b\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -7,4 +7,4 @@\n 6\n 7\n 8\n-b\n+B\n";
    QTest::newRow("joined hunk") << QStringList{"a", "1", "2", "3", "4", "b"}
                                 << QStringList{"A", "1", "2", "3", "4", "B"}
                                 << "--- a\n+++ b\n@@ -1,6 +1,6 @@\n-a\n+A\n 1\n 2\n 3\n 4\n-b\n+B\n";
}

void TestTextDiff::exact()
{
    QFETCH(QStringList, a);
    QFETCH(QStringList, b);
    QFETCH(QString, expected);
    auto d = unifiedTextDiff(lines(a), lines(b), QStringLiteral("a"), QStringLiteral("b"));
    QVERIFY2(d.ok(), qPrintable(d.ok() ? QString() : d.error().toString()));
    QCOMPARE(d->unified, expected);
    bool ok = false;
    if (!expected.isEmpty())
        QCOMPARE(applyUnified(a, d->unified, &ok), b);
    QCOMPARE(ok, !expected.isEmpty());
}

void TestTextDiff::randomEditsApplyBack()
{
    QRandomGenerator rng(12);
    for (int round = 0; round < 200; ++round) {
        QStringList a;
        const int n = int(rng.bounded(60));
        for (int i = 0; i < n; ++i)
            a.append(QString::number(rng.bounded(8))); // few distinct lines: many ambiguous matches
        QStringList b = a;
        const int edits = int(rng.bounded(12));
        for (int e = 0; e < edits; ++e) {
            const int op = int(rng.bounded(3));
            if (op == 0 || b.isEmpty())
                b.insert(rng.bounded(int(b.size()) + 1), QStringLiteral("new%1").arg(e));
            else if (op == 1)
                b.removeAt(rng.bounded(int(b.size())));
            else
                b[rng.bounded(int(b.size()))] = QStringLiteral("chg%1").arg(e);
        }
        TextDiffOptions options;
        options.context = int(rng.bounded(4));
        auto d = unifiedTextDiff(lines(a), lines(b), QStringLiteral("a"), QStringLiteral("b"), options);
        QVERIFY(d.ok());
        bool ok = false;
        const QStringList back = applyUnified(a, d->unified, &ok);
        QVERIFY2(a == b || ok, qPrintable(d->unified));
        if (a != b)
            QCOMPARE(back, b);
        // Myers finds a shortest edit script: never more edits than the ones made.
        QVERIFY(d->added + d->removed <= 2 * edits);
    }
}

void TestTextDiff::caps()
{
    // Not text.
    auto bin = unifiedTextDiff(QByteArray("a\0b\n", 4), "a\n", QStringLiteral("w.bin"), QStringLiteral("w.bin"));
    QVERIFY(!bin.ok());
    QCOMPARE(bin.error().code, ErrorCode::Format);
    QCOMPARE(bin.error().location, QStringLiteral("w.bin"));
    auto latin = unifiedTextDiff("caf\xe9\n", "cafe\n", QStringLiteral("a.txt"), QStringLiteral("b.txt"));
    QVERIFY(!latin.ok());
    QCOMPARE(latin.error().code, ErrorCode::Format);
    QCOMPARE(latin.error().location, QStringLiteral("a.txt"));

    // Too many lines.
    TextDiffOptions options;
    options.maxLines = 100;
    QStringList many;
    for (int i = 0; i < 101; ++i)
        many.append(QString::number(i));
    auto big = unifiedTextDiff(lines(many), "x\n", QStringLiteral("a"), QStringLiteral("b"), options);
    QVERIFY(!big.ok());
    QCOMPARE(big.error().code, ErrorCode::Limit);

    // Too many edits: every line differs.
    options = {};
    options.maxEdits = 50;
    QStringList a, b;
    for (int i = 0; i < 40; ++i) {
        a.append(QStringLiteral("a%1").arg(i));
        b.append(QStringLiteral("b%1").arg(i));
    }
    auto edits = unifiedTextDiff(lines(a), lines(b), QStringLiteral("a"), QStringLiteral("b"), options);
    QVERIFY(!edits.ok());
    QCOMPARE(edits.error().code, ErrorCode::Limit);
    options.maxEdits = 80; // exactly enough
    edits = unifiedTextDiff(lines(a), lines(b), QStringLiteral("a"), QStringLiteral("b"), options);
    QVERIFY(edits.ok());
    QCOMPARE(edits->added, 40);
    QCOMPARE(edits->removed, 40);

    // Output cut.
    options = {};
    options.maxOutputLines = 20;
    edits = unifiedTextDiff(lines(a), lines(b), QStringLiteral("a"), QStringLiteral("b"), options);
    QVERIFY(edits.ok());
    QVERIFY(edits->truncated);
    QCOMPARE(edits->unified.count(u'\n'), 21);
    QVERIFY(edits->unified.endsWith(QStringLiteral("… (diff cut at 20 lines)\n")));
}

QTEST_GUILESS_MAIN(TestTextDiff)
#include "tst_textdiff.moc"
