// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Comparing real cartons built in code: metadata, specs, tensors compared
// numerically, text diffs, files from the MANIFESTs; two 200 MB cartons that share
// their model file are compared without reading a byte of it.
#include "base/viridis.h"
#include "diff/cartondiff.h"
#include "diff/diffjson.h"
#include "diff/errormaphtml.h"
#include "difftestutil.h"
#include "package/carton.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace carton;

namespace {

const FileDiff *fileOf(const CartonDiff &d, const QString &path)
{
    for (const FileDiff &f : d.files)
        if (f.path == path)
            return &f;
    return nullptr;
}

const DiffEntry *entryOf(const CartonDiff &d, const QString &item, const QString &field = {})
{
    for (const DiffEntry &e : d.entries)
        if (e.item == item && e.field == field)
            return &e;
    return nullptr;
}

} // namespace

class TestCartonDiff : public QObject {
    Q_OBJECT
private slots:
    void identical();
    void changes();
    void tensorShapeChanged();
    void largeIdenticalModelReadsNoModelBytes();
    void folderWithoutManifest();
    void unreadableToml();
    void caps();
    void cancelled();
    void openErrorsNameTheFile();
    void errorMapFigureKeepsEachBlocksLargest();

private:
    QTemporaryDir m_dir;
};

void TestCartonDiff::identical()
{
    const QString a = m_dir.filePath(QStringLiteral("same/a")), b = m_dir.filePath(QStringLiteral("same/b"));
    QVERIFY(difftest::writeFolder(a, difftest::baseFiles()));
    QCOMPARE(difftest::pack(a, a + QStringLiteral(".carton")), QString());
    QCOMPARE(difftest::pack(a, b + QStringLiteral(".carton"), ZipMethod::Zstd), QString());
    auto d = diffCartonFiles(a + QStringLiteral(".carton"), b + QStringLiteral(".carton"));
    QVERIFY(d.ok());
    QVERIFY(d->identical());
    QCOMPARE(d->changes().size(), 0);
    QCOMPARE(d->contentBytesRead, 0);
    QCOMPARE(d->files.size(), 6);
    QVERIFY(d->infoA && d->infoB);
    const QJsonObject json = diffToJson(*d);
    QCOMPARE(json.value(u"identical").toBool(), true);
    QCOMPARE(json.value(u"changes").toArray().size(), 0);
}

