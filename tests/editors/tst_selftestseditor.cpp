// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "carton/cartonview.h"
#include "common/roles.h"
#include "description/descriptionbrowser.h"
#include "document/cartondocument.h"
#include "documenttestutil.h"
#include "format/cartontolerance.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "markdown/markdownrenderer.h"
#include "pack/packer.h"
#include "package/carton.h"
#include "selftests/selftestseditor.h"
#include "selftests/selftestsmodel.h"
#include "selftests/selftestspage.h"
#include "selftests/tensorrefsmodel.h"
#include "selftests/toleranceedit.h"
#include "testcartons.h"
#include "testshot.h"
#include "testutil.h"
#include "validate/validator.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBuffer>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>
#include <QtEndian>

using namespace studio;

using documenttest::waitForSave;

namespace {

// Whether an item's name shows a problem (a warning or an error; notes only in the tooltip).
bool problemShown(const SelfTestsModel &items, int row)
{
    const int severity = items.index(row, SelfTestsModel::NameColumn).data(Roles::SeverityRole).toInt();
    return severity >= 0 && severity != int(carton::Severity::Info);
}

// Two inputs (x, y), one output (z); self_test[0] gives x and carries an
// extension table; one example. Valid (the packer refuses errors).
const QByteArray kSpecs = QByteArrayLiteral(R"(
[[input]]
name = "x"
dtype = "float32"
shape = [2]

[[input]]
name = "y"
dtype = "float32"
shape = [2]

[[output]]
name = "z"
dtype = "float32"
shape = [2]

[[self_test]]
name = "first"
inputs = { x = "@tensor_data/a" }

[self_test.tolerance]
atol = 0.5

[[self_test]]
name = "second"
inputs = { x = "@tensor_data/a", y = "@tensor_data/b" }

[[self_test]]
name = "third"
inputs = { x = "@tensor_data/b" }

[[example]]
name = "ex"
inputs = { x = "@tensor_data/a" }
sample_out = { z = "@tensor_data/b" }
)");

const QByteArray kIndex = QByteArrayLiteral("[[tensor]]\nname = \"a\"\ndtype = \"float32\"\nshape = [2]\n"
                                            "file = \"a.bin\"\ninner = []\n\n"
                                            "[[tensor]]\nname = \"b\"\ndtype = \"float32\"\nshape = [2]\n"
                                            "file = \"b.bin\"\ninner = []\n");

QByteArray floats(std::initializer_list<float> values)
{
    QByteArray out;
    for (float v : values) {
        char le[4];
        qToLittleEndian(v, le);
        out.append(le, 4);
    }
    return out;
}

// A valid .npy (format 1.0) holding float32 `values` as a 1-D array.
QByteArray npyFile(const QByteArray &data, qint64 count)
{
    QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + QByteArray::number(count) + ",), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header.append(' ');
    header.append('\n');
    QByteArray file("\x93NUMPY\x01\x00", 8);
    char len[2];
    qToLittleEndian<quint16>(quint16(header.size()), len);
    file.append(len, 2);
    return file + header + data;
}

QString makeCarton(const QString &dir)
{
    return testcartons::packCarton(dir,
                                   {{QStringLiteral("carton.toml"), testcartons::minimalToml(kSpecs)},
                                    {QStringLiteral("model/model.bin"), QByteArray(1000, 'm')},
                                    {QStringLiteral("tensor_data/index.toml"), kIndex},
                                    {QStringLiteral("tensor_data/a.bin"), floats({1, 2})},
                                    {QStringLiteral("tensor_data/b.bin"), floats({3, 4})}},
                                   QStringLiteral("tests.carton"));
}

QString refOf(const carton::TensorRefs &refs, const QString &key)
{
    for (const auto &[k, v] : refs)
        if (k == key)
            return v;
    return {};
}

QStringList namesOf(const carton::CartonInfo &info)
{
    QStringList names;
    for (const carton::SelfTest &t : info.selfTests)
        names.append(t.name.value_or(QString()));
    return names;
}

// No error at all in a saved carton.
void checkNoErrors(const carton::Carton &saved)
{
    for (const carton::Diagnostic &d : carton::validateCarton(saved))
        QVERIFY2(d.severity != carton::Severity::Error,
                 qPrintable(d.location.toString() + QStringLiteral(": ") + d.message));
}

// Gives self_test[1] a key that is not a declared input (an error).
void addUndeclaredKey(CartonDocument &document)
{
    carton::CartonInfo info = document.info();
    info.selfTests[1].inputs.append({QStringLiteral("extra"), QStringLiteral("@tensor_data/b")});
    document.setInfo(info, QStringLiteral("Add extra"));
}

} // namespace

