// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// File ▸ Import from Hugging Face…: the dialog imports from a local server speaking
// the Hub's API (off the GUI thread), links or downloads the weights, reports an
// error and cancels a stalled download.
#include "base/sha256.h"
#include "package/carton.h"
#include "preferences/translations.h"
#include "remote/importhfdialog.h"
#include "shell/cartonpage.h"
#include "shell/mainwindow.h"
#include "testhttpserver.h"
#include "testshot.h"
#include "testutil.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QtEndian>

using namespace carton;
using namespace studio;
using namespace Qt::StringLiterals;

class TestImportHfDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void linksOrDownloads();
    void previewBeforeImport();
    void previewInGerman();
    void errorAndCancel();
    void fromTheWindow();

private:
    void fill(ImportHfDialog &dialog, const QString &repo, const QString &output, bool link);
    void serve(const QByteArray &repo, TestRoute weightsRoute);
    qint64 headerBytes() const; // what a preview reads of m_weights

    TestHttpServer m_hub;
    QTemporaryDir m_dir;
    QByteArray m_weights;
};

void TestImportHfDialog::initTestCase()
{
    QVERIFY(m_hub.start());
    QVERIFY(m_dir.isValid());
    QByteArray data(256, '\0');
    for (int i = 0; i < data.size(); ++i)
        data[i] = char(i);
    m_weights = testutil::safetensorsFile(R"({"w":{"dtype":"U8","shape":[256],"data_offsets":[0,256]}})", data);
    serve("acme/tiny", staticFileRoute(m_weights));
    TestRoute stall;
    stall.mode = TestRoute::Mode::Stall;
    stall.body = m_weights.left(16);
    stall.headers.append({"Content-Length", QByteArray::number(m_weights.size())});
    stall.sendContentLength = false;
    serve("acme/slow", stall);
}

void TestImportHfDialog::serve(const QByteArray &repo, TestRoute weightsRoute)
{
    const QByteArray config = R"({"model_type": "llama", "hidden_size": 8})";
    QJsonArray listing{QJsonObject{{u"type"_s, u"file"_s}, {u"path"_s, u"config.json"_s}, {u"size"_s, config.size()}},
                       QJsonObject{{u"type"_s, u"file"_s},
                                   {u"path"_s, u"model.safetensors"_s},
                                   {u"size"_s, 134},
                                   {u"lfs"_s, QJsonObject{{u"oid"_s, QString::fromLatin1(Sha256::hashHex(m_weights))},
                                                          {u"size"_s, m_weights.size()}}}}};
    TestRoute route;
    route.body = QJsonDocument(listing).toJson(QJsonDocument::Compact);
    m_hub.setRoute("/api/models/" + repo + "/tree/main?recursive=true", route);
    m_hub.setRoute("/" + repo + "/resolve/main/config.json", staticFileRoute(config));
    m_hub.setRoute("/" + repo + "/resolve/main/model.safetensors", weightsRoute);
}

void TestImportHfDialog::fill(ImportHfDialog &dialog, const QString &repo, const QString &output, bool link)
{
    dialog.findChild<QLineEdit *>(u"hfRepo"_s)->setText(repo);
    dialog.findChild<QLineEdit *>(u"hfEndpoint"_s)->setText(m_hub.url("/"));
    dialog.findChild<QLineEdit *>(u"hfOutput"_s)->setText(output);
    auto *box = dialog.findChild<QCheckBox *>(u"hfLink"_s);
    const QSignalBlocker quiet(box); // no preview of its own: the tests count requests
    box->setChecked(link);
}

qint64 TestImportHfDialog::headerBytes() const
{
    return 8 + qFromLittleEndian<qint64>(m_weights.constData());
}

