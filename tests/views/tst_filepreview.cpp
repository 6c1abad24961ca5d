// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "files/filepreview.h"
#include "files/fileviewer.h"
#include "fixturepolicy.h"
#include "tensorviewer/tensorfilebrowser.h"
#include "tensorviewer/tensorfilemodel.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testcartons.h"
#include "testutil.h"

#include <QBuffer>
#include <QImage>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace studio;

class TestFilePreview : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void kinds_data();
    void kinds();
    void upstream_data();
    void upstream();
    void hexSummary();
    void viewerShowsLatest();
    void viewerBrowsesSafetensors();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const carton::Carton> m_folder;
};

static QByteArray pngBytes(int w, int h)
{
    QImage image(w, h, QImage::Format_RGB32);
    image.fill(Qt::red);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

void TestFilePreview::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // 2 MiB of text whose cap falls in the middle of a 3-byte character.
    QByteArray big(FilePreview::maxTextBytes - 1, 'a');
    big += QStringLiteral("ఒక").toUtf8();
    QVERIFY(testcartons::writeFolder(
        m_dir.path(),
        {
            {QStringLiteral("carton.toml"), testcartons::minimalToml()},
            {QStringLiteral("model/config.json"), "{\"a\": 1}\n"},
            {QStringLiteral("model/telugu.txt"), QStringLiteral("గ ఘ ఙ 🥳\n").toUtf8()},
            {QStringLiteral("model/latin1.txt"), "caf\xe9\n"},
            {QStringLiteral("model/nul.bin"), QByteArray("ab\0cd", 5)},
            {QStringLiteral("model/big.txt"), big},
            {QStringLiteral("misc/picture"), pngBytes(40, 20)},
            {QStringLiteral("misc/empty"), QByteArray()},
            {QStringLiteral("misc/fake.safetensors"), "not tensors, whatever the name\n"},
            {QStringLiteral("model/weights.bin"), // a safetensors by content
             testutil::safetensorsFile(R"({"v":{"dtype":"U8","shape":[3],"data_offsets":[0,3]}})",
                                       QByteArray("\x05\x06\x07", 3))},
            {QStringLiteral("model/w.safetensors"),
             testutil::safetensorsFile(
                 R"({"__metadata__":{"format":"pt"},"k":{"dtype":"U8","shape":[2,2],"data_offsets":[0,4]}})",
                 QByteArray("\x01\x02\x03\x04", 4))},
        }));
    m_folder = testcartons::open(m_dir.path());
    QVERIFY(m_folder);
}

void TestFilePreview::kinds_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("truncated");
    QTest::addColumn<QString>("contains");

    QTest::newRow("json") << "model/config.json" << int(FilePreview::Text) << false << "\"a\": 1";
    QTest::newRow("utf-8") << "model/telugu.txt" << int(FilePreview::Text) << false << "గ ఘ ఙ 🥳";
    QTest::newRow("toml") << "carton.toml" << int(FilePreview::Text) << false << "runner_name";
    QTest::newRow("latin-1 is binary") << "model/latin1.txt" << int(FilePreview::Binary) << false << "63 61 66 e9";
    QTest::newRow("nul is binary") << "model/nul.bin" << int(FilePreview::Binary) << false << "61 62 00 63 64";
    QTest::newRow("big text cut") << "model/big.txt" << int(FilePreview::Text) << true << "aaaa";
    QTest::newRow("image without extension") << "misc/picture" << int(FilePreview::Image) << false << "";
    QTest::newRow("empty") << "misc/empty" << int(FilePreview::Text) << false << "";
    QTest::newRow("absent") << "model/absent" << int(FilePreview::Error) << false << "";
    // What a file is comes from its bytes, not its name.
    QTest::newRow("safetensors named .bin") << "model/weights.bin" << int(FilePreview::TensorFile) << false << "";
    QTest::newRow("text named .safetensors")
        << "misc/fake.safetensors" << int(FilePreview::Text) << false << "whatever the name";
}

void TestFilePreview::kinds()
{
    QFETCH(QString, path);
    QFETCH(int, kind);
    QFETCH(bool, truncated);
    QFETCH(QString, contains);
    const FilePreview preview = FilePreview::load(*m_folder, path);
    QCOMPARE(int(preview.kind), kind);
    QCOMPARE(preview.truncated, truncated);
    QVERIFY2(preview.text.contains(contains), qPrintable(preview.text.left(200)));
    if (kind == FilePreview::Image) {
        QCOMPARE(preview.image.size(), QSize(40, 20));
        QCOMPARE(preview.imageFormat, QByteArray("png"));
    }
    if (kind == FilePreview::Error)
        QVERIFY(preview.error.contains(path));
    if (truncated)
        QVERIFY(preview.text.size() <= FilePreview::maxTextBytes);
}

