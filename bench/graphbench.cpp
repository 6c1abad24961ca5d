// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The graph view's first graph of a model file (bench/graph-bench.sh, issue 40):
//   graphbench MODEL [--dot OUT.dot] [--weights-as-nodes] [--horizontal] [--expand] [--trace]
// Reads the file, opens it in a ModelGraphView of 1366×768 (offscreen) and prints
// the time from setModel to laidOut, the longest gap of a 5 ms timer on the GUI
// thread meanwhile, the items and edges laid out, and the time of layoutGraph
// alone on the same input (best of 3). With --dot, writes what was laid out (the
// same items with their sizes in points, the same edges) as a Graphviz file, so
// that `dot` can lay out exactly the same graph. With --expand, every scope is opened
// after the first graph (expandAll, timed the same way) and that is what is measured
// and written. --trace prints each event the GUI thread took over 5 ms to handle. MODEL may also be a TorchScript
// archive (its graph read from code/).
#include "jobs/jobpools.h"
#include "model/graphlayout.h"
#include "model/modelfile.h"
#include "model/modelgraphview.h"
#include "model/modelset.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>
#include <cstdio>

using namespace studio;

namespace {

// With --trace: every event the GUI thread took more than 5 ms to handle, named by
// its type and receiver (what a long gap was spent on).
class TracingApplication final : public QApplication {
public:
    using QApplication::QApplication;
    bool trace = false;
    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!trace || m_depth > 0)
            return QApplication::notify(receiver, event);
        QElapsedTimer t;
        t.start();
        ++m_depth;
        const int type = event->type();
        const bool done = QApplication::notify(receiver, event);
        --m_depth;
        if (t.elapsed() > 5)
            std::fprintf(stderr, "event %d to %s (%s): %lld ms\n", type, receiver->metaObject()->className(),
                         qPrintable(receiver->objectName()), static_cast<long long>(t.elapsed()));
        return done;
    }

private:
    int m_depth = 0;
};

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    TracingApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    if (args.isEmpty()) {
        std::fprintf(
            stderr,
            "usage: graphbench MODEL [--dot OUT.dot] [--weights-as-nodes] [--horizontal] [--expand] [--trace]\n");
        return 2;
    }
    const QString path = args.takeFirst();
    QString dot;
    bool asNodes = false, horizontal = false, expand = false;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == u"--dot" && i + 1 < args.size())
            dot = args[++i];
        else if (args[i] == u"--weights-as-nodes")
            asNodes = true;
        else if (args[i] == u"--horizontal")
            horizontal = true;
        else if (args[i] == u"--expand")
            expand = true;
        else if (args[i] == u"--trace")
            app.trace = true;
    }
    QElapsedTimer read;
    read.start();
    carton::Result<carton::ModelSet> set = carton::ModelSet::fromFile(path);
    if (!set) {
        std::fprintf(stderr, "%s\n", qPrintable(set.error().toString()));
        return 1;
    }
    const carton::ModelFilePtr model = set->entries().isEmpty() ? nullptr : set->entries().first().model;
    if (!model || (!model->onnx() && !(model->torch() && model->torch()->torchScript))) {
        std::fprintf(stderr, "%s: no ONNX graph and no TorchScript code\n", qPrintable(path));
        return 1;
    }
    const qint64 readMs = read.elapsed();

    ModelGraphView view;
    view.resize(1366, 768);
    view.setWeightsAsNodes(asNodes);
    view.setHorizontal(horizontal);
    view.show();
    // The window's first paint (its style, its empty panes) is not the graph's.
    QElapsedTimer shown;
    shown.start();
    while (shown.elapsed() < 200)
        app.processEvents(QEventLoop::AllEvents, 20);
    QElapsedTimer clock, gap;
    qint64 longest = 0;
    QTimer ticks;
    ticks.setInterval(5);
    QObject::connect(&ticks, &QTimer::timeout, [&] { longest = std::max(longest, gap.restart()); });
    bool done = false;
    QObject::connect(&view, &ModelGraphView::laidOut, [&] { done = true; });
    clock.start();
    gap.start();
    ticks.start();
    view.setModel(model);
    while (!done && clock.elapsed() < 120000)
        app.processEvents(QEventLoop::WaitForMoreEvents, 50);
    longest = std::max(longest, gap.elapsed());
    const qint64 firstGraph = clock.elapsed();
    qint64 expandMs = -1, expandGap = 0;
    if (expand) {
        done = false;
        clock.restart();
        std::swap(longest, expandGap);
        gap.restart();
        QElapsedTimer call;
        call.start();
        view.expandAll();
        std::printf("expandAll() itself %lld ms\n", static_cast<long long>(call.elapsed()));
        while (!done && clock.elapsed() < 300000)
            app.processEvents(QEventLoop::WaitForMoreEvents, 50);
        longest = std::max(longest, gap.elapsed());
        expandMs = clock.elapsed();
        std::swap(longest, expandGap);
    }
    ticks.stop();

    const GraphLayoutInput input = view.layoutInput();
    qint64 best = -1;
    GraphLayoutResult layout;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer t;
        t.start();
        layout = layoutGraph(input);
        best = best < 0 ? t.elapsed() : std::min(best, t.elapsed());
    }
    int top = 0; // items in the top layer
    for (int l : layout.layers)
        top += l == 0 ? 1 : 0;
    std::printf("file %s\nnodes %lld, folded %d\nread %lld ms\nfirst graph %lld ms (setModel to laidOut)\n"
                "longest GUI-thread gap %lld ms\nitems %lld, edges %lld, top layer %d, extent %.0f x %.0f\n"
                "layoutGraph alone %lld ms (best of 3)\n",
                qPrintable(path), static_cast<long long>(view.graph() ? view.graph()->nodes.size() : 0),
                view.fold().foldedCount(), static_cast<long long>(readMs), static_cast<long long>(firstGraph),
                static_cast<long long>(longest), static_cast<long long>(input.nodes.size()),
                static_cast<long long>(input.edges.size()), top, layout.bounds.width(), layout.bounds.height(),
                static_cast<long long>(best));
    if (expand)
        std::printf("expandAll to laidOut %lld ms, longest GUI-thread gap %lld ms\n", static_cast<long long>(expandMs),
                    static_cast<long long>(expandGap));
    if (!dot.isEmpty()) {
        QFile out(dot);
        if (!out.open(QIODevice::WriteOnly))
            return 1;
        QByteArray text = "digraph g {\n  node [shape=box, fixedsize=true];\n";
        if (horizontal)
            text += "  rankdir=LR;\n";
        for (qsizetype i = 0; i < input.nodes.size(); ++i)
            text += QStringLiteral("  n%1 [width=%2, height=%3];\n")
                        .arg(i)
                        .arg(input.nodes[i].width() / 72.0, 0, 'f', 3)
                        .arg(input.nodes[i].height() / 72.0, 0, 'f', 3)
                        .toLatin1();
        for (const auto &[from, to] : input.edges)
            text += QStringLiteral("  n%1 -> n%2;\n").arg(from).arg(to).toLatin1();
        text += "}\n";
        out.write(text);
    }
    JobPools::waitForAll();
    return 0;
}
