// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// recordOutputs / applyRecording: keep what the model returns as each self-test's expected_out.
#include "selftest/outputrecorder.h"

#include "format/cartoninfo.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "selftest/selftestengine.h"
#include "tensor/tensorindex.h"
#include "tensor/tensorinterchange.h"
#include "tensor/tensorio.h"

#include <QHash>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

const QString kTensorPrefix = u"@tensor_data/"_s;
const QString kIndexPath = u"tensor_data/index.toml"_s;

// How many references of carton.toml name each tensor_data tensor.
QHash<QString, int> referenceCounts(const CartonInfo &info)
{
    QHash<QString, int> counts;
    auto count = [&counts](const TensorRefs &refs) {
        for (const auto &[key, ref] : refs)
            if (ref.startsWith(kTensorPrefix))
                ++counts[ref.mid(kTensorPrefix.size())];
    };
    for (const SelfTest &t : info.selfTests) {
        count(t.inputs);
        if (t.expectedOut)
            count(*t.expectedOut);
    }
    for (const Example &e : info.examples) {
        count(e.inputs);
        count(e.sampleOut);
    }
    return counts;
}

// What the run found for one self-test, as a recording.
TestRecording fromResult(const SelfTestResult &r)
{
    TestRecording t;
    t.index = r.index;
    t.name = r.name;
    if (r.status != SelfTestStatus::Passed && r.status != SelfTestStatus::Failed) {
        t.outcome = TestRecording::Outcome::Failed;
        t.reason = u"%1: %2"_s.arg(selfTestStatusName(r.status), r.reason);
        return t;
    }
    QStringList problems;
    for (const OutputResult &o : r.outputs) {
        if (!o.actual)
            continue; // in the old expected_out, not returned: not kept
        if (!o.specProblem.isEmpty())
            problems.append(o.specProblem);
        else if (o.actual->dtype() == DType::Nested)
            problems.append(u"output '%1' is a nested tensor, which cannot be kept as expected_out"_s.arg(o.name));
        else
            t.outputs.append({o.name, *o.actual, {}, false});
    }
    if (t.outputs.isEmpty() && problems.isEmpty())
        problems.append(u"the model returned no outputs"_s);
    if (!problems.isEmpty()) {
        t.outcome = TestRecording::Outcome::Failed;
        t.reason = problems.join(u"; "_s);
        t.outputs.clear();
        return t;
    }
    t.outcome = TestRecording::Outcome::Recorded;
    return t;
}

// Rewrites `entry` (a tensor only `ref` names) to hold `tensor`; false when it cannot
// be done in place (nested, no file, or a string tensor in a .bin and the reverse).
bool replaceInPlace(TensorIndexEntry &entry, const Tensor &tensor)
{
    if (!entry.file || entry.dtype == DType::Nested)
        return false;
    if ((entry.dtype == DType::String) != (tensor.dtype() == DType::String))
        return false;
    entry.dtype = tensor.dtype();
    entry.shape = tensor.shape();
    return true;
}

} // namespace

Result<Recording> recordOutputs(const Carton &carton, RunnerSession &session, const RecordOptions &options,
                                Progress *progress)
{
    if (!carton.info())
        return makeError(ErrorCode::Format, u"the carton has no readable carton.toml; nothing to record"_s,
                         carton.path());
    const CartonInfo &info = *carton.info();
    const Result<QList<int>> selected = selectSelfTests(info, options.tests);
    if (!selected)
        return selected.error();

    Recording recording;
    QList<TestRecording> skipped;
    SelfTestOptions run;
    run.runExamples = false;
    run.fetchLinks = options.fetchLinks;
    run.runDespiteSpecMismatch = options.runDespiteSpecMismatch;
    for (int index : *selected) {
        const SelfTest &test = info.selfTests.at(index);
        // An empty [self_test.expected_out] table names no outputs: nothing to keep.
        if (test.expectedOut && !test.expectedOut->isEmpty() && !options.overwrite) {
            TestRecording t;
            t.index = index;
            t.name = selfTestName(test, index);
            t.reason = u"it already has an expected_out (overwrite replaces it)"_s;
            skipped.append(t);
            continue;
        }
        run.tests.append(QString::number(index));
    }
    if (!run.tests.isEmpty()) {
        Result<SelfTestRun> ran = runSelfTests(carton, session, run, progress);
        if (!ran)
            return ran.error();
        recording.run = std::move(ran).value();
    }
    for (const SelfTestResult &r : recording.run.tests)
        recording.tests.append(fromResult(r));
    recording.tests.append(skipped);
    std::sort(recording.tests.begin(), recording.tests.end(),
              [](const TestRecording &a, const TestRecording &b) { return a.index < b.index; });
    return recording;
}

Status applyRecording(Recording &recording, CartonInfo &info, CartonEdits &edits)
{
    Result<TensorIndex> read = edits.tensorIndex();
    if (!read)
        return read.error();
    TensorIndex index = std::move(read).value();
    CartonInfo next = info; // assigned to info once everything is decided
    const QHash<QString, int> counts = referenceCounts(next);
    QHash<QString, QByteArray> files; // tensor_data/ file -> bytes, written once everything is decided
    auto taken = [&edits, &files](const QString &fileName) {
        return files.contains(fileName) || edits.find(u"tensor_data/"_s + fileName) != nullptr;
    };
    for (TestRecording &t : recording.tests) {
        if (t.outcome != TestRecording::Outcome::Recorded || t.index < 0 || t.index >= next.selfTests.size())
            continue;
        SelfTest &test = next.selfTests[t.index];
        const TensorRefs old = test.expectedOut.value_or(TensorRefs());
        TensorRefs refs;
        for (RecordedOutput &o : t.outputs) {
            QString oldName;
            for (const auto &[key, ref] : old)
                if (key == o.name && ref.startsWith(kTensorPrefix))
                    oldName = ref.mid(kTensorPrefix.size());
            QList<TensorIndexEntry> entries = index.entries();
            qsizetype at = -1;
            for (qsizetype i = 0; i < entries.size() && !oldName.isEmpty(); ++i)
                if (entries.at(i).name == oldName)
                    at = i;
            if (at >= 0 && counts.value(oldName) == 1 && replaceInPlace(entries[at], o.tensor)) {
                files.insert(*entries.at(at).file, encodeTensorFile(o.tensor));
                index = TensorIndex(std::move(entries));
                o.tensorName = oldName;
                o.replaced = true;
            } else {
                const QString name = uniqueTensorName(index, u"%1_%2"_s.arg(t.name, o.name));
                Result<TensorIndexAddition> added =
                    addTensorToIndex(index, name, o.tensor.dtype(), o.tensor.shape(), taken);
                if (!added)
                    return added.error();
                files.insert(added->fileName, encodeTensorFile(o.tensor));
                index = std::move(added->index);
                o.tensorName = name;
            }
            refs.append({o.name, kTensorPrefix + o.tensorName});
        }
        test.expectedOut = refs;
    }
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        if (Status s = edits.putBytes(u"tensor_data/"_s + it.key(), it.value()); !s)
            return s;
    if (Status s = edits.putBytes(kIndexPath, index.serialize()); !s)
        return s;
    info = next;
    edits.setInfo(info);
    return {};
}

} // namespace carton
