// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The Inputs / Outputs editor on a big carton (issue 8: typing never blocks the
// GUI thread > 50 ms with 200 inputs/outputs and 100 self-tests): packs a carton
// with N inputs, N outputs and T self-tests each feeding all of them (N*2*T
// tensors in tensor_data), opens it in a SpecsPage offscreen, and times on the
// GUI thread: a cell commit (rename, shape edit: setData -> undo step -> both
// tables refreshed), the handling of a validation result (cell marks + symbol
// panel), and, off the GUI thread, one validation (validateInfo with shapes).
//   specsbench DIR [inputs=100] [selftests=100]
#include "document/cartondocument.h"
#include "pack/packer.h"
#include "package/carton.h"
#include "specs/specsmodel.h"
#include "specs/specspage.h"
#include "validate/validator.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <algorithm>
#include <cstdio>

namespace {

bool write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(path.section(u'/', 0, -2));
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

void report(const char *what, QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    const double median = ms.at(ms.size() / 2), worst = ms.constLast();
    std::printf("%-44s median %7.2f ms  max %7.2f ms  (max / 50 ms budget = %.2f)\n", what, median, worst,
                worst / 50.0);
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: specsbench DIR [inputs] [selftests]\n");
        return 2;
    }
    const QString dir = QString::fromLocal8Bit(argv[1]);
    const int n = argc > 2 ? std::atoi(argv[2]) : 100;
    const int tests = argc > 3 ? std::atoi(argv[3]) : 100;

    QByteArray toml = "spec_version = 1\nmodel_name = \"specs-bench\"\n";
    QByteArray index;
    for (const char *kind : {"input", "output"})
        for (int i = 0; i < n; ++i)
            toml += QStringLiteral("\n[[%1]]\nname = \"%1%2\"\ndtype = \"float32\"\nshape = [\"batch\", \"d%2\"]\n")
                        .arg(QLatin1String(kind))
                        .arg(i)
                        .toUtf8();
    for (int t = 0; t < tests; ++t) {
        QByteArray inputs, outputs;
        for (int i = 0; i < n; ++i) {
            for (const char *kind : {"input", "output"}) {
                const QByteArray name = QByteArray("t") + QByteArray::number(t) + '_' + kind + QByteArray::number(i);
                index += "[[tensor]]\nname = \"" + name + "\"\ndtype = \"float32\"\nshape = [1, " +
                         QByteArray::number(i % 4 + 1) + "]\nfile = \"" + name + ".bin\"\ninner = []\n\n";
                if (!write(dir + QStringLiteral("/src/tensor_data/") + QString::fromUtf8(name) + QStringLiteral(".bin"),
                           QByteArray((i % 4 + 1) * 4, '\0')))
                    return 1;
                QByteArray &table = kind[0] == 'i' ? inputs : outputs;
                table += (table.isEmpty() ? "" : ", ") + QByteArray(kind) + QByteArray::number(i) +
                         " = \"@tensor_data/" + name + "\"";
            }
        }
        toml += "\n[[self_test]]\ninputs = { " + inputs + " }\nexpected_out = { " + outputs + " }\n";
    }
    toml += "\n[runner]\nrunner_name = \"noop\"\nrequired_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";
    if (!write(dir + QStringLiteral("/src/carton.toml"), toml) ||
        !write(dir + QStringLiteral("/src/tensor_data/index.toml"), index) ||
        !write(dir + QStringLiteral("/src/model/model.bin"), "m"))
        return 1;
    const QString path = dir + QStringLiteral("/bench.carton");
    if (auto packed = carton::packFolder(dir + QStringLiteral("/src"), path); !packed) {
        std::fprintf(stderr, "pack: %s\n", qPrintable(packed.error().toString()));
        return 1;
    }
    auto opened = carton::Carton::open(path);
    if (!opened) {
        std::fprintf(stderr, "open: %s\n", qPrintable(opened.error().toString()));
        return 1;
    }
    std::shared_ptr<const carton::Carton> original(std::move(opened.value()));
    std::printf("carton: %d inputs, %d outputs, %d self-tests feeding %d tensors\n", n, n, tests, 2 * n * tests);

    studio::CartonDocument document(original, path);
    QElapsedTimer clock;
    QList<double> handling;
    QObject::connect(&document, &studio::CartonDocument::diagnosticsChanged, &app, [&] { clock.start(); });
    studio::SpecsPage editor(&document);
    editor.setEditable(true);
    QObject::connect(&document, &studio::CartonDocument::diagnosticsChanged, &app,
                     [&] { handling.append(clock.nsecsElapsed() / 1e6); });
    editor.resize(1200, 700);
    editor.show();
    document.validateNow();

    QList<double> validation;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer v;
        v.start();
        QList<carton::SymbolSummary> symbols;
        const carton::Diagnostics d =
            carton::validateInfo(document.info(), carton::tensorShapesOf(*original->tensorIndex()), &symbols);
        validation.append(v.nsecsElapsed() / 1e6);
    }

    QList<double> renames, shapes;
    studio::SpecsModel *inputs = editor.inputsModel();
    for (int i = 0; i < 20; ++i) {
        QElapsedTimer c;
        c.start();
        inputs->setData(inputs->index(50, studio::SpecsModel::NameColumn), QStringLiteral("renamed%1").arg(i));
        app.processEvents();
        renames.append(c.nsecsElapsed() / 1e6);
        c.start();
        inputs->setData(inputs->index(60, studio::SpecsModel::ShapeColumn),
                        i % 2 ? QStringLiteral("[batch, d60]") : QStringLiteral("[batch, 7]"));
        app.processEvents();
        shapes.append(c.nsecsElapsed() / 1e6);
        document.validateNow();
    }
    report("GUI thread: rename commit (+ self-test keys)", renames);
    report("GUI thread: shape commit", shapes);
    report("GUI thread: validation result (marks, panel)", handling);
    std::printf("%-44s median %7.2f ms (off the GUI thread)\n", "validateInfo with shapes (symbols, panel data)", [&] {
        std::sort(validation.begin(), validation.end());
        return validation.at(validation.size() / 2);
    }());
    return 0;
}