class TestSelfTestsEditor : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_carton;

    struct Fixture {
        std::shared_ptr<const carton::Carton> original;
        std::unique_ptr<CartonDocument> document;
        std::unique_ptr<SelfTestsEditor> editor;
    };
    Fixture open()
    {
        Fixture f;
        f.original = testcartons::open(m_carton);
        if (!f.original)
            return f;
        f.document = std::make_unique<CartonDocument>(f.original, m_carton);
        f.editor = std::make_unique<SelfTestsEditor>(f.document.get());
        f.editor->resize(1000, 600);
        f.editor->show();
        f.editor->activateWindow(); // shortcuts need an active window
        if (!QTest::qWaitForWindowActive(f.editor.get()))
            qWarning("the editor's window did not become active");
        return f;
    }
    // The Tensor cell's combo box while it is open.
    static QComboBox *openEditor(QTableView *table)
    {
        for (QComboBox *combo : table->findChildren<QComboBox *>(QStringLiteral("referenceEditor")))
            if (combo->isVisible())
                return combo;
        return nullptr;
    }
    int rowOf(SelfTestsEditor &editor, const QString &table, const QString &key)
    {
        return editor.refsModel()->rowOf(table, key);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_carton = makeCarton(m_dir.path());
        QVERIFY2(!m_carton.isEmpty(), "could not pack the test carton");
    }

    void modelsPassTheTester()
    {
        Fixture f = open();
        QVERIFY(f.document);
        QAbstractItemModelTester items(f.editor->itemsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester refs(f.editor->refsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        f.editor->addSelfTest();
        f.editor->revealField(QStringLiteral("self_test[1]"));
        f.document->undoStack()->undo();
        f.document->undoStack()->redo();
        QCOMPARE(f.editor->itemsModel()->rowCount(), 5);
    }

    void listsItemsAndDeclaredRows()
    {
        Fixture f = open();
        QVERIFY(f.document);
        SelfTestsModel *items = f.editor->itemsModel();
        QCOMPARE(items->rowCount(), 4);
        QCOMPARE(items->index(0, SelfTestsModel::NameColumn).data().toString(), QStringLiteral("first"));
        QCOMPARE(items->index(3, SelfTestsModel::KindColumn).data().toString(), QStringLiteral("example"));
        // self_test[1]: x, y declared; "extra" kept and marked; z expected.
        addUndeclaredKey(*f.document);
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[1]")));
        TensorRefsModel *refs = f.editor->refsModel();
        QCOMPARE(refs->rowCount(), 4);
        QCOMPARE(refs->row(0).key, QStringLiteral("x"));
        QCOMPARE(refs->row(1).key, QStringLiteral("y"));
        QCOMPARE(refs->row(2).key, QStringLiteral("extra"));
        QVERIFY(!refs->row(2).declared);
        QCOMPARE(refs->index(2, TensorRefsModel::NameColumn).data().toString(), QStringLiteral("extra (not declared)"));
        QCOMPARE(refs->row(3).table, TensorRefsModel::Table::ExpectedOut);
        QCOMPARE(refs->index(0, TensorRefsModel::TensorColumn).data().toString(), QStringLiteral("a"));
        QCOMPARE(refs->index(0, TensorRefsModel::DetailsColumn).data().toString(), QStringLiteral("float32 [2]"));
        QCOMPARE(f.editor->tensorNames(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        // The extension table is announced.
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[0]")));
        QVERIFY(f.editor->findChild<QLabel *>(QStringLiteral("extensions"))->isVisible());
        QVERIFY(f.editor->findChild<QLabel *>(QStringLiteral("extensions"))->toolTip().contains(u"atol"));
    }

    // [self_test.tolerance] as a table: shown, edited as one undo step per cell,
    // a negative value marked and not applied, undo restores the carton's table.
    void toleranceTableEdits()
    {
        Fixture f = open();
        QVERIFY(f.document);
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[0]")));
        auto *table = f.editor->findChild<ToleranceEdit *>(QStringLiteral("toleranceEdit"));
        QVERIFY(table);
        QVERIFY(table->isVisible());
        QVERIFY(table->isEnabled());
        QCOMPARE(table->rowCount(), 2); // all outputs, z
        QCOMPARE(table->verticalHeaderItem(1)->text(), QStringLiteral("z"));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("0.5")); // atol = 0.5
        QCOMPARE(table->item(1, 1)->text(), QString());
        // Its two rows whole, no half row or empty space under them (issue 39 item 7).
        QCoreApplication::processEvents();
        QCOMPARE(table->height(), table->heightForRows(2));

        const int steps = f.document->undoStack()->count();
        table->item(1, 1)->setText(QStringLiteral("0.01")); // z's atol
        QTRY_COMPARE(f.document->undoStack()->count(), steps + 1);
        carton::Result<carton::CartonTolerance> kept =
            carton::parseCartonTolerance(f.document->info().selfTests.at(0).unknownToml, QStringLiteral("t"));
        QVERIFY(kept);
        QCOMPARE(kept->all.atol, std::optional<double>(0.5));
        QCOMPARE(kept->perOutput.value(QStringLiteral("z")).atol, std::optional<double>(0.01));
        QCOMPARE(f.document->undoStack()->undoText(), QStringLiteral("Edit Tolerance of first")); // not self_test[0]

        // Numbers as written: the shortest text that reads back the same, in the
        // file and in the table, also after undo rebuilds the table.
        table->item(0, 0)->setText(QStringLiteral("1e-4")); // rtol
        QTRY_COMPARE(f.document->undoStack()->count(), steps + 2);
        table->item(1, 1)->setText(QStringLiteral("0.000001")); // z's atol
        QTRY_COMPARE(f.document->undoStack()->count(), steps + 3);
        const QByteArray toml = f.document->info().selfTests.at(0).unknownToml;
        QVERIFY2(toml.contains("atol = 1e-6\n") && toml.contains("rtol = 1e-4\n"), toml.constData());
        QVERIFY2(!toml.contains("e-07"), toml.constData());
        f.document->undoStack()->undo();
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("1e-4"));
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("0.01"));
        f.document->undoStack()->undo();
        QCOMPARE(f.document->undoStack()->index(), steps + 1); // back to z's atol = 0.01

        table->item(0, 0)->setText(QStringLiteral("-1")); // rtol < 0: refused
        QCOMPARE(f.document->undoStack()->index(), steps + 1);
        QVERIFY(table->item(0, 0)->toolTip().contains(u"number >= 0"));
        table->item(0, 2)->setText(QStringLiteral("maybe")); // equal_nan: refused
        QCoreApplication::processEvents();
        QCOMPARE(f.document->undoStack()->index(), steps + 1);

        f.document->undoStack()->undo();
        kept = carton::parseCartonTolerance(f.document->info().selfTests.at(0).unknownToml, QStringLiteral("t"));
        QVERIFY(kept);
        QVERIFY(kept->perOutput.isEmpty());
        QCOMPARE(table->item(1, 1)->text(), QString()); // the table follows the document

        // An example has no tolerance table.
        QVERIFY(f.editor->revealField(QStringLiteral("example[0]")));
        QVERIFY(!table->isVisible());
    }

    void addLeavesTheNameToType_data()
    {
        QTest::addColumn<QString>("button");
        QTest::newRow("self-test") << QStringLiteral("addSelfTest");
        QTest::newRow("example") << QStringLiteral("addExample");
    }

    // After Add, typing names the new item: the focus is in its (selected) name.
    void addLeavesTheNameToType()
    {
        QFETCH(QString, button);
        Fixture f = open();
        QVERIFY(f.document);
        QTest::mouseClick(f.editor->findChild<QToolButton *>(button), Qt::LeftButton);
        f.document->validateNow();
        QCoreApplication::processEvents();
        QCOMPARE(QApplication::focusWidget(), f.editor->nameEdit());
        QCOMPARE(f.editor->nameEdit()->selectedText(), f.editor->nameEdit()->text());
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("cat photo"));
        const carton::CartonInfo info = f.document->info();
        const std::optional<QString> name =
            button == u"addSelfTest" ? info.selfTests.last().name : info.examples.last().name;
        QCOMPARE(name, std::optional<QString>(QStringLiteral("cat photo")));
    }

    void addSelfTestAndPickTensorsWithQTest()
    {
        Fixture f = open();
        QVERIFY(f.document);
        const carton::CartonInfo start = f.document->info();
        auto *add = f.editor->findChild<QToolButton *>(QStringLiteral("addSelfTest"));
        QVERIFY(add);
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(f.document->info().selfTests.size(), 4);
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 3}));
        QCOMPARE(f.document->undoStack()->undoText(), QStringLiteral("Add Self-test"));

        QTest::keyClicks(f.editor->nameEdit(), QStringLiteral("new test"));
        QCOMPARE(f.document->info().selfTests.at(3).name, QStringLiteral("new test"));
        QCOMPARE(f.editor->nameEdit()->cursorPosition(), 8); // the refresh kept the cursor
        QTest::keyClicks(f.editor->descriptionEdit(), QStringLiteral("checks y"));
        QCOMPARE(f.document->info().selfTests.at(3).description, QStringLiteral("checks y"));
        QCOMPARE(f.document->undoStack()->count(), 3); // add, name (typing merged), description

        // Input x: F2 on the Tensor cell, type the name, Return.
        QTableView *table = f.editor->refsView();
        f.editor->setCurrentRow(rowOf(*f.editor, QStringLiteral("inputs"), QStringLiteral("x")));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_F2);
        QComboBox *combo = openEditor(table);
        QVERIFY(combo);
        QCOMPARE(combo->count(), 2);
        QCOMPARE(combo->itemText(1), QStringLiteral("b"));
        QCOMPARE(combo->itemData(1, Qt::ToolTipRole).toString(), QStringLiteral("float32 [2]"));
        QTest::keyClicks(combo, QStringLiteral("b"));
        QTest::keyClick(combo, Qt::Key_Return);
        QTRY_COMPARE(refOf(f.document->info().selfTests.at(3).inputs, QStringLiteral("x")),
                     QStringLiteral("@tensor_data/b"));
        QTRY_VERIFY(!openEditor(table)); // Return closed it

        // Expected z: open the list and click an entry.
        f.editor->setCurrentRow(rowOf(*f.editor, QStringLiteral("expected_out"), QStringLiteral("z")));
        QTest::keyClick(table, Qt::Key_F2);
        combo = openEditor(table);
        QVERIFY(combo);
        combo->showPopup();
        QAbstractItemView *list = combo->view();
        const QRect rect = list->visualRect(list->model()->index(0, 0));
        QVERIFY(rect.isValid());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTRY_VERIFY(f.document->info().selfTests.at(3).expectedOut.has_value());
        QCOMPARE(refOf(*f.document->info().selfTests.at(3).expectedOut, QStringLiteral("z")),
                 QStringLiteral("@tensor_data/a"));

        const carton::CartonInfo edited = f.document->info();
        carton::CartonInfo expected = start;
        carton::SelfTest added;
        added.name = QStringLiteral("new test");
        added.description = QStringLiteral("checks y");
        added.inputs = {{QStringLiteral("x"), QStringLiteral("@tensor_data/b")}};
        added.expectedOut = carton::TensorRefs{{QStringLiteral("z"), QStringLiteral("@tensor_data/a")}};
        expected.selfTests.append(added);
        QVERIFY(edited == expected);
        QCOMPARE(f.document->undoStack()->count(), 5);

        // Clearing with Delete removes the key.
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Delete);
        QVERIFY(!f.document->info().selfTests.at(3).expectedOut.has_value()); // emptied: left out
        f.document->undoStack()->undo();
        QVERIFY(f.document->info() == edited);

        for (int i = 0; i < 5; ++i)
            f.document->undoStack()->undo();
        QVERIFY(f.document->info() == start);
        QCOMPARE(f.editor->itemsModel()->rowCount(), 4);
        for (int i = 0; i < 5; ++i)
            f.document->undoStack()->redo();
        QVERIFY(f.document->info() == edited);
        // The undo of the add had moved the selection to "third"; it stays there.
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 2}));
        QCOMPARE(f.editor->nameEdit()->text(), QStringLiteral("third"));
        f.editor->selectItem({SelfTestItem::Kind::SelfTest, 3});
        QCOMPARE(f.editor->nameEdit()->text(), QStringLiteral("new test"));
        QCOMPARE(f.editor->descriptionEdit()->toPlainText(), QStringLiteral("checks y"));
    }

    void importNpyIsOneStepAndSaves()
    {
        Fixture f = open();
        QVERIFY(f.document);
        const DocumentState before = f.document->state();
        const QByteArray data = floats({1.5f, -2.25f});
        const QString npy = m_dir.filePath(QStringLiteral("zeta.npy"));
        QVERIFY(testutil::writeFile(npy, npyFile(data, 2)));

        QVERIFY(f.editor->revealField(QStringLiteral("self_test[0].expected_out.z")));
        QCOMPARE(f.editor->currentRow(), rowOf(*f.editor, QStringLiteral("expected_out"), QStringLiteral("z")));
        const int steps = f.document->undoStack()->count();
        const carton::Status imported = f.editor->importTensor(npy, {}, QStringLiteral("imported_z"));
        QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.error().toString()));
        QCOMPARE(f.document->undoStack()->count(), steps + 1);
        QCOMPARE(f.document->undoStack()->undoText(), QStringLiteral("Import Tensor imported_z"));

        const carton::CartonEdits::FileSource *bin =
            f.document->files().find(QStringLiteral("tensor_data/tensor_0.bin"));
        QVERIFY(bin);
        QCOMPARE(bin->bytes, data);
        const carton::CartonEdits::FileSource *index =
            f.document->files().find(QStringLiteral("tensor_data/index.toml"));
        QVERIFY(index && index->kind == carton::CartonEdits::FileSource::Kind::Bytes);
        auto parsed = carton::TensorIndex::parse(index->bytes);
        QVERIFY(parsed.ok());
        QCOMPARE(parsed->entries().size(), 3);
        const carton::TensorIndexEntry *entry = parsed->find(QStringLiteral("imported_z"));
        QVERIFY(entry);
        QCOMPARE(entry->file, QStringLiteral("tensor_0.bin"));
        QCOMPARE(entry->shape, (QList<qint64>{2}));
        QCOMPARE(refOf(*f.document->info().selfTests.at(0).expectedOut, QStringLiteral("z")),
                 QStringLiteral("@tensor_data/imported_z"));
        QCOMPARE(f.document->info().selfTests.at(0).unknownToml, before.info.selfTests.at(0).unknownToml);
        QVERIFY(f.editor->tensorNames().contains(QStringLiteral("imported_z")));
        QCOMPARE(f.editor->refsModel()->index(f.editor->currentRow(), TensorRefsModel::DetailsColumn).data().toString(),
                 QStringLiteral("float32 [2]"));

        // The same name again is refused and changes nothing.
        QVERIFY(!f.editor->importTensor(npy, {}, QStringLiteral("imported_z")).ok());
        QCOMPARE(f.document->undoStack()->count(), steps + 1);

        const DocumentState after = f.document->state();
        f.document->undoStack()->undo();
        QVERIFY(f.document->state() == before);
        QVERIFY(!f.editor->tensorNames().contains(QStringLiteral("imported_z")));
        f.document->undoStack()->redo();
        QVERIFY(f.document->state() == after);

        const QString out = m_dir.filePath(QStringLiteral("saved.carton"));
        f.document->save(out, carton::SaveOptions());
        const QString error = waitForSave(*f.document);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto saved = testcartons::open(out);
        QVERIFY(saved);
        checkNoErrors(*saved);
        QVERIFY(saved->info()->selfTests.at(0).unknownToml.contains("atol"));
        carton::Result<carton::Tensor> tensor = saved->loadTensor(QStringLiteral("imported_z"));
        QVERIFY2(tensor.ok(), qPrintable(tensor.ok() ? QString() : tensor.error().toString()));
        QCOMPARE(tensor->data(), data);
        QCOMPARE(tensor->shape(), (QList<qint64>{2}));
        QCOMPARE(tensor->dtype(), carton::DType::Float32);
    }

    void importSafetensorsByName()
    {
        Fixture f = open();
        QVERIFY(f.document);
        const QByteArray first = floats({7, 8});
        const QByteArray second = floats({-1, 0.5f});
        const QString path = m_dir.filePath(QStringLiteral("two.safetensors"));
        QVERIFY(testutil::writeFile(
            path, testutil::safetensorsFile(R"({"p":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                            R"("q":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})",
                                            first + second)));
        QVERIFY(f.editor->revealField(QStringLiteral("example[0].inputs.y")));
        // Two tensors: one must be named.
        QVERIFY(!f.editor->importTensor(path, {}, QStringLiteral("q_in")).ok());
        const carton::Status s = f.editor->importTensor(path, QStringLiteral("q"), QStringLiteral("q_in"));
        QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : s.error().toString()));
        const carton::CartonEdits::FileSource *bin =
            f.document->files().find(QStringLiteral("tensor_data/tensor_0.bin"));
        QVERIFY(bin);
        QCOMPARE(bin->bytes, second);
        QCOMPARE(refOf(f.document->info().examples.at(0).inputs, QStringLiteral("y")),
                 QStringLiteral("@tensor_data/q_in"));
        // A second import takes the next free file name.
        QVERIFY(f.editor->importTensor(path, QStringLiteral("p"), QStringLiteral("p_in")).ok());
        QVERIFY(f.document->files().find(QStringLiteral("tensor_data/tensor_1.bin")));
        QCOMPARE(f.editor->tensorNames(), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("q_in"),
                                                       QStringLiteral("p_in")}));
    }

    void importBigTensorWithProgress()
    {
        Fixture f = open();
        QVERIFY(f.document);
        // 9 MiB: read off the GUI thread behind the progress dialog.
        const qint64 count = (qint64(9) << 20) / 4;
        QByteArray data(count * 4, Qt::Uninitialized);
        for (qint64 i = 0; i < count; ++i)
            qToLittleEndian(float(i % 1000) * 0.5f, data.data() + i * 4);
        const QString npy = m_dir.filePath(QStringLiteral("big.npy"));
        QVERIFY(testutil::writeFile(npy, npyFile(data, count)));
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[2].inputs.y")));
        const int steps = f.document->undoStack()->count();
        const carton::Status s = f.editor->importTensorWithProgress(npy, {}, QStringLiteral("big"));
        QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : s.error().toString()));
        QCOMPARE(f.document->undoStack()->count(), steps + 1);
        const carton::CartonEdits::FileSource *bin =
            f.document->files().find(QStringLiteral("tensor_data/tensor_0.bin"));
        QVERIFY(bin);
        QVERIFY(bin->bytes == data);
        QCOMPARE(refOf(f.document->info().selfTests.at(2).inputs, QStringLiteral("y")),
                 QStringLiteral("@tensor_data/big"));
        QVERIFY(!f.editor->findChild<QProgressDialog *>() || !f.editor->findChild<QProgressDialog *>()->isVisible());
    }

    void cancelledBigImportChangesNothing()
    {
        Fixture f = open();
        QVERIFY(f.document);
        // 256 MiB: Cancel is pressed as soon as the progress dialog runs, long
        // before the read is done.
        const qint64 count = (qint64(256) << 20) / 4;
        const QString npy = m_dir.filePath(QStringLiteral("huge.npy"));
        QVERIFY(testutil::writeFile(npy, npyFile(QByteArray(count * 4, '\x01'), count)));
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[2].inputs.y")));
        const DocumentState before = f.document->state();
        const int steps = f.document->undoStack()->count();
        bool pressed = false;
        QTimer::singleShot(0, f.editor.get(), [&f, &pressed] {
            if (QProgressDialog *dialog = f.editor->findChild<QProgressDialog *>()) {
                dialog->cancel();
                pressed = true;
            }
        });
        const carton::Status s = f.editor->importTensorWithProgress(npy, {}, QStringLiteral("huge"));
        QVERIFY(pressed);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, carton::ErrorCode::Cancelled);
        QCOMPARE(f.document->undoStack()->count(), steps);
        QVERIFY(!f.document->files().find(QStringLiteral("tensor_data/tensor_0.bin")));
        QCOMPARE(refOf(f.document->info().selfTests.at(2).inputs, QStringLiteral("y")),
                 refOf(before.info.selfTests.at(2).inputs, QStringLiteral("y")));
        // The cancelled job may still be reading. Dropping the editor, the document
        // and the carton now must not pull the carton from under it (it did: a
        // SIGSEGV in the next test, from the job's thread): the job holds it.
        f = Fixture();
        studio::JobPools::waitForAll();
        QVERIFY(QFile::remove(npy));
    }

    void exampleTakesAMiscImage()
    {
        Fixture f = open();
        QVERIFY(f.document);
        const DocumentState before = f.document->state();
        QImage image(8, 6, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        const QString png = m_dir.filePath(QStringLiteral("cat.png"));
        QVERIFY(image.save(png));

        QTest::mouseClick(f.editor->findChild<QToolButton *>(QStringLiteral("addExample")), Qt::LeftButton);
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::Example, 1}));
        QVERIFY(f.editor->revealField(QStringLiteral("example[1].inputs.x")));
        const int steps = f.document->undoStack()->count();
        carton::Result<QString> added = f.editor->addMiscFile(png);
        QVERIFY(added.ok());
        QCOMPARE(*added, QStringLiteral("misc/cat.png"));
        QCOMPARE(f.document->undoStack()->count(), steps + 1);
        const carton::CartonEdits::FileSource *file = f.document->files().find(QStringLiteral("misc/cat.png"));
        QVERIFY(file && file->kind == carton::CartonEdits::FileSource::Kind::Disk);
        QCOMPARE(refOf(f.document->info().examples.at(1).inputs, QStringLiteral("x")), QStringLiteral("@misc/cat.png"));
        QCOMPARE(f.editor->refsModel()->index(f.editor->currentRow(), TensorRefsModel::TensorColumn).data().toString(),
                 QStringLiteral("@misc/cat.png"));
        QVERIFY(f.editor->refsModel()
                    ->index(f.editor->currentRow(), TensorRefsModel::DetailsColumn)
                    .data()
                    .toString()
                    .startsWith(u"file"));
        // A second file of the same name gets its own.
        QVERIFY(f.editor->revealField(QStringLiteral("example[1].sample_out.z")));
        QCOMPARE(*f.editor->addMiscFile(png), QStringLiteral("misc/cat-2.png"));
        QCOMPARE(refOf(f.document->info().examples.at(1).sampleOut, QStringLiteral("z")),
                 QStringLiteral("@misc/cat-2.png"));
        // Self-tests take no misc files.
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[0]")));
        QVERIFY(!f.editor->findChild<QPushButton *>(QStringLiteral("addMiscFile"))->isEnabled());

        for (int i = 0; i < 3; ++i)
            f.document->undoStack()->undo();
        QVERIFY(f.document->state() == before);
        QVERIFY(!f.document->files().find(QStringLiteral("misc/cat.png")));

        // Saved, the example's file is there.
        for (int i = 0; i < 3; ++i)
            f.document->undoStack()->redo();
        const QString out = m_dir.filePath(QStringLiteral("example.carton"));
        f.document->save(out, carton::SaveOptions());
        const QString error = waitForSave(*f.document);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto saved = testcartons::open(out);
        QVERIFY(saved && saved->source().find(QStringLiteral("misc/cat.png")));
        checkNoErrors(*saved);
    }

    void detailsShowTheDocumentsFiles()
    {
        // An opened carton with an image under misc/ that no item names yet.
        QImage dog(50, 40, QImage::Format_RGB32);
        dog.fill(Qt::darkRed);
        QByteArray dogPng;
        {
            QBuffer buffer(&dogPng);
            QVERIFY(buffer.open(QIODevice::WriteOnly) && dog.save(&buffer, "PNG"));
        }
        const QString path = testcartons::packCarton(m_dir.path(),
                                                     {{QStringLiteral("carton.toml"), testcartons::minimalToml(kSpecs)},
                                                      {QStringLiteral("model/model.bin"), QByteArray(1000, 'm')},
                                                      {QStringLiteral("tensor_data/index.toml"), kIndex},
                                                      {QStringLiteral("tensor_data/a.bin"), floats({1, 2})},
                                                      {QStringLiteral("tensor_data/b.bin"), floats({3, 4})},
                                                      {QStringLiteral("misc/dog.png"), dogPng}},
                                                     QStringLiteral("details.carton"));
        QVERIFY(!path.isEmpty());
        auto original = testcartons::open(path);
        QVERIFY(original);
        CartonDocument document(original, path);
        CartonView view(&document, nullptr);
        view.resize(1366, 768);
        view.show();
        view.setEditing(true);
        view.setCurrentTab(CartonView::SelfTestsTab);
        SelfTestsPage *page = view.selfTestsPage();
        QVERIFY(page);
        SelfTestsEditor *editor = view.selfTestsEditor();

        // Not saved: example[0] takes a new image as its input and the carton's as its sample output.
        QImage cat(80, 60, QImage::Format_RGB32);
        cat.fill(Qt::darkCyan);
        const QString png = m_dir.filePath(QStringLiteral("details-cat.png"));
        QVERIFY(cat.save(png));
        QVERIFY(editor->revealField(QStringLiteral("example[0].inputs.x")));
        QCOMPARE(*editor->addMiscFile(png), QStringLiteral("misc/details-cat.png"));
        QVERIFY(editor->revealField(QStringLiteral("example[0].sample_out.z")));
        TensorRefsModel *refs = editor->refsModel();
        QVERIFY(refs->setData(refs->index(editor->currentRow(), TensorRefsModel::TensorColumn),
                              QStringLiteral("@misc/dog.png")));
        QVERIFY(document.isModified());
        QVERIFY(!page->lastRun());

        // The details (no run) show both: the new file from the document, the other from the carton.
        QVERIFY(page->revealItem(false, 0));
        QVERIFY(page->revealItem(true, 0));
        DescriptionBrowser *details = page->details();
        const QUrl catUrl = carton::MarkdownRenderer::miscUrl(QStringLiteral("misc/details-cat.png"));
        const QUrl dogUrl = carton::MarkdownRenderer::miscUrl(QStringLiteral("misc/dog.png"));
        QTRY_VERIFY(details->toHtml().contains(QStringLiteral("details-cat.png")) &&
                    details->toHtml().contains(QStringLiteral("dog.png")));
        page->detailTabs()->setCurrentIndex(SelfTestsPage::DetailsTab);
        QTRY_COMPARE(details->loadedImage(catUrl).size(), QSize(80, 60));
        QTRY_COMPARE(details->loadedImage(dogUrl).size(), QSize(50, 40));
        QVERIFY(details->imageError(catUrl).isEmpty());
        testutil::shot(&view, QStringLiteral("selftests-details-unsaved"));

        // The file replaced in the document (same path, new bytes) shows anew.
        QImage bigger(120, 90, QImage::Format_RGB32);
        bigger.fill(Qt::darkGreen);
        QByteArray biggerPng;
        {
            QBuffer buffer(&biggerPng);
            QVERIFY(buffer.open(QIODevice::WriteOnly) && bigger.save(&buffer, "PNG"));
        }
        DocumentState replaced = document.state();
        QVERIFY(replaced.files.putBytes(QStringLiteral("misc/details-cat.png"), biggerPng).ok());
        document.setState(replaced, QStringLiteral("Replace"));
        QTRY_COMPARE(details->loadedImage(catUrl).size(), QSize(120, 90));
        studio::JobPools::waitForAll();
    }

    void removeMoveDuplicate()
    {
        Fixture f = open();
        QVERIFY(f.document);
        const carton::CartonInfo start = f.document->info();
        const QStringList names{QStringLiteral("first"), QStringLiteral("second"), QStringLiteral("third")};
        QCOMPARE(namesOf(start), names);

        f.editor->selectItem({SelfTestItem::Kind::SelfTest, 2});
        QTest::mouseClick(f.editor->findChild<QToolButton *>(QStringLiteral("moveUp")), Qt::LeftButton);
        QCOMPARE(namesOf(f.document->info()),
                 (QStringList{QStringLiteral("first"), QStringLiteral("third"), QStringLiteral("second")}));
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 1}));
        QCOMPARE(f.editor->nameEdit()->text(), QStringLiteral("third"));
        // Alt+Up on the list moves it again; the first can go no higher.
        f.editor->itemsView()->setFocus();
        QTest::keyClick(f.editor->itemsView(), Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(namesOf(f.document->info()),
                 (QStringList{QStringLiteral("third"), QStringLiteral("first"), QStringLiteral("second")}));
        QVERIFY(!f.editor->findChild<QToolButton *>(QStringLiteral("moveUp"))->isEnabled());
        f.document->undoStack()->undo();
        f.document->undoStack()->undo();
        QVERIFY(f.document->info() == start);

        // Duplicate keeps the extension table; remove takes out exactly one item.
        f.editor->selectItem({SelfTestItem::Kind::SelfTest, 0});
        QTest::mouseClick(f.editor->findChild<QToolButton *>(QStringLiteral("duplicate")), Qt::LeftButton);
        QCOMPARE(namesOf(f.document->info()), (QStringList{QStringLiteral("first"), QStringLiteral("first copy"),
                                                           QStringLiteral("second"), QStringLiteral("third")}));
        QCOMPARE(f.document->info().selfTests.at(1).unknownToml, start.selfTests.at(0).unknownToml);
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 1}));
        f.editor->selectItem({SelfTestItem::Kind::SelfTest, 0});
        QTest::mouseClick(f.editor->findChild<QToolButton *>(QStringLiteral("removeItem")), Qt::LeftButton);
        QCOMPARE(namesOf(f.document->info()),
                 (QStringList{QStringLiteral("first copy"), QStringLiteral("second"), QStringLiteral("third")}));
        QVERIFY(f.document->info().examples == start.examples);
        f.editor->selectItem({SelfTestItem::Kind::Example, 0});
        f.editor->itemsView()->setFocus();
        QTest::keyClick(f.editor->itemsView(), Qt::Key_Delete);
        QVERIFY(f.document->info().examples.isEmpty());
        // The nearest item is selected after removing the last of its kind.
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 2}));
        for (int i = 0; i < 3; ++i)
            f.document->undoStack()->undo();
        QVERIFY(f.document->info() == start);
    }

    void revealFieldSelectsTheRow()
    {
        Fixture f = open();
        QVERIFY(f.document);
        addUndeclaredKey(*f.document);
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[1].inputs.y")));
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 1}));
        QCOMPARE(f.editor->refsModel()->row(f.editor->currentRow()).key, QStringLiteral("y"));
        QVERIFY(f.editor->revealField(QStringLiteral("example[0].sample_out.z")));
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::Example, 0}));
        QCOMPARE(f.editor->refsModel()->row(f.editor->currentRow()).table, TensorRefsModel::Table::SampleOut);
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[1].inputs.extra")));
        QCOMPARE(f.editor->refsModel()->row(f.editor->currentRow()).key, QStringLiteral("extra"));
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[2]")));
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 2}));
        QCOMPARE(f.editor->nameEdit()->text(), QStringLiteral("third"));
        QVERIFY(!f.editor->revealField(QStringLiteral("self_test[7]")));
        QVERIFY(!f.editor->revealField(QStringLiteral("model_name")));

        // Through the carton's tabs while editing, from a diagnostic's location.
        CartonView view(f.document.get(), nullptr);
        view.setEditing(true);
        QVERIFY(view.revealLocation(
            carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, QStringLiteral("self_test[1].inputs.y")}));
        QCOMPARE(view.currentTab(), CartonView::SelfTestsTab);
        SelfTestsEditor *page = view.selfTestsEditor();
        QCOMPARE(page->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 1}));
        QCOMPARE(page->refsModel()->row(page->currentRow()).key, QStringLiteral("y"));
    }

    void problemsAreMarkedAndCleared()
    {
        Fixture f = open();
        QVERIFY(f.document);
        addUndeclaredKey(*f.document);
        f.document->validateNow();
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[1].inputs.extra")));
        // "extra" is not declared: an error on its row and on the item.
        TensorRefsModel *refs = f.editor->refsModel();
        const int extra = f.editor->currentRow();
        QCOMPARE(refs->index(extra, TensorRefsModel::TensorColumn).data(Roles::SeverityRole).toInt(),
                 int(carton::Severity::Error));
        QCOMPARE(refs->index(0, TensorRefsModel::TensorColumn).data(Roles::SeverityRole).toInt(), -1);
        QVERIFY(problemShown(*f.editor->itemsModel(), 1));
        QVERIFY(!problemShown(*f.editor->itemsModel(), 0));
        testutil::shot(f.editor.get(), QStringLiteral("selftests-errors"));

        // A bad reference typed into x of self_test[0] is marked, then fixed.
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[0].inputs.x")));
        const int x = f.editor->currentRow();
        refs->setData(refs->index(x, TensorRefsModel::TensorColumn), QStringLiteral("@model/nope"));
        QCOMPARE(refOf(f.document->info().selfTests.at(0).inputs, QStringLiteral("x")), QStringLiteral("@model/nope"));
        f.document->validateNow();
        QCOMPARE(refs->index(x, TensorRefsModel::TensorColumn).data(Roles::SeverityRole).toInt(),
                 int(carton::Severity::Error));
        QVERIFY(
            refs->index(x, TensorRefsModel::TensorColumn).data(Qt::ToolTipRole).toString().contains(u"@tensor_data/"));
        QVERIFY(problemShown(*f.editor->itemsModel(), 0));
        refs->setData(refs->index(x, TensorRefsModel::TensorColumn), QStringLiteral("a"));
        f.document->validateNow();
        QCOMPARE(refs->index(x, TensorRefsModel::TensorColumn).data(Roles::SeverityRole).toInt(), -1);
        QVERIFY(!problemShown(*f.editor->itemsModel(), 0));

        // A self-test without inputs: an item-level warning, shown and marked.
        f.editor->addSelfTest();
        f.document->validateNow();
        auto *problems = f.editor->findChild<QLabel *>(QStringLiteral("itemProblems"));
        QVERIFY(problems->isVisible());
        QCOMPARE(problems->property("validation").toString(), QStringLiteral("warning"));
        QVERIFY(problems->text().contains(u"no inputs"));
        f.editor->setCurrentRow(rowOf(*f.editor, QStringLiteral("inputs"), QStringLiteral("x")));
        refs->setData(refs->index(f.editor->currentRow(), TensorRefsModel::TensorColumn), QStringLiteral("a"));
        f.document->validateNow();
        QVERIFY(!problems->text().contains(u"no inputs"));
    }

    void refreshKeepsSelectionAndCursor()
    {
        Fixture f = open();
        QVERIFY(f.document);
        QVERIFY(f.editor->revealField(QStringLiteral("self_test[1].inputs.y")));
        const int row = f.editor->currentRow();
        // An edit elsewhere (another item) leaves the selection alone.
        carton::CartonInfo info = f.document->info();
        info.selfTests[2].name = QStringLiteral("renamed elsewhere");
        f.document->setInfo(info, QStringLiteral("Rename"));
        QCOMPARE(f.editor->currentItem(), (SelfTestItem{SelfTestItem::Kind::SelfTest, 1}));
        QCOMPARE(f.editor->currentRow(), row);
        QCOMPARE(f.editor->itemsModel()->index(2, 0).data().toString(), QStringLiteral("renamed elsewhere"));
        // Typing in the middle of the name keeps the cursor where it is.
        f.editor->nameEdit()->setFocus();
        f.editor->nameEdit()->setCursorPosition(3);
        QTest::keyClicks(f.editor->nameEdit(), QStringLiteral("XY"));
        QCOMPARE(f.document->info().selfTests.at(1).name, QStringLiteral("secXYond"));
        QCOMPARE(f.editor->nameEdit()->cursorPosition(), 5);
        // A change of the rows (a key added before z) keeps the current row on its key.
        f.editor->setCurrentRow(rowOf(*f.editor, QStringLiteral("expected_out"), QStringLiteral("z")));
        QCOMPARE(f.editor->currentRow(), 2);
        addUndeclaredKey(*f.document);
        QCOMPARE(f.editor->refsModel()->rowCount(), 4); // x, y, extra, z
        QCOMPARE(f.editor->currentRow(), 3);
        QCOMPARE(f.editor->refsModel()->row(f.editor->currentRow()).key, QStringLiteral("z"));
        f.document->undoStack()->undo();
        QCOMPARE(f.editor->currentRow(), 2);
        f.editor->setCurrentRow(row);
        // Undo while the item is shown puts the text back.
        f.document->undoStack()->undo();
        QCOMPARE(f.editor->nameEdit()->text(), QStringLiteral("second"));
        QCOMPARE(f.editor->currentRow(), row);
    }
};

QTEST_MAIN(TestSelfTestsEditor)
#include "tst_selftestseditor.moc"
