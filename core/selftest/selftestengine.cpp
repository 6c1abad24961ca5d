// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// runSelfTests / judge: feed each [[self_test]] to a RunnerSession and judge the outputs.
#include "selftest/selftestengine.h"

#include "base/progress.h"
#include "package/carton.h"
#include "validate/symbolbindings.h"
#include "validate/validaterules.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

using Clock = std::chrono::steady_clock;
using validate_detail::classifyRef;
using validate_detail::findSpec;
using validate_detail::RefKind;

// "a float32", "an int8", "a string"
QString withArticle(DType dtype)
{
    const QString name = dtypeName(dtype);
    return (name.startsWith(u"int"_s) ? u"an "_s : u"a "_s) + name;
}

QString quotedList(const QStringList &names)
{
    if (names.isEmpty())
        return u"none"_s;
    QStringList out;
    for (const QString &n : names)
        out.append(u'\'' + n + u'\'');
    return out.join(u", "_s);
}

} // namespace

QString selfTestName(const SelfTest &test, qsizetype index)
{
    return test.name.value_or(u"self_test[%1]"_s.arg(index));
}

namespace {

QStringList specNames(const QList<TensorSpec> &specs)
{
    QStringList names;
    for (const TensorSpec &s : specs)
        names.append(s.name);
    return names;
}

// Loads every reference of `refs` into `out`; returns why it cannot, or "".
QString loadRefs(const Carton &carton, const TensorRefs &refs, const QString &field, bool fetchLinks, TensorMap &out)
{
    for (const auto &[key, ref] : refs) {
        QString rest;
        if (classifyRef(ref, &rest) != RefKind::Tensor || rest.isEmpty())
            return u"%1.%2 = \"%3\" is not a @tensor_data/ reference; only tensors can be given to a model"_s.arg(
                field, key, ref);
        Result<Tensor> t = carton.loadTensor(rest, fetchLinks);
        if (!t)
            return u"%1.%2: cannot load tensor \"%3\": %4"_s.arg(field, key, rest, t.error().toString());
        out.insert(key, std::move(t).value());
    }
    return {};
}

// Why `t` contradicts `spec` (binding its symbols), or "".
QString specProblem(const Tensor &t, const TensorSpec &spec, const QString &kind, const QString &key,
                    SymbolBindings &bindings)
{
    const QString what = u"%1 '%2'"_s.arg(kind, key);
    if (t.dtype() == DType::Nested) {
        for (const Tensor &inner : t.inner())
            if (inner.dtype() != spec.dtype)
                return u"%1 is a nested tensor holding %2 tensor but [[%3]] declares %4"_s.arg(
                    what, withArticle(inner.dtype()), kind, dtypeName(spec.dtype));
        return {};
    }
    if (t.dtype() != spec.dtype)
        return u"%1 is %2 tensor but [[%3]] declares %4"_s.arg(what, withArticle(t.dtype()), kind,
                                                               dtypeName(spec.dtype));
    if (!spec.shape.accepts(t.shape()))
        return u"%1 has shape %2 but [[%3]] declares %4"_s.arg(what, shapeText(t.shape()), kind, spec.shape.toString());
    const QString conflict = bindings.bind(spec.shape, t.shape(), what);
    return conflict.isEmpty() ? QString() : what + u": "_s + conflict;
}

// Checks the tensors named by `refs` against `specs` (when any are declared).
void checkSpecs(const TensorMap &tensors, const TensorRefs &refs, const QList<TensorSpec> &specs, const QString &kind,
                SymbolBindings &bindings, QStringList &problems)
{
    if (specs.isEmpty())
        return;
    for (const auto &[key, ref] : refs) {
        Q_UNUSED(ref);
        const TensorSpec *spec = findSpec(specs, key);
        if (!spec) {
            problems.append(
                u"%1 '%2' is not declared in [[%1]] (declared: %3)"_s.arg(kind, key, quotedList(specNames(specs))));
            continue;
        }
        if (QString p = specProblem(tensors.value(key), *spec, kind, key, bindings); !p.isEmpty())
            problems.append(p);
    }
}

// Declared inputs the self-test gives no tensor for (a note: the model may not need them).
void noteMissingInputs(const TensorMap &inputs, const QList<TensorSpec> &specs, QStringList &notes)
{
    QStringList missing;
    for (const TensorSpec &s : specs)
        if (!inputs.contains(s.name))
            missing.append(s.name);
    if (!missing.isEmpty())
        notes.append(u"declared input%1 %2 %3 no tensor here"_s.arg(
            missing.size() > 1 ? u"s"_s : QString(), quotedList(missing), missing.size() > 1 ? u"have"_s : u"has"_s));
}

void compareOutput(OutputResult &o, const ToleranceSettings &settings, const CartonTolerance &carton,
                   const CompareOptions &compare)
{
    if (o.kind != OutputResult::Kind::Compared || !o.expected || !o.actual)
        return;
    const Tolerance tol = resolveTolerance(settings, carton, o.name, o.expected->dtype());
    o.comparison = compareTensors(*o.actual, *o.expected, tol, compare);
}

// Passed / Failed and the reason, from the outputs (other statuses are kept).
void deriveStatus(SelfTestResult &r, const QStringList &returnedNames)
{
    if (r.status == SelfTestStatus::CannotRun || r.status == SelfTestStatus::Error ||
        r.status == SelfTestStatus::NotRun)
        return;
    QStringList reasons;
    for (const OutputResult &o : r.outputs) {
        if (o.kind == OutputResult::Kind::Missing)
            reasons.append(
                u"output '%1' was not returned (the model returned %2)"_s.arg(o.name, quotedList(returnedNames)));
        if (!o.specProblem.isEmpty())
            reasons.append(o.specProblem);
        if (o.comparison && !o.comparison->passed())
            reasons.append(u"output '%1': %2"_s.arg(o.name, o.comparison->message));
    }
    r.status = reasons.isEmpty() ? SelfTestStatus::Passed : SelfTestStatus::Failed;
    r.reason = reasons.join(u"; "_s);
}

QStringList returnedNames(const SelfTestResult &r)
{
    QStringList names;
    for (const OutputResult &o : r.outputs)
        if (o.actual)
            names.append(o.name);
    return names;
}

class Engine {
public:
    Engine(const Carton &carton, const CartonInfo &info, RunnerSession &session, const SelfTestOptions &options,
           Progress *progress, SelfTestRun &run)
        : m_carton(carton), m_info(info), m_session(session), m_options(options), m_progress(progress), m_run(run)
    {
    }