void TestCartonDiff::changes()
{
    const QString a = m_dir.filePath(QStringLiteral("chg/a")), b = m_dir.filePath(QStringLiteral("chg/b"));
    QMap<QString, QByteArray> fa = difftest::baseFiles(), fb = fa;
    fa.insert(QStringLiteral("model/old.txt"), "gone\n");
    fb[QStringLiteral("carton.toml")] = difftest::toml("model v2", "float64");
    fb[QStringLiteral("tensor_data/y.bin")] = difftest::floats({0, 2, 4.5f, 6, 8, 10});
    fb[QStringLiteral("model/main.py")] = "def run(x):\n    return x + x\n\n# end\n";
    fb[QStringLiteral("model/weights.bin")] = testutil::mixedData(4096, 4);
    fb.insert(QStringLiteral("misc/notes.md"), "# Notes\n");
    QVERIFY(difftest::writeFolder(a, fa));
    QVERIFY(difftest::writeFolder(b, fb));
    QCOMPARE(difftest::pack(a, a + QStringLiteral(".carton"), ZipMethod::Zstd), QString());
    QCOMPARE(difftest::pack(b, b + QStringLiteral(".carton"), ZipMethod::Deflate), QString());
    auto d = diffCartonFiles(a + QStringLiteral(".carton"), b + QStringLiteral(".carton"));
    QVERIFY2(d.ok(), qPrintable(d.ok() ? QString() : d.error().toString()));
    QVERIFY(!d->identical());

    // Metadata and specs.
    const DiffEntry *name = entryOf(*d, QStringLiteral("model_name"));
    QVERIFY(name);
    QCOMPARE(name->kind, ChangeKind::Changed);
    QCOMPARE(name->before, QStringLiteral("model"));
    QCOMPARE(name->after, QStringLiteral("model v2"));
    QCOMPARE(name->changeClass, ChangeClass::Compatible);
    const DiffEntry *dtype = entryOf(*d, QStringLiteral("x"), QStringLiteral("dtype"));
    QVERIFY(dtype);
    QCOMPARE(dtype->section, DiffSection::Inputs);
    QCOMPARE(dtype->changeClass, ChangeClass::Breaking);
    QCOMPARE(dtype->reason, QStringLiteral("dtype changed from float32 to float64"));
    QCOMPARE(entryOf(*d, QStringLiteral("license"))->kind, ChangeKind::Unchanged);
    QCOMPARE(entryOf(*d, QStringLiteral("basic"))->kind, ChangeKind::Unchanged);
    QCOMPARE(d->count(ChangeClass::Breaking), 1);

    // The changed tensor, compared numerically: one element 4 -> 4.5.
    const FileDiff *y = fileOf(*d, QStringLiteral("tensor_data/y.bin"));
    QVERIFY(y);
    QCOMPARE(y->kind, ChangeKind::Changed);
    QVERIFY(y->tensor);
    QVERIFY(y->tensor->compared);
    QCOMPARE(y->tensor->nameA, QStringLiteral("y"));
    QCOMPARE(y->tensor->elementCount, 6);
    QCOMPARE(y->tensor->mismatchCount, 1);
    QCOMPARE(y->tensor->maxAbsError, 0.5);
    QCOMPARE(y->tensor->maxRelError, 0.125);
    QCOMPARE(y->tensor->message, QStringLiteral("1 of 6 elements differ; max abs error 0.5, max rel error 0.125"));
    QCOMPARE(fileOf(*d, QStringLiteral("tensor_data/x.bin"))->kind, ChangeKind::Unchanged);
    QVERIFY(!fileOf(*d, QStringLiteral("tensor_data/x.bin"))->tensor);

    // Text files as unified diffs; binary ones by hash only.
    const FileDiff *py = fileOf(*d, QStringLiteral("model/main.py"));
    QCOMPARE(py->unifiedDiff, QStringLiteral("--- a/model/main.py\n+++ b/model/main.py\n@@ -1,4 +1,4 @@\n"
                                             " def run(x):\n-    return 2 * x\n+    return x + x\n \n # end\n"));
    const FileDiff *toml = fileOf(*d, QStringLiteral("carton.toml"));
    QVERIFY(toml->unifiedDiff.contains(u"\n-model_name = \"model\"\n+model_name = \"model v2\"\n"));
    QVERIFY(toml->unifiedDiff.contains(u"\n-dtype = \"float32\"\n+dtype = \"float64\"\n"));
    const FileDiff *weights = fileOf(*d, QStringLiteral("model/weights.bin"));
    QCOMPARE(weights->kind, ChangeKind::Changed);
    QVERIFY(weights->unifiedDiff.isEmpty());
    QCOMPARE(weights->note, QStringLiteral("binary file: only its sha256 is compared"));
    QCOMPARE(fileOf(*d, QStringLiteral("misc/notes.md"))->kind, ChangeKind::Added);
    QCOMPARE(fileOf(*d, QStringLiteral("model/old.txt"))->kind, ChangeKind::Removed);
    QCOMPARE(fileOf(*d, QStringLiteral("model/old.txt"))->sizeA, 5);
    // Read: the changed text files and tensors only (carton.toml was read at open).
    QCOMPARE(d->contentBytesRead, qint64(py->sizeA + py->sizeB + 2 * 24));

    // JSON: every change with its class and reason.
    const QJsonObject json = diffToJson(*d);
    QCOMPARE(json.value(u"identical").toBool(), false);
    QCOMPARE(json.value(u"breaking").toInt(), 1);
    const QJsonArray changes = json.value(u"changes").toArray();
    QCOMPARE(changes.size(), d->changes().size());
    QCOMPARE(changes.size(), 8); // model_name, x.dtype and 6 files
    QStringList classes;
    for (const QJsonValue &c : changes) {
        classes.append(c[u"class"].toString());
        QVERIFY(!c[u"reason"].toString().isEmpty());
    }
    QCOMPARE(classes.count(QStringLiteral("breaking")), 1); // x's dtype
    QCOMPARE(classes.count(QStringLiteral("compatible")), 7);
    const QJsonArray files = json.value(u"files").toArray();
    QCOMPARE(files.size(), 6); // changed files only
    bool sawTensor = false;
    for (const QJsonValue &f : files) {
        if (f[u"path"].toString() != u"tensor_data/y.bin")
            continue;
        sawTensor = true;
        QCOMPARE(f[u"tensor"][u"max_abs_error"].toDouble(), 0.5);
        QCOMPARE(f[u"tensor"][u"mismatches"].toInt(), 1);
    }
    QVERIFY(sawTensor);
}

