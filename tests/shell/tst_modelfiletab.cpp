// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A bare model file opened in the window (command line, File ▸ Open: openPath) is
// decided by its content: an ONNX model shows its Model view with New Carton from
// This Model (the drop flow); safetensors stays a tensor file page whatever its name.
#include "document/cartondocument.h"
#include "document/verificationrunner.h"
#include "fixturepolicy.h"
#include "ggufwriter.h"
#include "jobs/jobpools.h"
#include "jobs/latestjob.h"
#include "model/modelfilepage.h"
#include "model/modelgraphview.h"
#include "model/modelpage.h"
#include "model/modelweightsmodel.h"
#include "onnxtestmodels.h"
#include "shell/cartonpage.h"
#include "shell/errorpage.h"
#include "shell/filetabs.h"
#include "shell/mainwindow.h"
#include "shell/modelpaneactions.h"
#include "tensors/tensorfilepage.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"
#include "testutil.h"

#include <QAction>
#include <QFile>
#include <QGraphicsView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

using namespace Qt::StringLiterals;
using namespace studio;

class TestModelFileTab : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        CARTON_MAKE_ONNX_MODELS(m_dir.filePath(u"models"_s));
        QFile file(m_dir.filePath(u"models/tiny.onnx"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_onnx = file.readAll();
        QVERIFY(!m_onnx.isEmpty());
    }

    void bareOnnxOpensItsModelView_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("named .onnx") << u"classifier.onnx"_s;
        QTest::newRow("named anything") << u"classifier.weights"_s; // by content, not name
        // As the CLI reads it (carton::classifyPath, tst_classifypath, tst_climodel):
        // the .npy name only picks NumPy's error for a file that is nothing known.
        QTest::newRow("named .npy") << u"classifier.npy"_s;
    }

    void bareOnnxOpensItsModelView()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(testutil::writeFile(path, m_onnx));
        QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
        MainWindow window(&settings);
        window.resize(1366, 768);
        window.show();
        QCOMPARE(window.openPath(path), nullptr); // not a carton page
        auto *page = qobject_cast<ModelFilePage *>(window.tabWidget()->currentWidget());
        QVERIFY(page);
        QCOMPARE(window.tabWidget()->tabText(0), name);
        QTRY_VERIFY(page->modelPage()->isLoaded());
        const QString summary = page->modelPage()->summary()->toPlainText();
        QVERIFY2(summary.contains(u"image float32[batch,3,32,32]"_s) && summary.contains(u"ai.onnx 17"_s),
                 qPrintable(summary));
        // A file with a graph opens at its graph; selecting a weight shows its values.
        QCOMPARE(page->modelPage()->sideTabs()->currentWidget(), page->modelPage()->graphView());
        // A bare file's weights are named by themselves.
        QVERIFY(page->modelPage()->weightsModel()->indexOfWeight(u"fc.weight"_s).isValid());
        QVERIFY(page->modelPage()->revealWeight(u"conv1.bias"_s));
        QCOMPARE(page->modelPage()->sideTabs()->currentWidget(), page->modelPage()->viewer());

        // Opening it again switches to its tab.
        window.openPath(path);
        QCOMPARE(window.pageCount(), 1);

        // New Carton from This Model: a new document with the file under model/.
        QTest::mouseClick(page->newCartonButton(), Qt::LeftButton);
        QCOMPARE(window.pageCount(), 2);
        CartonPage *carton = window.currentPage();
        QVERIFY(carton && carton->document());
        QVERIFY(carton->document()->isNew());
        QVERIFY(carton->document()->files().find(u"model/"_s + name));
        QVERIFY(carton->isEditing());

        window.closePage(0); // the model file's tab; the new document stays
        QCOMPARE(window.pageCount(), 1);
        JobPools::waitForAll();
    }

    void modelPanesGiveTheGraphTheRoom()
    {
        // At 1366×768 the graph had about 545×340 pixels beside the summary, the weights
        // and its properties; View ▸ Model Panes hides them (remembered for the next window).
        QTemporaryDir dir;
        const QString path = dir.filePath(u"classifier.onnx"_s);
        QVERIFY(testutil::writeFile(path, m_onnx));
        QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
        const auto graphSize = [](ModelPage *model) {
            QCoreApplication::processEvents();
            return model->graphView()->view()->viewport()->size();
        };
        QSize before, after;
        {
            MainWindow window(&settings);
            window.resize(1366, 768);
            window.show();
            window.openPath(path);
            auto *page = qobject_cast<ModelFilePage *>(window.tabWidget()->currentWidget());
            QVERIFY(page);
            ModelPage *model = page->modelPage();
            QTRY_VERIFY(model->isLoaded());
            model->sideTabs()->setCurrentWidget(model->graphView());
            QTRY_VERIFY(model->graphView()->isLaidOut());
            before = graphSize(model);
            ModelPaneActions *actions = window.modelPaneActions();
            for (auto pane : {ModelPanes::Summary, ModelPanes::Weights, ModelPanes::GraphProperties}) {
                QVERIFY(actions->action(pane)->isChecked());
                QCOMPARE(actions->action(pane)->shortcut(),
                         QKeySequence(Qt::ALT | Qt::Key(int(Qt::Key_1) + int(pane))));
                actions->action(pane)->trigger();
            }
            QVERIFY(!model->summary()->isVisible());
            QVERIFY(!model->weightsView()->isVisible());
            QVERIFY(!model->graphView()->properties()->isVisible());
            after = graphSize(model);
            QVERIFY2(after.width() >= 1250 && after.height() >= before.height(),
                     qPrintable(u"%1×%2, was %3×%4"_s.arg(after.width())
                                    .arg(after.height())
                                    .arg(before.width())
                                    .arg(before.height())));
            QVERIFY2(before.width() < 800, qPrintable(QString::number(before.width())));
            // The weights alone back: the summary stays hidden.
            actions->action(ModelPanes::Weights)->trigger();
            QVERIFY(model->weightsView()->isVisible());
            QVERIFY(!model->summary()->isVisible());
            actions->action(ModelPanes::Weights)->trigger();
        }
        // Remembered: the next window opens the file with the panes hidden.
        MainWindow window(&settings);
        window.resize(1366, 768);
        window.show();
        window.openPath(path);
        auto *page = qobject_cast<ModelFilePage *>(window.tabWidget()->currentWidget());
        QVERIFY(page);
        QVERIFY(!window.modelPaneActions()->action(ModelPanes::Summary)->isChecked());
        QVERIFY(!window.modelPaneActions()->action(ModelPanes::GraphProperties)->isChecked());
        ModelPage *model = page->modelPage();
        QTRY_VERIFY(model->isLoaded());
        model->sideTabs()->setCurrentWidget(model->graphView());
        QTRY_VERIFY(model->graphView()->isLaidOut());
        QCOMPARE(graphSize(model), after);
        QVERIFY(!model->weightsView()->isVisible());
        JobPools::waitForAll();
    }

    void bareGgufShowsItsMetadataAndWeights()
    {
        using W = testutil::GgufWriter;
        W w;
        w.kv("general.architecture", W::String, W::str("llama"));
        w.kv("llama.context_length", W::U32, W::u32(2048));
        QByteArray values;
        for (float v : {1.5f, -2.0f, 0.25f, 8.0f, -0.5f, 3.0f})
            values.append(reinterpret_cast<const char *>(&v), 4);
        w.tensor({"blk.0.attn_q.weight", {3, 2}, 0 /* F32 */, values, std::nullopt});
        QTemporaryDir dir;
        const QString path = dir.filePath(u"tiny.model"_s); // no telling name
        QVERIFY(testutil::writeFile(path, w.build()));
        QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
        MainWindow window(&settings);
        window.resize(1366, 768);
        window.show();
        QCOMPARE(window.openPath(path), nullptr);
        auto *page = qobject_cast<ModelFilePage *>(window.tabWidget()->currentWidget());
        QVERIFY(page);
        ModelPage *model = page->modelPage();
        QTRY_VERIFY(model->isLoaded());
        // Weights only: the page stays at the values (the Graph tab is disabled).
        QCOMPARE(model->sideTabs()->currentWidget(), model->viewer());
        const QString summary = model->summary()->toPlainText();
        for (const QString &expected : {u"GGUF"_s, u"llama"_s, u"llama.context_length"_s, u"2048"_s, u"6 (24 B)"_s})
            QVERIFY2(summary.contains(expected), qPrintable(expected + u" not in: "_s + summary));
        // blk.0.attn_q.weight is "weight" under blk / 0 / attn_q; shape in C order (ne reversed).
        const QModelIndex weight = model->weightsModel()->indexOfWeight(u"blk.0.attn_q.weight"_s);
        QVERIFY(weight.isValid());
        QCOMPARE(weight.data().toString(), u"weight"_s);
        QCOMPARE(weight.parent().data().toString(), u"attn_q"_s);
        QCOMPARE(weight.parent().parent().data().toString(), u"0"_s);
        QCOMPARE(weight.parent().parent().parent().data().toString(), u"blk"_s);
        QCOMPARE(weight.siblingAtColumn(ModelWeightsModel::ShapeColumn).data().toString(), u"[2, 3]"_s);
        QVERIFY(model->revealWeight(u"blk.0.attn_q.weight"_s));
        TensorTableModel *table = model->viewer()->tableModel();
        QTRY_COMPARE(model->viewer()->tensorName(), u"blk.0.attn_q.weight"_s);
        (void)table->index(0, 0).data();
        QTRY_VERIFY(!table->isLoading());
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->columnCount(), 3);
        QCOMPARE(table->index(0, 0).data().toString().toDouble(), 1.5);
        QCOMPARE(table->index(1, 2).data().toString().toDouble(), 3.0);
        JobPools::waitForAll();
    }

    void safetensorsByContentIsATensorFile()
    {
        QTemporaryDir dir;
        QByteArray values;
        for (float v : {1.0f, 2.0f})
            values.append(reinterpret_cast<const char *>(&v), 4);
        const QString path = dir.filePath(u"weights.bin"_s);
        QVERIFY(testutil::writeFile(
            path, testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", values)));
        QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
        MainWindow window(&settings);
        QCOMPARE(window.openPath(path), nullptr);
        QVERIFY(qobject_cast<TensorFilePage *>(window.tabWidget()->currentWidget()));
        JobPools::waitForAll();
    }

    void notAModelIsNoModelPage()
    {
        // Named .onnx, but text: not taken for a model (it opens as a carton and fails).
        QTemporaryDir dir;
        const QString path = dir.filePath(u"notes.onnx"_s);
        QVERIFY(testutil::writeFile(path, "just some notes\n"));
        QCOMPARE(FileTabs::kindOf(path), FileTabs::Kind::None);
        QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
        MainWindow window(&settings);
        CartonPage *page = window.openPath(path);
        QVERIFY(page);
        QTRY_COMPARE(page->state(), CartonSession::State::Failed);
        JobPools::waitForAll();
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_onnx;
};

QTEST_MAIN(TestModelFileTab)
#include "tst_modelfiletab.moc"
