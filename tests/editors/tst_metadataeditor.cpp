// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "description/descriptionbrowser.h"
#include "document/cartondocument.h"
#include "editortestutil.h"
#include "markdown/markdownrenderer.h"
#include "overview/licenseedit.h"
#include "overview/metadataeditor.h"
#include "overview/platformlistedit.h"
#include "overview/spdxlicenses.h"
#include "style/tone.h"
#include "testshot.h"
#include "testutil.h"

#include <QAbstractItemModelTester>
#include <QCompleter>
#include <QInputMethodEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace studio;
using namespace Qt::StringLiterals;

namespace {

// Waits until the preview has every image it asked for.
bool waitForImages(DescriptionBrowser *browser)
{
    return QTest::qWaitFor([browser] { return browser->pendingImageCount() == 0; }, 10000);
}

} // namespace

class TestMetadataEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_carton =
            testcartons::packCarton(m_dir.path(), editortest::tinyCartonFiles("short_description = \"Small\"\n"_ba));
        QVERIFY2(!m_carton.isEmpty(), "could not pack the test carton");
    }

    void init()
    {
        auto original = testcartons::open(m_carton);
        QVERIFY(original);
        m_document = std::make_unique<CartonDocument>(original, m_carton);
        m_editor = std::make_unique<MetadataEditor>(m_document.get());
        QVERIFY(editortest::showActive(m_editor.get()));
    }

    void cleanup()
    {
        m_editor.reset();
        m_document.reset();
    }

    // Typing in each field changes that field only, each field is one undo
    // step, and undo/redo restore whole documents (and the widgets follow).
    void typingIsOneStepPerField()
    {
        QUndoStack *undo = m_document->undoStack();
        QList<carton::CartonInfo> snapshots{m_document->info()};
        using Member = std::optional<QString> carton::CartonInfo::*;
        struct Typed {
            QWidget *widget;
            QString text;
            Member member;
            QString expected;
        };
        const QList<Typed> typed = {
            {m_editor->modelNameEdit(), u" v2"_s, &carton::CartonInfo::modelName, u"Tiny v2"_s},
            {m_editor->shortDescriptionEdit(), u" model"_s, &carton::CartonInfo::shortDescription, u"Small model"_s},
            {m_editor->licenseEdit(), u"MIT"_s, &carton::CartonInfo::license, u"MIT"_s},
            {m_editor->repositoryEdit(), u"https://github.com/o/m"_s, &carton::CartonInfo::repository,
             u"https://github.com/o/m"_s},
            {m_editor->homepageEdit(), u"https://example.org"_s, &carton::CartonInfo::homepage,
             u"https://example.org"_s},
            {m_editor->descriptionEdit(), u"# Tiny *adds*"_s, &carton::CartonInfo::modelDescription,
             u"# Tiny *adds*"_s},
        };
        for (qsizetype i = 0; i < typed.size(); ++i) {
            const Typed &t = typed.at(i);
            t.widget->setFocus();
            if (auto *edit = qobject_cast<QLineEdit *>(t.widget))
                edit->end(false);
            QTest::keyClicks(t.widget, t.text);
            // That field changed, nothing else, and the whole text is one step.
            carton::CartonInfo expected = snapshots.last();
            expected.*(t.member) = t.expected;
            QVERIFY2(m_document->info() == expected, qPrintable(t.expected));
            QCOMPARE(undo->count(), int(i + 1));
            snapshots.append(m_document->info());
        }
        QCOMPARE(undo->undoText(), u"Edit Description"_s);
        // Undo each step: the whole info is the one before it, and the widgets follow.
        for (qsizetype i = typed.size(); i > 0; --i) {
            undo->undo();
            QVERIFY(m_document->info() == snapshots.at(i - 1));
        }
        QCOMPARE(m_editor->modelNameEdit()->text(), u"Tiny"_s);
        QCOMPARE(m_editor->shortDescriptionEdit()->text(), u"Small"_s);
        QCOMPARE(m_editor->licenseEdit()->text(), QString());
        QCOMPARE(m_editor->descriptionEdit()->toPlainText(), QString());
        QVERIFY(!m_document->info().license.has_value()); // an empty field is left out
        for (qsizetype i = 1; i <= typed.size(); ++i) {
            undo->redo();
            QVERIFY(m_document->info() == snapshots.at(i));
        }
        QCOMPARE(m_editor->homepageEdit()->text(), u"https://example.org"_s);
        QCOMPARE(m_editor->descriptionEdit()->toPlainText(), u"# Tiny *adds*"_s);
    }

    // Clearing a field removes it from carton.toml.
    void clearingLeavesFieldOut()
    {
        QLineEdit *shortEdit = m_editor->shortDescriptionEdit();
        shortEdit->setFocus();
        shortEdit->selectAll();
        QTest::keyClick(shortEdit, Qt::Key_Delete);
        QVERIFY(!m_document->info().shortDescription.has_value());
        QCOMPARE(m_document->undoStack()->count(), 1);
    }

    // An undo in another field keeps the cursor of the field being typed in.
    void refreshKeepsCursor()
    {
        QLineEdit *name = m_editor->modelNameEdit();
        name->setFocus();
        name->setCursorPosition(2); // "Ti|ny"
        QTest::keyClicks(name, u"XY"_s);
        QCOMPARE(m_document->info().modelName, u"TiXYny"_s);
        QCOMPARE(name->cursorPosition(), 4);
        carton::CartonInfo info = m_document->info();
        info.homepage = u"https://example.org"_s;
        m_document->setInfo(info, u"Edit Homepage"_s);
        m_document->undoStack()->undo();
        QCOMPARE(name->cursorPosition(), 4);
        QCOMPARE(m_editor->homepageEdit()->text(), QString());
    }

    void shortDescriptionLimit()
    {
        QLineEdit *edit = m_editor->shortDescriptionEdit();
        QLabel *count = m_editor->shortDescriptionCount();
        QCOMPARE(count->text(), u"5 / 100"_s);
        QVERIFY(!count->property("overLimit").toBool());
        edit->setFocus();
        edit->end(false);
        QTest::keyClicks(edit, QString(96, u'x')); // 101 characters
        QCOMPARE(count->text(), u"101 / 100"_s);
        QVERIFY(count->property("overLimit").toBool());
        QVERIFY(count->styleSheet().contains(studio::toneColor(studio::Tone::Bad).name()));
        m_document->validateNow();
        QCOMPARE(editortest::validation(edit), u"error"_s);
        QVERIFY(edit->toolTip().contains(u"101 characters"_s));
        QCOMPARE(m_document->undoStack()->count(), 1);

        QTest::keyClick(edit, Qt::Key_Backspace);
        QCOMPARE(count->text(), u"100 / 100"_s);
        QVERIFY(!count->property("overLimit").toBool());
        QVERIFY(count->styleSheet().isEmpty());
        m_document->validateNow();
        QCOMPARE(editortest::validation(edit), QString());
        QVERIFY(edit->toolTip().isEmpty());

        // Characters, not UTF-16 units: 100 emoji are allowed.
        edit->selectAll();
        QInputMethodEvent typed; // how an input method types what keys cannot
        typed.setCommitString(QString::fromUcs4(QList<char32_t>(100, U'😀').constData(), 100));
        QApplication::sendEvent(edit, &typed);
        QCOMPARE(m_document->info().shortDescription->size(), 200);
        QCOMPARE(count->text(), u"100 / 100"_s);
        m_document->validateNow();
        QCOMPARE(editortest::validation(edit), QString());
    }

    void spdxList()
    {
        const SpdxLicenses &spdx = SpdxLicenses::instance();
        QVERIFY(spdx.licenses().size() > 400);
        QVERIFY(spdx.find(u"Apache-2.0"_s));
        QCOMPARE(spdx.find(u"apache-2.0"_s)->id, u"Apache-2.0"_s);
        QVERIFY(spdx.find(u"Apache-2.0"_s)->osiApproved);
        QVERIFY(spdx.find(u"GPL-2.0"_s)->deprecated);
        QVERIFY(spdx.isException(u"Classpath-exception-2.0"_s));
    }

    void spdxCheck_data()
    {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("problem"); // a part of the only problem; empty: valid
        QTest::newRow("one id") << u"MIT"_s << QString();
        QTest::newRow("or") << u"MIT OR Apache-2.0"_s << QString();
        QTest::newRow("and parentheses") << u"(MIT AND BSD-3-Clause) OR GPL-3.0-only"_s << QString();
        QTest::newRow("with exception") << u"GPL-2.0-or-later WITH Classpath-exception-2.0"_s << QString();
        QTest::newRow("plus") << u"LGPL-2.1+"_s << u"deprecated"_s; // LGPL-2.1 itself is deprecated
        QTest::newRow("license ref") << u"LicenseRef-my-license"_s << QString();
        QTest::newRow("document ref") << u"DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2"_s << QString();
        QTest::newRow("unknown") << u"Foo-1.0"_s << u"\"Foo-1.0\" is not an SPDX license identifier"_s;
        QTest::newRow("case") << u"apache-2.0"_s << u"written \"Apache-2.0\""_s;
        QTest::newRow("lower or") << u"MIT or Apache-2.0"_s << u"not a valid SPDX license expression"_s;
        QTest::newRow("deprecated") << u"GPL-2.0"_s << u"deprecated"_s;
        QTest::newRow("exception as license") << u"Classpath-exception-2.0"_s << u"license exception"_s;
        QTest::newRow("unknown exception") << u"MIT WITH Nope-exception"_s << u"not an SPDX license exception"_s;
        QTest::newRow("dangling or") << u"MIT OR"_s << u"ends where a license was expected"_s;
        QTest::newRow("unclosed") << u"(MIT OR Apache-2.0"_s << u"not closed"_s;
        QTest::newRow("stray paren") << u"MIT)"_s << u"has no"_s;
        QTest::newRow("free text") << u"Apache License, Version 2.0"_s << u"not a valid SPDX license expression"_s;
    }

    void spdxCheck()
    {
        QFETCH(QString, expression);
        QFETCH(QString, problem);
        const QStringList problems = SpdxLicenses::instance().check(expression);
        if (problem.isEmpty()) {
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        } else {
            QVERIFY(!problems.isEmpty());
            QVERIFY2(problems.first().contains(problem), qPrintable(problems.join(u'\n')));
        }
    }

    void licenseCompletion()
    {
        LicenseEdit *edit = m_editor->licenseEdit();
        // The SPDX list model under the model tester (issue 30).
        QAbstractItemModelTester spdx(edit->licenseCompleter()->model(),
                                      QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(!edit->licenseCompleter()
                     ->model()
                     ->match(edit->licenseCompleter()->model()->index(0, 0), Qt::DisplayRole, u"Apache-2.0"_s)
                     .isEmpty());
        edit->setFocus();
        QTest::keyClicks(edit, u"Apach"_s);
        QVERIFY(edit->completions().contains(u"Apache-2.0"_s));
        QVERIFY(!edit->completions().contains(u"MIT"_s));
        // The word at the cursor of an expression is completed.
        edit->selectAll();
        QTest::keyClicks(edit, u"MIT OR apa"_s);
        const QStringList offered = edit->completions();
        QVERIFY(offered.contains(u"Apache-2.0"_s));
        QCOMPARE(m_document->info().license, u"MIT OR apa"_s);
        m_document->validateNow();
        QCOMPARE(editortest::validation(edit), u"warning"_s); // "apa" is not an id
        // Choosing it replaces the word only, as an edit of the license.
        QAbstractItemModel *model = edit->licenseCompleter()->completionModel();
        QModelIndex apache;
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->index(row, 0).data(Qt::EditRole).toString() == u"Apache-2.0")
                apache = model->index(row, 0);
        QVERIFY(apache.isValid());
        QVERIFY(model->index(apache.row(), 0).data(Qt::DisplayRole).toString().contains(u"Apache License 2.0"_s));
        emit edit->licenseCompleter()->activated(apache);
        QCOMPARE(edit->text(), u"MIT OR Apache-2.0"_s);
        QCOMPARE(m_document->info().license, u"MIT OR Apache-2.0"_s);
        QCOMPARE(m_document->undoStack()->count(), 1);
        QCOMPARE(editortest::validation(edit), QString());
        // After WITH, exceptions are offered.
        QTest::keyClicks(edit, u" WITH LLVM"_s);
        QVERIFY(edit->completions().contains(u"LLVM-exception"_s));
    }

    void unknownLicenseMarked()
    {
        LicenseEdit *edit = m_editor->licenseEdit();
        edit->setFocus();
        QTest::keyClicks(edit, u"Foo-1.0"_s);
        QCOMPARE(editortest::validation(edit), u"warning"_s);
        QVERIFY(edit->toolTip().contains(u"Foo-1.0"_s));
        edit->selectAll();
        QTest::keyClicks(edit, u"BSD-3-Clause"_s);
        QCOMPARE(editortest::validation(edit), QString());
    }

    void urlsChecked()
    {
        QLineEdit *home = m_editor->homepageEdit();
        home->setFocus();
        QTest::keyClicks(home, u"example dot org"_s);
        m_document->validateNow();
        QCOMPARE(editortest::validation(home), u"warning"_s);
        QVERIFY(home->toolTip().contains(u"http(s) URL"_s));
        testutil::shot(m_editor.get(), u"metadata-errors"_s);
        QCOMPARE(editortest::validation(m_editor->repositoryEdit()), QString());
        home->selectAll();
        QTest::keyClicks(home, u"https://example.org/tiny"_s);
        m_document->validateNow();
        QCOMPARE(editortest::validation(home), QString());
    }

    void platforms()
    {
        PlatformListEdit *platforms = m_editor->platformsEdit();
        QLineEdit *entry = platforms->entry();
        entry->setFocus();
        QTest::keyClicks(entry, u"x86_64-unknown-linux-gnu"_s);
        QVERIFY(platforms->addButton()->isEnabled());
        QTest::keyClick(entry, Qt::Key_Return);
        QCOMPARE(m_document->info().requiredPlatforms, QStringList{u"x86_64-unknown-linux-gnu"_s});
        QCOMPARE(entry->text(), QString());
        QCOMPARE(platforms->list()->count(), 1);
        QCOMPARE(m_document->undoStack()->count(), 1);

        // Free entry is checked as typed: an invalid triple cannot be added.
        QTest::keyClicks(entry, u"x86_64-banana-os"_s);
        QCOMPARE(editortest::validation(entry), u"error"_s);
        QVERIFY(!platforms->addButton()->isEnabled());
        QTest::keyClick(entry, Qt::Key_Return);
        QCOMPARE(m_document->info().requiredPlatforms->size(), 1);
        entry->clear();
        QCOMPARE(editortest::validation(entry), QString());

        // Common triples are offered.
        QCompleter *completer = entry->completer();
        QVERIFY(completer);
        completer->setCompletionPrefix(u"apple-darwin"_s);
        QStringList offered;
        for (int row = 0; row < completer->completionModel()->rowCount(); ++row)
            offered.append(completer->completionModel()->index(row, 0).data().toString());
        QVERIFY(offered.contains(u"aarch64-apple-darwin"_s));

        // A bad triple in the document (edited in place or from the file) is
        // marked on its item; required_platforms[1] reveals it.
        carton::CartonInfo info = m_document->info();
        info.requiredPlatforms->append(u"mips-nonsense"_s);
        m_document->setInfo(info, u"Edit Required Platforms"_s);
        QCOMPARE(platforms->list()->count(), 2);
        m_document->validateNow();
        QCOMPARE(platforms->list()->item(1)->data(Qt::UserRole).toString(), u"error"_s);
        QCOMPARE(platforms->list()->item(0)->data(Qt::UserRole).toString(), QString());
        QVERIFY(platforms->list()->item(1)->toolTip().contains(u"mips-nonsense"_s));
        QCOMPARE(editortest::validation(platforms->list()), u"error"_s);
        QVERIFY(m_editor->revealField(u"required_platforms[1]"_s));
        QCOMPARE(platforms->list()->currentRow(), 1);
        QVERIFY(platforms->list()->hasFocus());

        // Editing the item in place fixes it.
        platforms->list()->item(1)->setText(u"aarch64-apple-darwin"_s);
        QCOMPARE(m_document->info().requiredPlatforms,
                 (QStringList{u"x86_64-unknown-linux-gnu"_s, u"aarch64-apple-darwin"_s}));
        m_document->validateNow();
        QCOMPARE(editortest::validation(platforms->list()), QString());

        // Removing the selection; removing all leaves the field out.
        platforms->list()->selectAll();
        QTest::mouseClick(platforms->removeButton(), Qt::LeftButton);
        QVERIFY(!m_document->info().requiredPlatforms.has_value());
        m_document->undoStack()->undo();
        QCOMPARE(platforms->list()->count(), 2);
    }

    // Insert Image adds misc/NAME and the markdown at the cursor in one step.
    void insertImage()
    {
        const QString png = m_dir.path() + u"/my diagram.png"_s;
        QVERIFY(testutil::writeFile(png, editortest::pngBytes(QSize(30, 16), Qt::blue)));
        QPlainTextEdit *text = m_editor->descriptionEdit();
        text->setFocus();
        QTest::keyClicks(text, u"Before. After."_s);
        QTextCursor cursor = text->textCursor();
        cursor.setPosition(8);
        text->setTextCursor(cursor);
        const DocumentState before = m_document->state();
        const int steps = m_document->undoStack()->count();

        QString error;
        QVERIFY2(m_editor->insertImage(png, &error), qPrintable(error));
        const QString name = u"my_diagram.png"_s;
        const carton::CartonEdits::FileSource *added = m_document->files().find(u"misc/"_s + name);
        QVERIFY(added);
        QCOMPARE(added->kind, carton::CartonEdits::FileSource::Kind::Disk);
        QCOMPARE(m_document->info().modelDescription, u"Before. ![my_diagram](@misc/my_diagram.png)After."_s);
        QCOMPARE(text->toPlainText(), *m_document->info().modelDescription);
        QCOMPARE(text->textCursor().position(), 8 + int(u"![my_diagram](@misc/my_diagram.png)"_s.size()));
        QCOMPARE(m_document->undoStack()->count(), steps + 1);
        QCOMPARE(m_document->undoStack()->undoText(), u"Insert Image my_diagram.png"_s);
        const DocumentState after = m_document->state();

        // The preview shows it, read from the file on disk.
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !m_editor->preview()->loadedImage(carton::MarkdownRenderer::miscUrl(u"misc/"_s + name)).isNull();
            },
            10000));
        QCOMPARE(m_editor->preview()->loadedImage(carton::MarkdownRenderer::miscUrl(u"misc/"_s + name)).size(),
                 QSize(30, 16));

        m_document->undoStack()->undo();
        QVERIFY(m_document->state() == before);
        QVERIFY(!m_document->files().find(u"misc/"_s + name));
        QCOMPARE(text->toPlainText(), u"Before. After."_s);
        m_document->undoStack()->redo();
        QVERIFY(m_document->state() == after);

        // Another file of the same name gets a new one; the same file keeps its name.
        const QString other = m_dir.path() + u"/sub/my diagram.png"_s;
        QVERIFY(testutil::writeFile(other, editortest::pngBytes(QSize(8, 8), Qt::green)));
        QVERIFY(m_editor->insertImage(other, &error));
        QVERIFY(m_document->files().find(u"misc/my_diagram-2.png"_s));
        QVERIFY(m_editor->insertImage(png, &error));
        QVERIFY(!m_document->files().find(u"misc/my_diagram-3.png"_s));
    }

    void insertImageRefusesNonImages()
    {
        const QString notImage = m_dir.path() + u"/notes.png"_s;
        QVERIFY(testutil::writeFile(notImage, "just text, not a PNG"_ba));
        QString error;
        QVERIFY(!m_editor->insertImage(notImage, &error));
        QVERIFY(error.contains(u"notes.png"_s));
        QVERIFY(!m_editor->insertImage(m_dir.path() + u"/missing.png"_s, &error));
        QVERIFY(error.contains(u"missing.png"_s));
        QCOMPARE(m_document->undoStack()->count(), 0);
    }

    // The preview reads @misc images from the original carton too, debounced.
    void previewShowsCartonImages()
    {
        QPlainTextEdit *text = m_editor->descriptionEdit();
        text->setFocus();
        QTest::keyClicks(text, u"![fig](@misc/figure.png)"_s);
        const QUrl url = carton::MarkdownRenderer::miscUrl(u"misc/figure.png"_s);
        QVERIFY(m_editor->preview()->loadedImage(url).isNull()); // not rendered per keystroke
        QVERIFY(QTest::qWaitFor([&] { return !m_editor->preview()->loadedImage(url).isNull(); }, 10000));
        QCOMPARE(m_editor->preview()->loadedImage(url).size(), QSize(40, 20));
        QVERIFY(waitForImages(m_editor->preview()));
    }

    void revealField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("objectName");
        QTest::newRow("name") << u"model_name"_s << u"modelName"_s;
        QTest::newRow("short") << u"short_description"_s << u"shortDescription"_s;
        QTest::newRow("license") << u"license"_s << u"license"_s;
        QTest::newRow("repository") << u"repository"_s << u"repository"_s;
        QTest::newRow("homepage") << u"homepage"_s << u"homepage"_s;
        QTest::newRow("description") << u"model_description"_s << u"modelDescription"_s;
        QTest::newRow("platforms (empty)") << u"required_platforms"_s << u"platformEntry"_s;
    }

    void revealField()
    {
        QFETCH(QString, field);
        QFETCH(QString, objectName);
        m_editor->modelNameEdit()->clearFocus();
        QVERIFY(m_editor->revealField(field));
        QWidget *focused = QApplication::focusWidget();
        QVERIFY(focused);
        QCOMPARE(focused->objectName(), objectName);
    }

    void revealUnknownField()
    {
        QVERIFY(!m_editor->revealField(u"runner.runner_name"_s));
        QVERIFY(!m_editor->revealField(u"required_platforms[7]"_s)); // no such item
    }

private:
    QTemporaryDir m_dir;
    QString m_carton;
    std::unique_ptr<CartonDocument> m_document;
    std::unique_ptr<MetadataEditor> m_editor;
};

QTEST_MAIN(TestMetadataEditor)
#include "tst_metadataeditor.moc"
