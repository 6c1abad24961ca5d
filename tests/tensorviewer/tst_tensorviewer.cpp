// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "tensor/tensorstats.h"
#include "tensorviewer/colormap.h"
#include "tensorviewer/heatmapdata.h"
#include "tensorviewer/heatmapview.h"
#include "tensorviewer/slicecontrols.h"
#include "tensorviewer/statspanel.h"
#include "tensorviewer/stringtablemodel.h"
#include "tensorviewer/tensorimage.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>
#include <atomic>
#include <cmath>
#include <limits>
#include <memory>

using namespace studio;

using namespace Qt::StringLiterals;

namespace {

qint64 product(const QList<qint64> &shape)
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

// Element i of the test tensors: a value that names its flat index.
double valueOf(carton::DType dtype, qint64 i)
{
    return dtype == carton::DType::Float32 ? i + 0.5 : double(i * 3 - 7);
}

carton::Tensor makeTensor(const QString &name, carton::DType dtype, const QList<qint64> &shape)
{
    const qint64 n = product(shape);
    QByteArray bytes;
    for (qint64 i = 0; i < n; ++i) {
        if (dtype == carton::DType::Float32) {
            const float v = float(valueOf(dtype, i));
            bytes.append(reinterpret_cast<const char *>(&v), 4);
        } else {
            const qint32 v = qint32(valueOf(dtype, i));
            bytes.append(reinterpret_cast<const char *>(&v), 4);
        }
    }
    return carton::Tensor::numeric(name, dtype, shape, bytes);
}

carton::TensorReaderPtr readerOf(const carton::Tensor &tensor)
{
    carton::TensorLayout layout;
    layout.dtype = tensor.dtype();
    layout.shape = tensor.shape();
    auto reader = carton::TensorReader::create(
        tensor.name(), layout, std::make_shared<carton::MemorySource>(tensor.data(), tensor.name()), true);
    if (!reader.ok())
        qFatal("%s", qPrintable(reader.error().toString()));
    return *reader;
}

qint64 flatIndex(const QList<qint64> &shape, const QList<qint64> &index)
{
    qint64 flat = 0;
    for (qsizetype d = 0; d < shape.size(); ++d)
        flat = flat * shape[d] + index[d];
    return flat;
}

QString expectedText(carton::DType dtype, qint64 flat)
{
    const double v = valueOf(dtype, flat);
    return dtype == carton::DType::Float32 ? QString::number(v, 'g', 9) : QString::number(qint64(v));
}

// Waits until every visible block of the view has arrived.
bool settle(TensorTableModel *model)
{
    QCoreApplication::processEvents();
    return QTest::qWaitFor([model] { return !model->isLoading(); }, 5000);
}

} // namespace

class TestTensorViewer final : public QObject {
    Q_OBJECT

private slots:
    void tableCellsForEveryRowColChoice_data()
    {
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<int>("dtype");
        for (auto dtype : {carton::DType::Float32, carton::DType::Int32}) {
            const QString d = carton::dtypeName(dtype);
            QTest::newRow(qPrintable(d + QStringLiteral(" 0-D"))) << QList<qint64>{} << int(dtype);
            QTest::newRow(qPrintable(d + QStringLiteral(" 1-D"))) << QList<qint64>{7} << int(dtype);
            QTest::newRow(qPrintable(d + QStringLiteral(" 2-D"))) << QList<qint64>{3, 5} << int(dtype);
            QTest::newRow(qPrintable(d + QStringLiteral(" 3-D"))) << QList<qint64>{2, 3, 4} << int(dtype);
            QTest::newRow(qPrintable(d + QStringLiteral(" 4-D"))) << QList<qint64>{2, 3, 2, 3} << int(dtype);
            QTest::newRow(qPrintable(d + QStringLiteral(" 5-D"))) << QList<qint64>{2, 2, 3, 1, 3} << int(dtype);
        }
        QTest::newRow("float32 2-D over a block edge") << QList<qint64>{70, 131} << int(carton::DType::Float32);
    }