    void runTest(int index, SelfTestResult &r);
    void runExample(int index, ExampleResult &r);
    bool cancelled() const { return m_progress && m_progress->isCancelled(); }

private:
    // Runs one inference and records its time; nullopt-free: the Result says.
    Result<TensorMap> infer(const TensorMap &inputs, std::optional<std::chrono::nanoseconds> &time, bool &first)
    {
        first = !m_inferred;
        m_inferred = true;
        const auto start = Clock::now();
        Result<TensorMap> out = m_session.infer(inputs, m_progress);
        const auto elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start);
        time = elapsed;
        if (first)
            m_run.firstInference = elapsed;
        else
            m_run.laterInferences.append(elapsed);
        return out;
    }
    // Loads inputs (and the outputs to compare with) and checks them; "" when runnable.
    QString prepare(const TensorRefs &inputRefs, const TensorRefs *outputRefs, const QString &base,
                    const QString &outputField, TensorMap &inputs, TensorMap &outputs, SymbolBindings &bindings,
                    QStringList &notes);

    const Carton &m_carton;
    const CartonInfo &m_info;
    RunnerSession &m_session;
    const SelfTestOptions &m_options;
    Progress *m_progress;
    SelfTestRun &m_run;
    bool m_inferred = false;
};

QString Engine::prepare(const TensorRefs &inputRefs, const TensorRefs *outputRefs, const QString &base,
                        const QString &outputField, TensorMap &inputs, TensorMap &outputs, SymbolBindings &bindings,
                        QStringList &notes)
{
    if (QString why = loadRefs(m_carton, inputRefs, base + u".inputs"_s, m_options.fetchLinks, inputs); !why.isEmpty())
        return why;
    if (outputRefs) {
        if (QString why = loadRefs(m_carton, *outputRefs, base + u'.' + outputField, m_options.fetchLinks, outputs);
            !why.isEmpty())
            return why;
    }
    QStringList problems;
    checkSpecs(inputs, inputRefs, m_info.inputs, u"input"_s, bindings, problems);
    noteMissingInputs(inputs, m_info.inputs, notes);
    if (outputRefs) {
        SymbolBindings withOutputs = bindings; // expected outputs must agree with the inputs' symbols
        checkSpecs(outputs, *outputRefs, m_info.outputs, u"output"_s, withOutputs, problems);
    }
    if (problems.isEmpty())
        return {};
    if (m_options.runDespiteSpecMismatch) {
        for (const QString &p : problems)
            notes.append(p + u" (run anyway)"_s);
        return {};
    }
    return problems.join(u"; "_s);
}

