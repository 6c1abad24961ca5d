// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "files/filepreview.h"
#include "files/fileviewer.h"
#include "media/imageview.h"
#include "mediatestutil.h"

#include <QBuffer>
#include <QImageWriter>
#include <QLabel>
#include <QMovie>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace studio;
using namespace Qt::StringLiterals;

// Images in the file viewer: fit / 100 %, animations (GIF, WebP made by ffmpeg),
// EXIF orientation; read from a carton packed in code.
class TestImageView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void fitAndActualSize();
    void animations_data();
    void animations();
    void exifOrientation();
    void viewerHeader();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const carton::Carton> m_carton;
};

namespace {

QImage gradient(int w, int h)
{
    QImage image(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            image.setPixel(x, y, qRgb(x * 255 / w, y * 255 / h, 90));
    return image;
}

QByteArray encode(const QImage &image, const char *format,
                  QImageIOHandler::Transformations transformation = QImageIOHandler::TransformationNone)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, format);
    writer.setTransformation(transformation);
    return writer.write(image) ? bytes : QByteArray();
}

} // namespace

void TestImageView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString folder = m_dir.filePath(u"src"_s);
    QVERIFY(mediatest::writeFile(folder + u"/carton.toml"_s, mediatest::cartonToml()));
    QString error = mediatest::runFfmpeg(
        {"-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=1", folder + u"/misc/anim.gif"_s});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    error = mediatest::runFfmpeg({"-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=1", "-c:v", "libwebp_anim",
                                  "-loop", "0", folder + u"/misc/anim.webp"_s});
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // Upstream writes misc files without extensions: content decides.
    QFile::rename(folder + u"/misc/anim.gif"_s, folder + u"/misc/anim_gif"_s);
    QFile::rename(folder + u"/misc/anim.webp"_s, folder + u"/misc/anim_webp"_s);
    // 40 x 20 pixels stored with the EXIF orientation "rotate 90°": shown 20 x 40.
    const QByteArray rotated = encode(gradient(40, 20), "jpeg", QImageIOHandler::TransformationRotate90);
    QVERIFY(!rotated.isEmpty());
    QVERIFY(mediatest::writeFile(folder + u"/misc/rotated.jpg"_s, rotated));
    QVERIFY(mediatest::writeFile(folder + u"/misc/big.png"_s, encode(gradient(1000, 800), "png")));
    error = mediatest::pack(folder, m_dir.filePath(u"images.carton"_s), carton::ZipMethod::Zstd);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_carton = mediatest::open(m_dir.filePath(u"images.carton"_s));
    QVERIFY(m_carton);
}

void TestImageView::fitAndActualSize()
{
    ImageView view;
    view.resize(400, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setImage(gradient(1000, 800));
    QVERIFY(view.fits());
    const QSize fitted = view.label()->pixmap().size();
    QVERIFY2(fitted.width() <= 400 && fitted.height() <= 300 && fitted.width() > 300,
             qPrintable(u"%1x%2"_s.arg(fitted.width()).arg(fitted.height())));
    QVERIFY(qAbs(fitted.width() * 800 / 1000 - fitted.height()) <= 1); // aspect ratio kept (rounded)

    QTest::mouseClick(view.actualSizeButton(), Qt::LeftButton);
    QVERIFY(!view.fits());
    QCOMPARE(view.label()->pixmap().size(), QSize(1000, 800));
    QCOMPARE(view.findChild<QLabel *>(u"imageZoom"_s)->text(), u"shown at 100 %"_s);

    QTest::mouseClick(view.fitButton(), Qt::LeftButton);
    QCOMPARE(view.label()->pixmap().size(), fitted);
    // Fit never enlarges a small image.
    view.setImage(gradient(40, 20));
    QCOMPARE(view.label()->pixmap().size(), QSize(40, 20));
    // A bigger view gives the large image more room.
    view.setImage(gradient(1000, 800));
    view.resize(800, 700);
    QTRY_VERIFY(view.label()->pixmap().width() > fitted.width());
}

void TestImageView::animations_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("format");
    QTest::newRow("gif") << u"misc/anim_gif"_s << QByteArray("gif");
    QTest::newRow("webp") << u"misc/anim_webp"_s << QByteArray("webp");
}

void TestImageView::animations()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, format);
    const FilePreview preview = FilePreview::load(*m_carton, path);
    QVERIFY2(preview.kind == FilePreview::Image, qPrintable(preview.error));
    QCOMPARE(preview.imageFormat, format);
    QCOMPARE(preview.imageSize, QSize(64, 48));
    QCOMPARE(preview.frameCount, 5);
    QCOMPARE(preview.animation.size(), m_carton->source().find(path)->size);

    ImageView view;
    view.resize(300, 200);
    view.show();
    QVERIFY(view.setAnimation(preview.animation));
    QVERIFY(view.isAnimated());
    QCOMPARE(view.frameCount(), 5);
    QMovie *movie = view.label()->movie();
    QVERIFY(movie);
    QTRY_VERIFY(movie->currentFrameNumber() > 0); // it plays
    view.clear();
    QVERIFY(!view.isAnimated());
}

void TestImageView::exifOrientation()
{
    const FilePreview preview = FilePreview::load(*m_carton, u"misc/rotated.jpg"_s);
    QCOMPARE(preview.kind, FilePreview::Image);
    QCOMPARE(preview.image.size(), QSize(20, 40));
    QCOMPARE(preview.imageSize, QSize(20, 40));
    QCOMPARE(preview.frameCount, 1);
    QVERIFY(preview.animation.isEmpty());
}

void TestImageView::viewerHeader()
{
    FileViewer viewer;
    viewer.resize(500, 400);
    viewer.show();
    viewer.setCarton(m_carton);
    viewer.showFile(u"misc/big.png"_s);
    QTRY_VERIFY(!viewer.isLoading());
    auto *header = viewer.findChild<QLabel *>(u"fileViewerHeader"_s);
    QVERIFY2(header->text().contains(u"PNG 1000 × 800"_s), qPrintable(header->text()));
    QVERIFY(viewer.imageView()->isVisible());
    QVERIFY(viewer.imageView()->label()->pixmap().width() < 1000); // fitted
    viewer.showFile(u"misc/anim_gif"_s);
    QTRY_VERIFY(!viewer.isLoading());
    QVERIFY2(header->text().contains(u"animated, 5 frames"_s), qPrintable(header->text()));
    QVERIFY(viewer.imageView()->isAnimated());
}

QTEST_MAIN(TestImageView)
#include "tst_imageview.moc"
