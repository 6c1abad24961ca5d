// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "testcartons.h"
#include "views/roles.h"
#include "views/tensorlistmodel.h"
#include "views/tensorpreview.h"
#include "views/tensorvaluesmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>
#include <cstring>

using namespace studio;

class TestTensorModels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void upstreamList_data();
    void upstreamList();
    void upstreamValues_data();
    void upstreamValues();
    void windows_data();
    void windows();
    void nestedAndErrors();

private:
    std::shared_ptr<const carton::Carton> m_upstream;
    std::shared_ptr<const carton::Carton> m_folder;
    QTemporaryDir m_dir;
};

void TestTensorModels::initTestCase()
{
    QLocale::setDefault(QLocale::c());
    if (const QString path = testcartons::upstreamFixture(); !path.isEmpty())
        m_upstream = testcartons::open(path);

    QByteArray cube(24 * 4, 0);
    for (int i = 0; i < 24; ++i) {
        const float v = float(i) + 0.5f;
        std::memcpy(cube.data() + 4 * i, &v, 4); // little-endian hosts only (x86, arm)
    }
    const QByteArray index = R"([[tensor]]
name = "cube"
dtype = "float32"
shape = [2, 3, 4]
file = "cube.bin"
inner = []

[[tensor]]
name = "nest"
dtype = "nested"
inner = ["cube", "short"]

[[tensor]]
name = "short"
dtype = "int32"
shape = [10]
file = "short.bin"
inner = []

[[tensor]]
name = "wide"
dtype = "uint8"
shape = [2, 100]
file = "wide.bin"
inner = []
)";
    QByteArray wide(200, 0);
    for (int i = 0; i < 200; ++i)
        wide[i] = char(i);
    QVERIFY(m_dir.isValid());
    QVERIFY(testcartons::writeFolder(m_dir.path(), {{QStringLiteral("carton.toml"), testcartons::minimalToml()},
                                                    {QStringLiteral("tensor_data/index.toml"), index},
                                                    {QStringLiteral("tensor_data/cube.bin"), cube},
                                                    {QStringLiteral("tensor_data/short.bin"), QByteArray(8, 1)},
                                                    {QStringLiteral("tensor_data/wide.bin"), wide},
                                                    {QStringLiteral("model/x"), "x"}}));
    m_folder = testcartons::open(m_dir.path());
    QVERIFY(m_folder);
    QVERIFY(m_folder->tensorIndex());
}

void TestTensorModels::upstreamList_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("size");
    QTest::addColumn<QString>("referencedBy");

    QTest::newRow("_tensor_0") << "_tensor_0"
                               << "string"
                               << "[3]"
                               << "263 B"
                               << "a_self_test: input b";
    QTest::newRow("_tensor_1") << "_tensor_1"
                               << "float32"
                               << "[5]"
                               << "20 B"
                               << "a_self_test: input a";
    QTest::newRow("_tensor_2") << "_tensor_2"
                               << "uint32"
                               << "[5]"
                               << "20 B"
                               << "a_self_test: expected output y";
    QTest::newRow("_tensor_3") << "_tensor_3"
                               << "int64"
                               << "[]"
                               << "8 B"
                               << "an_optional_name: sample output y";
}

void TestTensorModels::upstreamList()
{
    QFETCH(QString, name);
    QFETCH(QString, dtype);
    QFETCH(QString, shape);
    QFETCH(QString, size);
    QFETCH(QString, referencedBy);
    if (!m_upstream)
        QSKIP("upstream fixture not available");
    TensorListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(m_upstream);
    QCOMPARE(model.rowCount(), 4);
    const int row = model.rowForName(name);
    QVERIFY(row >= 0);
    QCOMPARE(model.index(row, TensorListModel::DTypeColumn).data().toString(), dtype);
    QCOMPARE(model.index(row, TensorListModel::ShapeColumn).data().toString(), shape);
    QCOMPARE(model.index(row, TensorListModel::SizeColumn).data().toString(), size);
    QCOMPARE(model.index(row, TensorListModel::ReferencedByColumn).data().toString(), referencedBy);
    QCOMPARE(model.index(row, 0).data(Roles::TensorNameRole).toString(), name);
}

