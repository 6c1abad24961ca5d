// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "base/humansize.h"
#include "model/classifypath.h"
#include "tensorviewer/tensorfilebrowser.h"
#include "tensorviewer/tensorfilemodel.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QtEndian>

using namespace studio;

namespace {

// A .safetensors written by hand (as the format's README describes it): "a" F32
// [2, 3] = 0..5, "b" I16 [4] = -2..1, metadata {"format": "pt"}.
QByteArray makeSafetensors()
{
    QByteArray buffer;
    for (int i = 0; i < 6; ++i) {
        const float v = float(i);
        buffer.append(reinterpret_cast<const char *>(&v), 4);
    }
    for (qint16 v = -2; v < 2; ++v)
        buffer.append(reinterpret_cast<const char *>(&v), 2);
    return testutil::safetensorsFile(R"({"a":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]},)"
                                     R"("b":{"dtype":"I16","shape":[4],"data_offsets":[24,32]},)"
                                     R"("__metadata__":{"format":"pt"}})",
                                     buffer);
}

// A version 1.0 .npy of an int32 [2, 2] array in Fortran order: [[1, 2], [3, 4]].
QByteArray makeNpy()
{
    QByteArray data;
    for (qint32 v : {1, 3, 2, 4}) // column-major
        data.append(reinterpret_cast<const char *>(&v), 4);
    return testutil::npyFile("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }", data);
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

void fetchAll(TensorTableModel *model)
{
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c)
            (void)model->index(r, c).data();
    QTRY_VERIFY(!model->isLoading());
}

} // namespace

