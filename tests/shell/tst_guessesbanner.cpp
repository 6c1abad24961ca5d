// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// A Hugging Face model folder dropped on the window starts a carton with fields
// filled from its card (license, descriptions with the card's local images under
// misc/), the model name and the runner guessed; every guess is listed above the
// page, each a link to its field, until the author confirms them. An HF folder
// opened (not dropped) opens its Model view.
#include "document/cartondocument.h"
#include "document/modelfiles.h"
#include "document/recoveryfile.h"
#include "format/cartoninfo.h"
#include "shell/cartonpage.h"
#include "shell/filetabs.h"
#include "shell/guessesbanner.h"
#include "testshot.h"
#include "testutil.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using namespace studio;

class TestGuessesBanner : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void guessesFromAHfFolder();
    void bannerListsAndConfirms();
    void guessesAreDocumentState();
    void longFirstParagraphIsShortened();
    void plainFileGuessesNameAndRunner();
    void openedHfFolderIsAModelView();

private:
    QTemporaryDir m_dir;
    QString m_folder;
};

void TestGuessesBanner::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_folder = m_dir.filePath(u"tiny-llama"_s);
    QVERIFY(testutil::writeFile(m_folder + u"/config.json"_s, R"({"model_type": "llama"})"));
    QVERIFY(testutil::writeFile(
        m_folder + u"/model.safetensors"_s,
        testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})", QByteArray(4, 0))));
    QVERIFY(testutil::writeFile(m_folder + u"/README.md"_s, "---\nlicense: apache-2.0\n---\n# Tiny\n\n"
                                                            "A tiny llama for tests.\n\n"
                                                            "![arch](assets/arch.png) ![gone](assets/missing.png)\n"
                                                            "![up](../outside.png)\n"));
    QVERIFY(testutil::writeFile(m_folder + u"/assets/arch.png"_s, "\x89PNG not really"));
    QVERIFY(testutil::writeFile(m_dir.filePath(u"outside.png"_s), "\x89PNG"));
}

void TestGuessesBanner::guessesFromAHfFolder()
{
    carton::Result<ModelFiles> files = collectModelFiles(m_folder);
    QVERIFY2(files, files ? "" : qPrintable(files.error().toString()));
    QStringList paths;
    for (const ModelFiles::File &f : files->files)
        paths.append(f.archivePath);
    QCOMPARE(paths, (QStringList{u"misc/assets/arch.png"_s, u"model/README.md"_s, u"model/assets/arch.png"_s,
                                 u"model/config.json"_s, u"model/model.safetensors"_s}));
    QCOMPARE(files->license, u"apache-2.0"_s);
    QCOMPARE(files->shortDescription, u"A tiny llama for tests."_s);
    // The packed image as @misc/; the missing one and the one outside left as written.
    QCOMPARE(files->modelDescription, u"# Tiny\n\nA tiny llama for tests.\n\n"
                                      "![arch](@misc/assets/arch.png) ![gone](assets/missing.png)\n"
                                      "![up](../outside.png)"_s);
    QStringList fields;
    for (const ModelGuess &g : files->guesses)
        fields.append(g.field);
    QCOMPARE(fields, (QStringList{u"model_name"_s, u"license"_s, u"short_description"_s, u"model_description"_s,
                                  u"runner.runner_name"_s}));
    QCOMPARE(files->guesses[0], (ModelGuess{u"model_name"_s, u"tiny-llama"_s, u"the folder's name"_s}));
    QCOMPARE(files->guesses[1], (ModelGuess{u"license"_s, u"apache-2.0"_s, u"README.md front matter: license"_s}));
    QCOMPARE(files->guesses[3].source, u"README.md without its front matter; its 1 image(s) packed under misc/; "
                                       "1 image(s) not found in the folder or too large: left out"_s);
    QCOMPARE(files->guesses[4],
             (ModelGuess{u"runner.runner_name"_s, QString(), u"nothing in the files suggests a runner"_s}));
}

void TestGuessesBanner::bannerListsAndConfirms()
{
    carton::Result<ModelFiles> files = collectModelFiles(m_folder);
    QVERIFY(files);
    auto document = CartonDocument::fromModelFiles(*files);
    QCOMPARE(document->info().license, std::optional<QString>(u"apache-2.0"_s));
    CartonPage page(std::move(document), nullptr);
    page.resize(1000, 700);
    page.show();
    GuessesBanner *banner = page.guessesBanner();
    QTRY_VERIFY(banner->isVisible()); // the document's guesses, shown
    const QString text = banner->list()->text();
    for (const QString &part : {u"href=\"license\""_s, u"License"_s, u"apache-2.0"_s, u"README.md front matter"_s,
                                u"href=\"runner.runner_name\""_s, u"(not filled)"_s, u"tiny-llama"_s})
        QVERIFY2(text.contains(part), qPrintable(part + u" not in "_s + text));
    // A field's link opens the editor.
    emit banner->list()->linkActivated(u"license"_s);
    QVERIFY(page.isEditing());
    QSignalSpy confirmed(banner, &GuessesBanner::confirmed);
    QTest::mouseClick(banner->confirmButton(), Qt::LeftButton);
    QCOMPARE(confirmed.size(), 1);
    QVERIFY(!banner->isVisible());
    QVERIFY(page.document()->guesses().isEmpty());
}