void TestCartonDiff::tensorShapeChanged()
{
    // Folders (not packed: the packer would refuse the inconsistent self-test).
    const QString a = m_dir.filePath(QStringLiteral("shape/a")), b = m_dir.filePath(QStringLiteral("shape/b"));
    QMap<QString, QByteArray> fa = difftest::baseFiles(), fb = fa;
    fb[QStringLiteral("tensor_data/index.toml")] =
        "[[tensor]]\nname = \"x\"\ndtype = \"float32\"\nshape = [2, 3]\nfile = \"x.bin\"\ninner = []\n\n"
        "[[tensor]]\nname = \"y\"\ndtype = \"float64\"\nshape = [3]\nfile = \"y.bin\"\ninner = []\n";
    fb[QStringLiteral("tensor_data/y.bin")] = QByteArray(24, '\0');
    QVERIFY(difftest::writeFolder(a, fa));
    QVERIFY(difftest::writeFolder(b, fb));
    auto d = diffCartonFiles(a, b);
    QVERIFY(d.ok());
    const FileDiff *y = fileOf(*d, QStringLiteral("tensor_data/y.bin"));
    QVERIFY(y && y->tensor);
    QVERIFY(!y->tensor->compared);
    QCOMPARE(y->tensor->shapeA, (QList<qint64>{2, 3}));
    QCOMPARE(y->tensor->shapeB, (QList<qint64>{3}));
    QCOMPARE(y->tensor->dtypeB, DType::Float64);
    QCOMPARE(y->tensor->message,
             QStringLiteral("shape changed from [2, 3] to [3]; dtype changed from float32 to float64"));
    const FileDiff *index = fileOf(*d, QStringLiteral("tensor_data/index.toml"));
    QVERIFY(index->unifiedDiff.contains(u"\n-shape = [2, 3]\n"));
    QVERIFY(index->unifiedDiff.contains(u"\n+shape = [3]\n"));
}

void TestCartonDiff::largeIdenticalModelReadsNoModelBytes()
{
    // Two cartons with the same 200 MB model file and different metadata.
    const qint64 modelSize = 200ll << 20;
    const QByteArray block = testutil::mixedData(1 << 20, 9);
    QString folders[2] = {m_dir.filePath(QStringLiteral("big/a")), m_dir.filePath(QStringLiteral("big/b"))};
    for (int side = 0; side < 2; ++side) {
        QMap<QString, QByteArray> files = difftest::baseFiles();
        files[QStringLiteral("carton.toml")] = difftest::toml(side ? "big v2" : "big");
        QVERIFY(difftest::writeFolder(folders[side], files, false));
        QFile model(folders[side] + QStringLiteral("/model/model.bin"));
        QVERIFY(model.open(QIODevice::WriteOnly));
        for (qint64 i = 0; i < modelSize / block.size(); ++i) {
            QByteArray chunk = block;
            chunk[0] = char(i); // no two blocks alike
            QCOMPARE(model.write(chunk), chunk.size());
        }
        model.close();
        QCOMPARE(difftest::pack(folders[side], folders[side] + QStringLiteral(".carton")), QString());
        QVERIFY(QDir(folders[side]).removeRecursively());
    }
    const QString a = folders[0] + QStringLiteral(".carton"), b = folders[1] + QStringLiteral(".carton");
    QVERIFY(QFileInfo(a).size() > modelSize);

    const qint64 before = difftest::processBytesRead();
#ifdef Q_OS_LINUX
    QVERIFY(before >= 0);
#endif
    auto d = diffCartonFiles(a, b);
    const qint64 after = difftest::processBytesRead();
    QVERIFY(d.ok());
    QVERIFY(!d->identical());
    const FileDiff *model = fileOf(*d, QStringLiteral("model/model.bin"));
    QVERIFY(model);
    QCOMPARE(model->kind, ChangeKind::Unchanged);
    QCOMPARE(model->sizeA, modelSize);
    QCOMPARE(model->sizeB, modelSize);
    QCOMPARE(d->contentBytesRead, 0); // only carton.toml differs, read at open
    QCOMPARE(entryOf(*d, QStringLiteral("model_name"))->after, QStringLiteral("big v2"));
    if (before >= 0) {
        // Opening both cartons reads their central directories and metadata files:
        // a few KiB, nowhere near the model's 200 MB.
        qInfo("diff of two %lld MB cartons read %lld bytes", modelSize >> 20, after - before);
        QVERIFY2(after - before < (1 << 20), qPrintable(QString::number(after - before)));
        // The counter does see reads of the model (so the figure above is real).
        auto opened = Carton::open(a);
        QVERIFY(opened.ok());
        const qint64 r0 = difftest::processBytesRead();
        auto device = (*opened)->source().open(QStringLiteral("model/model.bin"), false);
        QVERIFY(device.ok());
        QByteArray buffer(1 << 20, Qt::Uninitialized);
        while ((*device)->read(buffer.data(), buffer.size()) > 0) {
        }
        QVERIFY(difftest::processBytesRead() - r0 >= modelSize);
    }
}

