// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Manual tool (not a test): opens a carton in a DocumentEditor and saves one
// PNG per built page (Metadata, Runner), for looking at the editors.
//   editorshot CARTON OUTDIR [--errors] [--complete] [--hold SECONDS]
// --errors edits the document into one with a problem in every field first;
// --complete types into the license field to show its completion popup;
// --hold keeps the window on screen (for a screenshot of the whole display).
#include "document/cartondocument.h"
#include "editors/documenteditor.h"
#include "editors/licenseedit.h"
#include "editors/metadataeditor.h"
#include "package/carton.h"

#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTest>
#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: editorshot CARTON OUTDIR [--errors] [--hold SECONDS]\n");
        return 2;
    }
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    auto opened = carton::Carton::open(args.at(1));
    if (!opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().toString()));
        return 1;
    }
    std::shared_ptr<const carton::Carton> original(std::move(opened.value()));
    studio::CartonDocument document(original, args.at(1));
    const bool errors = args.contains(QStringLiteral("--errors"));
    if (errors) {
        carton::CartonInfo info = document.info();
        info.shortDescription = QStringLiteral("A short description that goes on and on well past the hundred "
                                               "characters upstream Carton accepts when packing");
        info.license = QStringLiteral("Apache 2 OR mit");
        info.homepage = QStringLiteral("example dot org");
        info.requiredPlatforms =
            QStringList{QStringLiteral("x86_64-unknown-linux-gnu"), QStringLiteral("x86_64-banana-os")};
        info.runner.requiredFrameworkVersion = QStringLiteral("1.x.3");
        info.runner.opts = {{QStringLiteral("num_threads"), qint64(4)},
                            {QStringLiteral("scale"), 0.5},
                            {QStringLiteral("num_threads"), QStringLiteral("eight")},
                            {QStringLiteral("verbose"), true}};
        document.setInfo(info, QStringLiteral("Break Everything"));
    } else {
        carton::CartonInfo info = document.info();
        info.license = QStringLiteral("MIT OR Apache-2.0");
        info.repository = QStringLiteral("https://github.com/owner/model");
        info.requiredPlatforms =
            QStringList{QStringLiteral("x86_64-unknown-linux-gnu"), QStringLiteral("aarch64-apple-darwin")};
        info.runner.opts = {{QStringLiteral("num_threads"), qint64(4)},
                            {QStringLiteral("scale"), 0.5},
                            {QStringLiteral("device"), QStringLiteral("cpu")},
                            {QStringLiteral("verbose"), true}};
        document.setInfo(info, QStringLiteral("Fill In"));
    }
    document.validateNow();

    studio::DocumentEditor editor(&document);
    editor.resize(1100, 760);
    editor.show();
    const QString out = args.at(2);
    QDir().mkpath(out);
    const QString suffix = errors ? QStringLiteral("-errors") : QString();
    const struct {
        studio::DocumentEditor::Page page;
        const char *name;
    } pages[] = {{studio::DocumentEditor::MetadataPage, "metadata"}, {studio::DocumentEditor::RunnerPage, "runner"}};
    const int hold = args.indexOf(QStringLiteral("--hold")) >= 0
                         ? args.value(args.indexOf(QStringLiteral("--hold")) + 1).toInt()
                         : 0;
    for (const auto &p : pages) {
        editor.setCurrentPage(p.page);
        if (p.page == studio::DocumentEditor::MetadataPage && errors)
            editor.revealLocation(
                carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, QStringLiteral("short_description")});
        if (p.page == studio::DocumentEditor::MetadataPage && args.contains(QStringLiteral("--complete"))) {
            auto *metadata = qobject_cast<studio::MetadataEditor *>(editor.page(p.page));
            QLineEdit *license = metadata->licenseEdit();
            editor.activateWindow();
            license->setFocus();
            license->end(false);
            QTest::keyClicks(license, QStringLiteral(" AND BSD"));
        }
        QTest::qWait(1500); // preview debounce, images, layout
        editor.grab().save(out + u'/' + QString::fromLatin1(p.name) + suffix + QStringLiteral(".png"));
        if (hold > 0) {
            std::printf("showing %s\n", p.name);
            std::fflush(stdout);
            QTest::qWait(hold * 1000);
        }
    }
    return 0;
}
