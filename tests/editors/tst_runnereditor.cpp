// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "document/cartondocument.h"
#include "editortestutil.h"
#include "runner/runnereditor.h"
#include "runner/runneroptsmodel.h"
#include "testshot.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

// Installed plugins as the registry would list them.
QList<carton::RunnerPluginInfo> fakePlugins()
{
    carton::RunnerPluginInfo noop;
    noop.runnerName = u"noop"_s;
    noop.frameworkVersion = u"1.13.2"_s;
    noop.compatVersions = {1};
    carton::RunnerOptionSpec threads;
    threads.name = u"num_threads"_s;
    threads.type = carton::RunnerOptionSpec::Type::Integer;
    threads.defaultValue = 4;
    noop.options = {threads};
    carton::RunnerPluginInfo torch;
    torch.runnerName = u"torchscript"_s;
    torch.frameworkVersion = u"2.1.0"_s;
    torch.compatVersions = {1, 2};
    return {noop, torch};
}

} // namespace

class TestRunnerEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_carton = testcartons::packCarton(m_dir.path(), editortest::tinyCartonFiles());
        QVERIFY2(!m_carton.isEmpty(), "could not pack the test carton");
    }

    void init()
    {
        auto original = testcartons::open(m_carton);
        QVERIFY(original);
        m_document = std::make_unique<CartonDocument>(original, m_carton);
        m_editor = std::make_unique<RunnerEditor>(m_document.get());
        m_editor->setRunnerPlugins(fakePlugins());
        // Every test edits under the model tester (issue 30).
        m_tester = std::make_unique<QAbstractItemModelTester>(m_editor->optionsModel(),
                                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(editortest::showActive(m_editor.get()));
    }

    void cleanup()
    {
        m_tester.reset();
        m_editor.reset();
        m_document.reset();
    }

    void showsTheDocument()
    {
        QCOMPARE(m_editor->runnerNameBox()->currentText(), u"noop"_s);
        QCOMPARE(m_editor->frameworkVersionEdit()->text(), u"=1.0.0"_s);
        QCOMPARE(m_editor->compatVersionBox()->value(), 1);
        // Installed plugins are offered, once each.
        QCOMPARE(m_editor->runnerNameBox()->count(), 2);
        QCOMPARE(m_editor->runnerNameBox()->itemText(1), u"torchscript"_s);
    }

    void typingIsOneStepPerField()
    {
        QUndoStack *undo = m_document->undoStack();
        QList<carton::CartonInfo> snapshots{m_document->info()};

        QLineEdit *name = m_editor->runnerNameBox()->lineEdit();
        name->setFocus();
        name->selectAll();
        QTest::keyClicks(name, u"my-runner"_s);
        carton::CartonInfo expected = snapshots.last();
        expected.runner.runnerName = u"my-runner"_s; // free text is allowed
        QVERIFY(m_document->info() == expected);
        QCOMPARE(undo->count(), 1);
        snapshots.append(m_document->info());

        QLineEdit *version = m_editor->frameworkVersionEdit();
        version->setFocus();
        version->selectAll();
        QTest::keyClicks(version, u">=1.2, <2"_s);
        expected.runner.requiredFrameworkVersion = u">=1.2, <2"_s;
        QVERIFY(m_document->info() == expected);
        QCOMPARE(undo->count(), 2);
        snapshots.append(m_document->info());

        QSpinBox *compat = m_editor->compatVersionBox();
        compat->setFocus();
        compat->selectAll();
        QTest::keyClicks(compat, u"42"_s);
        expected.runner.runnerCompatVersion = 42;
        QVERIFY(m_document->info() == expected);
        QCOMPARE(undo->count(), 3);
        QCOMPARE(undo->undoText(), u"Edit Runner Compat Version"_s);
        snapshots.append(m_document->info());

        // Picking a plugin from the list is an edit too.
        m_editor->runnerNameBox()->setFocus();
        m_editor->runnerNameBox()->setCurrentIndex(1);
        expected.runner.runnerName = u"torchscript"_s;
        QVERIFY(m_document->info() == expected);
        QCOMPARE(undo->count(), 4);
        snapshots.append(m_document->info());

        for (int i = 4; i > 0; --i) {
            undo->undo();
            QVERIFY(m_document->info() == snapshots.at(i - 1));
        }
        QCOMPARE(m_editor->runnerNameBox()->currentText(), u"noop"_s);
        QCOMPARE(m_editor->frameworkVersionEdit()->text(), u"=1.0.0"_s);
        QCOMPARE(m_editor->compatVersionBox()->value(), 1);
        for (int i = 1; i <= 4; ++i) {
            undo->redo();
            QVERIFY(m_document->info() == snapshots.at(i));
        }
        QCOMPARE(m_editor->compatVersionBox()->value(), 42);
        QCOMPARE(m_editor->runnerNameBox()->currentText(), u"torchscript"_s);
    }

    void frameworkHint_data()
    {
        QTest::addColumn<QString>("requirement");
        QTest::addColumn<QString>("runner");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("hint");
        QTest::newRow("exact") << u"=1.13.1"_s << u"other"_s << true << u"Matches exactly 1.13.1."_s;
        QTest::newRow("tilde, installed matches")
            << u"~1.13"_s << u"noop"_s << true << u"Matches 1.13.x. Installed noop 1.13.2 matches."_s;
        QTest::newRow("caret, installed too old")
            << u"^1.14"_s << u"noop"_s << true << u"Matches 1.x ≥ 1.14.0. Installed noop 1.13.2 does not match."_s;
        QTest::newRow("range") << u">=3.8, <3.12"_s << u"python"_s << true << u"Matches ≥ 3.8.0, < 3.12.0."_s;
        QTest::newRow("any") << u"*"_s << u"torchscript"_s << true
                             << u"Matches any version. Installed torchscript 2.1.0 matches."_s;
        QTest::newRow("invalid") << u"1.x.3"_s << u"noop"_s << false
                                 << u"Not a semver requirement: unexpected character after wildcard in version req"_s;
        QTest::newRow("junk")
            << u"latest"_s << u"noop"_s << false
            << u"Not a semver requirement: unexpected character 'l' while parsing major version number"_s;
    }

    void frameworkHint()
    {
        QFETCH(QString, requirement);
        QFETCH(QString, runner);
        QFETCH(bool, valid);
        QFETCH(QString, hint);
        bool isValid = !valid;
        QCOMPARE(RunnerEditor::frameworkHint(requirement, runner, fakePlugins(), &isValid), hint);
        QCOMPARE(isValid, valid);
    }

    void invalidRequirementMarked()
    {
        QLineEdit *version = m_editor->frameworkVersionEdit();
        version->setFocus();
        version->selectAll();
        QTest::keyClicks(version, u"~1.13"_s);
        QCOMPARE(m_editor->frameworkHintLabel()->text(), u"Matches 1.13.x. Installed noop 1.13.2 matches."_s);
        m_document->validateNow();
        QCOMPARE(editortest::validation(version), QString());
        QTest::keyClicks(version, u".x.1"_s);
        QVERIFY(m_editor->frameworkHintLabel()->text().startsWith(u"Not a semver requirement"_s));
        QVERIFY(!m_editor->frameworkHintLabel()->property("valid").toBool());
        m_document->validateNow();
        QCOMPARE(editortest::validation(version), u"error"_s);
        QVERIFY(version->toolTip().contains(u"not a valid semver version requirement"_s));
        testutil::shot(m_editor.get(), u"runner-errors"_s);
        // Cleared: required.
        version->selectAll();
        QTest::keyClick(version, Qt::Key_Delete);
        m_document->validateNow();
        QCOMPARE(editortest::validation(version), u"error"_s);
        QCOMPARE(m_document->undoStack()->count(), 1);
    }

    // Values typed into the table land as the type of their row.
    void optionsAreTyped()
    {
        QTableView *view = m_editor->optionsView();
        RunnerOptsModel *model = m_editor->optionsModel();
        QCOMPARE(model->rowCount(), 0);

        struct Row {
            QString key;
            QString type;
            QString value;
            carton::RunnerOpt expected;
        };
        const QList<Row> rows = {
            {u"threads"_s, u"int"_s, u"4"_s, carton::RunnerOpt(qint64(4))},
            {u"scale"_s, u"float"_s, u"2.5"_s, carton::RunnerOpt(2.5)},
            {u"whole"_s, u"float"_s, u"3"_s, carton::RunnerOpt(3.0)},
            {u"verbose"_s, u"bool"_s, u"true"_s, carton::RunnerOpt(true)},
            {u"device"_s, u"string"_s, u"4"_s, carton::RunnerOpt(u"4"_s)},
        };
        for (int i = 0; i < rows.size(); ++i) {
            const Row &r = rows.at(i);
            const int steps = m_document->undoStack()->count();
            m_editor->addOption(); // a new row, its key being edited
            QCOMPARE(model->rowCount(), i + 1);
            QCOMPARE(m_document->undoStack()->count(), steps + 1);
            auto *keyEditor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
            QVERIFY(keyEditor);
            keyEditor->selectAll();
            QTest::keyClicks(keyEditor, r.key);
            editortest::commit(keyEditor);
            QCOMPARE(m_document->info().runner.opts.at(i).first, r.key);

            auto *typeEditor =
                qobject_cast<QComboBox *>(editortest::openEditor(view, model->index(i, RunnerOptsModel::TypeColumn)));
            QVERIFY(typeEditor);
            typeEditor->setCurrentIndex(typeEditor->findText(r.type));
            editortest::commit(typeEditor);
            QCOMPARE(model->index(i, RunnerOptsModel::TypeColumn).data().toString(), r.type);

            QWidget *valueEditor = editortest::openEditor(view, model->index(i, RunnerOptsModel::ValueColumn));
            QVERIFY(valueEditor);
            if (auto *combo = qobject_cast<QComboBox *>(valueEditor)) {
                combo->setCurrentIndex(combo->findText(r.value));
            } else {
                auto *edit = qobject_cast<QLineEdit *>(valueEditor);
                QVERIFY(edit);
                edit->selectAll();
                QTest::keyClicks(edit, r.value);
            }
            editortest::commit(valueEditor);
            const carton::RunnerOpt &got = m_document->info().runner.opts.at(i).second;
            QCOMPARE(got.index(), r.expected.index());
            QVERIFY2(got == r.expected, qPrintable(r.key));
        }
        QCOMPARE(model->index(2, RunnerOptsModel::ValueColumn).data().toString(), u"3.0"_s);
        QVERIFY(std::holds_alternative<qint64>(m_document->info().runner.opts.at(0).second));
        QVERIFY(std::holds_alternative<double>(m_document->info().runner.opts.at(1).second));
        QVERIFY(std::holds_alternative<bool>(m_document->info().runner.opts.at(3).second));
        QVERIFY(std::holds_alternative<QString>(m_document->info().runner.opts.at(4).second));

        // The int field takes digits only: letters never reach the document.
        QWidget *valueEditor = editortest::openEditor(view, model->index(0, RunnerOptsModel::ValueColumn));
        auto *edit = qobject_cast<QLineEdit *>(valueEditor);
        QVERIFY(edit);
        edit->selectAll();
        QTest::keyClicks(edit, u"1x2"_s);
        QCOMPARE(edit->text(), u"12"_s);
        editortest::commit(edit);
        QCOMPARE(m_document->info().runner.opts.at(0).second, carton::RunnerOpt(qint64(12)));

        // Changing a type converts the value (int 12 -> float 12.0).
        auto *typeEditor =
            qobject_cast<QComboBox *>(editortest::openEditor(view, model->index(0, RunnerOptsModel::TypeColumn)));
        QVERIFY(typeEditor);
        typeEditor->setCurrentIndex(typeEditor->findText(u"float"_s));
        editortest::commit(typeEditor);
        QCOMPARE(m_document->info().runner.opts.at(0).second, carton::RunnerOpt(12.0));

        // Undo the conversion: the table follows.
        const carton::RunnerOpts beforeUndo = m_document->info().runner.opts;
        m_document->undoStack()->undo();
        QCOMPARE(model->index(0, RunnerOptsModel::TypeColumn).data().toString(), u"int"_s);
        m_document->undoStack()->redo();
        QVERIFY(m_document->info().runner.opts == beforeUndo);
    }

    void parseAndConvert_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("shown");
        using T = RunnerOptsModel::Type;
        QTest::newRow("int") << int(T::Int) << u" -7 "_s << true << u"-7"_s;
        QTest::newRow("int overflow") << int(T::Int) << u"99999999999999999999"_s << false << QString();
        QTest::newRow("int not a number") << int(T::Int) << u"4.5"_s << false << QString();
        QTest::newRow("float") << int(T::Float) << u"1e-3"_s << true << u"0.001"_s;
        QTest::newRow("float whole") << int(T::Float) << u"2"_s << true << u"2.0"_s;
        QTest::newRow("float inf") << int(T::Float) << u"-inf"_s << true << u"-inf"_s;
        QTest::newRow("float junk") << int(T::Float) << u"two"_s << false << QString();
        QTest::newRow("bool") << int(T::Bool) << u"False"_s << true << u"false"_s;
        QTest::newRow("bool junk") << int(T::Bool) << u"yes"_s << false << QString();
        QTest::newRow("string keeps spaces") << int(T::String) << u" a b "_s << true << u" a b "_s;
    }

    void parseAndConvert()
    {
        QFETCH(int, type);
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, shown);
        const auto parsed = RunnerOptsModel::parseValue(RunnerOptsModel::Type(type), text);
        QCOMPARE(parsed.has_value(), ok);
        if (ok) {
            QCOMPARE(int(RunnerOptsModel::typeOf(*parsed)), type);
            QCOMPARE(RunnerOptsModel::valueText(*parsed), shown);
        }
    }

    void duplicateKeyMarked()
    {
        carton::CartonInfo info = m_document->info();
        info.runner.opts = {{u"a"_s, qint64(1)}, {u"b"_s, u"x"_s}};
        m_document->setInfo(info, u"Set Options"_s);
        RunnerOptsModel *model = m_editor->optionsModel();
        QCOMPARE(model->rowCount(), 2);
        auto *keyEditor = qobject_cast<QLineEdit *>(
            editortest::openEditor(m_editor->optionsView(), model->index(1, RunnerOptsModel::KeyColumn)));
        QVERIFY(keyEditor);
        keyEditor->selectAll();
        QTest::keyClicks(keyEditor, u"a"_s);
        editortest::commit(keyEditor);
        QCOMPARE(m_document->info().runner.opts.at(1).first, u"a"_s); // allowed while editing...
        m_document->validateNow();
        // ...and marked, both rows, with the reason.
        QCOMPARE(model->index(1, 0).data(RunnerOptsModel::ValidationRole).toString(), u"error"_s);
        QCOMPARE(model->index(0, 0).data(RunnerOptsModel::ValidationRole).toString(), u"error"_s);
        QVERIFY(model->index(1, 2).data(Qt::ToolTipRole).toString().contains(u"given twice"_s));

        m_document->undoStack()->undo();
        m_document->validateNow();
        QCOMPARE(model->index(1, 0).data(RunnerOptsModel::ValidationRole).toString(), QString());
        QCOMPARE(model->index(0, 0).data(RunnerOptsModel::ValidationRole).toString(), QString());
    }

    // Options the runner does not declare are kept through edits of others.
    void unknownKeysKept()
    {
        carton::CartonInfo info = m_document->info();
        info.runner.opts = {{u"num_threads"_s, qint64(2)}, {u"mystery"_s, u"keep me"_s}};
        m_document->setInfo(info, u"Set Options"_s);
        RunnerOptsModel *model = m_editor->optionsModel();
        QWidget *editor =
            editortest::openEditor(m_editor->optionsView(), model->index(0, RunnerOptsModel::ValueColumn));
        auto *edit = qobject_cast<QLineEdit *>(editor);
        QVERIFY(edit);
        edit->selectAll();
        QTest::keyClicks(edit, u"8"_s);
        editortest::commit(edit);
        const carton::RunnerOpts expected = {{u"num_threads"_s, qint64(8)}, {u"mystery"_s, u"keep me"_s}};
        QVERIFY(m_document->info().runner.opts == expected);
    }

    void addAndRemoveOptions()
    {
        // A declared option comes with its type and default.
        m_editor->addOption(u"num_threads"_s);
        QCOMPARE(m_document->info().runner.opts.size(), 1);
        QVERIFY(m_document->info().runner.opts.at(0).second == carton::RunnerOpt(qint64(4)));
        QApplication::focusWidget()->clearFocus(); // close the value editor
        m_editor->addOption();
        m_editor->addOption();
        QCOMPARE(m_document->info().runner.opts.at(1).first, u"option"_s);
        QCOMPARE(m_document->info().runner.opts.at(2).first, u"option_2"_s);
        QCOMPARE(m_document->undoStack()->count(), 3);
        m_editor->optionsView()->setFocus();
        m_editor->optionsView()->selectRow(1);
        m_editor->removeSelectedOptions();
        QCOMPARE(m_document->info().runner.opts.size(), 2);
        QCOMPARE(m_document->info().runner.opts.at(1).first, u"option_2"_s);
        QCOMPARE(m_document->undoStack()->undoText(), u"Remove Runner Option option"_s);
        m_document->undoStack()->undo();
        QCOMPARE(m_editor->optionsModel()->rowCount(), 3);
    }

    void revealField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("objectName");
        QTest::addColumn<int>("row");
        QTest::newRow("name") << u"runner.runner_name"_s << u"runnerName"_s << -1;
        QTest::newRow("version") << u"runner.required_framework_version"_s << u"frameworkVersion"_s << -1;
        QTest::newRow("compat") << u"runner.runner_compat_version"_s << u"compatVersion"_s << -1;
        QTest::newRow("option y") << u"runner.opts.y"_s << u"runnerOptions"_s << 1;
        QTest::newRow("option x") << u"runner.opts.x"_s << u"runnerOptions"_s << 0;
    }

    void revealField()
    {
        QFETCH(QString, field);
        QFETCH(QString, objectName);
        QFETCH(int, row);
        carton::CartonInfo info = m_document->info();
        info.runner.opts = {{u"x"_s, qint64(1)}, {u"y"_s, true}};
        m_document->setInfo(info, u"Set Options"_s);
        QVERIFY(m_editor->revealField(field));
        QWidget *focused = QApplication::focusWidget();
        QVERIFY(focused);
        // The combo's line edit has the focus for the combo.
        if (focused->objectName().isEmpty() && focused->parentWidget())
            focused = focused->parentWidget();
        QCOMPARE(focused->objectName(), objectName);
        if (row >= 0)
            QCOMPARE(m_editor->optionsView()->currentIndex().row(), row);
        QVERIFY(!m_editor->revealField(u"runner.opts.nope"_s));
        QVERIFY(!m_editor->revealField(u"model_name"_s));
    }

private:
    QTemporaryDir m_dir;
    QString m_carton;
    std::unique_ptr<CartonDocument> m_document;
    std::unique_ptr<RunnerEditor> m_editor;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

QTEST_MAIN(TestRunnerEditor)
#include "tst_runnereditor.moc"