void Engine::runTest(int index, SelfTestResult &r)
{
    const SelfTest &test = m_info.selfTests.at(index);
    const QString base = u"self_test[%1]"_s.arg(index);
    r.index = index;
    r.asRun = test;
    r.name = test.name.value_or(base);
    r.description = test.description.value_or(QString());
    if (cancelled()) {
        r.status = SelfTestStatus::NotRun;
        r.reason = u"cancelled"_s;
        return;
    }
    const Result<CartonTolerance> tolerance = parseCartonTolerance(test.unknownToml, u"carton.toml: "_s + base);
    if (!tolerance) {
        r.status = SelfTestStatus::CannotRun;
        r.reason = tolerance.error().toString();
        return;
    }
    r.cartonTolerance = *tolerance;

    TensorMap inputs, expected;
    SymbolBindings bindings;
    const TensorRefs *expectedRefs = test.expectedOut ? &*test.expectedOut : nullptr;
    if (QString why = prepare(test.inputs, expectedRefs, base, u"expected_out"_s, inputs, expected, bindings, r.notes);
        !why.isEmpty()) {
        r.status = SelfTestStatus::CannotRun;
        r.reason = why;
        return;
    }
    r.bindings = bindings.text();

    Result<TensorMap> out = infer(inputs, r.inferenceTime, r.firstInference);
    if (!out) {
        const bool wasCancelled = out.error().code == ErrorCode::Cancelled;
        r.status = wasCancelled ? SelfTestStatus::NotRun : SelfTestStatus::Error;
        r.reason = wasCancelled ? u"cancelled"_s : out.error().toString();
        r.runnerLog = m_session.log();
        m_run.cancelled = m_run.cancelled || wasCancelled;
        return;
    }
    const TensorMap &actual = *out;

    if (expectedRefs) {
        for (const auto &[name, ref] : *expectedRefs) {
            Q_UNUSED(ref);
            OutputResult o;
            o.name = name;
            o.expected = expected.value(name);
            if (actual.contains(name)) {
                o.actual = actual.value(name);
            } else {
                o.kind = OutputResult::Kind::Missing;
            }
            r.outputs.append(o);
        }
    } else {
        r.notes.append(u"no expected_out: only checked that the model runs"_s);
    }
    for (auto it = actual.cbegin(); it != actual.cend(); ++it) {
        if (expectedRefs && expected.contains(it.key()))
            continue;
        OutputResult o;
        o.name = it.key();
        o.kind = OutputResult::Kind::Unexpected;
        o.actual = it.value();
        r.outputs.append(o);
        if (expectedRefs)
            r.notes.append(u"output '%1' was returned but expected_out has no tensor for it"_s.arg(it.key()));
    }
    // Returned tensors against [[output]], with the symbols the inputs bound.
    // (A carton without [[output]] still has its outputs compared with expected_out.)
    for (OutputResult &o : r.outputs) {
        if (!o.actual)
            continue;
        if (!m_info.outputs.isEmpty()) {
            const TensorSpec *spec = findSpec(m_info.outputs, o.name);
            SymbolBindings forOutput = bindings;
            if (spec)
                o.specProblem = specProblem(*o.actual, *spec, u"output"_s, o.name, forOutput);
            else
                r.notes.append(u"output '%1' is not declared in [[output]]"_s.arg(o.name));
            if (!o.specProblem.isEmpty())
                o.specProblem = u"returned "_s + o.specProblem;
        }
        compareOutput(o, m_run.tolerances, r.cartonTolerance, m_options.compare);
    }
    r.status = SelfTestStatus::Passed;
    deriveStatus(r, returnedNames(r));
}

