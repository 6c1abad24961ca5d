// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "selftest/runhistory.h"

#include "base/bytesource.h"
#include "base/sha256.h"
#include "selftest/selftestreport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <cmath>

using namespace Qt::StringLiterals;

namespace carton {

namespace {

constexpr auto kFormat = "carton-selftest-history";
constexpr int kVersion = 1;

double ms(std::chrono::nanoseconds ns)
{
    return double(ns.count()) / 1e6;
}

QJsonValue optionalNumber(const std::optional<double> &v)
{
    if (!v)
        return QJsonValue();
    if (std::isnan(*v))
        return u"nan"_s;
    if (std::isinf(*v))
        return *v > 0 ? u"inf"_s : u"-inf"_s;
    return *v;
}

// Reads the fields of one JSON object, remembering the first problem.
class Fields {
public:
    Fields(const QJsonObject &o, QString where) : m_o(o), m_where(std::move(where)) {}
    QString string(const QString &key, bool required = true)
    {
        const QJsonValue v = m_o.value(key);
        if (v.isString())
            return v.toString();
        if (required || !v.isUndefined())
            fail(key, u"a string"_s);
        return {};
    }
    double number(const QString &key)
    {
        const QJsonValue v = m_o.value(key);
        if (!v.isDouble())
            fail(key, u"a number"_s);
        return v.toDouble();
    }
    std::optional<double> optionalNumber(const QString &key)
    {
        const QJsonValue v = m_o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (v.isDouble())
            return v.toDouble();
        const QString s = v.toString();
        if (s == u"inf")
            return INFINITY;
        if (s == u"-inf")
            return -INFINITY;
        if (s == u"nan")
            return NAN;
        fail(key, u"a number, \"inf\", \"-inf\" or \"nan\""_s);
        return std::nullopt;
    }
    bool boolean(const QString &key)
    {
        const QJsonValue v = m_o.value(key);
        if (!v.isBool())
            fail(key, u"true or false"_s);
        return v.toBool();
    }
    QJsonObject object(const QString &key)
    {
        const QJsonValue v = m_o.value(key);
        if (!v.isObject())
            fail(key, u"an object"_s);
        return v.toObject();
    }
    QJsonArray array(const QString &key)
    {
        const QJsonValue v = m_o.value(key);
        if (!v.isArray())
            fail(key, u"an array"_s);
        return v.toArray();
    }
    void fail(const QString &key, const QString &expected)
    {
        if (!m_error)
            m_error = makeError(ErrorCode::Format,
                                QStringLiteral("%1: field \"%2\" should be %3").arg(m_where, key, expected));
    }
    const std::optional<Error> &error() const { return m_error; }
    QString where() const { return m_where; }
    void adopt(const std::optional<Error> &e)
    {
        if (!m_error)
            m_error = e;
    }

private:
    QJsonObject m_o;
    QString m_where;
    std::optional<Error> m_error;
};

HistoryOutput recordOutput(const OutputResult &o)
{
    HistoryOutput r;
    r.name = o.name;
    if (!o.specProblem.isEmpty())
        r.verdict = u"spec problem"_s;
    else if (o.kind == OutputResult::Kind::Missing)
        r.verdict = u"missing"_s;
    else if (o.kind == OutputResult::Kind::Unexpected)
        r.verdict = u"unexpected"_s;
    if (const auto &c = o.comparison) {
        if (r.verdict.isEmpty())
            r.verdict = compareVerdictName(c->verdict);
        r.mismatches = c->mismatchCount;
        if (!c->exact) {
            r.maxAbs = c->absError.max;
            r.maxRel = c->relError.max;
            r.rtol = c->tolerance.rtol;
            r.atol = c->tolerance.atol;
        }
    }
    return r;
}

QString figure(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'g', 4) : u"-"_s;
}

QString outputText(const HistoryOutput &o)
{
    QString s = o.verdict;
    if (o.maxAbs)
        s += QStringLiteral(", max abs %1, max rel %2, %3 off, rtol %4, atol %5")
                 .arg(figure(o.maxAbs), figure(o.maxRel))
                 .arg(o.mismatches)
                 .arg(figure(o.rtol), figure(o.atol));
    return s;
}

// A model hash as a file name: hex digits and the like are kept, anything else
// (a crafted hash) replaced, so the file stays inside the folder.
QString safeName(const QString &hash)
{
    static const QRegularExpression bad(u"[^A-Za-z0-9_.-]"_s);
    QString s = hash;
    s.replace(bad, u"_"_s);
    if (s.startsWith(u'.'))
        s.prepend(u'_');
    return s.left(200);
}

// "preset close, atol 0.01, y: rtol 0.001, carton tolerances ignored" from the
// tolerances as selfTestRunToJson writes them.
QString toleranceText(const QJsonObject &t)
{
    const auto overrides = [](const QJsonObject &o) {
        QStringList parts;
        for (const char *key : {"rtol", "atol", "equal_nan"}) {
            const QJsonValue v = o.value(QLatin1StringView(key));
            if (v.isDouble())
                parts << QStringLiteral("%1 %2").arg(QLatin1StringView(key), QString::number(v.toDouble(), 'g', 6));
            else if (v.isBool())
                parts << QStringLiteral("%1 %2").arg(QLatin1StringView(key), v.toBool() ? u"true"_s : u"false"_s);
        }
        return parts;
    };
    QStringList parts{u"preset "_s + t.value(u"preset").toString()};
    parts << overrides(t);
    const QJsonObject per = t.value(u"per_output").toObject();
    for (auto it = per.begin(); it != per.end(); ++it)
        parts << it.key() + u": "_s + overrides(it.value().toObject()).join(u' ');
    if (!t.value(u"use_carton_tolerances").toBool(true))
        parts << u"carton tolerances ignored"_s;
    return parts.join(u", ");
}

} // namespace

