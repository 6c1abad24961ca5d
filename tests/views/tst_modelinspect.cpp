// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Model tab's "Inspect with torchscript…": shown for a torchscript carton only;
// clicked, the real runner host (sandboxed) loads the model written by
// carton-make-torch-model off the GUI thread and the summary shows its signature.
#include "files/fileviewer.h"
#include "files/pythonhighlighter.h"
#include "model/modelgraphview.h"
#include "model/modelinspector.h"
#include "model/modelpage.h"
#include "model/modelset.h"
#include "selftests/runconsent.h"
#include "selftests/runconsentdialog.h"
#include "testcartons.h"
#include "testpaths.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

QByteArray runnerToml(const QByteArray &name, const QByteArray &version)
{
    return "spec_version = 1\nmodel_name = \"t\"\n[runner]\nrunner_name = \"" + name +
           "\"\nrequired_framework_version = \"" + version + "\"\nrunner_compat_version = 1\n";
}

} // namespace

class TestModelInspect : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void inspectShowsSignature();
    void consentAskedFirst();
    void noButtonForOtherRunners();
    void graphOfForwardByContent();
    void bareFileInspected();
    void bareFileConsentScansTheFile();
    void dictSignatureIsInformation();
    void codeFilesShown();

private:
    // A folder carton with the 'signature' model of carton-make-torch-model.
    bool makeTorchCarton(const QString &dir);
    // carton-make-torch-model OUT KIND.
    bool makeModel(const QString &out, const QString &kind);
    // Clicks "Run in Sandbox" on the consent dialogs that come up while it lives.
    void acceptConsent(QTimer &timer, int *asked, QString *body);

    QTemporaryDir m_bare; // net.pt: the 'nested' model, a bare file
};

bool TestModelInspect::makeModel(const QString &out, const QString &kind)
{
    QProcess make;
    make.setProcessChannelMode(QProcess::ForwardedChannels);
    make.start(testutil::binaryPath(u"/tests/bin/carton-make-torch-model"), {out, kind});
    return make.waitForFinished(120'000) && make.exitStatus() == QProcess::NormalExit && make.exitCode() == 0;
}

void TestModelInspect::acceptConsent(QTimer &timer, int *asked, QString *body)
{
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [asked, body] {
        if (auto *dialog = qobject_cast<RunConsentDialog *>(QApplication::activeModalWidget())) {
            ++*asked;
            *body = dialog->body()->text();
            dialog->runButton()->click();
        }
    });
    timer.start();
}

