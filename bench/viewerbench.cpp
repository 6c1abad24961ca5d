// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// viewerbench CARTON TENSOR [SLICE_INDEX]: opens a tensor of a carton (or carton
// folder) in the TensorViewer (offscreen) the way the Tensor Data tab does, and
// prints, as key=value lines: the milliseconds from open() to the first painted
// table slice (every visible block read), to the heatmap of that slice, the
// table blocks read, and the peak RSS of the process. Used by bench/viewer-bench.sh.
#include "cartontensoropener.h"
#include "heatmapview.h"
#include "package/carton.h"
#include "tensortablemodel.h"
#include "tensorviewer.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <cstdio>
#include <sys/resource.h>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: viewerbench CARTON TENSOR [SLICE_INDEX]\n");
        return 2;
    }
    auto opened = carton::Carton::open(args[1]);
    if (!opened.ok()) {
        std::fprintf(stderr, "viewerbench: %s\n", qPrintable(opened.error().toString()));
        return 2;
    }
    std::shared_ptr<const carton::Carton> carton = std::move(*opened);
    studio::TensorViewer viewer;
    viewer.resize(1200, 800);
    viewer.show();

    QElapsedTimer clock;
    clock.start();
    QSignalSpy shown(&viewer, &studio::TensorViewer::tensorShown);
    viewer.open(args[2], studio::cartonTensorOpener(carton));
    if (!shown.wait(30000)) {
        std::fprintf(stderr, "viewerbench: the tensor did not open\n");
        return 1;
    }
    if (args.size() > 3 && viewer.reader() && viewer.reader()->shape().size() > 2) {
        studio::SliceSpec spec = viewer.slice();
        spec.index[0] = args[3].toLongLong();
        viewer.setSlice(spec);
    }
    studio::TensorTableModel *model = viewer.tableModel();
    // Painting asks for the visible cells; wait until their blocks are in.
    do {
        viewer.tableView()->viewport()->repaint();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    } while ((model->isLoading() || model->blocksRead() == 0) && clock.elapsed() < 30000);
    viewer.tableView()->viewport()->repaint();
    const qint64 firstPaint = clock.elapsed();

    QSignalSpy heat(&viewer, &studio::TensorViewer::heatmapReady);
    QElapsedTimer heatClock;
    heatClock.start();
    viewer.setCurrentTab(studio::TensorViewer::HeatmapTab);
    const bool heatOk = heat.wait(120000);
    const qint64 heatMs = heatClock.elapsed();

    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("first_paint_ms=%lld\nblocks_read=%lld\nheatmap_ms=%lld\nheatmap_ok=%d\npeak_rss_kib=%ld\n",
                qint64(firstPaint), qint64(model->blocksRead()), qint64(heatMs), heatOk ? 1 : 0, usage.ru_maxrss);
    return model->error().isEmpty() && heatOk ? 0 : 1;
}
