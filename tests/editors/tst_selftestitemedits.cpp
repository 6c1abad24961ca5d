// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// selftestitemedits: the Self-tests editor's list edits on a CartonInfo, and the
// one rule for the item shown when the one shown went away (a remove, an undo).
#include "selftests/selftestitemedits.h"

#include <QTest>

using namespace Qt::StringLiterals;
using studio::SelfTestItem;
namespace edits = studio::selftestitemedits;

namespace {

constexpr auto kTest = SelfTestItem::Kind::SelfTest;
constexpr auto kExample = SelfTestItem::Kind::Example;

carton::CartonInfo infoWith(int selfTests, int examples)
{
    carton::CartonInfo info;
    for (int i = 0; i < selfTests; ++i) {
        carton::SelfTest t;
        t.name = u"t%1"_s.arg(i);
        info.selfTests.append(t);
    }
    for (int i = 0; i < examples; ++i) {
        carton::Example e;
        e.name = u"e%1"_s.arg(i);
        info.examples.append(e);
    }
    return info;
}

} // namespace

class TestSelfTestItemEdits final : public QObject {
    Q_OBJECT

private slots:
    void nearestItem_data();
    void nearestItem();
    void duplicateNamesTheCopy();
    void removeShowsTheNearest();
    void moveStaysInsideItsKind();
};

void TestSelfTestItemEdits::nearestItem_data()
{
    QTest::addColumn<int>("selfTests");
    QTest::addColumn<int>("examples");
    QTest::addColumn<SelfTestItem>("wanted");
    QTest::addColumn<SelfTestItem>("shown");
    QTest::newRow("still there") << 3 << 1 << SelfTestItem{kTest, 1} << SelfTestItem{kTest, 1};
    QTest::newRow("past the end: the last") << 2 << 1 << SelfTestItem{kTest, 2} << SelfTestItem{kTest, 1};
    QTest::newRow("no self-test left: the first example")
        << 0 << 2 << SelfTestItem{kTest, 0} << SelfTestItem{kExample, 0};
    QTest::newRow("no example left: the last self-test")
        << 3 << 0 << SelfTestItem{kExample, 0} << SelfTestItem{kTest, 2};
    QTest::newRow("nothing left") << 0 << 0 << SelfTestItem{kExample, 1} << SelfTestItem{kTest, -1};
    QTest::newRow("none wanted") << 2 << 2 << SelfTestItem{kExample, -1} << SelfTestItem{kExample, -1};
}

void TestSelfTestItemEdits::nearestItem()
{
    QFETCH(int, selfTests);
    QFETCH(int, examples);
    QFETCH(SelfTestItem, wanted);
    QFETCH(SelfTestItem, shown);
    QCOMPARE(edits::nearestItem(infoWith(selfTests, examples), wanted), shown);
}

void TestSelfTestItemEdits::duplicateNamesTheCopy()
{
    carton::CartonInfo info = infoWith(2, 1);
    info.selfTests[0].unknownToml = "[self_test.tolerance]\natol = 0.1\n";
    QCOMPARE(edits::duplicate(info, {kTest, 0}), (SelfTestItem{kTest, 1}));
    QCOMPARE(info.selfTests.size(), 3);
    QCOMPARE(info.selfTests[1].name, std::optional(u"t0 copy"_s));
    QCOMPARE(info.selfTests[1].unknownToml, info.selfTests[0].unknownToml); // extension keys kept
    QCOMPARE(info.selfTests[2].name, std::optional(u"t1"_s));
    info.examples[0].name.reset(); // no name: the copy has none either
    QCOMPARE(edits::duplicate(info, {kExample, 0}), (SelfTestItem{kExample, 1}));
    QCOMPARE(info.examples[1].name, std::nullopt);
}

void TestSelfTestItemEdits::removeShowsTheNearest()
{
    carton::CartonInfo info = infoWith(1, 2);
    QCOMPARE(edits::remove(info, {kExample, 1}), (SelfTestItem{kExample, 0}));
    QCOMPARE(edits::remove(info, {kTest, 0}), (SelfTestItem{kExample, 0}));
    QCOMPARE(info.selfTests.size(), 0);
    QCOMPARE(edits::remove(info, {kExample, 0}), (SelfTestItem{kTest, -1}));
    QCOMPARE(edits::append(info, kExample), (SelfTestItem{kExample, 0}));
}

void TestSelfTestItemEdits::moveStaysInsideItsKind()
{
    carton::CartonInfo info = infoWith(3, 1);
    QCOMPARE(edits::move(info, {kTest, 0}, 1), std::optional(SelfTestItem{kTest, 1}));
    QCOMPARE(info.selfTests[0].name, std::optional(u"t1"_s));
    QCOMPARE(info.selfTests[1].name, std::optional(u"t0"_s));
    QCOMPARE(edits::move(info, {kTest, 0}, -1), std::nullopt);
    QCOMPARE(edits::move(info, {kExample, 0}, 1), std::nullopt);
    QCOMPARE(info.selfTests[0].name, std::optional(u"t1"_s)); // unchanged
}

QTEST_APPLESS_MAIN(TestSelfTestItemEdits)
#include "tst_selftestitemedits.moc"