// The guesses are the document's: editing a guessed field, confirming, undo and
// redo move them together, the banner showing what the document holds; the
// recovery file keeps those not yet confirmed.
void TestGuessesBanner::guessesAreDocumentState()
{
    carton::Result<ModelFiles> files = collectModelFiles(m_folder);
    QVERIFY(files);
    CartonPage page(CartonDocument::fromModelFiles(*files), nullptr);
    page.resize(1366, 768);
    page.show();
    CartonDocument *document = page.document();
    GuessesBanner *banner = page.guessesBanner();
    QUndoStack *undo = document->undoStack();
    QCOMPARE(document->guesses(), files->guesses);
    QTRY_VERIFY(banner->isVisible());
    QVERIFY(!banner->list()->text().contains(u"(edited since)"_s));

    // Editing a guessed field: the banner shows the new value, marked; undo brings the guess back.
    carton::CartonInfo info = document->info();
    info.license = u"mit"_s;
    document->setInfo(info, u"Edit License"_s);
    QCOMPARE(document->guesses(), files->guesses); // still to be confirmed
    QString text = banner->list()->text();
    QVERIFY2(text.contains(u">mit<"_s) && text.contains(u"README.md front matter: license (edited since)"_s),
             qPrintable(text));
    testutil::shot(&page, u"guesses-banner-edited"_s);
    undo->undo();
    text = banner->list()->text();
    QVERIFY2(text.contains(u">apache-2.0<"_s) && !text.contains(u"(edited since)"_s), qPrintable(text));
    undo->redo();
    QCOMPARE(document->info().license, std::optional<QString>(u"mit"_s));

    // Confirming is one undo step of the document, named for the Edit menu.
    const int steps = undo->count();
    QTest::mouseClick(banner->confirmButton(), Qt::LeftButton);
    QVERIFY(document->guesses().isEmpty());
    QVERIFY(!banner->isVisible());
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->undoText(), u"Confirm Guessed Fields"_s);
    undo->undo();
    QCOMPARE(document->guesses(), files->guesses);
    QVERIFY(banner->isVisible());
    QVERIFY(banner->list()->text().contains(u"(edited since)"_s));
    undo->redo();
    QVERIFY(document->guesses().isEmpty());
    QVERIFY(!banner->isVisible());
    QCOMPARE(document->info().license, std::optional<QString>(u"mit"_s)); // confirming changes no field
    undo->undo();

    // Saved with the document's unsaved state: the recovery file brings them back.
    const QString recovery = m_dir.filePath(u"recovery.json"_s);
    QVERIFY(RecoveryFile::write(recovery, {}, {}, u"tiny-llama"_s, document->state()));
    carton::Result<RecoveryFile> read = RecoveryFile::read(recovery);
    QVERIFY(read);
    carton::Result<DocumentState> restored = read->restore(nullptr);
    QVERIFY2(restored, restored ? "" : qPrintable(restored.error().toString()));
    QCOMPARE(restored->guesses, files->guesses);
    QCOMPARE(restored->info.license, std::optional<QString>(u"mit"_s));
    CartonDocument fresh(nullptr, QString());
    fresh.restoreState(*restored);
    QCOMPARE(fresh.guesses(), files->guesses);
}

void TestGuessesBanner::longFirstParagraphIsShortened()
{
    const QString folder = m_dir.filePath(u"long"_s);
    QVERIFY(testutil::writeFile(folder + u"/config.json"_s, "{}"));
    QVERIFY(testutil::writeFile(folder + u"/model.safetensors"_s, testutil::safetensorsFile("{}", {})));
    const QString sentence = u"A model whose card starts with a sentence of some length. "_s;
    QVERIFY(testutil::writeFile(folder + u"/README.md"_s, (sentence + QString(u"word "_s).repeated(30)).toUtf8()));
    carton::Result<ModelFiles> files = collectModelFiles(folder);
    QVERIFY(files);
    QCOMPARE(files->shortDescription, sentence.trimmed()); // the first sentence fits
    QCOMPARE(files->guesses[2].source, u"README.md: the first paragraph, shortened to the 100 characters allowed"_s);
    QVERIFY(testutil::writeFile(folder + u"/README.md"_s, QString(u"word "_s).repeated(40).toUtf8()));
    files = collectModelFiles(folder);
    QVERIFY(files);
    QCOMPARE(files->shortDescription, QString(u"word "_s).repeated(20).trimmed() + QChar(0x2026)); // 99 + "…"
}

void TestGuessesBanner::plainFileGuessesNameAndRunner()
{
    const QString file = m_dir.filePath(u"net.pt"_s);
    QVERIFY(testutil::writeFile(file, "PK not really"));
    carton::Result<ModelFiles> files = collectModelFiles(file);
    QVERIFY(files);
    QCOMPARE(files->guesses.size(), qsizetype(2));
    QCOMPARE(files->guesses[0], (ModelGuess{u"model_name"_s, u"net"_s, u"the file's name"_s}));
    QCOMPARE(files->guesses[1], (ModelGuess{u"runner.runner_name"_s, u"torchscript"_s,
                                            u"a TorchScript file (.pt, .pth, .torchscript)"_s}));
}

void TestGuessesBanner::openedHfFolderIsAModelView()
{
    QCOMPARE(FileTabs::kindOf(m_folder), FileTabs::Kind::ModelFile);
    QCOMPARE(FileTabs::kindOf(m_dir.path()), FileTabs::Kind::None); // a folder of no model format
}

QTEST_MAIN(TestGuessesBanner)
#include "tst_guessesbanner.moc"