QString historyKey(const QString &modelHash, const QString &cartonPath)
{
    // A folder without a MANIFEST has no model hash: its history goes by its path.
    return !modelHash.isEmpty()
               ? modelHash
               : u"path-"_s + QString::fromLatin1(Sha256::hashHex(QFileInfo(cartonPath).absoluteFilePath().toUtf8()));
}

RunRecord runRecordOf(const SelfTestRun &run, const QDateTime &date)
{
    RunRecord r;
    r.date = date.toUTC();
    r.modelHash = historyKey(run.modelHash, run.cartonPath);
    r.carton = run.cartonPath;
    r.runner = run.runner;
    r.forced = run.forced;
    r.sandbox = run.sandbox.summary();
    r.tolerances = selfTestRunToJson(run).value(u"tolerances").toObject();
    r.loadMs = ms(run.loadTime);
    r.wallMs = ms(run.wallTime);
    if (run.firstInference)
        r.firstInferenceMs = ms(*run.firstInference);
    r.cancelled = run.cancelled;
    for (const SelfTestResult &t : run.tests) {
        HistoryTest rt;
        rt.name = t.name;
        rt.status = selfTestStatusName(t.status);
        rt.reason = t.reason;
        rt.bindings = t.bindings;
        if (t.inferenceTime)
            rt.inferenceMs = ms(*t.inferenceTime);
        for (const OutputResult &o : t.outputs.mid(0, kHistoryMaxOutputsPerTest))
            rt.outputs.append(recordOutput(o));
        r.tests.append(rt);
    }
    return r;
}

QJsonObject runRecordToJson(const RunRecord &r)
{
    QJsonArray tests;
    for (const HistoryTest &t : r.tests) {
        QJsonArray outputs;
        for (const HistoryOutput &o : t.outputs) {
            QJsonObject oj{{u"name"_s, o.name}, {u"verdict"_s, o.verdict}, {u"mismatches"_s, o.mismatches}};
            for (const auto &[key, value] : {std::pair{u"max_abs"_s, o.maxAbs}, std::pair{u"max_rel"_s, o.maxRel},
                                             std::pair{u"rtol"_s, o.rtol}, std::pair{u"atol"_s, o.atol}})
                if (value)
                    oj.insert(key, optionalNumber(value));
            outputs.append(oj);
        }
        QJsonObject tj{{u"name"_s, t.name}, {u"status"_s, t.status}, {u"reason"_s, t.reason}, {u"outputs"_s, outputs}};
        if (t.inferenceMs)
            tj.insert(u"inference_ms"_s, *t.inferenceMs);
        if (!t.bindings.isEmpty())
            tj.insert(u"bindings"_s, t.bindings);
        tests.append(tj);
    }
    QJsonObject j{{u"date"_s, r.date.toString(Qt::ISODateWithMs)},
                  {u"model_hash"_s, r.modelHash},
                  {u"carton"_s, r.carton},
                  {u"runner"_s, r.runner},
                  {u"forced"_s, r.forced},
                  {u"sandbox"_s, r.sandbox},
                  {u"tolerances"_s, r.tolerances},
                  {u"load_ms"_s, r.loadMs},
                  {u"wall_ms"_s, r.wallMs},
                  {u"cancelled"_s, r.cancelled},
                  {u"self_tests"_s, tests}};
    if (r.firstInferenceMs)
        j.insert(u"first_inference_ms"_s, *r.firstInferenceMs);
    return j;
}

