// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Manual tool (not a test): opens a carton in a bare CartonView and saves one
// PNG per tab, for looking at the views without the shell.
//   viewshot CARTON OUTDIR [--dark]
#include "package/carton.h"
#include "package/verifier.h"
#include "views/cartonfilesmodel.h"
#include "views/cartonview.h"
#include "views/descriptionbrowser.h"
#include "views/filespage.h"
#include "views/overviewpage.h"
#include "views/selftestspage.h"
#include "views/tensorspage.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSettings>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: viewshot CARTON OUTDIR [--dark]\n");
        return 2;
    }
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (args.contains(QStringLiteral("--dark"))) {
        QPalette p;
        p.setColor(QPalette::Window, QColor(45, 45, 48));
        p.setColor(QPalette::WindowText, QColor(230, 230, 230));
        p.setColor(QPalette::Base, QColor(30, 30, 32));
        p.setColor(QPalette::AlternateBase, QColor(40, 40, 44));
        p.setColor(QPalette::Text, QColor(230, 230, 230));
        p.setColor(QPalette::Button, QColor(55, 55, 60));
        p.setColor(QPalette::ButtonText, QColor(230, 230, 230));
        p.setColor(QPalette::Highlight, QColor(42, 110, 200));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(110, 170, 255));
        p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
        p.setColor(QPalette::Mid, QColor(90, 90, 95));
        app.setPalette(p);
    }
    QElapsedTimer timer;
    timer.start();
    auto opened = carton::Carton::open(args[1]);
    const qint64 openMs = timer.elapsed();
    if (!opened.ok()) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().toString()));
        return 1;
    }
    std::shared_ptr<const carton::Carton> carton(std::move(opened.value()));
    QTemporaryDir settingsDir;
    QSettings settings(settingsDir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    if (qEnvironmentVariableIsSet("VIEWSHOT_PROFILE")) {
        QElapsedTimer t;
        t.start();
        studio::CartonFilesModel model;
        model.setCarton(carton);
        std::fprintf(stderr, "files model %lld ms\n", t.restart());
        QTreeView tree;
        tree.setModel(&model);
        tree.expandToDepth(0);
        std::fprintf(stderr, "tree+expand %lld ms\n", t.restart());
        for (int c = 0; c < studio::CartonFilesModel::ColumnCount; ++c)
            tree.resizeColumnToContents(c);
        std::fprintf(stderr, "resize %lld ms\n", t.restart());
        timer.restart();
    }
    studio::CartonView view(carton, &settings);
    const qint64 viewMs = timer.elapsed() - openMs;
    view.resize(1280, 820);
    view.show();
    QCoreApplication::processEvents();
    std::fprintf(stderr, "open %lld ms, CartonView %lld ms, shown %lld ms\n", openMs, viewMs, timer.elapsed());
    const QString out = args[2];
    QDir().mkpath(out);
    const QString suffix = args.contains(QStringLiteral("--dark")) ? QStringLiteral("-dark") : QString();

    if (args.contains(QStringLiteral("--fake-checks"))) { // to look at the state icons
        int i = 0;
        for (const carton::SourceFile &file : carton->source().files()) {
            carton::FileCheck check;
            check.path = file.path;
            const carton::FileState states[] = {carton::FileState::Ok,       carton::FileState::Ok,
                                                carton::FileState::Mismatch, carton::FileState::Ok,
                                                carton::FileState::Linked,   carton::FileState::Missing,
                                                carton::FileState::Failed,   carton::FileState::Unlisted};
            check.state = states[i++ % 8];
            view.setFileCheck(check);
        }
    }
    // Pick something in each tab so that the detail panes show content.
    view.filesPage()->viewer(); // (files: select main.py below)
    int tab = 0;
    auto next = std::make_shared<std::function<void()>>();
    *next = [&, next]() {
        if (tab >= studio::CartonView::TabCount) {
            app.quit();
            return;
        }
        view.setCurrentTab(studio::CartonView::Tab(tab));
        if (tab == studio::CartonView::FilesTab)
            view.revealLocation(carton::DiagnosticLocation{QStringLiteral("model/main.py")});
        if (tab == studio::CartonView::TensorsTab)
            view.tensorsPage()->revealTensor(1);
        if (tab == studio::CartonView::SelfTestsTab)
            view.selfTestsPage()->revealItem(true, 0);
        QTimer::singleShot(1500, &view, [&, next]() {
            view.grab().save(QStringLiteral("%1/tab%2%3.png").arg(out).arg(tab).arg(suffix));
            ++tab;
            (*next)();
        });
    };
    QTimer::singleShot(500, &view, [next]() { (*next)(); });
    return app.exec();
}