void TestImportHfDialog::linksOrDownloads()
{
    for (const bool link : {true, false}) {
        ImportHfDialog dialog;
        const QString out = m_dir.filePath(link ? u"linked.carton"_s : u"downloaded.carton"_s);
        fill(dialog, u"acme/tiny"_s, out, link);
        QSignalSpy imported(&dialog, &ImportHfDialog::imported);
        auto *button = dialog.findChild<QPushButton *>(u"hfImportButton"_s);
        QVERIFY(button->isEnabled());
        m_hub.resetCounts();
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(dialog.isImporting()); // off the GUI thread
        QVERIFY(!button->isEnabled());
        QVERIFY(imported.wait(10'000));
        QCOMPARE(imported.first().first().toString(), out);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        Result<std::unique_ptr<Carton>> carton = Carton::open(out);
        QVERIFY(carton);
        QCOMPARE((*carton)->isLinked(u"model/model.safetensors"_s), link);
        // The preview's two Range reads (the header: 8 + N bytes), and the download when not linked.
        QCOMPARE(m_hub.hits("/acme/tiny/resolve/main/model.safetensors"), link ? 2 : 3);
        QCOMPARE(m_hub.bytesSent("/acme/tiny/resolve/main/model.safetensors"),
                 headerBytes() + (link ? 0 : m_weights.size()));
        if (!link)
            QCOMPARE((*carton)->source().read(u"model/model.safetensors"_s, 1 << 20).value(), m_weights);
    }
}

// Preview fills the pane from the listing, config.json and the weights' header
// (Range requests) before anything is imported; nothing is written.
void TestImportHfDialog::previewBeforeImport()
{
    ImportHfDialog dialog;
    const QString out = m_dir.filePath(u"previewed.carton"_s);
    fill(dialog, u"acme/tiny"_s, out, true);
    QSignalSpy previewed(&dialog, &ImportHfDialog::previewed);
    m_hub.resetCounts();
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"hfPreviewButton"_s), Qt::LeftButton);
    QVERIFY(previewed.wait(10'000));
    const QString text = dialog.previewText();
    for (const QString &part : {u"acme/tiny @ main"_s, u"Architecture (config.json): llama, hidden size 8"_s,
                                u"model.safetensors"_s, u"link"_s, u"config.json"_s, u"download"_s, u"U8 \u00d71"_s,
                                u"Files to download: 1 (41 bytes). Files to link: 1 (328 bytes). Parameters: 256."_s,
                                u"nothing has been downloaded yet"_s})
        QVERIFY2(text.contains(part), qPrintable(part + u"\n---\n"_s + text));
    QCOMPARE(m_hub.bytesSent("/acme/tiny/resolve/main/model.safetensors"), headerBytes());
    QVERIFY(!QFileInfo::exists(out));

    // Toggling the link box previews again: the weights are now downloaded.
    previewed.clear();
    dialog.findChild<QCheckBox *>(u"hfLink"_s)->setChecked(false);
    QVERIFY(previewed.wait(10'000));
    QVERIFY2(dialog.previewText().contains(u"Files to download: 2 ("_s), qPrintable(dialog.previewText()));
    dialog.show();
    testutil::shot(&dialog, u"import-hf-preview"_s);
}

// The dialog and its preview in German: every label translated, nothing clipped.
void TestImportHfDialog::previewInGerman()
{
    QVERIFY(!Translations::install(u"de"_s).isEmpty());
    const auto english = qScopeGuard([] { Translations::install(u"en"_s); });
    {
        ImportHfDialog dialog;
        fill(dialog, u"acme/tiny"_s, m_dir.filePath(u"de.carton"_s), true);
        QSignalSpy previewed(&dialog, &ImportHfDialog::previewed);
        dialog.startPreview();
        QVERIFY(previewed.wait(10'000));
        const QString text = dialog.previewText();
        for (const QString &part : {u"Architektur (config.json): llama, Hidden Size 8"_s, u"Datei"_s, u"verlinken"_s,
                                    u"herunterladen"_s, u"Parameter: 256."_s})
            QVERIFY2(text.contains(part), qPrintable(part + u"\n---\n"_s + text));
        QCOMPARE(dialog.findChild<QPushButton *>(u"hfPreviewButton"_s)->text(), u"V&orschau"_s);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        // Every child fits: the dialog's own size is at least what its layout asks for.
        QVERIFY(dialog.width() >= dialog.minimumSizeHint().width());
        auto *link = dialog.findChild<QCheckBox *>(u"hfLink"_s);
        QVERIFY2(link->width() >= link->sizeHint().width(),
                 qPrintable(u"%1 < %2"_s.arg(link->width()).arg(link->sizeHint().width())));
        testutil::shot(&dialog, u"import-hf-preview-de"_s);
    }
}

void TestImportHfDialog::errorAndCancel()
{
    ImportHfDialog dialog;
    fill(dialog, u"acme/missing"_s, m_dir.filePath(u"missing.carton"_s), false);
    QSignalSpy failed(&dialog, &ImportHfDialog::importFailed);
    dialog.startImport();
    QVERIFY(failed.wait(10'000));
    QVERIFY2(failed.first().first().toString().contains(u"404"_s), qPrintable(failed.first().first().toString()));
    QCOMPARE(dialog.statusText(), failed.first().first().toString());
    dialog.show();
    testutil::shot(&dialog, u"import-hf-404"_s);
    QVERIFY(!QFileInfo::exists(m_dir.filePath(u"missing.carton"_s)));

    // A stalled download: Cancel (the Close button while importing) ends it, no carton written.
    failed.clear();
    const QString slow = m_dir.filePath(u"slow.carton"_s);
    fill(dialog, u"acme/slow"_s, slow, false);
    dialog.startImport();
    QTRY_VERIFY_WITH_TIMEOUT(m_hub.hits("/acme/slow/resolve/main/model.safetensors") >= 1, 10'000);
    auto *close = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close);
    QCOMPARE(close->text(), u"Cancel"_s);
    testutil::shot(&dialog, u"import-hf-downloading"_s);
    QTest::mouseClick(close, Qt::LeftButton);
    QVERIFY(failed.wait(10'000));
    QCOMPARE(failed.first().first().toString(), u"Cancelled"_s);
    QVERIFY(!dialog.isImporting());
    QVERIFY(!QFileInfo::exists(slow));
    QCOMPARE(close->text(), u"Close"_s);
}

// File ▸ Import from Hugging Face… opens the dialog; the imported carton opens in a tab.
void TestImportHfDialog::fromTheWindow()
{
    QSettings settings(m_dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    MainWindow window(&settings);
    auto *action = window.findChild<QAction *>(u"actionImportHf"_s);
    QVERIFY(action);
    action->trigger();
    auto *dialog = window.findChild<ImportHfDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    const QString out = m_dir.filePath(u"window.carton"_s);
    fill(*dialog, u"acme/tiny"_s, out, true);
    dialog->startImport();
    QTRY_VERIFY_WITH_TIMEOUT(!window.findChildren<CartonPage *>().isEmpty(), 10'000);
    QCOMPARE(QFileInfo(window.findChildren<CartonPage *>().first()->path()).fileName(), u"window.carton"_s);
}

QTEST_MAIN(TestImportHfDialog)
#include "tst_importhfdialog.moc"
