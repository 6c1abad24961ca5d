// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Image view of float tensors: value range, colormap, normalisation (issue 29 item 6).
#include "floattensor.h"
#include "tensorviewer/colormap.h"
#include "tensorviewer/imagecontrols.h"
#include "tensorviewer/tensorimage.h"
#include "tensorviewer/tensorviewer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QTest>

using namespace studio;

namespace {

// The grey levels of a one-channel image's pixels (red = green = blue).
QList<int> greys(const QImage &image)
{
    QList<int> levels;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            levels.append(qRed(image.pixel(x, y)));
    return levels;
}

void selectData(QComboBox *combo, int data)
{
    const int i = combo->findData(data);
    QVERIFY(i >= 0);
    combo->setCurrentIndex(i);
}

} // namespace

class TestTensorImageRange final : public QObject {
    Q_OBJECT

private slots:
    void signedFloatsWithAutoSpanTheRange()
    {
        // 8 × 16 grey in [-1, 1]: a ramp.
        const carton::Tensor t = floatTensor({8, 16}, [](qint64 i) { return -1.0f + 2.0f * float(i) / 127.0f; });
        TensorViewer viewer;
        viewer.resize(900, 600);
        viewer.show();
        QSignalSpy ready(&viewer, &TensorViewer::imageReady);
        viewer.setTensor(t);
        viewer.setCurrentTab(TensorViewer::ImageTab);
        QVERIFY(ready.wait(5000));
        const QList<int> levels = greys(viewer.image());
        QCOMPARE(levels.size(), 128);
        QCOMPARE(*std::min_element(levels.cbegin(), levels.cend()), 0);
        QCOMPARE(*std::max_element(levels.cbegin(), levels.cend()), 255);
        // More than half the pixels are not black (before: every value ≤ 0 black,
        // the positive half below 1 → below 255).
        QVERIFY(std::count(levels.cbegin(), levels.cend(), 0) == 1);
        QVERIFY2(viewer.imageControls()->noteText().contains(QStringLiteral("grey (H×W)")),
                 qPrintable(viewer.imageControls()->noteText()));
        QVERIFY2(viewer.imageControls()->noteText().contains(QStringLiteral("range −1.00 … 1.00, global")),
                 qPrintable(viewer.imageControls()->noteText()));

        // Diverging: zero in the middle (light grey), ends blue and red.
        selectData(viewer.imageControls()->colormapCombo(), int(Colormap::Kind::Diverging));
        QVERIFY(ready.wait(5000));
        const Colormap diverging(Colormap::Kind::Diverging);
        QCOMPARE(viewer.image().pixel(0, 0), diverging.at(0));
        QCOMPARE(viewer.image().pixel(15, 7), diverging.at(1));

        // Manual: [0, 1] makes the negative half black.
        selectData(viewer.imageControls()->colormapCombo(), int(Colormap::Kind::Grey));
        QVERIFY(ready.wait(5000));
        viewer.imageControls()->minSpin()->setValue(0);
        viewer.imageControls()->maxSpin()->setValue(1);
        selectData(viewer.imageControls()->rangeCombo(), int(TensorImage::Range::Manual));
        QVERIFY(ready.wait(5000));
        const QList<int> manual = greys(viewer.image());
        QCOMPARE(std::count(manual.cbegin(), manual.cend(), 0), 64);
        QVERIFY(viewer.imageControls()->noteText().contains(QStringLiteral("range 0.00 … 1.00")));
    }

    void percentileClipsAnOutlier()
    {
        // 10 × 10 values 0..99 but one is 1e6: min/max crushes the rest to black.
        const carton::Tensor t = floatTensor({10, 10}, [](qint64 i) { return i == 55 ? 1e6f : float(i); });
        const auto layout = TensorImage::detect(t.shape());
        QVERIFY(layout);
        carton::TensorLayout tl;
        tl.dtype = t.dtype();
        tl.shape = t.shape();
        const auto reader = carton::TensorReader::create(
            t.name(), tl, std::make_shared<carton::MemorySource>(t.data(), t.name()), true);
        QVERIFY(reader.ok());
        TensorImage::Options options;
        options.range = TensorImage::Range::Auto;
        const auto crushed = layout->render(**reader, {0, 0}, options);
        QVERIFY(crushed.ok());
        QCOMPARE(qRed(crushed->image.pixel(0, 5)), 0); // 50 of 1e6
        options.range = TensorImage::Range::Percentile;
        const auto clipped = layout->render(**reader, {0, 0}, options);
        QVERIFY(clipped.ok());
        QCOMPARE(clipped->ranges.size(), 1);
        QVERIFY(clipped->ranges[0].second < 100); // the outlier is not the top
        QVERIFY(clipped->ranges[0].first <= 1);
        const int mid = qRed(clipped->image.pixel(0, 5)); // 50
        QVERIFY2(mid > 100 && mid < 155, qPrintable(QString::number(mid)));
        QCOMPARE(qRed(clipped->image.pixel(5, 5)), 255); // the outlier, clipped
    }

    void perChannelNormalisation()
    {
        // 2 × 2 RGB (H×W×C): red in [0, 1], green in [0, 100], blue constant 5.
        const float values[] = {0, 0, 5, 1, 100, 5, 0.5f, 50, 5, 0.25f, 25, 5};
        const carton::Tensor t = floatTensor({2, 2, 3}, [&](qint64 i) { return values[i]; });
        TensorViewer viewer;
        viewer.show();
        QSignalSpy ready(&viewer, &TensorViewer::imageReady);
        viewer.setTensor(t);
        viewer.setCurrentTab(TensorViewer::ImageTab);
        QVERIFY(ready.wait(5000));
        // Global 0..100: red is nearly black.
        QCOMPARE(viewer.image().pixelColor(1, 0), QColor(3, 255, 13));
        QVERIFY(viewer.imageControls()->noteText().contains(QStringLiteral("global")));
        viewer.imageControls()->perChannelCheck()->setChecked(true);
        QVERIFY(ready.wait(5000));
        QCOMPARE(viewer.image().pixelColor(1, 0), QColor(255, 255, 255));
        QCOMPARE(viewer.image().pixelColor(0, 1), QColor(128, 128, 255));
        QVERIFY2(viewer.imageControls()->noteText().contains(
                     QStringLiteral("range 0.00 … 1.00; 0.00 … 100.00; 5.00 … 5.00, per channel")),
                 qPrintable(viewer.imageControls()->noteText()));
    }
};

QTEST_MAIN(TestTensorImageRange)
#include "tst_tensorimagerange.moc"
