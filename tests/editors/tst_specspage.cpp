// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Inputs / Outputs page: edits typed with QTest, each one undo step of the
// document; shape symbols checked live against the self-test tensors.
#include "base/diagnostic.h"
#include "carton/cartonview.h"
#include "document/cartondocument.h"
#include "pack/packer.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"
#include "specs/symbolpanel.h"
#include "testcartons.h"
#include "testshot.h"
#include "validate/validator.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QComboBox>
#include <QIcon>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

// x: [n, 2], y: [k, *] -> out: [n]. The self-test feeds x0 [3, 2], y0 [4, 7] and
// expects o0 [3]: consistent (the packer refuses errors). Typing [n, *] for y
// makes 'n' 3 and 4 at once, which only the tensors show.
const QByteArray specsToml = R"(
[[input]]
name = "x"
dtype = "float32"
shape = ["n", 2]

[[input]]
name = "y"
dtype = "float32"
shape = ["k", "*"]

[[output]]
name = "out"
dtype = "float32"
shape = ["n"]

[[self_test]]
inputs = { x = "@tensor_data/x0", y = "@tensor_data/y0" }
expected_out = { out = "@tensor_data/o0" }
)";

const QByteArray indexToml = R"([[tensor]]
name = "x0"
dtype = "float32"
shape = [3, 2]
file = "x0.bin"
inner = []

[[tensor]]
name = "y0"
dtype = "float32"
shape = [4, 7]
file = "y0.bin"
inner = []

[[tensor]]
name = "o0"
dtype = "float32"
shape = [3]
file = "o0.bin"
inner = []
)";

QString makeCarton(const QString &dir)
{
    const QByteArray toml = testcartons::minimalToml().replace("\n[runner]", QByteArray(specsToml + "\n[runner]"));
    return testcartons::packCarton(dir,
                                   {{u"carton.toml"_s, toml},
                                    {u"model/model.bin"_s, QByteArray(64, 'm')},
                                    {u"tensor_data/index.toml"_s, indexToml},
                                    {u"tensor_data/x0.bin"_s, QByteArray(3 * 2 * 4, '\0')},
                                    {u"tensor_data/y0.bin"_s, QByteArray(4 * 7 * 4, '\0')},
                                    {u"tensor_data/o0.bin"_s, QByteArray(3 * 4, '\0')}},
                                   u"specs.carton"_s);
}

// Opens the delegate's editor on `index`, types `text` (replacing what is there)
// and presses Enter.
void typeInto(QTableView *view, const QModelIndex &index, const QString &text)
{
    view->setCurrentIndex(index);
    view->edit(index);
    QWidget *editor = view->indexWidget(index);
    QVERIFY2(editor, "no editor opened");
    auto *line = qobject_cast<QLineEdit *>(editor);
    QVERIFY(line);
    line->selectAll();
    QTest::keyClicks(line, text);
    QTest::keyClick(line, Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits by a queued call
}

// A diagnostic of carton.toml's `field` (whatever its line).
bool hasDiagnosticAt(const carton::Diagnostics &list, carton::Severity severity, const QString &field,
                     const QString &fragment)
{
    for (const carton::Diagnostic &d : list) {
        const carton::DiagnosticLocation &loc = d.location;
        if (d.severity == severity && loc.file == u"carton.toml"_s && loc.field == field &&
            d.message.contains(fragment))
            return true;
    }
    return false;
}

QString describe(const carton::Diagnostics &list)
{
    QStringList lines;
    for (const carton::Diagnostic &d : list)
        lines.append(d.location.toString() + u" | "_s + d.message);
    return lines.join(u'\n');
}

} // namespace

