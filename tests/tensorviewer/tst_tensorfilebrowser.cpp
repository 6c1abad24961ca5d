// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "tensorfilebrowser.h"
#include "tensorfilemodel.h"
#include "tensortablemodel.h"
#include "tensorviewer.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFontMetrics>
#include <QHeaderView>
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
    QByteArray dict = "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }";
    while ((10 + dict.size() + 1) % 64)
        dict.append(' ');
    dict.append('\n');
    QByteArray file("\x93NUMPY\x01\x00", 8);
    file.append(char(dict.size() & 0xff)).append(char(dict.size() >> 8));
    file += dict;
    for (qint32 v : {1, 3, 2, 4}) // column-major
        file.append(reinterpret_cast<const char *>(&v), 4);
    return file;
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
        QCOMPARE(browser.model()->index(0, TensorFileModel::DTypeColumn).data().toString(), QStringLiteral("<i4"));
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

    void handlesNames()
    {
        QVERIFY(TensorFileBrowser::handles(QStringLiteral("model/w.safetensors")));
        QVERIFY(TensorFileBrowser::handles(QStringLiteral("A.NPY")));
        QVERIFY(!TensorFileBrowser::handles(QStringLiteral("x.carton")));
        QVERIFY(!TensorFileBrowser::handles(QStringLiteral("safetensors.txt")));
    }
};

QTEST_MAIN(TestTensorFileBrowser)
#include "tst_tensorfilebrowser.moc"