void TestCartonDiff::folderWithoutManifest()
{
    const QString a = m_dir.filePath(QStringLiteral("nomani/a")), b = m_dir.filePath(QStringLiteral("nomani/b"));
    const QMap<QString, QByteArray> files = difftest::baseFiles();
    QVERIFY(difftest::writeFolder(a, files, false));
    QVERIFY(difftest::writeFolder(b, files));
    QCOMPARE(difftest::pack(b, b + QStringLiteral(".carton")), QString());
    auto d = diffCartonFiles(a, b + QStringLiteral(".carton"));
    QVERIFY(d.ok());
    QVERIFY(d->modelHashA.isEmpty());
    QVERIFY(!d->identical());
    for (const FileDiff &f : d->files)
        QVERIFY2(f.kind == ChangeKind::Unchanged, qPrintable(f.path));
    QCOMPARE(d->files.size(), files.size());
    qint64 total = 0; // every file of A hashed from its bytes
    for (const QByteArray &bytes : files)
        total += bytes.size();
    QCOMPARE(d->contentBytesRead, total);
}

void TestCartonDiff::unreadableToml()
{
    const QString a = m_dir.filePath(QStringLiteral("broken/a")), b = m_dir.filePath(QStringLiteral("broken/b"));
    QMap<QString, QByteArray> fb = difftest::baseFiles();
    QVERIFY(difftest::writeFolder(a, fb));
    fb[QStringLiteral("carton.toml")] = "spec_version = [\n";
    QVERIFY(difftest::writeFolder(b, fb));
    auto d = diffCartonFiles(a, b);
    QVERIFY(d.ok());
    const DiffEntry *toml = entryOf(*d, QStringLiteral("carton.toml"));
    QVERIFY(toml);
    QCOMPARE(toml->section, DiffSection::Metadata);
    QCOMPARE(toml->changeClass, ChangeClass::Breaking);
    QVERIFY2(toml->reason.contains(b), qPrintable(toml->reason));
    QVERIFY(fileOf(*d, QStringLiteral("carton.toml"))->unifiedDiff.contains(u"+spec_version = ["));
}

void TestCartonDiff::caps()
{
    const QString a = m_dir.filePath(QStringLiteral("caps/a")), b = m_dir.filePath(QStringLiteral("caps/b"));
    QMap<QString, QByteArray> fa = difftest::baseFiles(), fb = fa;
    fb[QStringLiteral("tensor_data/y.bin")] = difftest::floats({1, 2, 4, 6, 8, 10});
    fb[QStringLiteral("model/main.py")] = "def run(x):\n    return x\n";
    QVERIFY(difftest::writeFolder(a, fa));
    QVERIFY(difftest::writeFolder(b, fb));
    DiffOptions options;
    options.maxTensorBytes = 23; // y.bin is 24 bytes
    options.maxTextBytes = 20;   // main.py is over 20 bytes on both sides
    auto d = diffCartonFiles(a, b, options);
    QVERIFY(d.ok());
    const FileDiff *y = fileOf(*d, QStringLiteral("tensor_data/y.bin"));
    QVERIFY(y->tensor);
    QVERIFY(!y->tensor->compared);
    QCOMPARE(y->tensor->message, QStringLiteral("not compared: larger than 23 bytes"));
    const FileDiff *py = fileOf(*d, QStringLiteral("model/main.py"));
    QVERIFY(py->unifiedDiff.isEmpty());
    QCOMPARE(py->note, QStringLiteral("not diffed: larger than 20 bytes"));
    QCOMPARE(d->contentBytesRead, 0);
    // Within the caps the same files are compared.
    d = diffCartonFiles(a, b);
    QVERIFY(fileOf(*d, QStringLiteral("tensor_data/y.bin"))->tensor->compared);
    QCOMPARE(fileOf(*d, QStringLiteral("tensor_data/y.bin"))->tensor->maxAbsError, 1.0);
    QVERIFY(!fileOf(*d, QStringLiteral("model/main.py"))->unifiedDiff.isEmpty());
}

