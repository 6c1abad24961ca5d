// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "common/roles.h"
#include "document/cartondocument.h"
#include "fixturepolicy.h"
#include "selftest/selftestresult.h"
#include "selftests/selftestsmodel.h"
#include "testcartons.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace studio;

class TestSelfTestsModel : public QObject {
    Q_OBJECT

private slots:
    void upstream();
    void references_data();
    void references();
    void unnamed();
    void followsTheDocument();
};

static std::shared_ptr<const carton::Carton> upstreamCarton()
{
    const QString path = testcartons::upstreamFixture();
    return path.isEmpty() ? nullptr : testcartons::open(path);
}

void TestSelfTestsModel::upstream()
{
    auto carton = upstreamCarton();
    if (!carton)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    SelfTestsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex test = model.itemIndex(SelfTestsModel::ItemKind::SelfTest, 0);
    const QModelIndex example = model.itemIndex(SelfTestsModel::ItemKind::Example, 0);
    QCOMPARE(test.data().toString(), QStringLiteral("a_self_test"));
    QCOMPARE(test.siblingAtColumn(SelfTestsModel::DetailsColumn).data().toString(), QStringLiteral("A self test"));
    QCOMPARE(example.data().toString(), QStringLiteral("an_optional_name"));
    QVERIFY(model.isExample(example));
    QVERIFY(!model.isExample(test));
    QCOMPARE(model.rowCount(test), 3);    // b, a, expected y
    QCOMPARE(model.rowCount(example), 2); // f, sample y
    QCOMPARE(model.references(example), (QStringList{"@misc/_example_misc_file_0", "@tensor_data/_tensor_3"}));
    QCOMPARE(model.description(example), QStringLiteral("An example of an image input"));
    // Children point back to their item.
    const QModelIndex child = model.index(0, SelfTestsModel::ReferenceColumn, example);
    QCOMPARE(model.itemRow(child), example.row());
    QCOMPARE(child.parent(), example.siblingAtColumn(0));
}

void TestSelfTestsModel::references_data()
{
    QTest::addColumn<bool>("example");
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("details");

    QTest::newRow("string input") << false << 0 << "b"
                                  << "input"
                                  << "@tensor_data/_tensor_0"
                                  << "string [3]";
    QTest::newRow("float input") << false << 1 << "a"
                                 << "input"
                                 << "@tensor_data/_tensor_1"
                                 << "float32 [5]";
    QTest::newRow("expected") << false << 2 << "y"
                              << "expected output"
                              << "@tensor_data/_tensor_2"
                              << "uint32 [5]";
    QTest::newRow("misc") << true << 0 << "f"
                          << "input"
                          << "@misc/_example_misc_file_0"
                          << "file, 527.2 KiB";
    QTest::newRow("sample") << true << 1 << "y"
                            << "sample output"
                            << "@tensor_data/_tensor_3"
                            << "int64 []";
}

void TestSelfTestsModel::references()
{
    QFETCH(bool, example);
    QFETCH(int, row);
    QFETCH(QString, key);
    QFETCH(QString, role);
    QFETCH(QString, reference);
    QFETCH(QString, details);
    QLocale::setDefault(QLocale::c());
    auto carton = upstreamCarton();
    if (!carton)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    SelfTestsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);
    const QModelIndex item =
        model.itemIndex(example ? SelfTestsModel::ItemKind::Example : SelfTestsModel::ItemKind::SelfTest, 0);
    QCOMPARE(model.index(row, SelfTestsModel::NameColumn, item).data().toString(), key);
    QCOMPARE(model.index(row, SelfTestsModel::KindColumn, item).data().toString(), role);
    QCOMPARE(model.index(row, SelfTestsModel::ReferenceColumn, item).data().toString(), reference);
    QCOMPARE(model.index(row, SelfTestsModel::DetailsColumn, item).data().toString(), details);
    QCOMPARE(model.index(row, 0, item).data(Roles::ReferenceRole).toString(), reference);
    QCOMPARE(model.index(row, 0, item).data(Roles::TensorNameRole).toString(),
             reference.startsWith(u"@tensor_data/") ? reference.mid(13) : QString());
}

