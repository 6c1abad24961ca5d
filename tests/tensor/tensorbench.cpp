// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Micro-benchmark for the tensor core (not a test), used by bench/tensor-bench.sh:
//   tensorbench stats FILE NAME     statistics of a tensor of a carton/folder, a weight of a model file
//                                   (GGUF, ONNX, ...), or a raw float32 file with NAME "-"
//   tensorbench first-slice FILE NAME SPEC   time to the first slice of a carton tensor (spill started by the read)
// Prints figures on stdout and the time on stderr.
#include "model/modelset.h"
#include "package/carton.h"
#include "tensor/tensorstats.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <cstdio>

using namespace carton;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.size() < 3) {
        std::fprintf(stderr, "usage: tensorbench stats|first-slice FILE NAME [SPEC]\n");
        return 2;
    }
    QElapsedTimer timer;
    timer.start();
    Result<TensorReaderPtr> reader = makeError(ErrorCode::Usage, QStringLiteral("none"));
    std::unique_ptr<Carton> carton;
    Result<ModelSet> models = makeError(ErrorCode::Usage, QStringLiteral("none"));
    if (args[2] != u"-" && QFileInfo(args[1]).isFile())
        models = ModelSet::fromFile(args[1]);
    if (models) {
        reader = models->openWeight(args[2]);
    } else if (args[2] == u"-") {
        auto source = FileRegionSource::open(args[1]);
        if (!source)
            return std::fprintf(stderr, "%s\n", qPrintable(source.error().toString())), 1;
        reader = TensorReader::create(QStringLiteral("raw"), TensorLayout{DType::Float32, {(*source)->size() / 4}},
                                      *source, false);
    } else {
        auto opened = Carton::open(args[1]);
        if (!opened)
            return std::fprintf(stderr, "%s\n", qPrintable(opened.error().toString())), 1;
        carton = std::move(opened).value();
        reader = carton->openTensor(args[2]);
    }
    if (!reader)
        return std::fprintf(stderr, "%s\n", qPrintable(reader.error().toString())), 1;
    if (args[0] == u"stats") {
        const Result<TensorStats> s = computeStats(**reader, TensorRegion::whole((*reader)->shape()));
        if (!s)
            return std::fprintf(stderr, "%s\n", qPrintable(s.error().toString())), 1;
        const double seconds = timer.nsecsElapsed() / 1e9;
        std::printf("min %.9g max %.9g mean %.9g std %.9g zeros %lld nan %lld inf %lld\n", s->min, s->max, s->mean,
                    s->std, s->zeros, s->nans, s->positiveInfinities + s->negativeInfinities);
        std::fprintf(stderr, "%.3f s, %.0f MB/s\n", seconds, (*reader)->byteSize() / 1e6 / seconds);
        return 0;
    }
    if (args[0] == u"first-slice" && args.size() == 4) {
        Result<TensorSlice> slice = TensorSlice::parse(args[3], (*reader)->shape());
        if (!slice)
            return std::fprintf(stderr, "%s\n", qPrintable(slice.error().toString())), 1;
        const Result<Tensor> t = (*reader)->readTensor(slice->region);
        if (!t)
            return std::fprintf(stderr, "%s\n", qPrintable(t.error().toString())), 1;
        std::printf("first %s\n", qPrintable(t->valueAsText(0)));
        std::fprintf(stderr, "%.3f s\n", timer.nsecsElapsed() / 1e9);
        std::fflush(stdout);
        std::_Exit(0); // do not wait for the background spill
    }
    std::fprintf(stderr, "unknown mode\n");
    return 2;
}
