// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Conv weights in the tensor viewer: [out, in, k, k] is a stack of kernels, not a
// picture ([64, 64, 3, 3] once opened as a "3 × 64 pixels, channels last" strip).
// It opens on the Kernels tab, a grid of out × in tiles with one colour scale; a
// click on a tile shows that kernel in the table.
#include "tensorviewer/colormap.h"
#include "tensorviewer/kernelgrid.h"
#include "tensorviewer/kernelgridpage.h"
#include "tensorviewer/tensorimage.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"

#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTest>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

// Element i is i − n/2 (so half negative), one element NaN when asked.
carton::Tensor weights(const QList<qint64> &shape, qint64 nanAt = -1)
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    QByteArray bytes;
    for (qint64 i = 0; i < n; ++i) {
        const float v = i == nanAt ? std::numeric_limits<float>::quiet_NaN() : float(i - n / 2);
        bytes.append(reinterpret_cast<const char *>(&v), 4);
    }
    return carton::Tensor::numeric(u"conv.weight"_s, carton::DType::Float32, shape, bytes);
}

} // namespace

class TestKernelGrid final : public QObject {
    Q_OBJECT

private slots:
    void shapesThatArePictures_data()
    {
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<bool>("kernels");
        QTest::addColumn<int>("channelDim"); // -2: no picture reading at all
        QTest::addColumn<bool>("picture");   // opened on the Image tab (float32)
        QTest::newRow("conv 3x3") << QList<qint64>{64, 64, 3, 3} << true << -2 << false;
        QTest::newRow("conv 1x1") << QList<qint64>{256, 64, 1, 1} << true << -2 << false;
        // The first conv of a ResNet: each kernel can be drawn as a 7×7 RGB picture, but opens as kernels.
        QTest::newRow("conv RGB 7x7") << QList<qint64>{64, 3, 7, 7} << true << 1 << false;
        QTest::newRow("NCHW batch") << QList<qint64>{1, 3, 224, 224} << false << 1 << true;
        QTest::newRow("NHWC batch") << QList<qint64>{8, 224, 224, 3} << false << 3 << true;
        QTest::newRow("HWC") << QList<qint64>{480, 640, 4} << false << 2 << true;
        // A 2-pixel-wide strip of 1000 rows: a list, not a picture.
        QTest::newRow("strip") << QList<qint64>{1000, 2, 3} << false << -2 << false;
        QTest::newRow("grey strip") << QList<qint64>{10, 1000} << false << -2 << false;
        QTest::newRow("grey matrix") << QList<qint64>{768, 512} << false << -1 << false;
        QTest::newRow("conv1d") << QList<qint64>{64, 64, 3} << false << 2 << true; // indistinguishable from HxWx3
        QTest::newRow("non-square kernel") << QList<qint64>{64, 64, 1, 7} << false << -2 << false;
    }

    void shapesThatArePictures()
    {
        QFETCH(QList<qint64>, shape);
        QFETCH(bool, kernels);
        QFETCH(int, channelDim);
        QFETCH(bool, picture);
        QCOMPARE(KernelGrid::isKernelStack(shape), kernels);
        const std::optional<TensorImage> image = TensorImage::detect(shape);
        QCOMPARE(image.has_value(), channelDim != -2);
        if (image)
            QCOMPARE(image->channelDim, channelDim);
        QCOMPARE(TensorImage::isPicture(shape, carton::DType::Float32), picture);
    }

    void gridTilesAndColourScale()
    {
        // 2 × 3 kernels of 3 × 3: 54 values from −27 to 26, one NaN.
        const QList<qint64> shape{2, 3, 3, 3};
        const carton::Tensor t = weights(shape, 10);
        carton::TensorLayout layout;
        layout.dtype = t.dtype();
        layout.shape = t.shape();
        auto reader = carton::TensorReader::create(t.name(), layout,
                                                   std::make_shared<carton::MemorySource>(t.data(), t.name()), true);
        QVERIFY(reader.ok());
        const auto grid = KernelGrid::render(**reader, 0, 0);
        QVERIFY(grid.ok());
        // Few columns: tiles of 48 pixels (3 cells of 16), a 1-pixel gap.
        QCOMPARE(grid->scale, 16);
        const int step = 3 * 16 + 1;
        QCOMPARE(grid->image.size(), QSize(3 * step - 1, 2 * step - 1));
        QCOMPARE(grid->absMax, 27.0);
        const Colormap diverging(Colormap::Kind::Diverging);
        // Element [0, 0, 0, 0] = −27: the blue end; [1, 2, 2, 2] = 26; [0, 1, 0, 1] (flat 10) is NaN.
        QCOMPARE(grid->image.pixel(grid->tileRect(0, 0).topLeft()), diverging.at(0.0));
        QCOMPARE(grid->image.pixel(grid->tileRect(1, 2).bottomRight()), diverging.at(0.5 + 0.5 * 26.0 / 27.0));
        QCOMPARE(grid->image.pixel(grid->tileRect(0, 1).topLeft() + QPoint(16, 0)), Colormap::nanColor);
        // Flat 27 = [1, 0, 0, 0] is 0: white, the middle.
        QCOMPARE(grid->image.pixel(grid->tileRect(1, 0).topLeft()), diverging.at(0.5));
        // The gaps are transparent; tiles map back to kernels.
        QCOMPARE(qAlpha(grid->image.pixel(step - 1, 0)), 0);
        QCOMPARE(grid->kernelAt(QPoint(step + 5, step + 47)), std::make_optional(std::make_pair(qint64(1), qint64(1))));
        QVERIFY(!grid->kernelAt(QPoint(step - 1, 3)));
        QVERIFY(!grid->kernelAt(QPoint(3 * step, 0)));
    }