class TestTensorFileBrowser final : public QObject {
    Q_OBJECT

private slots:
    void safetensorsListsAndPreviews()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("w.safetensors"), makeSafetensors());
        QVERIFY(!path.isEmpty());
        TensorFileBrowser browser;
        QAbstractItemModelTester tester(browser.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&browser, &TensorFileBrowser::loaded);
        browser.openFile(path);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(loaded.at(0).at(0).toString(), QString());
        TensorFileModel *model = browser.model();
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->index(0, TensorFileModel::NameColumn).data().toString(), QStringLiteral("a"));
        QCOMPARE(model->index(0, TensorFileModel::DTypeColumn).data().toString(), QStringLiteral("F32"));
        QCOMPARE(model->index(0, TensorFileModel::ShapeColumn).data().toString(), QStringLiteral("[2, 3]"));
        QCOMPARE(model->entries().at(1).bytes, 8);
        QCOMPARE(browser.metadataView()->topLevelItemCount(), 1);
        QCOMPARE(browser.metadataView()->topLevelItem(0)->text(0), QStringLiteral("format"));
        QCOMPARE(browser.metadataView()->topLevelItem(0)->text(1), QStringLiteral("pt"));
        // The key column shows its whole header ("__metadata__ key"), not an elided one.
        const QFontMetrics metrics = browser.metadataView()->header()->fontMetrics();
        QVERIFY(browser.metadataView()->columnWidth(0) >
                metrics.horizontalAdvance(browser.metadataView()->headerItem()->text(0)));

        QSignalSpy shown(browser.viewer(), &TensorViewer::tensorShown);
        QVERIFY(browser.selectTensor(QStringLiteral("b")));
        QVERIFY(shown.wait(5000));
        QVERIFY(browser.viewer()->headerText().contains(QStringLiteral("I16")));
        TensorTableModel *table = browser.viewer()->tableModel();
        QCOMPARE(table->rowCount(), 4);
        fetchAll(table);
        QCOMPARE(table->index(0, 0).data().toString(), QStringLiteral("-2"));
        QCOMPARE(table->index(3, 0).data().toString(), QStringLiteral("1"));
        QVERIFY(browser.selectTensor(QStringLiteral("a")));
        QVERIFY(shown.wait(5000));
        fetchAll(browser.viewer()->tableModel());
        QCOMPARE(browser.viewer()->tableModel()->index(1, 2).data().toString(), QStringLiteral("5"));
    }

    void npyOpensItsArray()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("arr.npy"), makeNpy());
        TensorFileBrowser browser;
        QSignalSpy loaded(&browser, &TensorFileBrowser::loaded);
        QSignalSpy shown(browser.viewer(), &TensorViewer::tensorShown);
        browser.openFile(path);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(browser.model()->rowCount(), 1);
        // The dtype as the carton names it, numpy's spelling in the summary.
        QCOMPARE(browser.model()->index(0, TensorFileModel::DTypeColumn).data().toString(), QStringLiteral("int32"));
        QVERIFY2(browser.headerLabel()->text().contains(QStringLiteral("<i4")),
                 qPrintable(browser.headerLabel()->text()));
        QVERIFY(shown.size() || shown.wait(5000)); // the only tensor opens by itself
        TensorTableModel *table = browser.viewer()->tableModel();
        fetchAll(table);
        QCOMPARE(table->index(0, 1).data().toString(), QStringLiteral("2")); // read back in C order
        QCOMPARE(table->index(1, 0).data().toString(), QStringLiteral("3"));
    }

    void malformedFileSaysWhy()
    {
        QTemporaryDir dir;
        QByteArray bad = makeSafetensors();
        bad.chop(2); // the buffer is shorter than the offsets say
        const QString path = writeFile(dir, QStringLiteral("bad.safetensors"), bad);
        TensorFileBrowser browser;
        QSignalSpy loaded(&browser, &TensorFileBrowser::loaded);
        browser.openFile(path);
        QVERIFY(loaded.wait(5000));
        const QString error = loaded.at(0).at(0).toString();
        QVERIFY2(error.contains(QStringLiteral("bad.safetensors")), qPrintable(error));
        QCOMPARE(browser.model()->rowCount(), 0);
    }

    // The error is shown once, beside an error icon; the empty listing and viewer
    // are not shown under it (they repeated it).
    void errorShownOnceWithIcon()
    {
        QTemporaryDir dir;
        QByteArray bad = makeSafetensors();
        bad.chop(2);
        const QString path = writeFile(dir, QStringLiteral("bad.safetensors"), bad);
        TensorFileBrowser browser;
        browser.resize(900, 600);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        QSignalSpy loaded(&browser, &TensorFileBrowser::loaded);
        browser.openFile(path);
        QVERIFY(loaded.wait(5000));
        const QString error = loaded.at(0).at(0).toString();
        QVERIFY(!error.isEmpty());
        int shown = 0;
        for (const QLabel *label : browser.findChildren<QLabel *>())
            shown += label->isVisible() && label->text().contains(error);
        QCOMPARE(shown, 1);
        QCOMPARE(browser.headerLabel()->text(), error);
        QVERIFY(browser.headerIcon()->isVisible());
        QVERIFY(!browser.headerIcon()->pixmap().isNull());
        QVERIFY(!browser.viewer()->isVisible());
        QVERIFY(!browser.listView()->isVisible());

        // A good file afterwards: no icon, the listing is back.
        const QString good = writeFile(dir, QStringLiteral("good.safetensors"), makeSafetensors());
        browser.openFile(good);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(loaded.at(1).at(0).toString(), QString());
        QVERIFY(!browser.headerIcon()->isVisible());
        QVERIFY(browser.listView()->isVisible());
    }

    // Sizes in binary units, labelled so: 314,572,800 bytes are "300.0 MiB" (were
    // "300.0 MB"), the exact count in the tooltip.
    void sizesAreBinary()
    {
        TensorFileModel model;
        model.setEntries({{QStringLiteral("big"), QStringLiteral("F32"), {78643200}, 314572800},
                          {QStringLiteral("small"), QStringLiteral("F32"), {3}, 12}});
        QCOMPARE(model.index(0, TensorFileModel::BytesColumn).data().toString(),
                 carton::humanSize(314572800, QLocale()));
        QCOMPARE(carton::humanSize(314572800, QLocale::c()), QStringLiteral("300.0 MiB"));
        QCOMPARE(model.index(1, TensorFileModel::BytesColumn).data().toString(), QStringLiteral("12 B"));
        QVERIFY2(model.index(0, TensorFileModel::BytesColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QLocale().toString(qint64(314572800))),
                 qPrintable(model.index(0, TensorFileModel::BytesColumn).data(Qt::ToolTipRole).toString()));
        QCOMPARE(model.headerData(TensorFileModel::BytesColumn, Qt::Horizontal).toString(), QStringLiteral("Size"));
    }

    // A file of many tensors: the listing shows many rows (it was squeezed to 3 rows
    // over an empty viewer); a file of one tensor leaves the height to the viewer.
    void listingGetsItsRows()
    {
        QTemporaryDir dir;
        QByteArray header = "{";
        QByteArray buffer;
        for (int i = 0; i < 40; ++i) {
            header += QStringLiteral("\"layer%1.weight\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[%2,%3]},")
                          .arg(i)
                          .arg(i * 8)
                          .arg(i * 8 + 8)
                          .toUtf8();
            buffer += QByteArray(8, '\0');
        }
        header.chop(1);
        header += "}";
        const QString many =
            writeFile(dir, QStringLiteral("many.safetensors"), testutil::safetensorsFile(header, buffer));
        const QString one = writeFile(dir, QStringLiteral("one.npy"), makeNpy());
        TensorFileBrowser browser;
        browser.resize(1366, 640); // the tab of a 1366x768 screen
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        QSignalSpy loaded(&browser, &TensorFileBrowser::loaded);
        browser.openFile(many);
        QVERIFY(loaded.wait(5000));
        const int rowHeight = browser.listView()->verticalHeader()->defaultSectionSize();
        const auto rows = [&] { return browser.listView()->viewport()->height() / rowHeight; };
        QTRY_VERIFY2(rows() >= 10, qPrintable(QStringLiteral("%1 rows visible; the viewer needs at least %2 px")
                                                  .arg(rows())
                                                  .arg(browser.viewer()->minimumSizeHint().height())));
        QVERIFY(browser.viewer()->height() >= browser.height() / 3);

        browser.openFile(one);
        QVERIFY(loaded.wait(5000));
        QTRY_VERIFY2(
            browser.viewer()->height() > browser.height() / 2,
            qPrintable(QStringLiteral("viewer %1 of %2").arg(browser.viewer()->height()).arg(browser.height())));
    }

    // What a file is comes from its first bytes, not its name: a .npy named
    // weights.bin and a safetensors with no suffix are opened; a text file named
    // notes.txt is not. A text file named x.npy opens to say why it is not one
    // (NumPy's own error: the name picks whose error, never makes it an array).
    void recognisedByContent()
    {
        QTemporaryDir dir;
        const QString npy = writeFile(dir, QStringLiteral("weights.bin"), makeNpy());
        const QString st = writeFile(dir, QStringLiteral("data"), makeSafetensors());
        const QString misnamed = writeFile(dir, QStringLiteral("x.npy"), "just some text, not an array\n");
        const QString text = writeFile(dir, QStringLiteral("notes.txt"), "just some text\n");
        const QString empty = writeFile(dir, QStringLiteral("empty"), QByteArray());
        // What the window opens in this browser: carton::classifyPath (tst_classifypath).
        QVERIFY(carton::classifyPath(npy).value() == carton::OpenKind::Npy);
        QVERIFY(carton::classifyPath(st).value() == carton::OpenKind::Safetensors);
        QVERIFY(carton::classifyPath(misnamed).value() == carton::OpenKind::Npy);
        QVERIFY(carton::classifyPath(text).value() == carton::OpenKind::Unknown);
        QVERIFY(carton::classifyPath(empty).value() == carton::OpenKind::Unknown);
        QVERIFY(!carton::classifyPath(dir.filePath(QStringLiteral("missing.npy"))));

        TensorFileBrowser browser;
        QSignalSpy loaded(&browser, &TensorFileBrowser::loaded);
        browser.openFile(npy);
        QVERIFY(loaded.wait(5000));
        QCOMPARE(loaded.at(0).at(0).toString(), QString());
        QCOMPARE(browser.model()->rowCount(), 1);
        QCOMPARE(browser.model()->index(0, TensorFileModel::NameColumn).data().toString(), QStringLiteral("weights"));
        browser.openFile(misnamed);
        QVERIFY(loaded.wait(5000));
        QVERIFY2(loaded.at(1).at(0).toString().contains(QStringLiteral("NUMPY magic")),
                 qPrintable(loaded.at(1).at(0).toString()));
        browser.openFile(text);
        QVERIFY(loaded.wait(5000));
        QVERIFY2(loaded.at(2).at(0).toString().contains(QStringLiteral("neither a NumPy .npy nor a .safetensors")),
                 qPrintable(loaded.at(2).at(0).toString()));
    }
};

QTEST_MAIN(TestTensorFileBrowser)
#include "tst_tensorfilebrowser.moc"
