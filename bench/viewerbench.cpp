// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
//
// viewerbench CARTON TENSOR [SLICE_INDEX [AFTER_SPILL_INDEX]]: opens a tensor of a
// carton (or carton folder) in the TensorViewer (offscreen) the way the Tensor Data
// tab does, and prints, as key=value lines: the milliseconds from open() to the
// first painted table slice (every visible block read), to the heatmap of that
// slice, the table blocks read, and the peak RSS of the process. With
// AFTER_SPILL_INDEX (a compressed tensor): then waits until the background decode
// has spilled the whole file and times painting slice AFTER_SPILL_INDEX, which must
// read the spill, not decode again. Used by bench/viewer-bench.sh.
#include "package/carton.h"
#include "tensor/spillsource.h"
#include "tensors/cartontensoropener.h"
#include "tensorviewer/heatmapview.h"
#include "tensorviewer/tensortablemodel.h"
#include "tensorviewer/tensorviewer.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTableView>
#include <QThread>
#include <cstdio>
#include <sys/resource.h>

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: viewerbench CARTON TENSOR [SLICE_INDEX [AFTER_SPILL_INDEX]]\n");
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
    const bool sliced = viewer.reader() && viewer.reader()->shape().size() > 2;
    auto selectSlice = [&](qint64 index) {
        studio::SliceSpec spec = viewer.slice();
        spec.index[0] = index;
        viewer.setSlice(spec);
    };
    if (args.size() > 3 && sliced)
        selectSlice(args[3].toLongLong());
    // A [3 or 4, H, W] tensor opens on the Image tab; the table is what is timed.
    viewer.setCurrentTab(studio::TensorViewer::TableTab);
    studio::TensorTableModel *model = viewer.tableModel();
    // Painting asks for the visible cells; wait until their blocks are in.
    auto paintWhenRead = [&](qint64 blocksBefore) {
        QElapsedTimer limit;
        limit.start();
        do {
            viewer.tableView()->viewport()->repaint();
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        } while ((model->isLoading() || model->blocksRead() == blocksBefore) && limit.elapsed() < 30000);
        viewer.tableView()->viewport()->repaint();
    };
    paintWhenRead(0);
    const qint64 firstPaint = clock.elapsed();

    QSignalSpy heat(&viewer, &studio::TensorViewer::heatmapReady);
    QElapsedTimer heatClock;
    heatClock.start();
    viewer.setCurrentTab(studio::TensorViewer::HeatmapTab);
    const bool heatOk = heat.wait(120000);
    const qint64 heatMs = heatClock.elapsed();

    if (args.size() > 4 && sliced) {
        QString file;
        if (carton->tensorIndex())
            for (const carton::TensorIndexEntry &e : carton->tensorIndex()->entries())
                if (e.name == args[2] && e.file)
                    file = *e.file;
        auto source = carton->source().byteSource(u"tensor_data/"_s + file);
        auto spill = source ? std::dynamic_pointer_cast<const carton::SpillSource>(*source) : nullptr;
        if (!spill) {
            std::fprintf(stderr, "viewerbench: tensor_data/%s is not compressed (no spill)\n", qPrintable(file));
            return 2;
        }
        QElapsedTimer spillClock;
        spillClock.start();
        if (const carton::Status s = spill->waitUntilDecoded(); !s) {
            std::fprintf(stderr, "viewerbench: %s\n", qPrintable(s.error().toString()));
            return 1;
        }
        const qint64 spillMs = spillClock.elapsed();
        viewer.setCurrentTab(studio::TensorViewer::TableTab);
        QCoreApplication::processEvents();
        QElapsedTimer afterClock;
        afterClock.start();
        selectSlice(args[4].toLongLong());
        paintWhenRead(model->blocksRead());
        std::printf("spill_wait_ms=%lld\nspill_in_memory=%d\nafter_spill_paint_ms=%lld\n", spillMs,
                    spill->inMemory() ? 1 : 0, qint64(afterClock.elapsed()));
    }

    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("first_paint_ms=%lld\nblocks_read=%lld\nheatmap_ms=%lld\nheatmap_ok=%d\npeak_rss_kib=%ld\n",
                qint64(firstPaint), qint64(model->blocksRead()), qint64(heatMs), heatOk ? 1 : 0, usage.ru_maxrss);
    return model->error().isEmpty() && heatOk ? 0 : 1;
}