void Engine::runExample(int index, ExampleResult &r)
{
    const Example &example = m_info.examples.at(index);
    const QString base = u"example[%1]"_s.arg(index);
    r.index = index;
    r.name = example.name.value_or(base);
    r.description = example.description.value_or(QString());
    if (cancelled()) {
        r.reason = u"cancelled"_s;
        return;
    }
    // Samples that are tensors are loaded for comparison; misc files only named.
    TensorRefs tensorSamples;
    for (const auto &pair : example.sampleOut) {
        QString rest;
        if (classifyRef(pair.second, &rest) == RefKind::Tensor)
            tensorSamples.append(pair);
    }
    TensorMap inputs, samples;
    SymbolBindings bindings;
    if (QString why =
            prepare(example.inputs, &tensorSamples, base, u"sample_out"_s, inputs, samples, bindings, r.notes);
        !why.isEmpty()) {
        r.status = ExampleStatus::CannotRun;
        r.reason = why;
        return;
    }
    Result<TensorMap> out = infer(inputs, r.inferenceTime, r.firstInference);
    if (!out) {
        const bool wasCancelled = out.error().code == ErrorCode::Cancelled;
        r.status = wasCancelled ? ExampleStatus::NotRun : ExampleStatus::Error;
        r.reason = wasCancelled ? u"cancelled"_s : out.error().toString();
        r.runnerLog = m_session.log();
        m_run.cancelled = m_run.cancelled || wasCancelled;
        return;
    }
    r.status = ExampleStatus::Ran;
    QSet<QString> listed;
    for (const auto &[name, ref] : example.sampleOut) {
        ExampleOutput o;
        o.name = name;
        o.sampleRef = ref;
        listed.insert(name);
        if (samples.contains(name))
            o.sample = samples.value(name);
        if (out->contains(name))
            o.actual = out->value(name);
        if (o.sample && o.actual)
            o.comparison =
                compareTensors(*o.actual, *o.sample, resolveTolerance(m_run.tolerances, {}, name, o.sample->dtype()),
                               m_options.compare);
        r.outputs.append(o);
    }
    for (auto it = out->cbegin(); it != out->cend(); ++it) {
        if (listed.contains(it.key()))
            continue;
        ExampleOutput o;
        o.name = it.key();
        o.actual = it.value();
        r.outputs.append(o);
    }
}

} // namespace

Result<QList<int>> selectSelfTests(const CartonInfo &info, const QStringList &selectors)
{
    QList<int> selected;
    if (selectors.isEmpty()) {
        for (int i = 0; i < info.selfTests.size(); ++i)
            selected.append(i);
        return selected;
    }
    QStringList names;
    for (int i = 0; i < info.selfTests.size(); ++i)
        names.append(selfTestName(info.selfTests.at(i), i));
    for (const QString &s : selectors) {
        bool found = false;
        for (int i = 0; i < info.selfTests.size(); ++i) {
            if (s == names.at(i) || s == u"self_test[%1]"_s.arg(i) || s == QString::number(i)) {
                found = true;
                if (!selected.contains(i))
                    selected.append(i);
            }
        }
        if (!found)
            return makeError(ErrorCode::Usage,
                             u"no self-test named '%1'; the carton has %2"_s.arg(s, quotedList(names)));
    }
    std::sort(selected.begin(), selected.end());
    return selected;
}