    void tableCellsForEveryRowColChoice()
    {
        QFETCH(QList<qint64>, shape);
        QFETCH(int, dtype);
        const auto type = carton::DType(dtype);
        const carton::Tensor tensor = makeTensor(QStringLiteral("t"), type, shape);
        TensorTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTensor(readerOf(tensor), SliceSpec::defaultFor(shape));
        const int rank = int(shape.size());
        QList<std::pair<int, int>> choices;
        if (rank == 0)
            choices.append({-1, -1});
        else if (rank == 1)
            choices.append({0, -1});
        for (int r = 0; r < rank && rank >= 2; ++r)
            for (int c = 0; c < rank; ++c)
                if (r != c)
                    choices.append({r, c});
        for (const auto &[rowDim, colDim] : choices) {
            SliceSpec spec = SliceSpec::defaultFor(shape);
            spec.rowDim = rowDim;
            spec.colDim = colDim;
            // The last index of every other dimension (the first is the default).
            for (int d = 0; d < rank; ++d)
                spec.index[d] = shape[d] - 1;
            QVERIFY(spec.isValid());
            model.setSlice(spec);
            const qint64 rows = rowDim >= 0 ? shape[rowDim] : 1;
            const qint64 cols = colDim >= 0 ? shape[colDim] : 1;
            QCOMPARE(model.rowCount(), int(rows));
            QCOMPARE(model.columnCount(), int(cols));
            for (qint64 r = 0; r < rows; ++r)
                for (qint64 c = 0; c < cols; ++c)
                    (void)model.index(int(r), int(c)).data(); // ask for every block
            QVERIFY(settle(&model));
            for (qint64 r = 0; r < rows; ++r) {
                for (qint64 c = 0; c < cols; ++c) {
                    QList<qint64> index = spec.index;
                    if (rowDim >= 0)
                        index[rowDim] = r;
                    if (colDim >= 0)
                        index[colDim] = c;
                    const QString text = model.index(int(r), int(c)).data().toString();
                    if (text != expectedText(type, flatIndex(shape, index)))
                        QFAIL(qPrintable(QStringLiteral("rows dim %1, cols dim %2, cell (%3, %4): %5, expected %6")
                                             .arg(rowDim)
                                             .arg(colDim)
                                             .arg(r)
                                             .arg(c)
                                             .arg(text, expectedText(type, flatIndex(shape, index)))));
                }
            }
        }
    }

    void tableReadsOnlyBlocksAskedFor()
    {
        const QList<qint64> shape{1000, 1000};
        const carton::Tensor tensor = makeTensor(QStringLiteral("big"), carton::DType::Float32, shape);
        TensorTableModel model;
        model.setTensor(readerOf(tensor), SliceSpec::defaultFor(shape));
        QCOMPARE(model.blocksRead(), 0); // nothing read up front
        (void)model.index(0, 0).data();
        (void)model.index(10, 63).data(); // same block
        (void)model.index(999, 999).data();
        QVERIFY(settle(&model));
        QCOMPARE(model.blocksRead(), 2);
        QCOMPARE(model.index(999, 999).data().toString(), QStringLiteral("999999.5"));
    }