class TestSpecsPage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_carton = makeCarton(m_dir.path());
        QVERIFY2(!m_carton.isEmpty(), "could not pack the test carton");
    }

    void init()
    {
        auto original = testcartons::open(m_carton);
        QVERIFY(original);
        m_document = std::make_unique<CartonDocument>(original, m_carton);
        m_editor = std::make_unique<SpecsPage>(m_document.get());
        m_editor->setEditable(true); // the tab browses until Ctrl+E
        // Every test edits under the model tester (issue 30).
        m_testers[0] = std::make_unique<QAbstractItemModelTester>(
            m_editor->inputsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_testers[1] = std::make_unique<QAbstractItemModelTester>(
            m_editor->outputsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_editor->resize(1240, 600);
        m_editor->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_editor.get()));
        QApplication::setActiveWindow(m_editor.get());
        QVERIFY(QTest::qWaitForWindowActive(m_editor.get()));
        m_document->validateNow();
    }

    void cleanup()
    {
        m_testers[0].reset();
        m_testers[1].reset();
        m_editor.reset();
        m_document.reset();
    }

    void addSelectsTheNewName_data()
    {
        QTest::addColumn<bool>("outputs");
        QTest::newRow("input") << false;
        QTest::newRow("output") << true;
    }

    // After Add the new row's name is selected in its open editor: typing replaces
    // it, also once validation has run over the table (its dataChanged used to
    // reset the editor's text, dropping the selection: "input_3tokens").
    void addSelectsTheNewName()
    {
        QFETCH(bool, outputs);
        // A problem marked in a cell (two tensors of one name): each validation then
        // repaints every cell of the table, the open editor's included.
        carton::CartonInfo info = m_document->info();
        QList<carton::TensorSpec> &specs = outputs ? info.outputs : info.inputs;
        specs.append(specs.first());
        m_document->setInfo(info, u"Duplicate"_s);
        m_document->validateNow();
        QCoreApplication::processEvents();
        QTest::mouseClick(m_editor->findChild<QToolButton *>(outputs ? u"addOutput"_s : u"addInput"_s), Qt::LeftButton);
        m_document->validateNow();
        QCoreApplication::processEvents();
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY2(editor, "Add did not leave the focus in the name editor");
        QVERIFY2(editor->hasSelectedText() && editor->selectedText() == editor->text(), qPrintable(editor->text()));
        QTest::keyClicks(editor, u"tokens"_s);
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
        const carton::CartonInfo after = m_document->info();
        QStringList names;
        for (const carton::TensorSpec &s : outputs ? after.outputs : after.inputs)
            names.append(s.name);
        QVERIFY2(names.contains(u"tokens"_s), qPrintable(names.join(u", "_s)));
    }

    void addInputTypeNameAndShape()
    {
        const carton::CartonInfo start = m_document->info();
        QTableView *view = m_editor->inputsView();
        view->setCurrentIndex(m_editor->inputsModel()->index(1, 0));
        QTest::mouseClick(m_editor->findChild<QToolButton *>(u"addInput"_s), Qt::LeftButton);
        QCOMPARE(m_document->info().inputs.size(), 3);
        QCOMPARE(m_document->undoStack()->undoText(), u"Add Input"_s);
        const carton::CartonInfo added = m_document->info();
        QCOMPARE(added.inputs.at(2).shape, carton::Shape::any());

        // Add opened the name editor of the new row: type into it.
        QWidget *nameEditor = view->indexWidget(m_editor->inputsModel()->index(2, SpecsModel::NameColumn));
        QVERIFY2(nameEditor, "Add did not open the name editor");
        qobject_cast<QLineEdit *>(nameEditor)->selectAll();
        QTest::keyClicks(nameEditor, u"tokens"_s);
        QTest::keyClick(nameEditor, Qt::Key_Return);
        QCoreApplication::processEvents();
        QCOMPARE(m_document->info().inputs.at(2).name, u"tokens"_s);
        // Typing one field is one undo step.
        QCOMPARE(m_document->undoStack()->count(), 2);
        const carton::CartonInfo named = m_document->info();

        typeInto(view, m_editor->inputsModel()->index(2, SpecsModel::ShapeColumn), u"[n, 16, *]"_s);
        QCOMPARE(m_document->info().inputs.at(2).shape,
                 carton::Shape::dims({carton::Dim::symbol(u"n"_s), carton::Dim::value(16), carton::Dim::any()}));
        QCOMPARE(m_document->undoStack()->undoText(), u"Edit Input Shape"_s);

        // dtype through the combo
        const QModelIndex dtypeCell = m_editor->inputsModel()->index(2, SpecsModel::DTypeColumn);
        view->setCurrentIndex(dtypeCell);
        view->edit(dtypeCell);
        auto *combo = qobject_cast<QComboBox *>(view->indexWidget(dtypeCell));
        QVERIFY(combo);
        QCOMPARE(combo->count(), 11);
        combo->setCurrentText(u"int64"_s);
        QTest::keyClick(combo, Qt::Key_Return);
        QCoreApplication::processEvents();
        QCOMPARE(m_document->info().inputs.at(2).dtype, carton::DType::Int64);
        const carton::CartonInfo end = m_document->info();
        QCOMPARE(m_document->undoStack()->count(), 4);

        // Undo each step back to the start, redo to the end: whole infos compared.
        QUndoStack *undo = m_document->undoStack();
        undo->undo();
        undo->undo();
        QCOMPARE(m_document->info(), named);
        QCOMPARE(m_editor->inputsModel()->index(2, 0).data().toString(), u"tokens"_s);
        undo->undo();
        QCOMPARE(m_document->info(), added);
        undo->undo();
        QCOMPARE(m_document->info(), start);
        QCOMPARE(m_editor->inputsModel()->rowCount(), 2);
        while (undo->canRedo())
            undo->redo();
        QCOMPARE(m_document->info(), end);
        QCOMPARE(m_editor->inputsModel()->rowCount(), 3);
        QCOMPARE(m_editor->inputsModel()->index(2, SpecsModel::ShapeColumn).data().toString(), u"[n, 16, *]"_s);
    }

    void shapeParseErrorIsShownNotApplied()
    {
        const carton::CartonInfo start = m_document->info();
        const QModelIndex cell = m_editor->inputsModel()->index(0, SpecsModel::ShapeColumn);
        typeInto(m_editor->inputsView(), cell, u"[n, 2"_s);
        QCOMPARE(m_document->info(), start);
        QCOMPARE(m_document->undoStack()->count(), 0);
        QCOMPARE(cell.data(SpecsModel::ValidationRole).toString(), u"error"_s);
        QCOMPARE(cell.data().toString(), u"[n, 2"_s);
        QVERIFY(!cell.data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(u"has no closing ]"_s),
                 qPrintable(cell.data(Qt::ToolTipRole).toString()));
        // Listed with the document's diagnostics (the Diagnostics panel), naming the
        // input, the text and what was expected; still there after validation runs.
        m_document->validateNow();
        QVERIFY2(hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, u"input[0].shape"_s,
                                 u"Input x: the shape \"[n, 2\" is not applied: \"[n, 2\" has no closing ]"_s),
                 qPrintable(describe(m_document->diagnostics())));
        QCOMPARE(cell.data().toString(), u"[n, 2"_s);
        // A valid shape replaces the typed text and clears the mark.
        typeInto(m_editor->inputsView(), cell, u"[n, 3]"_s);
        QCOMPARE(m_document->info().inputs.at(0).shape,
                 carton::Shape::dims({carton::Dim::symbol(u"n"_s), carton::Dim::value(3)}));
        QCOMPARE(cell.data().toString(), u"[n, 3]"_s);
        QCOMPARE(cell.data(SpecsModel::ValidationRole).toString(), QString());
        QVERIFY(cell.data(Qt::DecorationRole).isNull());
        QVERIFY(m_document->unappliedTexts().isEmpty());
        QVERIFY(!hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, u"input[0].shape"_s, u""_s));
    }

    // Typing the shape the cell already had (the text no longer differs from the
    // document) also clears the typed text.
    void retypingTheOldShapeClearsTheTypedText()
    {
        const QModelIndex cell = m_editor->inputsModel()->index(1, SpecsModel::ShapeColumn);
        typeInto(m_editor->inputsView(), cell, u"3x4"_s);
        QCOMPARE(cell.data().toString(), u"3x4"_s);
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(u"write [3, 4]"_s),
                 qPrintable(cell.data(Qt::ToolTipRole).toString()));
        typeInto(m_editor->inputsView(), cell, u"k, *"_s);
        QCOMPARE(m_document->undoStack()->count(), 0);
        QCOMPARE(cell.data().toString(), u"[k, *]"_s);
        QVERIFY(m_document->unappliedTexts().isEmpty());
    }

    void shapeSpellingsAreAccepted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("shown");
        QTest::newRow("bare list") << u"batch, 3, 32, 32"_s << u"[batch, 3, 32, 32]"_s;
        QTest::newRow("brackets") << u"[batch, 3, 32, 32]"_s << u"[batch, 3, 32, 32]"_s;
        QTest::newRow("tuple") << u"(batch, 3, 32, 32)"_s << u"[batch, 3, 32, 32]"_s;
        QTest::newRow("spaces") << u"  [ batch ,3,32 , 32 ]  "_s << u"[batch, 3, 32, 32]"_s;
        QTest::newRow("any") << u"*"_s << u"*"_s;
        QTest::newRow("scalar") << u"[]"_s << u"[]"_s;
        QTest::newRow("symbol") << u"seq_len"_s << u"seq_len"_s;
        QTest::newRow("one-tuple") << u"(3,)"_s << u"[3]"_s;
    }

    // Every reasonable spelling is applied, one undo step, shown in the one form.
    void shapeSpellingsAreAccepted()
    {
        QFETCH(QString, text);
        QFETCH(QString, shown);
        const QModelIndex cell = m_editor->outputsModel()->index(0, SpecsModel::ShapeColumn);
        typeInto(m_editor->outputsView(), cell, text);
        QVERIFY2(m_document->unappliedTexts().isEmpty(), qPrintable(describe(m_document->diagnostics())));
        QCOMPARE(m_document->info().outputs.at(0).shape.toString(), shown);
        QCOMPARE(cell.data().toString(), shown);
        QCOMPARE(m_document->undoStack()->undoText(), u"Edit Output Shape"_s);
    }

    // The typed text stays with its row when rows are added, removed, moved or
    // edited, and goes with its row (never replaced by "*" or the old shape).
    void typedShapeFollowsItsRow()
    {
        SpecsModel *model = m_editor->inputsModel();
        QTableView *view = m_editor->inputsView();
        auto typedAt = [&](int row) { return model->index(row, SpecsModel::ShapeColumn).data().toString(); };
        typeInto(view, model->index(1, SpecsModel::ShapeColumn), u"-1"_s); // y
        QCOMPARE(typedAt(1), u"-1"_s);
        QVERIFY(hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, u"input[1].shape"_s,
                                u"a size not fixed in advance is * or a symbol"_s));

        // Add a row above y: the text moves down with y.
        view->setCurrentIndex(model->index(0, 0));
        QTest::mouseClick(m_editor->findChild<QToolButton *>(u"addInput"_s), Qt::LeftButton);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        QCOMPARE(model->rowCount(), 3);
        QCOMPARE(typedAt(1), u"*"_s);
        QCOMPARE(typedAt(2), u"-1"_s);
        QCOMPARE(m_document->unappliedTexts().keys(), QStringList{u"input[2].shape"_s});

        // Edit y's name in place: still there.
        typeInto(view, model->index(2, SpecsModel::NameColumn), u"why"_s);
        QCOMPARE(typedAt(2), u"-1"_s);
        // Move y up: it follows.
        view->setCurrentIndex(model->index(2, 0));
        QTest::mouseClick(m_editor->findChild<QToolButton *>(u"moveInputUp"_s), Qt::LeftButton);
        QCOMPARE(typedAt(1), u"-1"_s);
        QCOMPARE(typedAt(2), u"*"_s);
        m_document->validateNow();
        QVERIFY(hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, u"input[1].shape"_s, u"why"_s));

        // Remove y: the text goes with it.
        view->setCurrentIndex(model->index(1, 0));
        QTest::mouseClick(m_editor->findChild<QToolButton *>(u"removeInput"_s), Qt::LeftButton);
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(m_document->unappliedTexts().isEmpty());
        for (int row = 0; row < model->rowCount(); ++row)
            QVERIFY(model->index(row, SpecsModel::ShapeColumn).data(SpecsModel::ValidationRole).toString() !=
                    u"error"_s);
    }

    void renameFollowsIntoSelfTests()
    {
        typeInto(m_editor->inputsView(), m_editor->inputsModel()->index(0, SpecsModel::NameColumn), u"image"_s);
        const carton::CartonInfo &info = m_document->info();
        QCOMPARE(info.inputs.at(0).name, u"image"_s);
        QCOMPARE(info.selfTests.at(0).inputs.at(0).first, u"image"_s);
        QCOMPARE(info.selfTests.at(0).inputs.at(0).second, u"@tensor_data/x0"_s);
        m_document->undoStack()->undo();
        QCOMPARE(m_document->info().selfTests.at(0).inputs.at(0).first, u"x"_s);
    }

    void reorderAndRemove()
    {
        const carton::CartonInfo start = m_document->info();
        QTableView *view = m_editor->inputsView();
        view->setCurrentIndex(m_editor->inputsModel()->index(0, SpecsModel::ShapeColumn));
        QTest::mouseClick(m_editor->findChild<QToolButton *>(u"moveInputDown"_s), Qt::LeftButton);
        QCOMPARE(m_document->info().inputs.at(0).name, u"y"_s);
        QCOMPARE(m_document->info().inputs.at(1).name, u"x"_s);
        QCOMPARE(view->currentIndex(), m_editor->inputsModel()->index(1, SpecsModel::ShapeColumn));
        QCOMPARE(m_document->undoStack()->undoText(), u"Move Input Down"_s);
        const carton::CartonInfo moved = m_document->info();
        // Alt+Up moves it back.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(m_document->info(), start);
        m_document->undoStack()->undo();
        QCOMPARE(m_document->info(), moved);

        // Remove x (now row 1) with Delete.
        view->setCurrentIndex(m_editor->inputsModel()->index(1, SpecsModel::NameColumn));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Delete);
        QCOMPARE(m_document->info().inputs.size(), 1);
        QCOMPARE(m_document->info().inputs.at(0).name, u"y"_s);
        QCOMPARE(m_document->undoStack()->undoText(), u"Remove Input"_s);
        const carton::CartonInfo removed = m_document->info();
        m_document->undoStack()->undo();
        QCOMPARE(m_document->info(), moved);
        QCOMPARE(m_editor->inputsModel()->rowCount(), 2);
        m_document->undoStack()->redo();
        QCOMPARE(m_document->info(), removed);
        QCOMPARE(m_editor->inputsModel()->rowCount(), 1);
    }

    void conflictThroughSelfTestTensorsIsMarkedAndFixed()
    {
        const QString at = u"input[1].shape[0]"_s;
        QVERIFY2(!hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, at, QString()),
                 qPrintable(describe(m_document->diagnostics())));
        QTreeWidgetItem *k = m_editor->symbolPanel()->itemOf(u"k"_s, false);
        QVERIFY(k);
        QCOMPARE(k->text(2), u"4 in self_test[0]"_s);

        // y's first dim becomes n: the specs still look fine, the self-test's
        // tensors make n both 3 (x0) and 4 (y0).
        SpecsModel *inputs = m_editor->inputsModel();
        const QModelIndex cell = inputs->index(1, SpecsModel::ShapeColumn);
        typeInto(m_editor->inputsView(), cell, u"[n, *]"_s);
        QVERIFY(!hasDiagnosticAt(carton::validateInfo(m_document->info()), carton::Severity::Error, at, QString()));
        m_document->validateNow();
        QVERIFY2(
            hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, at, u"symbol 'n' is 4 in input 'y'"_s),
            qPrintable(describe(m_document->diagnostics())));
        QCOMPARE(cell.data(SpecsModel::ValidationRole).toString(), u"error"_s);
        QVERIFY2(cell.data(Qt::ToolTipRole).toString().contains(u"but 3 in input 'x'"_s),
                 qPrintable(cell.data(Qt::ToolTipRole).toString()));
        QCOMPARE(inputs->index(1, SpecsModel::NameColumn).data(SpecsModel::ValidationRole).toString(), QString());
        QCOMPARE(inputs->index(0, SpecsModel::ShapeColumn).data(SpecsModel::ValidationRole).toString(), QString());

        // The symbol panel lists n with its uses and the conflicting values.
        QTreeWidgetItem *n = m_editor->symbolPanel()->itemOf(u"n"_s, false);
        QVERIFY(n);
        QCOMPARE(n->text(1), u"input 'x' dim 0, input 'y' dim 0, output 'out' dim 0"_s);
        QVERIFY2(n->text(2).startsWith(u"conflicts in self_test[0]"_s), qPrintable(n->text(2)));
        QCOMPARE(n->childCount(), 1);
        QCOMPARE(n->child(0)->text(0),
                 u"self_test[0]: 3 from self_test[0].inputs.x but 4 from self_test[0].inputs.y"_s);
        QCOMPARE(n->child(0)->data(0, SymbolPanel::FieldRole).toString(), u"input[1].shape[0]"_s);
        QVERIFY(!m_editor->symbolPanel()->itemOf(u"k"_s, false));
        n->setExpanded(true);
        m_editor->inputsView()->setCurrentIndex(inputs->index(0, SpecsModel::NameColumn));
        shot(u"errors"_s);

        // Fix it by typing a new symbol for y's first dim.
        typeInto(m_editor->inputsView(), cell, u"[batch, *]"_s);
        m_document->validateNow();
        QVERIFY2(!hasDiagnosticAt(m_document->diagnostics(), carton::Severity::Error, at, QString()),
                 qPrintable(describe(m_document->diagnostics())));
        QCOMPARE(cell.data(SpecsModel::ValidationRole).toString(), QString());
        n = m_editor->symbolPanel()->itemOf(u"n"_s, false);
        QVERIFY(n);
        QCOMPARE(n->text(2), u"3 in self_test[0]"_s);
        QCOMPARE(n->childCount(), 1);
        QCOMPARE(n->child(0)->text(0), u"= 3 in self_test[0]"_s);
        QTreeWidgetItem *batch = m_editor->symbolPanel()->itemOf(u"batch"_s, false);
        QVERIFY(batch);
        QCOMPARE(batch->text(1), u"input 'y' dim 0"_s);
        QCOMPARE(batch->text(2), u"4 in self_test[0]"_s);
        QCOMPARE(m_document->symbolSummary().size(), 2);

        // Undo brings the conflict back.
        m_document->undoStack()->undo();
        m_document->validateNow();
        QCOMPARE(cell.data(SpecsModel::ValidationRole).toString(), u"error"_s);
    }

    void revealFieldSelectsTheCell()
    {
        QVERIFY(m_editor->revealField(u"input[1].shape[1]"_s));
        QCOMPARE(m_editor->inputsView()->currentIndex(), m_editor->inputsModel()->index(1, SpecsModel::ShapeColumn));
        QVERIFY(m_editor->inputsView()->selectionModel()->isSelected(
            m_editor->inputsModel()->index(1, SpecsModel::ShapeColumn)));
        QVERIFY(m_editor->revealField(u"output[0].name"_s));
        QCOMPARE(m_editor->outputsView()->currentIndex(), m_editor->outputsModel()->index(0, SpecsModel::NameColumn));
        QVERIFY(m_editor->revealField(u"input[0].dtype"_s));
        QCOMPARE(m_editor->inputsView()->currentIndex(), m_editor->inputsModel()->index(0, SpecsModel::DTypeColumn));
        QVERIFY(!m_editor->revealField(u"input[7].name"_s));
        QVERIFY(!m_editor->revealField(u"self_test[0].inputs.x"_s));
        QVERIFY(!m_editor->revealField(u"model_name"_s));

        // Through the carton's tabs while editing, from a diagnostic's location.
        CartonView view(m_document.get(), nullptr);
        view.setEditing(true);
        view.show();
        QVERIFY(view.revealLocation(carton::DiagnosticLocation{u"carton.toml"_s, 0, u"output[0].shape[0]"_s}));
        QCOMPARE(view.currentTab(), CartonView::SpecsTab);
        SpecsPage *page = view.specsPage();
        QCOMPARE(page->outputsView()->currentIndex(), page->outputsModel()->index(0, SpecsModel::ShapeColumn));
        // A table-level location ("no [[output]] declared") shows this tab too.
        view.setCurrentTab(CartonView::MetadataTab);
        QVERIFY(view.revealLocation(carton::DiagnosticLocation{u"carton.toml"_s, 0, u"output"_s}));
        QCOMPARE(view.currentTab(), CartonView::SpecsTab);
    }

    void modelRefreshKeepsRowsAndSendsDataChanged()
    {
        // An edit of one row elsewhere (another editor, undo) changes that row only.
        QSignalSpy changed(m_editor->inputsModel(), &QAbstractItemModel::dataChanged);
        QSignalSpy reset(m_editor->inputsModel(), &QAbstractItemModel::modelReset);
        carton::CartonInfo info = m_document->info();
        info.inputs[1].description = u"the second input"_s;
        m_document->setInfo(info, u"Edit"_s);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), 1);
        QCOMPARE(m_editor->inputsModel()->index(1, SpecsModel::DescriptionColumn).data().toString(),
                 u"the second input"_s);
        shot(u"clean"_s);
    }

private:
    void shot(const QString &name) { testutil::shot(m_editor.get(), u"specs-"_s + name); }

    QTemporaryDir m_dir;
    QString m_carton;
    std::unique_ptr<CartonDocument> m_document;
    std::unique_ptr<SpecsPage> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_testers[2];
};

QTEST_MAIN(TestSpecsPage)
#include "tst_specspage.moc"
