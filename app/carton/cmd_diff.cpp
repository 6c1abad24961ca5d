// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton diff A B [--json] [--html OUT.html] [--run [--inputs-from a|b|both] [--rtol R] [--atol A] [runner options]]
#include "commands.h"
#include "diff/cartondiff.h"
#include "diff/diffhtml.h"
#include "diff/diffjson.h"
#include "diff/modelreview.h"
#include "diff/outputdiff.h"
#include "output.h"
#include "remote/remoteurl.h"
#include "runnercli.h"

#include <QSaveFile>

namespace cli {

using namespace carton;

namespace {

QString entryLine(const DiffEntry &e)
{
    const QString where = e.field.isEmpty() ? e.item : e.item + u'.' + e.field;
    QString values;
    if (e.kind == ChangeKind::Changed)
        values = QStringLiteral(": %1 -> %2")
                     .arg(e.before.isEmpty() ? QStringLiteral("(empty)") : e.before,
                          e.after.isEmpty() ? QStringLiteral("(empty)") : e.after);
    else if (e.kind == ChangeKind::Added && e.section != DiffSection::Files)
        values = QStringLiteral(": %1").arg(e.after);
    return QStringLiteral("  [%1] %2 %3%4\n      %5\n")
        .arg(changeClassName(e.changeClass), changeKindName(e.kind), where, values.left(300), e.reason);
}

QString weightLine(const WeightDiff &w)
{
    QString line = QStringLiteral("  %1 %2").arg(changeKindName(w.kind), w.name());
    if (w.match == WeightMatch::TensorName || w.match == WeightMatch::PositionShape)
        line += QStringLiteral(" (was %1, matched by %2)").arg(w.nameA, weightMatchName(w.match).replace(u'_', u' '));
    if (w.shapeA != w.shapeB && !w.nameA.isEmpty() && !w.nameB.isEmpty())
        line += QStringLiteral(" shape %1 -> %2").arg(shapeText(w.shapeA), shapeText(w.shapeB));
    if (w.dtypeA != w.dtypeB && !w.nameA.isEmpty() && !w.nameB.isEmpty())
        line += QStringLiteral(" dtype %1 -> %2").arg(w.dtypeA, w.dtypeB);
    if (w.compared)
        line += QStringLiteral(": max_abs_diff %1, rel_l2 %2, changed %3%")
                    .arg(QString::number(w.maxAbsDiff, 'g', 4),
                         w.relL2 ? QString::number(*w.relL2, 'g', 4) : QStringLiteral("-"),
                         QString::number(100 * w.changedFraction, 'g', 4));
    if (!w.note.isEmpty())
        line += QStringLiteral(" (%1)").arg(w.note);
    return line + u'\n';
}

QString modelReport(const ModelDiff &model)
{
    QString out;
    for (const QString &e : model.errors)
        out += QStringLiteral("model file not read: %1\n").arg(e);
    if (!model.weights.isEmpty()) {
        out += QStringLiteral("\nweights: %1 unchanged, %2 changed, %3 added, %4 removed\n")
                   .arg(model.count(ChangeKind::Unchanged))
                   .arg(model.count(ChangeKind::Changed))
                   .arg(model.count(ChangeKind::Added))
                   .arg(model.count(ChangeKind::Removed));
        for (const WeightDiff &w : model.weights)
            if (w.kind != ChangeKind::Unchanged)
                out += weightLine(w);
    }
    for (const ModelGraphDiff &g : model.graphs) {
        out += QStringLiteral("\ngraph %1 -> %2: %3 matched, %4 changed, %5 added, %6 removed\n")
                   .arg(g.entryA, g.entryB)
                   .arg(g.graph.matched)
                   .arg(g.graph.changed.size())
                   .arg(g.graph.added.size())
                   .arg(g.graph.removed.size());
        for (const GraphNodeRef &r : g.graph.added)
            out += QStringLiteral("  added %1 (%2)\n").arg(r.name, r.opType);
        for (const GraphNodeRef &r : g.graph.removed)
            out += QStringLiteral("  removed %1 (%2)\n").arg(r.name, r.opType);
        for (const GraphNodeChange &c : g.graph.changed)
            out += QStringLiteral("  changed %1 (%2): %3\n")
                       .arg(c.b.name, c.b.opType, c.changes.join(QStringLiteral("; ")));
    }
    return out;
}

QString humanReport(const CartonDiff &diff)
{
    QString out =
        QStringLiteral("A: %1 (model hash %2)\nB: %3 (model hash %4)\n")
            .arg(diff.pathA, QString::fromLatin1(diff.modelHashA), diff.pathB, QString::fromLatin1(diff.modelHashB));
    if (diff.identical())
        return out + QStringLiteral("Identical: same model hash.\n");
    out += QStringLiteral("Changes: %1 breaking, %2 compatible\n")
               .arg(diff.count(ChangeClass::Breaking))
               .arg(diff.count(ChangeClass::Compatible));
    DiffSection section = DiffSection::Metadata;
    bool first = true;
    for (const DiffEntry &e : diff.entries) {
        if (!e.isChange())
            continue;
        if (first || e.section != section)
            out += QStringLiteral("\n%1:\n").arg(diffSectionName(e.section));
        first = false;
        section = e.section;
        out += entryLine(e);
    }
    for (const FileDiff &f : diff.files) {
        if (!f.unifiedDiff.isEmpty())
            out += u'\n' + f.unifiedDiff;
        else if (!f.note.isEmpty() && f.kind == ChangeKind::Changed)
            out += QStringLiteral("\n%1: %2\n").arg(f.path, f.note);
    }
    return out;
}

// One side: a carton (.carton, folder or URL) or a bare model file, recognised by content.
bool openSide(const QString &path, ReviewSide &side)
{
    if (isRemoteUrl(path)) {
        side.path = path;
        side.carton = openCarton(path);
        return side.carton != nullptr;
    }
    Result<ReviewSide> opened = openReviewSide(path);
    if (!opened) {
        printError(opened.error());
        return false;
    }
    side = std::move(opened).value();
    return true;
}

// Both models on the same self-test inputs (`from`: whose, "a" and/or "b"), each
// through its own runner session (consent, scan and sandbox as `carton selftest`),
// B against A; one OutputsDiff per side in `from`.
std::optional<QList<OutputsDiff>> runBoth(const ReviewSide &a, const ReviewSide &b, const QStringList &from,
                                          const RunnerCli &runner, const SelfTestOptions &options)
{
    if (!a.carton || !b.carton) {
        printError(QStringLiteral("--run: %1 is a bare model file; both sides must be cartons (their runner "
                                  "says how the model runs, their self-tests hold the inputs)")
                       .arg(a.carton ? b.path : a.path));
        return std::nullopt;
    }
    auto progress = makeProgressBar(QStringLiteral("diff --run"));
    bool printed = false; // RunnerCli::open prints why a session could not open
    const OpenSession open = [&](const Carton &carton, Progress *p) -> Result<std::unique_ptr<RunnerSession>> {
        RunnerCli::Failure failure;
        std::unique_ptr<RunnerSession> session = runner.open(carton, p, nullptr, &failure);
        printed = !session;
        if (!session)
            return failure.error;
        return session;
    };
    Result<QList<OutputsDiff>> ran =
        runOutputsDiff(*a.carton, a.path, *b.carton, b.path, from, open, options, progress.get());
    finishProgressBar(progress.get());
    if (!ran) {
        if (!printed)
            printError(ran.error());
        return std::nullopt;
    }
    return std::move(ran).value();
}

} // namespace

int runDiff(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare two cartons or two model files: metadata, runner, inputs/outputs (breaking or compatible),\n"
        "self-tests, examples and files (from the MANIFESTs: unchanged files are not read), then the model:\n"
        "every weight (paired by name, else by position and shape; unchanged bytes are not decoded) and the\n"
        "ONNX graphs matched by structure. A and B may be .carton files, carton folders or bare model files\n"
        "(ONNX, TorchScript, torch.save, safetensors, GGUF). Exit code 0 when both have the same model hash\n"
        "(a bare file's: its sha256) and, with --run, their outputs agree; 1 when they differ, 2 on error."));
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("The old carton or model file."));
    parser.addPositionalArgument(QStringLiteral("B"), QStringLiteral("The new carton or model file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print JSON listing every change."));
    const QCommandLineOption html(QStringLiteral("html"),
                                  QStringLiteral("Also write a self-contained HTML report to FILE."),
                                  QStringLiteral("FILE"));
    const QCommandLineOption run(
        QStringLiteral("run"),
        QStringLiteral("Also run both models on the same self-test inputs (each sandboxed, as `carton selftest` "
                       "runs them) and compare B's outputs with A's: max and mean absolute and relative error, "
                       "elements off at the tolerance, pass or fail per output."));
    const QCommandLineOption inputsFrom(
        QStringLiteral("inputs-from"),
        QStringLiteral("--run on A's self-test inputs (a, the default), B's (b) or both "
                       "sides' (both: each side's rows say whose)."),
        QStringLiteral("SIDE"));
    const QCommandLineOption rtol(QStringLiteral("rtol"),
                                  QStringLiteral("--run: relative tolerance, for every output or OUTPUT:VALUE."),
                                  QStringLiteral("R"));
    const QCommandLineOption atol(QStringLiteral("atol"),
                                  QStringLiteral("--run: absolute tolerance, for every output or OUTPUT:VALUE."),
                                  QStringLiteral("A"));
    parser.addOptions({json, html, run, inputsFrom, rtol, atol});
    RunnerCli runnerCli;
    runnerCli.addTo(parser);
    int exit = Success;
    if (!parseArgs(parser, QStringLiteral("diff"), args, 2, &exit))
        return exit;
    const QString from = parser.isSet(inputsFrom) ? parser.value(inputsFrom) : QStringLiteral("a");
    if (from != u"a" && from != u"b" && from != u"both") {
        printError(QStringLiteral("--inputs-from: expected a, b or both, got \"%1\"").arg(from));
        return UsageOrInput;
    }
    const QStringList sides =
        from == u"both" ? QStringList{QStringLiteral("a"), QStringLiteral("b")} : QStringList{from};
    SelfTestOptions runOptions;
    for (const auto &[option, name] : {std::pair{&rtol, u"rtol"}, std::pair{&atol, u"atol"}})
        for (const QString &value : parser.values(*option))
            if (const Status applied = runOptions.tolerances.applyOption(name, value); !applied) {
                printError(applied.error());
                return UsageOrInput;
            }
    if (parser.isSet(run) && !runnerCli.read(parser))
        return UsageOrInput;
    const QStringList paths = parser.positionalArguments();
    ReviewSide a, b;
    if (!openSide(paths.at(0), a) || !openSide(paths.at(1), b))
        return UsageOrInput;
    Result<ModelReview> review = reviewSides(a, b);
    if (!review) {
        printError(review.error());
        return UsageOrInput;
    }
    const CartonDiff *diff = &review->package;
    const ModelDiff *model = &review->model;
    std::optional<QList<OutputsDiff>> outputs;
    if (parser.isSet(run) && !(outputs = runBoth(a, b, sides, runnerCli, runOptions)))
        return UsageOrInput;
    if (parser.isSet(html)) {
        QSaveFile out(parser.value(html));
        const QByteArray page = diffReportHtml(*diff, *model, outputs ? outputsDiffHtml(*outputs) : QString());
        if (!out.open(QIODevice::WriteOnly) || out.write(page) != page.size() || !out.commit()) {
            printError(QStringLiteral("%1: cannot write: %2").arg(parser.value(html), out.errorString()));
            return UsageOrInput;
        }
    }
    if (parser.isSet(json)) {
        QJsonObject o = diffToJson(*diff);
        addModelDiffJson(*model, o);
        if (outputs) {
            o.insert(QStringLiteral("outputs"), outputsDiffJson(*outputs));
            o.insert(QStringLiteral("outputs_inputs_from"), outputsInputsFrom(*outputs));
            o.insert(QStringLiteral("outputs_agree"), outputsAgree(*outputs));
            o.insert(QStringLiteral("sandbox"), outputs->first().runB.sandbox.summary());
        }
        printJson(QJsonDocument(o));
    } else {
        printOut(humanReport(*diff) + modelReport(*model) + (outputs ? outputsDiffText(*outputs) : QString()));
    }
    // Outputs that disagree are a difference even when the model hashes match.
    return diff->identical() && (!outputs || outputsAgree(*outputs)) ? Success : CartonErrors;
}

} // namespace cli