    void numberFormats()
    {
        const carton::Tensor ints = makeTensor(QStringLiteral("i"), carton::DType::Int32, {4}); // -7, -4, -1, 2
        TensorTableModel model;
        model.setTensor(readerOf(ints), {});
        (void)model.index(0, 0).data();
        QVERIFY(settle(&model));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("-7"));
        model.setNumberFormat(NumberFormat::Hex);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("0xfffffff9"));
        QCOMPARE(model.index(3, 0).data().toString(), QStringLiteral("0x00000002"));
        const carton::Tensor floats = makeTensor(QStringLiteral("f"), carton::DType::Float32, {2});
        model.setTensor(readerOf(floats), {});
        (void)model.index(1, 0).data();
        QVERIFY(settle(&model));
        model.setNumberFormat(NumberFormat::Scientific);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("1.500000e+00"));
        model.setNumberFormat(NumberFormat::Fixed);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("1.500000"));
    }

    void viewerPicksDimsAndIndicesWithQTest()
    {
        const QList<qint64> shape{2, 3, 4};
        TensorViewer viewer;
        viewer.resize(900, 600);
        viewer.show();
        viewer.setTensor(makeTensor(QStringLiteral("cube"), carton::DType::Float32, shape));
        QAbstractItemModelTester tester(viewer.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        TensorTableModel *model = viewer.tableModel();
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(model->columnCount(), 4);
        QVERIFY(settle(model));
        QCOMPARE(model->index(2, 3).data().toString(), QStringLiteral("11.5"));

        // Index of dim 0 up by one with the keyboard: [1, :, :].
        QSpinBox *spin0 = viewer.sliceControls()->indexSpin(0);
        QVERIFY(spin0);
        QTest::keyClick(spin0, Qt::Key_Up);
        QCOMPARE(viewer.slice().index[0], 1);
        QVERIFY(settle(model));
        QCOMPARE(model->index(2, 3).data().toString(), QStringLiteral("23.5")); // 12 + 2*4 + 3

        // Rows = dim 0 (was dim 1): the combo swaps nothing, dim 1 gets an index.
        QComboBox *rows = viewer.sliceControls()->rowCombo();
        rows->setFocus();
        QTest::keyClick(rows, Qt::Key_Up); // dim 1 -> dim 0
        QCOMPARE(viewer.slice().rowDim, 0);
        QCOMPARE(viewer.slice().colDim, 2);
        QSpinBox *spin1 = viewer.sliceControls()->indexSpin(1);
        QVERIFY(spin1);
        QVERIFY(!viewer.sliceControls()->indexSpin(0));
        QTest::keyClick(spin1, Qt::Key_Up);
        QTest::keyClick(spin1, Qt::Key_Up); // [:, 2, :]
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->columnCount(), 4);
        QVERIFY(settle(model));
        QCOMPARE(model->index(1, 1).data().toString(), QStringLiteral("21.5")); // [1, 2, 1] = 12 + 8 + 1

        // Columns = dim 0 (the rows): swaps rows and columns, a transposed view.
        QComboBox *cols = viewer.sliceControls()->colCombo();
        cols->setFocus();
        QTest::keyClick(cols, Qt::Key_Home);
        QCOMPARE(viewer.slice().colDim, 0);
        QCOMPARE(viewer.slice().rowDim, 2);
        QCOMPARE(model->rowCount(), 4);
        QCOMPARE(model->columnCount(), 2);
        QVERIFY(settle(model));
        QCOMPARE(model->index(3, 1).data().toString(), QStringLiteral("23.5")); // [1, 2, 3]

        // Number format through its combo.
        QComboBox *format = viewer.sliceControls()->formatCombo();
        format->setFocus();
        QTest::keyClick(format, Qt::Key_Down); // Fixed
        QCOMPARE(model->index(3, 1).data().toString(), QStringLiteral("23.500000"));
    }

    void selectElementMovesSliceAndCell()
    {
        const QList<qint64> shape{3, 2, 5, 4};
        TensorViewer viewer;
        viewer.setTensor(makeTensor(QStringLiteral("t"), carton::DType::Int32, shape));
        QVERIFY(viewer.selectElement({2, 1, 3, 0}));
        QCOMPARE(viewer.slice().index[0], 2);
        QCOMPARE(viewer.slice().index[1], 1);
        QCOMPARE(viewer.sliceControls()->indexSpin(0)->value(), 2);
        const QModelIndex current = viewer.tableView()->currentIndex();
        QCOMPARE(current.row(), 3);
        QCOMPARE(current.column(), 0);
        (void)current.data();
        QVERIFY(settle(viewer.tableModel()));
        QCOMPARE(current.data().toString(), expectedText(carton::DType::Int32, flatIndex(shape, {2, 1, 3, 0})));
        QVERIFY(!viewer.selectElement({3, 0, 0, 0}));
        QVERIFY(!viewer.selectElement({0, 0}));
    }

    void heatmapNaNAndInfinityColours()
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float inf = std::numeric_limits<float>::infinity();
        const float values[] = {1, 2, 3, 4, 5, nan, 7, 8, 9, inf, -inf, 12};
        const carton::Tensor t =
            carton::Tensor::numeric(QStringLiteral("h"), carton::DType::Float32, {3, 4},
                                    QByteArray(reinterpret_cast<const char *>(values), sizeof values));
        TensorViewer viewer;
        viewer.resize(800, 600);
        viewer.show();
        QSignalSpy ready(&viewer, &TensorViewer::heatmapReady);
        viewer.setTensor(t);
        viewer.setCurrentTab(TensorViewer::HeatmapTab);
        QVERIFY(ready.wait(5000));
        const QImage &image = viewer.heatmapView()->image();
        QCOMPARE(image.size(), QSize(4, 3));
        QCOMPARE(image.pixel(1, 1), Colormap::nanColor);
        QCOMPARE(image.pixel(1, 2), Colormap::positiveInfColor);
        QCOMPARE(image.pixel(2, 2), Colormap::negativeInfColor);
        const Colormap viridis(Colormap::Kind::Viridis); // no negative finite values
        QCOMPARE(image.pixel(0, 0), viridis.at(0.0));    // 1 is the min
        QCOMPARE(image.pixel(3, 2), viridis.at(1.0));    // 12 is the max
        // The widget paints the NaN colour where the NaN cell lies, and says so on hover.
        const HeatmapView *view = viewer.heatmapView();
        QPointF nanCentre;
        for (int y = 0; y < view->height() && nanCentre.isNull(); ++y)
            for (int x = 0; x < view->width(); ++x)
                if (view->cellAt(QPointF(x, y)) == std::make_pair(qint64(1), qint64(1))) {
                    nanCentre = QPointF(x + 8, y + 8);
                    break;
                }
        QVERIFY(!nanCentre.isNull());
        QCOMPARE(viewer.heatmapView()->grab().toImage().pixel(nanCentre.toPoint()), Colormap::nanColor);
        QCOMPARE(view->describe(nanCentre), QStringLiteral("row 1, column 1: NaN"));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("h.png"));
        QVERIFY(viewer.exportHeatmapPng(png));
        QCOMPARE(QImage(png).convertToFormat(QImage::Format_RGB32).pixel(1, 1), Colormap::nanColor);
    }

    void heatmapZoomsAndPans()
    {
        TensorViewer viewer;
        viewer.resize(800, 600);
        viewer.show();
        QSignalSpy ready(&viewer, &TensorViewer::heatmapReady);
        viewer.setTensor(makeTensor(QStringLiteral("z"), carton::DType::Float32, {40, 40}));
        viewer.setCurrentTab(TensorViewer::HeatmapTab);
        QVERIFY(ready.wait(5000));
        HeatmapView *view = viewer.heatmapView();
        const QPointF centre(view->width() / 2.0 - 50, view->height() / 2.0);
        const auto before = view->cellAt(centre);
        QVERIFY(before);
        QWheelEvent wheel(centre, view->mapToGlobal(centre), {}, QPoint(0, 480), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view, &wheel);
        QVERIFY(view->zoom() > 1.5);
        QCOMPARE(view->cellAt(centre), before); // zoomed around the cursor
        // Dragging right by 100 px moves the cells under the cursor.
        QTest::mousePress(view, Qt::LeftButton, {}, centre.toPoint());
        QTest::mouseMove(view, centre.toPoint() + QPoint(100, 0));
        QTest::mouseRelease(view, Qt::LeftButton, {}, centre.toPoint() + QPoint(100, 0));
        QVERIFY(view->cellAt(centre)->second < before->second);
        QCOMPARE(view->cellAt(centre)->first, before->first);
        // Log scale keeps the ends of the range at the ends of the map.
        const HeatmapData *data = view->data();
        QCOMPARE(data->position(data->min, Colormap::Kind::Viridis, HeatmapData::Scale::Log), 0.0);
        QCOMPARE(data->position(data->max, Colormap::Kind::Viridis, HeatmapData::Scale::Log), 1.0);
        QVERIFY(data->position(100, Colormap::Kind::Viridis, HeatmapData::Scale::Log) >
                data->position(100, Colormap::Kind::Viridis, HeatmapData::Scale::Linear));
    }

    void heatmapDownsamplingKeepsExtremes()
    {
        // 1 × 5000 zeros with one spike and one NaN: 1024 bins, both still visible.
        QList<float> values(5000, 0.0f);
        values[4321] = 100.0f;
        values[17] = std::numeric_limits<float>::quiet_NaN();
        const carton::Tensor t =
            carton::Tensor::numeric(QStringLiteral("d"), carton::DType::Float32, {1, 5000},
                                    QByteArray(reinterpret_cast<const char *>(values.constData()), values.size() * 4));
        const auto data = HeatmapData::compute(*readerOf(t), SliceSpec::defaultFor({1, 5000}));
        QVERIFY(data.ok());
        QVERIFY(data->downsampled());
        QCOMPARE(data->binCols, 1024);
        QCOMPARE(data->max, 100.0);
        const int spikeBin = data->binColOf(4321);
        QCOMPARE(data->binMax[spikeBin], 100.0);
        QCOMPARE(data->binMin[spikeBin], 0.0);
        const QImage image = data->render(Colormap(Colormap::Kind::Viridis), HeatmapData::Scale::Linear);
        QCOMPARE(image.pixel(spikeBin, 0), Colormap(Colormap::Kind::Viridis).at(1.0));
        QCOMPARE(image.pixel(data->binColOf(17), 0), Colormap::nanColor);
        QCOMPARE(image.pixel(500, 0), Colormap(Colormap::Kind::Viridis).at(0.0));
    }

    void heatmapSignedDataIsDiverging()
    {
        const carton::Tensor ints = makeTensor(QStringLiteral("i"), carton::DType::Int32, {2, 3}); // -7 .. 8
        const auto data = HeatmapData::compute(*readerOf(ints), SliceSpec::defaultFor({2, 3}));
        QVERIFY(data.ok());
        QCOMPARE(data->defaultColormap(), Colormap::Kind::Diverging);
        QCOMPARE(data->position(0, Colormap::Kind::Diverging, HeatmapData::Scale::Linear), 0.5);
        QCOMPARE(data->position(-8, Colormap::Kind::Diverging, HeatmapData::Scale::Linear), 0.0);
        QCOMPARE(data->position(8, Colormap::Kind::Diverging, HeatmapData::Scale::Linear), 1.0);
        const double logMid = data->position(0, Colormap::Kind::Diverging, HeatmapData::Scale::Log);
        QCOMPARE(logMid, 0.5);
    }

    void imageModeOnUint8()
    {
        // 2 × 3 × 3 uint8: H = 2, W = 3, RGB; pixel (x, y) = (10y + x, 100 + x, 200 + y).
        QByteArray bytes;
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x)
                bytes.append(char(10 * y + x)).append(char(100 + x)).append(char(200 + y));
        const carton::Tensor t = carton::Tensor::numeric(QStringLiteral("img"), carton::DType::Uint8, {2, 3, 3}, bytes);
        const auto layout = TensorImage::detect(t.shape());
        QVERIFY(layout);
        QVERIFY(!layout->channelsFirst());
        TensorViewer viewer;
        viewer.show();
        QSignalSpy ready(&viewer, &TensorViewer::imageReady);
        viewer.setTensor(t);
        QVERIFY(viewer.tabs()->isTabEnabled(TensorViewer::ImageTab));
        viewer.setCurrentTab(TensorViewer::ImageTab);
        QVERIFY(ready.wait(5000));
        const QImage image = viewer.image();
        QCOMPARE(image.size(), QSize(3, 2));
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x)
                QCOMPARE(image.pixelColor(x, y), QColor(10 * y + x, 100 + x, 200 + y));
        QVERIFY(!viewer.imageLabel()->pixmap().isNull());
    }

    void picturesOpenOnImageTab_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<int>("tab");
        QTest::addColumn<QSize>("picture");
        const int u8 = int(carton::DType::Uint8), f32 = int(carton::DType::Float32);
        QTest::newRow("HxWx3 uint8") << u8 << QList<qint64>{4, 5, 3} << int(TensorViewer::ImageTab) << QSize(5, 4);
        QTest::newRow("HxWx4 float32") << f32 << QList<qint64>{4, 5, 4} << int(TensorViewer::ImageTab) << QSize(5, 4);
        QTest::newRow("3xHxW float32") << f32 << QList<qint64>{3, 4, 5} << int(TensorViewer::ImageTab) << QSize(5, 4);
        QTest::newRow("4xHxW float64") << int(carton::DType::Float64) << QList<qint64>{4, 6, 5}
                                       << int(TensorViewer::ImageTab) << QSize(5, 6);
        QTest::newRow("batch x HxWx3 uint8")
            << u8 << QList<qint64>{2, 4, 5, 3} << int(TensorViewer::ImageTab) << QSize(5, 4);
        QTest::newRow("HxWx3 int32") << int(carton::DType::Int32) << QList<qint64>{4, 5, 3}
                                     << int(TensorViewer::TableTab) << QSize();
        QTest::newRow("HxW uint8 (grey)") << u8 << QList<qint64>{4, 5} << int(TensorViewer::TableTab) << QSize();
        QTest::newRow("HxWx2 float32") << f32 << QList<qint64>{5, 6, 2} << int(TensorViewer::TableTab) << QSize();
    }

    void picturesOpenOnImageTab()
    {
        QFETCH(int, dtype);
        QFETCH(QList<qint64>, shape);
        QFETCH(int, tab);
        QFETCH(QSize, picture);
        const auto type = carton::DType(dtype);
        qint64 count = 1;
        for (qint64 d : shape)
            count *= d;
        const carton::Tensor t = carton::Tensor::numeric(QStringLiteral("t"), type, shape,
                                                         QByteArray(count * carton::dtypeSize(type), '\0'));
        TensorViewer viewer;
        viewer.show();
        viewer.setTensor(t);
        QCOMPARE(viewer.tabs()->currentIndex(), tab);
        if (tab == TensorViewer::ImageTab) {
            QSignalSpy ready(&viewer, &TensorViewer::imageReady);
            QVERIFY(ready.wait(5000));
            QCOMPARE(viewer.image().size(), picture);
        }
    }

    void pictureThenTableThenUserChoice()
    {
        const carton::Tensor picture =
            carton::Tensor::numeric(QStringLiteral("p"), carton::DType::Uint8, {4, 5, 3}, QByteArray(60, '\x7f'));
        const carton::Tensor matrix =
            carton::Tensor::numeric(QStringLiteral("m"), carton::DType::Uint8, {4, 5}, QByteArray(20, '\1'));
        TensorViewer viewer;
        viewer.show();
        viewer.setTensor(picture);
        QCOMPARE(viewer.tabs()->currentIndex(), int(TensorViewer::ImageTab));
        // A grey matrix could be shown as an image, but it opens on the table again.
        viewer.setTensor(matrix);
        QCOMPARE(viewer.tabs()->currentIndex(), int(TensorViewer::TableTab));
        // A tab the user picked stays picked.
        viewer.setCurrentTab(TensorViewer::HeatmapTab);
        viewer.setTensor(picture);
        QCOMPARE(viewer.tabs()->currentIndex(), int(TensorViewer::HeatmapTab));
    }

    void imageChannelsFirstFloatsWithBatch()
    {
        // 2 × 3 × 1 × 2 float32 in [0, 1]: batch 2, C×H×W = 3 × 1 × 2.
        QList<float> values;
        for (int i = 0; i < 12; ++i)
            values.append(float(i) / 11.0f);
        const carton::Tensor t =
            carton::Tensor::numeric(QStringLiteral("chw"), carton::DType::Float32, {2, 3, 1, 2},
                                    QByteArray(reinterpret_cast<const char *>(values.constData()), values.size() * 4));
        const auto layout = TensorImage::detect(t.shape());
        QVERIFY(layout);
        QVERIFY(layout->channelsFirst());
        const auto image = layout->read(*readerOf(t), {1, 0, 0, 0});
        QVERIFY(image.ok());
        QCOMPARE(image->size(), QSize(2, 1));
        // Batch 1, x = 1: channels at 6 + c*2 + 1.
        QCOMPARE(image->pixelColor(1, 0),
                 QColor(qRound(7 / 11.0 * 255), qRound(9 / 11.0 * 255), qRound(11 / 11.0 * 255)));
    }

    void statisticsMatchComputeStats()
    {
        const QList<qint64> shape{4, 5, 6};
        const carton::Tensor t = makeTensor(QStringLiteral("s"), carton::DType::Int32, shape);
        TensorViewer viewer;
        viewer.show();
        viewer.setTensor(t);
        QSignalSpy finished(viewer.statsPanel(), &StatsPanel::finished);
        viewer.setCurrentTab(TensorViewer::StatsTab);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 5000);
        const auto whole = carton::computeStats(*viewer.reader(), carton::TensorRegion::whole(shape));
        const auto slice = carton::computeStats(*viewer.reader(), viewer.slice().whole());
        QVERIFY(whole.ok() && slice.ok());
        StatsPanel *panel = viewer.statsPanel();
        QCOMPARE(panel->figureText(StatsPanel::Whole, QStringLiteral("count")), QStringLiteral("120"));
        QCOMPARE(panel->figureText(StatsPanel::Whole, QStringLiteral("min")), QString::number(whole->min, 'g', 8));
        QCOMPARE(panel->figureText(StatsPanel::Whole, QStringLiteral("max")), QString::number(whole->max, 'g', 8));
        QCOMPARE(panel->figureText(StatsPanel::Whole, QStringLiteral("mean")), QString::number(whole->mean, 'g', 8));
        QCOMPARE(panel->figureText(StatsPanel::Whole, QStringLiteral("std")), QString::number(whole->std, 'g', 8));
        QCOMPARE(panel->figureText(StatsPanel::Slice, QStringLiteral("count")), QStringLiteral("30"));
        QCOMPARE(panel->figureText(StatsPanel::Slice, QStringLiteral("max")), QStringLiteral("80")); // 29*3-7
        QCOMPARE(panel->stats(StatsPanel::Slice)->histogram, slice->histogram);
        QCOMPARE(panel->stats(StatsPanel::Whole)->histogram, whole->histogram);
        // Moving the slice recomputes the slice part only.
        viewer.sliceControls()->indexSpin(0)->setValue(3);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, 5000);
        QCOMPARE(panel->figureText(StatsPanel::Slice, QStringLiteral("min")), QString::number(90 * 3 - 7));
    }

    void statisticsCancel()
    {
        // 64 Mi elements: long enough to be cancelled while running.
        const carton::Tensor t = carton::Tensor::numeric(QStringLiteral("z"), carton::DType::Float32, {8192, 8192},
                                                         QByteArray(qint64(8192) * 8192 * 4, '\0'));
        TensorViewer viewer;
        viewer.show();
        viewer.setTensor(t);
        viewer.setCurrentTab(TensorViewer::StatsTab);
        StatsPanel *panel = viewer.statsPanel();
        QVERIFY(panel->isRunning(StatsPanel::Whole));
        panel->cancel(StatsPanel::Whole);
        QVERIFY(!panel->isRunning(StatsPanel::Whole));
        QCOMPARE(panel->figureText(StatsPanel::Whole, QStringLiteral("status")), QStringLiteral("Cancelled."));
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QVERIFY(!panel->stats(StatsPanel::Whole));
    }

    void copyAsTsvAndExportCsv()
    {
        TensorViewer viewer;
        viewer.show();
        QVERIFY(QTest::qWaitForWindowActive(&viewer));
        viewer.setTensor(makeTensor(QStringLiteral("m"), carton::DType::Int32, {3, 4}));
        QTableView *view = viewer.tableView();
        view->selectionModel()->select(
            QItemSelection(viewer.tableModel()->index(1, 1), viewer.tableModel()->index(2, 2)),
            QItemSelectionModel::Select);
        view->setFocus();
        QTest::keySequence(view, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("8\t11\n20\t23\n")); // 3*i-7 at 5, 6, 9, 10
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("m.csv"));
        QSignalSpy done(&viewer, &TensorViewer::exportFinished);
        viewer.exportSliceCsv(csv);
        QVERIFY(done.wait(5000));
        QCOMPARE(done.at(0).at(1).toString(), QString());
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("-7,-4,-1,2\n5,8,11,14\n17,20,23,26\n"));
    }

    // String tensors as a grid with index headers like numeric ones: an empty
    // string visible as "" (greyed), line breaks shown, long values elided with
    // the whole value and its index in the tooltip; any 2-D slice of a 3-D one;
    // Copy gives the exact values (issue 29, item 8).
    void stringTensorGrid()
    {
        const QString longValue = QString(600, u'w') + u"END"_s;
        const carton::Tensor strings = carton::Tensor::strings(
            u"s"_s, {2, 3}, {u"a"_s, QString(), u"two\nlines"_s, u"  "_s, longValue, u"<b>f</b>"_s});
        TensorViewer viewer;
        viewer.resize(900, 500);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        viewer.setTensor(strings);
        StringTableModel *model = viewer.stringModel();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(viewer.stringView()->isVisible());
        QCOMPARE(viewer.stringView()->model(), model);
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->columnCount(), 3);
        QCOMPARE(model->headerData(1, Qt::Vertical).toString(), u"1"_s);
        QCOMPARE(model->headerData(2, Qt::Horizontal).toString(), u"2"_s);
        QCOMPARE(model->index(0, 0).data().toString(), u"a"_s);
        QCOMPARE(model->index(1, 2).data().toString(), u"<b>f</b>"_s);

        // Empty and blank strings are visible, greyed; their value is still exact.
        const QModelIndex empty = model->index(0, 1);
        QCOMPARE(empty.data().toString(), u"\"\""_s);
        QCOMPARE(empty.data(Qt::EditRole).toString(), QString());
        const QColor grey = QGuiApplication::palette().color(QPalette::PlaceholderText);
        QCOMPARE(empty.data(Qt::ForegroundRole).value<QBrush>().color(), grey);
        QVERIFY(empty.data(Qt::ToolTipRole).toString().contains(u"empty string"_s));
        QCOMPARE(model->index(1, 0).data().toString(), u"\"  \""_s);
        QVERIFY(!model->index(0, 0).data(Qt::ForegroundRole).isValid());

        // One line per cell; a long value elided, whole (escaped) in the tooltip with its index.
        QCOMPARE(model->index(0, 2).data().toString(), u"two↵lines"_s);
        const QString shown = model->index(1, 1).data().toString();
        QCOMPARE(shown.size(), StringTableModel::displayChars + 1);
        QVERIFY(shown.endsWith(u"…"_s));
        const QString tip = model->index(1, 1).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(u"[1, 1]"_s) && tip.contains(longValue), qPrintable(tip.left(200)));
        QVERIFY(tip.contains(u"length 603"_s));
        QVERIFY(model->index(1, 2).data(Qt::ToolTipRole).toString().contains(u"&lt;b&gt;f&lt;/b&gt;"_s));
        // Columns fit their values up to a third of the view, not the 600-character one.
        QVERIFY2(viewer.stringView()->columnWidth(1) <= qMax(120, viewer.stringView()->viewport()->width() / 3),
                 qPrintable(QString::number(viewer.stringView()->columnWidth(1))));
        QVERIFY(!viewer.sliceControls()->formatCombo()->isVisible());

        // Copy (Ctrl+C) gives the values as they are.
        QTableView *view = viewer.stringView();
        view->selectionModel()->select(QItemSelection(model->index(0, 0), model->index(0, 1)),
                                       QItemSelectionModel::Select);
        view->setFocus();
        QTest::keySequence(view, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), u"a\t\n"_s);

        // A 3-D string tensor: rows × columns of the slice picked for dimension 0.
        QStringList values;
        for (int i = 0; i < 12; ++i)
            values.append(u"v%1"_s.arg(i));
        viewer.setTensor(carton::Tensor::strings(u"cube"_s, {2, 2, 3}, values));
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->columnCount(), 3);
        QCOMPARE(model->index(1, 2).data().toString(), u"v5"_s);
        QVERIFY(viewer.sliceControls()->isVisible());
        QSpinBox *spin = viewer.sliceControls()->indexSpin(0);
        QVERIFY(spin);
        spin->setValue(1);
        QCOMPARE(model->index(0, 0).data().toString(), u"v6"_s);
        QCOMPARE(model->index(1, 2).data().toString(), u"v11"_s);
        QVERIFY(model->index(1, 2).data(Qt::ToolTipRole).toString().contains(u"[1, 1, 2]"_s));

        // A scalar string: one cell, "value".
        viewer.setTensor(carton::Tensor::strings(u"one"_s, {}, {u"only"_s}));
        QCOMPARE(model->rowCount(), 1);
        QCOMPARE(model->columnCount(), 1);
        QCOMPARE(model->index(0, 0).data().toString(), u"only"_s);
        QVERIFY(!viewer.sliceControls()->isVisible());
        // A numeric tensor afterwards shows the number format again.
        viewer.setTensor(makeTensor(u"m"_s, carton::DType::Float32, {2, 2}));
        QVERIFY(viewer.sliceControls()->formatCombo()->isVisible());
    }

    void stringsAndNested()
    {
        const carton::Tensor strings =
            carton::Tensor::strings(QStringLiteral("s"), {3}, {QStringLiteral("a"), QStringLiteral("ünïcødé ✓ గ"), {}});
        TensorViewer viewer;
        viewer.setTensor(strings);
        QAbstractItemModelTester tester(viewer.stringModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(viewer.stringModel()->rowCount(), 3);
        QCOMPARE(viewer.stringModel()->index(1, 0).data().toString(), QStringLiteral("ünïcødé ✓ గ"));

        const carton::Tensor nested = carton::Tensor::nested(
            QStringLiteral("n"), {strings, makeTensor(QStringLiteral("inner"), carton::DType::Float32, {2, 2})});
        viewer.setTensor(nested);
        QCOMPARE(viewer.nestedTree()->topLevelItemCount(), 2);
        QCOMPARE(viewer.nestedTree()->topLevelItem(1)->text(0), QStringLiteral("inner"));
        viewer.nestedTree()->setCurrentItem(viewer.nestedTree()->topLevelItem(1));
        QVERIFY(viewer.innerViewer());
        QCOMPARE(viewer.innerViewer()->tensorName(), QStringLiteral("inner"));
        QVERIFY(settle(viewer.innerViewer()->tableModel()));
        (void)viewer.innerViewer()->tableModel()->index(1, 1).data();
        QVERIFY(settle(viewer.innerViewer()->tableModel()));
        QCOMPARE(viewer.innerViewer()->tableModel()->index(1, 1).data().toString(), QStringLiteral("3.5"));
    }

    void openLatestWins()
    {
        TensorViewer viewer;
        QSignalSpy shown(&viewer, &TensorViewer::tensorShown);
        // "slow" returns only once "fast" has been opened: the older finishes last.
        auto fastOpened = std::make_shared<QSemaphore>();
        auto slowSawFast = std::make_shared<std::atomic<bool>>(false);
        auto opener = [fastOpened, slowSawFast](const QString &name) -> carton::Result<OpenedTensor> {
            if (name == QLatin1StringView("slow"))
                slowSawFast->store(fastOpened->tryAcquire(1, 10000));
            else
                fastOpened->release();
            OpenedTensor opened;
            opened.reader = readerOf(makeTensor(name, carton::DType::Float32, {2}));
            return opened;
        };
        viewer.open(QStringLiteral("slow"), opener);
        QVERIFY(viewer.isOpening());
        viewer.open(QStringLiteral("fast"), opener);
        QVERIFY(shown.wait(5000));
        JobPools::waitForAll();
        QCoreApplication::processEvents();
        QVERIFY(slowSawFast->load());
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.at(0).at(0).toString(), QStringLiteral("fast"));
        QCOMPARE(viewer.tensorName(), QStringLiteral("fast"));

        auto failing = [](const QString &name) -> carton::Result<OpenedTensor> {
            return carton::makeError(carton::ErrorCode::NotFound, QStringLiteral("no tensor %1").arg(name), {});
        };
        QSignalSpy failed(&viewer, &TensorViewer::openFailed);
        viewer.open(QStringLiteral("x"), failing);
        QVERIFY(failed.wait(5000));
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("no tensor x")));
        QVERIFY(!viewer.reader());
    }
};

QTEST_MAIN(TestTensorViewer)
#include "tst_tensorviewer.moc"