Result<RunRecord> runRecordFromJson(const QJsonObject &json, const QString &where)
{
    Fields f(json, where);
    RunRecord r;
    const QString date = f.string(u"date"_s);
    r.date = QDateTime::fromString(date, Qt::ISODateWithMs);
    if (!date.isEmpty() && !r.date.isValid())
        f.fail(u"date"_s, u"an ISO 8601 date"_s);
    r.modelHash = f.string(u"model_hash"_s);
    r.carton = f.string(u"carton"_s);
    r.runner = f.string(u"runner"_s);
    r.forced = f.string(u"forced"_s);
    r.sandbox = f.string(u"sandbox"_s);
    r.tolerances = f.object(u"tolerances"_s);
    r.loadMs = f.number(u"load_ms"_s);
    r.wallMs = f.number(u"wall_ms"_s);
    r.firstInferenceMs = f.optionalNumber(u"first_inference_ms"_s);
    r.cancelled = f.boolean(u"cancelled"_s);
    const QJsonArray tests = f.array(u"self_tests"_s);
    for (qsizetype i = 0; i < tests.size() && !f.error(); ++i) {
        Fields tf(tests.at(i).toObject(), QStringLiteral("%1, self_tests[%2]").arg(where).arg(i));
        if (!tests.at(i).isObject())
            tf.fail(u"self_tests"_s, u"an array of objects"_s);
        HistoryTest t;
        t.name = tf.string(u"name"_s);
        t.status = tf.string(u"status"_s);
        t.reason = tf.string(u"reason"_s);
        t.inferenceMs = tf.optionalNumber(u"inference_ms"_s);
        t.bindings = tf.string(u"bindings"_s, false); // absent when no symbol was bound
        const QJsonArray outputs = tf.array(u"outputs"_s);
        if (outputs.size() > kHistoryMaxOutputsPerTest)
            tf.fail(u"outputs"_s, QStringLiteral("at most %1 outputs").arg(kHistoryMaxOutputsPerTest));
        for (qsizetype k = 0; k < outputs.size() && !tf.error(); ++k) {
            Fields of(outputs.at(k).toObject(), QStringLiteral("%1, outputs[%2]").arg(tf.where()).arg(k));
            HistoryOutput o;
            o.name = of.string(u"name"_s);
            o.verdict = of.string(u"verdict"_s);
            o.mismatches = qint64(of.number(u"mismatches"_s));
            o.maxAbs = of.optionalNumber(u"max_abs"_s);
            o.maxRel = of.optionalNumber(u"max_rel"_s);
            o.rtol = of.optionalNumber(u"rtol"_s);
            o.atol = of.optionalNumber(u"atol"_s);
            tf.adopt(of.error());
            t.outputs.append(o);
        }
        f.adopt(tf.error());
        r.tests.append(t);
    }
    if (f.error())
        return *f.error();
    return r;
}

QStringList runRecordChanges(const RunRecord &older, const RunRecord &newer)
{
    QStringList lines;
    const auto changed = [&](const QString &what, const QString &a, const QString &b) {
        if (a != b)
            lines << QStringLiteral("%1: %2 → %3").arg(what, a.isEmpty() ? u"-"_s : a, b.isEmpty() ? u"-"_s : b);
    };
    changed(u"runner"_s, older.runner, newer.runner);
    changed(u"forced"_s, older.forced, newer.forced);
    changed(u"sandbox"_s, older.sandbox, newer.sandbox);
    changed(u"tolerances"_s, toleranceText(older.tolerances), toleranceText(newer.tolerances));
    for (const HistoryTest &t : newer.tests) {
        const auto before = std::find_if(older.tests.cbegin(), older.tests.cend(),
                                         [&](const HistoryTest &o) { return o.name == t.name; });
        if (before == older.tests.cend()) {
            lines << QStringLiteral("%1: not in the earlier run; now %2").arg(t.name, t.status);
            continue;
        }
        changed(t.name, before->status, t.status);
        changed(t.name + u" / bindings"_s, before->bindings, t.bindings);
        for (const HistoryOutput &o : t.outputs) {
            const auto was = std::find_if(before->outputs.cbegin(), before->outputs.cend(),
                                          [&](const HistoryOutput &x) { return x.name == o.name; });
            if (was == before->outputs.cend())
                lines << QStringLiteral("%1 / %2: new output, %3").arg(t.name, o.name, outputText(o));
            else if (!(*was == o))
                changed(t.name + u" / "_s + o.name, outputText(*was), outputText(o));
        }
    }
    for (const HistoryTest &t : older.tests) {
        if (std::none_of(newer.tests.cbegin(), newer.tests.cend(),
                         [&](const HistoryTest &n) { return n.name == t.name; }))
            lines << QStringLiteral("%1: not in the later run (was %2)").arg(t.name, t.status);
    }
    return lines;
}