Result<TensorMap> loadSelfTestInputs(const Carton &carton, int index, bool fetchLinks)
{
    if (!carton.info() || index < 0 || index >= carton.info()->selfTests.size())
        return makeError(ErrorCode::Usage, u"the carton has no self_test[%1]"_s.arg(index), carton.path());
    TensorMap inputs;
    const QString field = u"self_test[%1].inputs"_s.arg(index);
    if (QString why = loadRefs(carton, carton.info()->selfTests.at(index).inputs, field, fetchLinks, inputs);
        !why.isEmpty())
        return makeError(ErrorCode::Format, why, carton.path());
    return inputs;
}

QString selfTestStatusName(SelfTestStatus status)
{
    switch (status) {
    case SelfTestStatus::Passed:
        return u"passed"_s;
    case SelfTestStatus::Failed:
        return u"failed"_s;
    case SelfTestStatus::CannotRun:
        return u"cannot run"_s;
    case SelfTestStatus::Error:
        return u"error"_s;
    case SelfTestStatus::NotRun:
        return u"not run"_s;
    }
    return {};
}

QString exampleStatusName(ExampleStatus status)
{
    switch (status) {
    case ExampleStatus::Ran:
        return u"ran"_s;
    case ExampleStatus::CannotRun:
        return u"cannot run"_s;
    case ExampleStatus::Error:
        return u"error"_s;
    case ExampleStatus::NotRun:
        return u"not run"_s;
    }
    return {};
}

Result<SelfTestRun> runSelfTests(const Carton &carton, RunnerSession &session, const SelfTestOptions &options,
                                 Progress *progress)
{
    const auto start = Clock::now();
    if (!carton.info())
        return makeError(ErrorCode::Format, u"the carton has no readable carton.toml; nothing to run"_s, carton.path());
    const CartonInfo &info = *carton.info();
    const Result<QList<int>> selected = selectSelfTests(info, options.tests);
    if (!selected)
        return selected.error();

    SelfTestRun run;
    run.cartonPath = carton.path();
    run.modelName = info.modelName.value_or(QString());
    run.modelHash = QString::fromLatin1(carton.modelHash());
    run.runnerName = info.runner.runnerName;
    run.tolerances = options.tolerances;
    run.loadTime = session.loadTime();
    run.sandbox = session.sandbox();
    run.forced = session.forced();
    run.runner = session.runner();
    const qsizetype exampleCount = options.runExamples ? info.examples.size() : 0;
    if (progress)
        progress->setTotal(selected->size() + exampleCount);

    Engine engine(carton, info, session, options, progress, run);
    for (int index : *selected) {
        SelfTestResult r;
        engine.runTest(index, r);
        run.cancelled = run.cancelled || engine.cancelled();
        if (progress)
            progress->advance(1, r.name);
        run.tests.append(std::move(r));
    }
    for (int i = 0; i < exampleCount; ++i) {
        ExampleResult r;
        engine.runExample(i, r);
        run.cancelled = run.cancelled || engine.cancelled();
        if (progress)
            progress->advance(1, r.name);
        run.examples.append(std::move(r));
    }
    run.runnerLog = session.log();
    run.wallTime = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start);
    return run;
}

void judge(SelfTestRun &run, const ToleranceSettings &tolerances, const CompareOptions &compare)
{
    run.tolerances = tolerances;
    for (SelfTestResult &r : run.tests) {
        if (r.status != SelfTestStatus::Passed && r.status != SelfTestStatus::Failed)
            continue;
        for (OutputResult &o : r.outputs)
            compareOutput(o, tolerances, r.cartonTolerance, compare);
        deriveStatus(r, returnedNames(r));
    }
    for (ExampleResult &e : run.examples) {
        for (ExampleOutput &o : e.outputs) {
            if (o.sample && o.actual)
                o.comparison = compareTensors(*o.actual, *o.sample,
                                              resolveTolerance(tolerances, {}, o.name, o.sample->dtype()), compare);
        }
    }
}

} // namespace carton