void TestFilePreview::upstream_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("contains");
    QTest::newRow("python") << "model/main.py" << int(FilePreview::Text) << "def get_model():";
    QTest::newRow("string tensor") << "tensor_data/tensor_1.toml" << int(FilePreview::Text) << "Some Telugu: గ ఘ";
    QTest::newRow("float tensor") << "tensor_data/tensor_0.bin" << int(FilePreview::Binary) << "00 00 80 3f";
    QTest::newRow("misc png without extension") << "misc/_example_misc_file_0" << int(FilePreview::Image) << "";
}

void TestFilePreview::upstream()
{
    QFETCH(QString, path);
    QFETCH(int, kind);
    QFETCH(QString, contains);
    const QString fixture = testcartons::upstreamFixture();
    if (fixture.isEmpty())
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    auto carton = testcartons::open(fixture);
    QVERIFY(carton);
    const FilePreview preview = FilePreview::load(*carton, path);
    QCOMPARE(int(preview.kind), kind);
    QVERIFY2(preview.text.contains(contains), qPrintable(preview.text.left(300)));
    if (kind == FilePreview::Image)
        QCOMPARE(preview.imageSize, QSize(906, 438));
}

void TestFilePreview::hexSummary()
{
    const QString hex = FilePreview::hexSummary(QByteArray("ABCDEFGHIJKLMNOPQ\x01", 18));
    const QStringList lines = hex.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY(lines[0].startsWith(u"00000000  41 42"));
    QVERIFY(lines[0].endsWith(u"ABCDEFGHIJKLMNOP"));
    QVERIFY(lines[1].startsWith(u"00000010  51 01"));
    QVERIFY(lines[1].endsWith(u"Q."));
}

void TestFilePreview::viewerShowsLatest()
{
    FileViewer viewer;
    viewer.setCarton(m_folder);
    QSignalSpy loaded(&viewer, &FileViewer::loaded);
    viewer.showFile(QStringLiteral("model/big.txt"));
    viewer.showFile(QStringLiteral("model/telugu.txt"), 1); // the latest request wins
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(viewer.preview().path, QStringLiteral("model/telugu.txt"));
    auto *text = viewer.findChild<QPlainTextEdit *>(QStringLiteral("fileViewerText"));
    QVERIFY(text);
    QCOMPARE(text->toPlainText(), QStringLiteral("గ ఘ ఙ 🥳\n"));
    QCOMPARE(text->textCursor().selectedText(), QStringLiteral("గ ఘ ఙ 🥳"));
    QVERIFY(text->isReadOnly());
    viewer.showFile(QStringLiteral("misc/picture"));
    QTRY_VERIFY(!viewer.isLoading());
    auto *image = viewer.findChild<QLabel *>(QStringLiteral("fileViewerImage"));
    QVERIFY(image);
    QCOMPARE(image->pixmap().size(), QSize(40, 20));
    QVERIFY(image->isVisibleTo(&viewer));
}

void TestFilePreview::viewerBrowsesSafetensors()
{
    FileViewer viewer;
    viewer.setCarton(m_folder);
    viewer.showFile(QStringLiteral("model/w.safetensors"));
    QTRY_VERIFY(!viewer.isLoading());
    TensorFileBrowser *browser = viewer.tensorBrowser();
    QVERIFY(browser);
    QCOMPARE(browser->error(), QString());
    QCOMPARE(browser->model()->rowCount(), 1);
    QCOMPARE(browser->model()->index(0, TensorFileModel::ShapeColumn).data().toString(), QStringLiteral("[2, 2]"));
    QSignalSpy shown(browser->viewer(), &TensorViewer::tensorShown);
    QTRY_COMPARE(browser->viewer()->tensorName(), QStringLiteral("k")); // the only tensor opens by itself
    TensorTableModel *table = browser->viewer()->tableModel();
    (void)table->index(1, 1).data();
    QTRY_VERIFY(!table->isLoading());
    QCOMPARE(table->index(1, 1).data().toString(), QStringLiteral("4"));
    // A safetensors named weights.bin is browsed too (by content).
    viewer.showFile(QStringLiteral("model/weights.bin"));
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(browser->error(), QString());
    QCOMPARE(browser->model()->index(0, TensorFileModel::NameColumn).data().toString(), QStringLiteral("v"));
    // Another file replaces the browser.
    viewer.showFile(QStringLiteral("model/config.json"));
    QTRY_VERIFY(!viewer.isLoading());
    QCOMPARE(viewer.preview().kind, FilePreview::Text);
}

QTEST_MAIN(TestFilePreview)
#include "tst_filepreview.moc"
