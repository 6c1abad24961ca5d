// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "common/roles.h"
#include "fixturepolicy.h"
#include "tensors/cartontensoropener.h"
#include "tensors/tensorlistmodel.h"
#include "tensorviewer/stringtablemodel.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testcartons.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
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
    void slices_data();
    void slices();
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
        CARTON_MISSING_FIXTURE("upstream fixture not available");
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

namespace {

// Opens `name` of `carton` in `viewer` and waits until it is shown (false on error).
bool openIn(TensorViewer &viewer, std::shared_ptr<const carton::Carton> carton, const QString &name)
{
    QSignalSpy shown(&viewer, &TensorViewer::tensorShown);
    viewer.open(name, cartonTensorOpener(std::move(carton)));
    return shown.wait(5000);
}

// Asks for cells (r, c) and waits for their blocks.
void fetch(TensorTableModel *model, int rows, int cols)
{
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            (void)model->index(r, c).data();
    QTRY_VERIFY(!model->isLoading());
}

} // namespace

void TestTensorModels::upstreamValues()
{
    QFETCH(QString, name);
    QFETCH(int, rows);
    QFETCH(int, cols);
    if (!m_upstream)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    TensorViewer viewer;
    QAbstractItemModelTester tester(viewer.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openIn(viewer, m_upstream, name));
    // Every value matches the tensor as the core loads it whole.
    auto full = m_upstream->loadTensor(name);
    QVERIFY2(full.ok(), qPrintable(full.ok() ? QString() : full.error().toString()));
    if (full->dtype() == carton::DType::String) {
        QCOMPARE(viewer.stringModel()->rowCount(), rows);
        for (int r = 0; r < rows; ++r)
            QCOMPARE(viewer.stringModel()->index(r, 0).data(Qt::EditRole).toString(), full->stringValues().at(r));
        return;
    }
    TensorTableModel *model = viewer.tableModel();
    QCOMPARE(model->rowCount(), rows);
    QCOMPARE(model->columnCount(), cols);
    fetch(model, rows, cols);
    for (int r = 0; r < rows; ++r)
        QCOMPARE(model->index(r, 0).data().toString(), full->valueAsText(r));
}

void TestTensorModels::slices_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("index0"); // index of dim 0 for the 3-D cube
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");

    QTest::newRow("3-D [0, :, :]") << "cube" << qint64(0) << 3 << 4;
    QTest::newRow("3-D [1, :, :]") << "cube" << qint64(1) << 3 << 4;
    QTest::newRow("2-D uint8") << "wide" << qint64(0) << 2 << 100;
}

void TestTensorModels::slices()
{
    QFETCH(QString, name);
    QFETCH(qint64, index0);
    QFETCH(int, rows);
    QFETCH(int, cols);
    TensorViewer viewer;
    QAbstractItemModelTester tester(viewer.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openIn(viewer, m_folder, name));
    if (name == u"cube") {
        SliceSpec spec = viewer.slice();
        spec.index[0] = index0;
        viewer.setSlice(spec);
    }
    TensorTableModel *model = viewer.tableModel();
    QCOMPARE(model->rowCount(), rows);
    QCOMPARE(model->columnCount(), cols);
    fetch(model, rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const qint64 flat = index0 * rows * cols + r * cols + c;
            const QString expected = name == u"cube" ? QString::number(flat + 0.5) : QString::number(flat);
            QCOMPARE(model->index(r, c).data().toString(), expected);
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

    TensorViewer viewer;
    QVERIFY(openIn(viewer, m_folder, QStringLiteral("nest")));
    QTreeWidget *tree = viewer.nestedTree();
    QCOMPARE(tree->topLevelItemCount(), 2);
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("cube"));
    QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("float32"));
    QCOMPARE(tree->topLevelItem(0)->text(2), QStringLiteral("[2, 3, 4]"));
    // An inner tensor opens in the child viewer.
    QSignalSpy innerShown(viewer.innerViewer(), &TensorViewer::tensorShown);
    tree->setCurrentItem(tree->topLevelItem(0));
    QVERIFY(innerShown.wait(5000));
    QCOMPARE(viewer.innerViewer()->tableModel()->rowCount(), 3);

    // A file shorter than its shape: the error names it.
    QSignalSpy failed(&viewer, &TensorViewer::openFailed);
    viewer.open(QStringLiteral("short"), cartonTensorOpener(m_folder));
    QVERIFY(failed.wait(5000));
    QVERIFY2(failed.at(0).at(0).toString().contains(u"tensor_data/short.bin"),
             qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(!viewer.reader());

    viewer.open(QStringLiteral("nope"), cartonTensorOpener(m_folder));
    QVERIFY(failed.wait(5000));
    QVERIFY(failed.at(1).at(0).toString().contains(u"nope"));
}

QTEST_MAIN(TestTensorModels)
#include "tst_tensormodels.moc"