QString RunHistory::defaultFolder()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return base.isEmpty() ? QString() : base + u"/carton-studio/selftest-history"_s;
}

QString RunHistory::filePath(const QString &folder, const QString &modelHash)
{
    return QDir(folder).filePath(safeName(modelHash) + u".json"_s);
}

Result<QList<RunRecord>> RunHistory::load(const QString &folder, const QString &modelHash)
{
    const QString path = filePath(folder, modelHash);
    if (!QFileInfo::exists(path))
        return QList<RunRecord>{};
    auto source = FileRegionSource::open(path);
    if (!source)
        return source.error();
    if ((*source)->size() > kHistoryMaxBytes)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("%1: the run history is %2 bytes, more than the %3 a history may have; not "
                                        "read (remove it to start a new history)")
                             .arg(path)
                             .arg((*source)->size())
                             .arg(kHistoryMaxBytes));
    Result<QByteArray> bytes = (*source)->readAll(kHistoryMaxBytes);
    if (!bytes)
        return bytes.error();
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return makeError(ErrorCode::Format,
                         QStringLiteral("%1: not a run history: %2 at byte %3 (remove it to start a new history)")
                             .arg(path, parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                                     : u"expected a JSON object"_s)
                             .arg(parseError.offset));
    Fields f(doc.object(), path);
    if (f.string(u"format"_s) != QLatin1StringView(kFormat))
        f.fail(u"format"_s, QStringLiteral("\"%1\"").arg(QLatin1StringView(kFormat)));
    if (f.number(u"version"_s) != kVersion)
        f.fail(u"version"_s, QString::number(kVersion));
    if (f.string(u"model_hash"_s) != modelHash)
        f.fail(u"model_hash"_s, QStringLiteral("\"%1\" (the file's name)").arg(modelHash));
    const QJsonArray runs = f.array(u"runs"_s);
    if (runs.size() > kHistoryRuns)
        f.fail(u"runs"_s, QStringLiteral("at most %1 runs").arg(kHistoryRuns));
    if (f.error())
        return *f.error();
    QList<RunRecord> records;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QString where = QStringLiteral("%1: runs[%2]").arg(path).arg(i);
        if (!runs.at(i).isObject())
            return makeError(ErrorCode::Format, where + u": expected an object"_s);
        Result<RunRecord> r = runRecordFromJson(runs.at(i).toObject(), where);
        if (!r)
            return r.error();
        records.append(std::move(*r));
    }
    return records;
}

Status RunHistory::append(const QString &folder, const RunRecord &record, int maxFiles)
{
    if (record.modelHash.isEmpty())
        return makeError(ErrorCode::Usage, u"the run has no model hash: no history to keep it in"_s);
    Result<QList<RunRecord>> records = load(folder, record.modelHash);
    if (!records)
        return records.error();
    records->append(record);
    if (records->size() > kHistoryRuns)
        records->remove(0, records->size() - kHistoryRuns);
    QByteArray bytes;
    while (true) {
        QJsonArray runs;
        for (const RunRecord &r : std::as_const(*records))
            runs.append(runRecordToJson(r));
        bytes = QJsonDocument(QJsonObject{{u"format"_s, QLatin1StringView(kFormat)},
                                          {u"version"_s, kVersion},
                                          {u"model_hash"_s, record.modelHash},
                                          {u"runs"_s, runs}})
                    .toJson(QJsonDocument::Indented);
        if (bytes.size() <= kHistoryMaxBytes || records->size() <= 1)
            break;
        records->removeFirst(); // the oldest go first when the file would grow past its cap
    }
    if (bytes.size() > kHistoryMaxBytes)
        return makeError(ErrorCode::Limit,
                         QStringLiteral("the run record is %1 bytes, more than a history may have").arg(bytes.size()));
    if (!QDir().mkpath(folder))
        return makeError(ErrorCode::Io, QStringLiteral("cannot create the folder %1").arg(folder));
    const Status written = writeReportFile(filePath(folder, record.modelHash), bytes);
    if (!written)
        return written;
    // Newest first: everything past maxFiles goes (never the file just written).
    const QFileInfoList files = QDir(folder).entryInfoList({u"*.json"_s}, QDir::Files, QDir::Time);
    for (qsizetype i = std::max(1, maxFiles); i < files.size(); ++i)
        QFile::remove(files.at(i).absoluteFilePath());
    return {};
}

} // namespace carton