    void viewerOpensKernelsAndClickShowsTable()
    {
        TensorViewer viewer;
        viewer.resize(900, 700);
        viewer.show();
        QSignalSpy rendered(viewer.kernelGrid(), &KernelGridPage::rendered);
        viewer.setTensor(weights({64, 64, 3, 3}));
        QCOMPARE(viewer.tabs()->currentIndex(), int(TensorViewer::KernelsTab));
        QVERIFY(viewer.tabs()->isTabVisible(TensorViewer::KernelsTab));
        QVERIFY(!viewer.tabs()->isTabEnabled(TensorViewer::ImageTab)); // no strip of 3 × 64 pixels
        QVERIFY(rendered.wait(5000));
        const KernelGrid &grid = viewer.kernelGrid()->grid();
        QCOMPARE(grid.outs, 64);
        QCOMPARE(grid.ins, 64);
        QCOMPARE(grid.scale, 4); // many columns: 12-pixel tiles
        QCOMPARE(grid.image.size(), QSize(64 * 13 - 1, 64 * 13 - 1));
        const QString caption = viewer.kernelGrid()->captionLabel()->text();
        QVERIFY2(caption.contains(u"4096 kernel(s) of 3 × 3"_s), qPrintable(caption));
        QVERIFY(!viewer.kernelGrid()->firstOutSpin()->isVisible()); // all 64 × 64 shown

        // A click on kernel [5, 2]: the table shows its 3 × 3 values.
        QLabel *label = viewer.kernelGrid()->imageLabel();
        const QPoint centre = grid.tileRect(5, 2).center() + label->contentsRect().topLeft();
        QTest::mouseClick(label, Qt::LeftButton, {}, centre);
        QCOMPARE(viewer.tabs()->currentIndex(), int(TensorViewer::TableTab));
        QCOMPARE(viewer.slice().rowDim, 2);
        QCOMPARE(viewer.slice().colDim, 3);
        QCOMPARE(viewer.slice().index[0], 5);
        QCOMPARE(viewer.slice().index[1], 2);
        QCOMPARE(viewer.tableModel()->rowCount(), 3);
        QCOMPARE(viewer.tableModel()->columnCount(), 3);

        // The next tensor that is no kernel stack goes back to the table; the Kernels tab hides.
        viewer.setCurrentTab(TensorViewer::KernelsTab);
        viewer.setTensor(weights({4, 5}));
        QCOMPARE(viewer.tabs()->currentIndex(), int(TensorViewer::TableTab));
        QVERIFY(!viewer.tabs()->isTabVisible(TensorViewer::KernelsTab));
    }

    void manyChannelsShownFromAChosenOne()
    {
        TensorViewer viewer;
        viewer.resize(900, 700);
        viewer.show();
        QSignalSpy rendered(viewer.kernelGrid(), &KernelGridPage::rendered);
        viewer.setTensor(weights({130, 3, 1, 1}));
        QVERIFY(rendered.wait(5000));
        QCOMPARE(viewer.kernelGrid()->grid().outs, 64);
        QVERIFY(viewer.kernelGrid()->firstOutSpin()->isVisible());
        viewer.kernelGrid()->firstOutSpin()->setValue(128);
        QVERIFY(rendered.wait(5000));
        const KernelGrid &grid = viewer.kernelGrid()->grid();
        QCOMPARE(grid.firstOut, 128);
        QCOMPARE(grid.outs, 2);
        QCOMPARE(grid.ins, 3);
        QVERIFY2(viewer.kernelGrid()->captionLabel()->text().contains(u"128–129 of 130"_s),
                 qPrintable(viewer.kernelGrid()->captionLabel()->text()));
    }
};

QTEST_MAIN(TestKernelGrid)
#include "tst_kernelgrid.moc"
