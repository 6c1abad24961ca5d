// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// reviewguibench A B [WIDTHxHEIGHT] [SHOT.png]: the Compare tab's model review of two
// cartons or model files (bench/review-gui-bench.sh). Opens a ComparePage of the
// window's size, measures the review (package half, weights, graphs: until
// compared()), then the coloured graph (the Graph section shown until laid out: the
// overlay, the layout on a worker thread and the items added), and the largest gap
// of a 5 ms GUI-thread tick meanwhile; selects the first change (F8) and, given a
// path, saves a picture of the page (REVIEW_CHANGE=N: with change N selected). Prints key=value lines. Runs on the
// platform given (QT_QPA_PLATFORM: offscreen by default; xcb on an X server for real fonts).
#include "compare/comparepage.h"
#include "compare/graphreviewview.h"
#include "diff/graphoverlay.h"
#include "model/modelgraphview.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>

using namespace studio;

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: reviewguibench A B [WIDTHxHEIGHT] [SHOT.png]\n");
        return 2;
    }
    const QStringList size = (args.size() > 3 ? args.at(3) : QStringLiteral("1366x768")).split(u'x');
    const QString shot = args.size() > 4 ? args.at(4) : QString();

    // The largest stall of the event loop while the review runs and the graph is drawn.
    QElapsedTimer tick;
    qint64 worst = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] { worst = std::max(worst, tick.restart() - 5); });

    QElapsedTimer clock;
    clock.start();
    tick.start();
    ticker.start();
    ComparePage page(args.at(1), args.at(2));
    page.setWindowTitle(page.displayName());
    page.resize(size.value(0).toInt(), size.value(1).toInt());
    page.show();
    QSignalSpy compared(&page, &ComparePage::compared);
    if (!compared.wait(600000) || !page.modelDiff()) {
        std::fprintf(stderr, "review failed: %s\n", qPrintable(page.errorText()));
        return 1;
    }
    const qint64 reviewMs = clock.elapsed();
    GraphReviewView *review = page.graphReview();
    QSignalSpy laid(review, &GraphReviewView::laidOut);
    clock.restart();
    page.sections()->setCurrentIndex(2);
    if (!review->graphView()->isLaidOut() && !laid.wait(600000)) {
        std::fprintf(stderr, "the graph was not laid out\n");
        return 1;
    }
    const qint64 drawMs = clock.elapsed();
    ticker.stop();
    // The change to show (REVIEW_CHANGE=N, from 1; default the first).
    for (int step = std::max(1, qEnvironmentVariableIntValue("REVIEW_CHANGE")); step > 0; --step)
        review->nextAction()->trigger();
    QApplication::processEvents();
    const carton::GraphOverlay *overlay = review->overlay();
    // The overlay alone (built on the GUI thread when the review arrives).
    qint64 overlayUs = -1;
    if (const carton::ModelDiff *model = page.modelDiff(); model && !model->graphs.isEmpty() && overlay) {
        const carton::GraphOverlay::Level *level = overlay->of(overlay->graph.get());
        QElapsedTimer t;
        t.start();
        const carton::GraphOverlay again = carton::overlayGraphs(level->a, level->b, model->graphs.first().graph);
        overlayUs = t.nsecsElapsed() / 1000;
        Q_UNUSED(again);
    }
    std::printf("review_ms=%lld\ngraph_draw_ms=%lld\nworst_gui_stall_ms=%lld\noverlay_us=%lld\n", reviewMs, drawMs,
                worst, overlayUs);
    std::printf("nodes=%lld\nadded=%d\nremoved=%d\nchanged=%d\nchanges_walked=%lld\n",
                qlonglong(overlay ? overlay->graph->nodes.size() : 0),
                overlay ? overlay->count(carton::NodeStatus::Added) : 0,
                overlay ? overlay->count(carton::NodeStatus::Removed) : 0,
                overlay ? overlay->count(carton::NodeStatus::Changed) : 0, qlonglong(review->changes().size()));
    if (!shot.isEmpty()) {
        // Let the view settle (the minimap, the properties) before the picture.
        QTimer::singleShot(300, &app, &QApplication::quit);
        app.exec();
        if (!page.grab().save(shot)) {
            std::fprintf(stderr, "could not write %s\n", qPrintable(shot));
            return 1;
        }
        std::printf("screenshot=%s\n", qPrintable(shot));
    }
    return 0;
}