void TestCartonDiff::cancelled()
{
    const QString a = m_dir.filePath(QStringLiteral("cancel/a"));
    QVERIFY(difftest::writeFolder(a, difftest::baseFiles()));
    Progress progress;
    progress.cancel();
    auto d = diffCartonFiles(a, a, {}, &progress);
    QVERIFY(!d.ok());
    QCOMPARE(d.error().code, ErrorCode::Cancelled);
}

void TestCartonDiff::openErrorsNameTheFile()
{
    const QString missing = m_dir.filePath(QStringLiteral("missing.carton"));
    auto d = diffCartonFiles(missing, missing);
    QVERIFY(!d.ok());
    QVERIFY2(d.error().toString().contains(missing), qPrintable(d.error().toString()));
}

// The report's inline error map of a 200 × 400 output: 3 × 3 blocks (at most 160 × 80 pixels),
// each pixel the largest |B−A| of its block on viridis from 0 to the largest, read back from the
// PNG's own rows; tensors that cannot be compared get a line saying why instead.
void TestCartonDiff::errorMapFigureKeepsEachBlocksLargest()
{
    using namespace Qt::StringLiterals;
    QByteArray zeros(200 * 400 * 4, '\0'), bytes = zeros;
    const auto set = [&](int r, int c, float v) { qToLittleEndian(v, bytes.data() + (r * 400 + c) * 4); };
    set(150, 350, 1.0f);
    set(0, 0, 0.5f);
    set(1, 2, -0.25f); // |B−A| 0.25, smaller than the 0.5 in the same block
    const Tensor a = Tensor::numeric(u"y"_s, DType::Float32, {200, 400}, zeros);
    const Tensor b = Tensor::numeric(u"y"_s, DType::Float32, {200, 400}, bytes);
    const QString html = errorMapFigureHtml(a, b, u"t · y"_s);
    QVERIFY2(html.startsWith(u"<figure class=\"errormap\">"_s), qPrintable(html.left(200)));
    QVERIFY(html.contains(u"200 × 400, each pixel the largest of 3 × 3"_s));
    QVERIFY(html.contains(u"</i> 1</span>"_s)); // the scale ends at the largest difference
    static const QRegularExpression src(u"src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\""_s);
    const QByteArray png = QByteArray::fromBase64(src.match(html).captured(1).toLatin1());
    QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
    const quint32 w = qFromBigEndian<quint32>(png.constData() + 16), h = qFromBigEndian<quint32>(png.constData() + 20);
    QCOMPARE(w, 134u);
    QCOMPARE(h, 67u);
    // The IDAT chunks joined are one zlib stream of rows (filter byte, then RGB).
    QByteArray z;
    for (qsizetype at = 8; at + 8 <= png.size();) {
        const quint32 length = qFromBigEndian<quint32>(png.constData() + at);
        if (png.mid(at + 4, 4) == "IDAT")
            z += png.mid(at + 8, length);
        at += 12 + length;
    }
    QByteArray sized(4, '\0');
    qToBigEndian(quint32(h * (w * 3 + 1)), sized.data());
    const QByteArray rows = qUncompress(sized + z);
    QCOMPARE(rows.size(), qsizetype(h * (w * 3 + 1)));
    const auto pixel = [&](int x, int y) { return rows.mid(y * (w * 3 + 1) + 1 + x * 3, 3).toHex(); };
    QCOMPARE(pixel(116, 50), QByteArray("fce721")); // (150, 350): the largest, viridis(1)
    // Block (0, 0) keeps its 0.5, not the 0.25 beside it: viridis(0.5 / 1).
    const auto half = viridis(0.5);
    QCOMPARE(pixel(0, 0), QByteArray(reinterpret_cast<const char *>(half.data()), 3).toHex());
    QVERIFY(pixel(0, 0) != QByteArray(reinterpret_cast<const char *>(viridis(0.25).data()), 3).toHex());
    QCOMPARE(pixel(1, 0), QByteArray("470155")); // nothing changed there: viridis(0)
    QCOMPARE(pixel(133, 66), QByteArray("470155"));
    // Not comparable: a line that says why, no image.
    const Tensor other = Tensor::numeric(u"y"_s, DType::Float32, {400, 200}, zeros);
    const QString why = errorMapFigureHtml(a, other, u"t · y"_s);
    QVERIFY2(why.startsWith(u"<p class=\"small\">t · y: no error map ("_s) && why.contains(u"shapes differ"_s),
             qPrintable(why));
}

QTEST_GUILESS_MAIN(TestCartonDiff)
#include "tst_cartondiff.moc"