bool TestModelInspect::makeTorchCarton(const QString &dir)
{
    if (!testcartons::writeFolder(dir, {{u"carton.toml"_s, runnerToml("torchscript", ">=1.13")}}, false) ||
        !QDir().mkpath(dir + u"/model"_s))
        return false;
    QProcess make;
    make.setProcessChannelMode(QProcess::ForwardedChannels);
    make.start(testutil::binaryPath(u"/tests/bin/carton-make-torch-model"),
               {dir + u"/model/model.pt"_s, u"signature"_s});
    return make.waitForFinished(120'000) && make.exitStatus() == QProcess::NormalExit && make.exitCode() == 0;
}

void TestModelInspect::initTestCase()
{
    qputenv("CARTON_RUNNER_HOST", QFile::encodeName(testutil::binaryPath(u"/bin/carton-runner-host")));
    qputenv("CARTON_RUNNER_PATH", QFile::encodeName(testutil::binaryPath(u"/lib/carton-studio/runners")));
    QVERIFY(makeModel(m_bare.filePath(u"net.pt"_s), u"nested"_s));
}

void TestModelInspect::inspectShowsSignature()
{
    QTemporaryDir dir;
    QVERIFY(makeTorchCarton(dir.path()));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    ModelPage page(carton);
    page.resize(1000, 600);
    page.show();
    QTRY_VERIFY(page.isLoaded());
    QVERIFY(page.inspectButton()->isVisible());
    QCOMPARE(page.inspectButton()->text(), u"Inspect with torchscript…"_s);
    QVERIFY(!page.summary()->toPlainText().contains(u"forward(self"_s));
    QSignalSpy inspected(&page, &ModelPage::inspected);
    QTest::mouseClick(page.inspectButton(), Qt::LeftButton);
    // Off the GUI thread: the button waits while the host works.
    QVERIFY(!page.inspectButton()->isEnabled());
    QVERIFY(inspected.wait(60'000));
    QVERIFY(page.inspectButton()->isEnabled());
    const QString text = page.summary()->toPlainText();
    QVERIFY2(text.contains(u"forward(self, x: Tensor, lengths: Tensor) -> Tensor"_s), qPrintable(text));
    QVERIFY2(text.contains(u"scale(self, x: Tensor, factor: float) -> Tuple[Tensor, int]"_s), qPrintable(text));
    QVERIFY2(text.contains(u"aten::relu ×1"_s), qPrintable(text));
}

void TestModelInspect::consentAskedFirst()
{
    QTemporaryDir dir;
    QVERIFY(makeTorchCarton(dir.path()));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    ModelPage page(carton);
    page.setConsent(new RunConsent(carton, nullptr, nullptr, nullptr, &page));
    page.show();
    QTRY_VERIFY(page.isLoaded());
    // Cancelled: nothing runs and the summary stays as it was.
    QString body;
    bool run = false;
    int answered = 0;
    QTimer timer;
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [&] {
        auto *dialog = qobject_cast<RunConsentDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        body = dialog->body()->text();
        ++answered;
        if (run)
            dialog->runButton()->click();
        else
            dialog->reject();
    });
    timer.start();
    page.inspect();
    QCOMPARE(answered, 1);
    QVERIFY2(body.contains(u"Inspecting the model of <b>"_s), qPrintable(body));
    QVERIFY2(body.contains(u"torchscript"_s), qPrintable(body));
    QVERIFY(page.inspectButton()->isEnabled());
    QVERIFY(!page.summary()->toPlainText().contains(u"forward(self"_s));
    // Run in Sandbox: the inspection goes ahead.
    run = true;
    QSignalSpy inspected(&page, &ModelPage::inspected);
    page.inspect();
    QCOMPARE(answered, 2);
    QVERIFY(inspected.wait(60'000));
    QVERIFY2(page.summary()->toPlainText().contains(u"forward(self, x: Tensor, lengths: Tensor) -> Tensor"_s),
             qPrintable(page.summary()->toPlainText()));
}

void TestModelInspect::noButtonForOtherRunners()
{
    QTemporaryDir dir;
    QVERIFY(testcartons::writeFolder(dir.path(), {{u"carton.toml"_s, runnerToml("noop", "=1.0.0")}}, false));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    ModelPage page(carton);
    page.show();
    QTRY_VERIFY(page.isLoaded());
    QVERIFY(!page.inspectButton()->isVisible());
}

void TestModelInspect::graphOfForwardByContent()
{
    // The carton names the python runner, but model/model.pt is a TorchScript
    // archive: the torchscript runner inspects it.
    QTemporaryDir dir;
    QByteArray toml = runnerToml("python", ">=3.0");
    toml += "\n[[input]]\nname = \"x\"\ndtype = \"float32\"\nshape = [3]\n"
            "\n[[input]]\nname = \"mask\"\ndtype = \"float32\"\nshape = [3]\n"
            "\n[[output]]\nname = \"y\"\ndtype = \"float32\"\nshape = [3]\n"
            "\n[[output]]\nname = \"z\"\ndtype = \"float32\"\nshape = [3]\n";
    QVERIFY(testcartons::writeFolder(dir.path(), {{u"carton.toml"_s, toml}}, false));
    QVERIFY(QDir().mkpath(dir.filePath(u"model"_s)));
    QVERIFY(makeModel(dir.filePath(u"model/model.pt"_s), u"nested"_s));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    ModelPage page(carton);
    page.resize(1300, 700);
    page.show();
    QTRY_VERIFY(page.isLoaded());
    QVERIFY(page.inspectButton()->isVisible());
    QSignalSpy inspected(&page, &ModelPage::inspected);
    page.inspect();
    QVERIFY(inspected.wait(60'000));
    const QString text = page.summary()->toPlainText();
    QVERIFY2(text.contains(u"forward(self, x: Tensor, lengths: Tensor) -> Tensor"_s), qPrintable(text));
    // Compared with carton.toml, naming both sides.
    QVERIFY2(text.contains(u"input \"mask\" is not an input of model/model.pt (its inputs: x, lengths)"_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"model/model.pt takes input \"lengths\""_s), qPrintable(text));
    QVERIFY2(text.contains(u"carton.toml declares 2 output(s) but forward in model/model.pt returns 1 (Tensor)"_s),
             qPrintable(text));

    // forward's graph in the graph view, submodules inlined, by module scope.
    ModelGraphView *graph = page.graphView();
    QSignalSpy laidOut(graph, &ModelGraphView::laidOut);
    page.sideTabs()->setCurrentWidget(graph);
    QTRY_VERIFY(graph->isLaidOut());
    QVERIFY(graph->graph());
    QStringList names;
    for (const carton::OnnxNode &n : graph->graph()->nodes)
        names << n.name;
    QVERIFY2(names.contains(u"/block/inner/aten::relu"_s), qPrintable(names.join(u", "_s)));
    QVERIFY2(names.contains(u"/block/aten::sigmoid"_s), qPrintable(names.join(u", "_s)));
    QCOMPARE(graph->graph()->inputs.size(), 2);
    QVERIFY(graph->findNext(u"aten::relu"_s) >= 0);
    const QString properties = graph->properties()->toPlainText();
    QVERIFY2(properties.startsWith(u"aten::relu"_s), qPrintable(properties));
    // The weight the graph reads is linked by the model file's name for it.
    QVERIFY(graph->findNext(u"aten::mul"_s) >= 0);
    QVERIFY2(graph->properties()->toHtml().contains(u"weight:block.inner.weight"_s),
             qPrintable(graph->properties()->toPlainText()));
    QSignalSpy shown(&page, &ModelPage::valuesLoaded);
    emit graph->properties()->anchorClicked(QUrl(u"weight:block.inner.weight"_s));
    QTRY_COMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toString(), u"model/model.pt:block.inner.weight"_s);
    // Collapsed by module scope.
    page.sideTabs()->setCurrentWidget(graph);
    const int before = graph->vertexCount();
    laidOut.clear();
    QVERIFY(graph->collapseScope(u"block"_s));
    QVERIFY(laidOut.wait(10'000));
    QVERIFY(graph->vertexCount() < before);
    bool box = false;
    for (int i = 0; i < graph->vertexCount(); ++i)
        box = box || graph->collapsedScope(i) == u"block"_s;
    QVERIFY(box);
}

void TestModelInspect::bareFileInspected()
{
    ModelPage page(m_bare.filePath(u"net.pt"_s));
    page.resize(1300, 700);
    page.show();
    QTRY_VERIFY(page.isLoaded());
    QVERIFY(page.inspectButton()->isVisible());
    QTimer timer;
    int asked = 0;
    QString body;
    acceptConsent(timer, &asked, &body);
    QSignalSpy inspected(&page, &ModelPage::inspected);
    page.inspect();
    QVERIFY(inspected.wait(60'000));
    QCOMPARE(asked, 1); // the user was asked first, about this file
    QVERIFY2(body.contains(u"Inspecting the model file <b>net.pt</b>"_s), qPrintable(body));
    const QString text = page.summary()->toPlainText();
    QVERIFY2(text.contains(u"net.pt — read by the runner in its sandbox"_s), qPrintable(text));
    QVERIFY2(text.contains(u"forward(self, x: Tensor, lengths: Tensor) -> Tensor"_s), qPrintable(text));
    QVERIFY2(!text.contains(u"carton.toml"_s), qPrintable(text)); // nothing to compare with
    page.sideTabs()->setCurrentWidget(page.graphView());
    QTRY_VERIFY(page.graphView()->isLaidOut());
    QVERIFY(page.graphView()->findNext(u"aten::sigmoid"_s) >= 0);
}

void TestModelInspect::bareFileConsentScansTheFile()
{
    // A bare file has no Safety tab: the consent dialog scans the file itself and
    // shows the verdict while it is open (it once said "still running…" for ever).
    ModelPage page(m_bare.filePath(u"net.pt"_s));
    page.show();
    QTRY_VERIFY(page.isLoaded());
    QVERIFY2(page.inspectButton()->toolTip().startsWith(u"Load net.pt in the torchscript runner"_s),
             qPrintable(page.inspectButton()->toolTip()));
    QString title, first, body;
    QElapsedTimer clock;
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        auto *dialog = qobject_cast<RunConsentDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        if (first.isEmpty()) {
            first = dialog->body()->text();
            title = dialog->windowTitle();
            clock.start();
        }
        body = dialog->body()->text();
        if (!body.contains(u"still running"_s) || clock.elapsed() > 10'000)
            dialog->reject(); // nothing runs
    });
    timer.start();
    QSignalSpy inspected(&page, &ModelPage::inspected);
    page.inspect();
    QCOMPARE(title, u"Run this model file's code?"_s);
    QVERIFY2(first.contains(u"Inspecting the model file <b>net.pt</b>"_s), qPrintable(first));
    QVERIFY2(!first.contains(u"edited state of the carton"_s), qPrintable(first));
    QVERIFY2(first.contains(u"a bare model file has no carton signature"_s), qPrintable(first));
    QVERIFY2(!body.contains(u"still running"_s), qPrintable(body));
    QVERIFY2(clock.elapsed() < 5'000, qPrintable(QString::number(clock.elapsed())));
    // The scan's verdict: the archive's pickles are listed as files that execute.
    QVERIFY2(body.contains(u"<b>Safety scan:</b> no high or critical findings."_s), qPrintable(body));
    QVERIFY2(body.contains(u"data.pkl (pickle: loading it can run code)"_s), qPrintable(body));
    QVERIFY2(!body.contains(u"the safety scan has not finished"_s), qPrintable(body));
    QCOMPARE(inspected.count(), 0);
}

void TestModelInspect::dictSignatureIsInformation()
{
    // As upstream's fixture: forward(self, inputs: Dict[str, Any]) -> Dict[str, Any].
    QTemporaryDir dir;
    QByteArray toml = runnerToml("torchscript", ">=1.13");
    toml += "\n[[input]]\nname = \"a\"\ndtype = \"float32\"\nshape = [3]\n"
            "\n[[output]]\nname = \"doubled\"\ndtype = \"float32\"\nshape = [3]\n";
    QVERIFY(testcartons::writeFolder(dir.path(), {{u"carton.toml"_s, toml}}, false));
    QVERIFY(QDir().mkpath(dir.filePath(u"model"_s)));
    QVERIFY(makeModel(dir.filePath(u"model/model.pt"_s), u"mixed"_s));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    ModelPage page(carton);
    page.show();
    QTRY_VERIFY(page.isLoaded());
    QSignalSpy inspected(&page, &ModelPage::inspected);
    page.inspect();
    QVERIFY(inspected.wait(60'000));
    const QString text = page.summary()->toPlainText();
    QVERIFY2(text.contains(u"Info: model/model.pt: forward takes one dict (inputs: Dict[str, Any]), so the "
                           "names of carton.toml's inputs cannot be compared with the model's"_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"Info: model/model.pt: forward returns a dict (Dict[str, Any])"_s), qPrintable(text));
    QVERIFY2(!text.contains(u"Warning"_s), qPrintable(text));
}

void TestModelInspect::codeFilesShown()
{
    ModelPage page(m_bare.filePath(u"net.pt"_s));
    page.resize(1300, 700);
    page.show();
    QTRY_VERIFY(page.isLoaded());
    const carton::ModelFilePtr model = page.modelSet()->entries().first().model;
    QVERIFY(model && model->torch());
    const QStringList files = model->torch()->codeFiles;
    QVERIFY2(files.size() >= 1, qPrintable(files.join(u", "_s)));
    // The summary links each code/ file.
    const QString html = page.summary()->toHtml();
    for (const QString &f : files)
        QVERIFY2(html.contains(u"code:"_s + QString::fromLatin1(QUrl::toPercentEncoding(f))), qPrintable(f));
    // Clicked: read-only, as Python in colour.
    QString top;
    for (const QString &f : files)
        if (f.endsWith(u"__torch__.py"_s))
            top = f;
    QVERIFY2(!top.isEmpty(), qPrintable(files.join(u", "_s)));
    QSignalSpy shown(&page, &ModelPage::codeShown);
    emit page.summary()->anchorClicked(QUrl(u"code:"_s + QString::fromLatin1(QUrl::toPercentEncoding(top))));
    QVERIFY(shown.wait(10'000));
    QCOMPARE(page.sideTabs()->currentWidget(), page.codeViewer());
    QVERIFY(page.sideTabs()->isTabVisible(page.sideTabs()->indexOf(page.codeViewer())));
    const FilePreview &preview = page.codeViewer()->preview();
    QCOMPARE(preview.kind, FilePreview::Text);
    QCOMPARE(preview.path, top);
    QVERIFY2(preview.text.contains(u"def forward(self"_s), qPrintable(preview.text));
    auto *text = page.codeViewer()->findChild<QPlainTextEdit *>(u"fileViewerText"_s);
    QVERIFY(text && text->isReadOnly());
    QCOMPARE(page.codeViewer()->pythonHighlighter()->document(), text->document());
    QVERIFY(!page.openCodeFile(u"code/__torch__/nosuch.py"_s));
}

QTEST_MAIN(TestModelInspect)
#include "tst_modelinspect.moc"