void TestTensorModels::upstreamValues_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");

    QTest::newRow("float vector") << "_tensor_1" << 5 << 1;
    QTest::newRow("strings") << "_tensor_0" << 3 << 1;
    QTest::newRow("uint32 vector") << "_tensor_2" << 5 << 1;
    QTest::newRow("scalar") << "_tensor_3" << 1 << 1;
}

void TestTensorModels::upstreamValues()
{
    QFETCH(QString, name);
    QFETCH(int, rows);
    QFETCH(int, cols);
    if (!m_upstream)
        QSKIP("upstream fixture not available");
    const TensorPreview preview = TensorPreview::load(*m_upstream, name);
    QVERIFY2(preview.error.isEmpty(), qPrintable(preview.error));
    TensorValuesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPreview(preview);
    QCOMPARE(model.rowCount(), rows);
    QCOMPARE(model.columnCount(), cols);
    // Every cell matches the tensor as the core loads it whole.
    auto full = m_upstream->loadTensor(name);
    QVERIFY2(full.ok(), qPrintable(full.ok() ? QString() : full.error().toString()));
    for (int r = 0; r < rows; ++r)
        QCOMPARE(model.index(r, 0).data().toString(), full->valueAsText(r));
    if (full->dtype() == carton::DType::String)
        QCOMPARE(model.index(rows - 1, 0).data(Qt::EditRole).toString(), full->stringValues().last());
}

void TestTensorModels::windows_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("cap");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<QString>("noteContains");

    QTest::newRow("3-D: last two dims of [0]") << "cube" << qint64(1000) << 3 << 4 << "[0, :, :]";
    QTest::newRow("3-D capped") << "cube" << qint64(5) << 1 << 4 << "first 1 × 4";
    QTest::newRow("wide capped") << "wide" << qint64(50) << 1 << 50 << "first 1 × 50";
    QTest::newRow("wide whole") << "wide" << qint64(1000) << 2 << 100 << "";
}

void TestTensorModels::windows()
{
    QFETCH(QString, name);
    QFETCH(qint64, cap);
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(QString, noteContains);
    const TensorPreview preview = TensorPreview::load(*m_folder, name, cap);
    QVERIFY2(preview.error.isEmpty(), qPrintable(preview.error));
    QVERIFY2(preview.note.contains(noteContains), qPrintable(preview.note));
    TensorValuesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPreview(preview);
    QCOMPARE(model.rowCount(), rows);
    QCOMPARE(model.columnCount(), cols);
    const int fullCols = name == u"cube" ? 4 : 100;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const double expected = name == u"cube" ? r * fullCols + c + 0.5 : double(r * fullCols + c);
            QCOMPARE(model.index(r, c).data(Qt::EditRole).toDouble(), expected);
        }
}

void TestTensorModels::nestedAndErrors()
{
    TensorListModel list;
    QAbstractItemModelTester t1(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
    list.setCarton(m_folder);
    QCOMPARE(list.rowCount(), 4);
    QCOMPARE(list.referencedBy(QStringLiteral("cube")), QStringList{"inner of nest"});
    QCOMPARE(list.index(list.rowForName(QStringLiteral("nest")), TensorListModel::SizeColumn).data().toString(),
             QString());

    TensorValuesModel values;
    QAbstractItemModelTester t2(&values, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const TensorPreview nested = TensorPreview::load(*m_folder, QStringLiteral("nest"));
    QVERIFY(nested.nested);
    values.setPreview(nested);
    QCOMPARE(values.rowCount(), 2);
    QCOMPARE(values.index(0, 0).data().toString(), QStringLiteral("cube: float32 [2, 3, 4]"));

    const TensorPreview shortOne = TensorPreview::load(*m_folder, QStringLiteral("short"));
    QVERIFY(shortOne.error.contains(u"tensor_data/short.bin"));
    values.setPreview(shortOne);
    QCOMPARE(values.rowCount(), 0);

    const TensorPreview missing = TensorPreview::load(*m_folder, QStringLiteral("nope"));
    QVERIFY(!missing.error.isEmpty());
    values.clear();
    QCOMPARE(values.columnCount(), 0);
}

QTEST_MAIN(TestTensorModels)
#include "tst_tensormodels.moc"
