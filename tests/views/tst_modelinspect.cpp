// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Model tab's "Inspect with torchscript…": shown for a torchscript carton only;
// clicked, the real runner host (sandboxed) loads the model written by
// carton-make-torch-model off the GUI thread and the summary shows its signature.
#include "modelpage.h"
#include "runconsent.h"
#include "runconsentdialog.h"
#include "testcartons.h"
#include "testpaths.h"

#include <QApplication>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
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

private:
    // A folder carton with the 'signature' model of carton-make-torch-model.
    bool makeTorchCarton(const QString &dir);
};

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

QTEST_MAIN(TestModelInspect)
#include "tst_modelinspect.moc"