void TestSelfTestsModel::unnamed()
{
    QTemporaryDir dir;
    const QByteArray toml = testcartons::minimalToml(
        "[[input]]\nname = \"x\"\ndtype = \"float32\"\nshape = []\n"
        "[[output]]\nname = \"y\"\ndtype = \"float32\"\nshape = []\n"
        "[[self_test]]\ninputs = { x = \"@tensor_data/nope\" }\n"
        "[[example]]\ninputs = { x = \"@misc/missing.png\" }\nsample_out = { y = \"@misc/out.png\" }\n");
    QVERIFY(testcartons::writeFolder(dir.path(), {{QStringLiteral("carton.toml"), toml},
                                                  {QStringLiteral("misc/out.png"), "not really"},
                                                  {QStringLiteral("model/m"), "m"}}));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton && carton->info());
    SelfTestsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex test = model.index(0, 0);
    const QModelIndex example = model.index(1, 0);
    QCOMPARE(test.data().toString(), QStringLiteral("Self-test 1"));
    QCOMPARE(example.data().toString(), QStringLiteral("Example 1"));
    QCOMPARE(model.index(0, SelfTestsModel::DetailsColumn, test).data().toString(),
             QStringLiteral("not in tensor_data/index.toml"));
    QCOMPARE(model.index(0, SelfTestsModel::DetailsColumn, example).data().toString(), QStringLiteral("missing file"));
    QCOMPARE(model.index(1, SelfTestsModel::DetailsColumn, example).data().toString(), QStringLiteral("file, 10 B"));
    model.setCarton(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

// Over a CartonDocument, the one model of the Self-tests tab follows the edits:
// a rename is a dataChanged (a run's results stay), a new item resets the rows,
// a file made in the document is what a reference's details describe, and the
// diagnostics mark the item; undo brings the rows back.
void TestSelfTestsModel::followsTheDocument()
{
    QTemporaryDir dir;
    const QByteArray toml = testcartons::minimalToml(
        "[[input]]\nname = \"x\"\ndtype = \"float32\"\nshape = []\n"
        "[[output]]\nname = \"y\"\ndtype = \"float32\"\nshape = []\n"
        "[[self_test]]\nname = \"first\"\ninputs = { x = \"@tensor_data/nope\" }\n"
        "[[example]]\ninputs = { x = \"@misc/new.png\" }\nsample_out = { y = \"@misc/new.png\" }\n");
    QVERIFY(testcartons::writeFolder(dir.path(),
                                     {{QStringLiteral("carton.toml"), toml}, {QStringLiteral("model/m"), "m"}}));
    const QString path = dir.path();
    auto carton = testcartons::open(path);
    QVERIFY(carton && carton->info());
    CartonDocument document(carton, path);
    SelfTestsModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.document(), &document);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.itemAt(1), (SelfTestItem{SelfTestItem::Kind::Example, 0}));
    QCOMPARE(model.rowOf({SelfTestItem::Kind::Example, 0}), 1);
    const QModelIndex example = model.index(1, 0);
    QCOMPARE(model.index(0, SelfTestsModel::DetailsColumn, example).data().toString(), QStringLiteral("missing file"));

    carton::SelfTestRun run;
    carton::SelfTestResult passed;
    passed.index = 0;
    passed.status = carton::SelfTestStatus::Passed;
    run.tests.append(passed);
    model.setRun(run);
    QVERIFY(!model.resultText(model.index(0, 0)).isEmpty());

    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    carton::CartonInfo info = document.info();
    info.selfTests[0].name = QStringLiteral("renamed");
    document.setInfo(info, QStringLiteral("Rename"));
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("renamed"));
    QCOMPARE(reset.size(), 0);
    QVERIFY(!changed.isEmpty());
    QVERIFY(!model.resultText(model.index(0, 0)).isEmpty()); // the same rows: the result stays

    DocumentState state = document.state();
    QVERIFY(state.files.putBytes(QStringLiteral("misc/new.png"), QByteArray(12, 'p')));
    document.setState(state, QStringLiteral("Add"));
    QCOMPARE(model.index(0, SelfTestsModel::DetailsColumn, model.index(1, 0)).data().toString(),
             QStringLiteral("file, 12 B"));

    info = document.info();
    info.selfTests.append(info.selfTests.at(0));
    document.setInfo(info, QStringLiteral("Duplicate"));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.itemAt(2), (SelfTestItem{SelfTestItem::Kind::Example, 0}));

    document.validateNow(); // "@tensor_data/nope" is not in the index: an error on the self-tests
    QCOMPARE(model.index(0, 0).data(Roles::SeverityRole).toInt(), int(carton::Severity::Error));
    QVERIFY(!model.problemsOf(0).isEmpty());
    QCOMPARE(model.index(2, 0).data(Roles::SeverityRole).toInt(), -1);

    document.undoStack()->undo();
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("renamed"));
}

QTEST_MAIN(TestSelfTestsModel)
#include "tst_selftestsmodel.moc"
