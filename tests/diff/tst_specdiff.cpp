// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// Classification of input/output spec changes (every breaking and compatible kind
// the issue names, plus the narrowing rules), and of metadata/runner/test changes.
#include "diff/metadiff.h"
#include "diff/specdiff.h"

#include <QTest>

using namespace carton;

namespace {

// "in:x:float32:[n, 3]; out:y:float32:[n]; in:z:int64:*:desc=Hello:internal=zz"
CartonInfo infoFrom(const QString &text)
{
    CartonInfo info;
    for (const QString &part : text.split(u';', Qt::SkipEmptyParts)) {
        const QStringList f = part.trimmed().split(u':');
        TensorSpec s;
        s.name = f.at(1);
        s.dtype = *parseDType(f.at(2));
        auto shape = Shape::parse(f.at(3));
        if (!shape)
            qFatal("bad shape in test row: %s", qPrintable(f.at(3)));
        s.shape = *shape;
        for (const QString &extra : f.mid(4)) {
            if (extra.startsWith(u"desc="))
                s.description = extra.mid(5);
            else if (extra.startsWith(u"internal="))
                s.internalName = extra.mid(9);
        }
        (f.at(0) == u"in" ? info.inputs : info.outputs).append(s);
    }
    return info;
}

// "item|field|class|kind" of every change, in order.
QStringList describe(const QList<DiffEntry> &entries)
{
    QStringList out;
    for (const DiffEntry &e : entries) {
        if (!e.isChange())
            continue;
        if (e.reason.isEmpty() || e.reason.contains(u'\n'))
            out.append(QStringLiteral("bad reason for %1: \"%2\"").arg(e.item, e.reason)); // fails the comparison
        out.append(QStringList{e.item, e.field, changeClassName(e.changeClass), changeKindName(e.kind)}.join(u'|'));
    }
    return out;
}

} // namespace

class TestSpecDiff : public QObject {
    Q_OBJECT
private slots:
    void classify_data();
    void classify();
    void unchangedSpecsListed();
    void reasonsName();
    void metadata_data();
    void metadata();
    void testsAndExamples();
};

void TestSpecDiff::classify_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<QStringList>("expected");
    // Breaking.
    QTest::newRow("dtype changed") << "in:x:float32:[n, 3]"
                                   << "in:x:float16:[n, 3]" << QStringList{"x|dtype|breaking|changed"};
    QTest::newRow("output dtype changed") << "out:y:int32:[4]"
                                          << "out:y:int64:[4]" << QStringList{"y|dtype|breaking|changed"};
    QTest::newRow("rank changed") << "in:x:float32:[n, 3]"
                                  << "in:x:float32:[n, 3, 1]" << QStringList{"x|shape|breaking|changed"};
    QTest::newRow("scalar to vector") << "out:y:float32:[]"
                                      << "out:y:float32:[1]" << QStringList{"y|shape|breaking|changed"};
    QTest::newRow("fixed dim changed") << "in:x:float32:[n, 3]"
                                       << "in:x:float32:[n, 4]" << QStringList{"x|shape[1]|breaking|changed"};
    QTest::newRow("output fixed dim changed") << "out:y:float32:[10]"
                                              << "out:y:float32:[11]" << QStringList{"y|shape[0]|breaking|changed"};
    QTest::newRow("symbol split") << "in:a:float32:[n]; in:b:float32:[n]"
                                  << "in:a:float32:[n]; in:b:float32:[m]" << QStringList{"b|shape[0]|breaking|changed"};
    QTest::newRow("symbol merged") << "in:a:float32:[n]; in:b:float32:[m]"
                                   << "in:a:float32:[n]; in:b:float32:[n]"
                                   << QStringList{"b|shape[0]|breaking|changed"};
    QTest::newRow("whole-shape symbol split")
        << "in:a:float32:s; out:y:float32:s"
        << "in:a:float32:s; out:y:float32:t" << QStringList{"y|shape|breaking|changed"};
    QTest::newRow("new required input") << "in:x:float32:[n]"
                                        << "in:x:float32:[n]; in:mask:bool:[n]" << QStringList{"mask||breaking|added"};
    QTest::newRow("output removed") << "out:y:float32:[n]; out:z:int64:[]"
                                    << "out:y:float32:[n]" << QStringList{"z||breaking|removed"};
    QTest::newRow("output renamed") << "out:y:float32:[n, 2]"
                                    << "out:logits:float32:[n, 2]" << QStringList{"y|name|breaking|changed"};
    QTest::newRow("input renamed") << "in:x:float32:[n]"
                                   << "in:features:float32:[n]" << QStringList{"x|name|breaking|changed"};
    QTest::newRow("input removed") << "in:x:float32:[n]; in:y:uint8:[3]"
                                   << "in:x:float32:[n]" << QStringList{"y||breaking|removed"};
    QTest::newRow("input dim narrowed") << "in:x:float32:[n, 3]"
                                        << "in:x:float32:[1, 3]" << QStringList{"x|shape[0]|breaking|changed"};
    QTest::newRow("input shape narrowed from *") << "in:x:float32:*"
                                                 << "in:x:float32:[n]" << QStringList{"x|shape|breaking|changed"};
    QTest::newRow("input * dim bound to a shared symbol")
        << "in:a:float32:[n]; in:b:float32:[*]"
        << "in:a:float32:[n]; in:b:float32:[n]" << QStringList{"b|shape[0]|breaking|changed"};
    // Compatible.
    QTest::newRow("description") << "in:x:float32:[n]:desc=old"
                                 << "in:x:float32:[n]:desc=new" << QStringList{"x|description|compatible|changed"};
    QTest::newRow("internal name") << "out:y:float32:[n]:internal=out0"
                                   << "out:y:float32:[n]:internal=logits:0"
                                   << QStringList{"y|internal_name|compatible|changed"};
    QTest::newRow("new output") << "out:y:float32:[n]"
                                << "out:y:float32:[n]; out:probs:float32:[n]" << QStringList{"probs||compatible|added"};
    QTest::newRow("dim relaxed to a symbol")
        << "in:x:float32:[1, 3]"
        << "in:x:float32:[batch, 3]" << QStringList{"x|shape[0]|compatible|changed"};
    QTest::newRow("dim relaxed to *") << "in:x:float32:[n, 3]"
                                      << "in:x:float32:[n, *]" << QStringList{"x|shape[1]|compatible|changed"};
    QTest::newRow("symbol dim relaxed to *") << "in:x:float32:[n, 3]"
                                             << "in:x:float32:[*, 3]" << QStringList{"x|shape[0]|compatible|changed"};
    QTest::newRow("shape relaxed to *") << "in:x:float32:[n, 3]"
                                        << "in:x:float32:*" << QStringList{"x|shape|compatible|changed"};
    QTest::newRow("shape relaxed to a symbol") << "in:x:float32:[2, 3]"
                                               << "in:x:float32:image" << QStringList{"x|shape|compatible|changed"};
    QTest::newRow("symbol renamed everywhere")
        << "in:a:float32:[n]; out:y:float32:[n]"
        << "in:a:float32:[batch]; out:y:float32:[batch]"
        << QStringList{"a|shape[0]|compatible|changed", "y|shape[0]|compatible|changed"};
    QTest::newRow("output dim narrowed") << "out:y:float32:[n]"
                                         << "out:y:float32:[4]" << QStringList{"y|shape[0]|compatible|changed"};
    QTest::newRow("* dim named, bound nowhere else")
        << "in:x:float32:[*]"
        << "in:x:float32:[k]" << QStringList{"x|shape[0]|compatible|changed"};
    // Several at once, in spec order: inputs first, then outputs.
    QTest::newRow("mixed") << "in:x:float32:[n, 3]:desc=d; out:y:float32:[n]"
                           << "in:x:float64:[n, *]:desc=e; out:y:float32:[n]; out:z:int8:[]"
                           << QStringList{"x|dtype|breaking|changed", "x|shape[1]|compatible|changed",
                                          "x|description|compatible|changed", "z||compatible|added"};
    QTest::newRow("identical") << "in:x:float32:[n, 3]; out:y:string:*"
                               << "in:x:float32:[n, 3]; out:y:string:*" << QStringList{};
}

void TestSpecDiff::classify()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QStringList, expected);
    QCOMPARE(describe(diffSpecs(infoFrom(a), infoFrom(b))), expected);
}

void TestSpecDiff::unchangedSpecsListed()
{
    const auto entries =
        diffSpecs(infoFrom("in:x:float32:[n, 3]; out:y:string:*"), infoFrom("in:x:float32:[n, 3]; out:y:string:[2]"));
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries.at(0).kind, ChangeKind::Unchanged);
    QCOMPARE(entries.at(0).section, DiffSection::Inputs);
    QCOMPARE(entries.at(0).before, QStringLiteral("float32 [n, 3]"));
    QCOMPARE(entries.at(0).after, QStringLiteral("float32 [n, 3]"));
    QCOMPARE(entries.at(1).section, DiffSection::Outputs);
    QCOMPARE(entries.at(1).kind, ChangeKind::Changed);
    QCOMPARE(entries.at(1).before, QStringLiteral("*"));
    QCOMPARE(entries.at(1).after, QStringLiteral("[2]"));
}

void TestSpecDiff::reasonsName()
{
    auto e = diffSpecs(infoFrom("in:a:float32:[n]; in:b:float32:[n]"), infoFrom("in:a:float32:[n]; in:b:float32:[m]"));
    QCOMPARE(e.constLast().reason, QStringLiteral("symbol n split into m, n: dims bound together are now independent"));
    e = diffSpecs(infoFrom("in:x:float32:[n, 3]"), infoFrom("in:x:float32:[n, 4]"));
    QCOMPARE(e.constLast().reason, QStringLiteral("fixed dimension 1 changed from 3 to 4"));
    e = diffSpecs(infoFrom("out:y:float32:[n]"), infoFrom("out:logits:float32:[n]"));
    QCOMPARE(e.constLast().reason, QStringLiteral("output y renamed to logits: callers using y fail"));
    e = diffSpecs(infoFrom("in:x:float32:[n]"), infoFrom("in:x:float32:[n]; in:mask:bool:[n]"));
    QCOMPARE(e.constLast().reason, QStringLiteral("new input mask: calls without it fail"));
    QCOMPARE(e.constLast().after, QStringLiteral("bool [n]"));
}

void TestSpecDiff::metadata_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("expected");
    QTest::newRow("model_name") << "model_name"
                                << "a"
                                << "b"
                                << "model_name||compatible|changed";
    QTest::newRow("license added") << "license"
                                   << ""
                                   << "MIT"
                                   << "license||compatible|added";
    QTest::newRow("homepage removed") << "homepage"
                                      << "https://x"
                                      << ""
                                      << "homepage||compatible|removed";
    QTest::newRow("runner name") << "runner_name"
                                 << "torchscript"
                                 << "python"
                                 << "runner_name||breaking|changed";
    QTest::newRow("framework") << "required_framework_version"
                               << "=2.0.1"
                               << "=2.1.0"
                               << "required_framework_version||breaking|changed";
    QTest::newRow("compat") << "runner_compat_version"
                            << "1"
                            << "2"
                            << "runner_compat_version||breaking|changed";
    QTest::newRow("opt changed") << "opt"
                                 << "1"
                                 << "4"
                                 << "runner.opts.num_threads||compatible|changed";
    QTest::newRow("platform dropped") << "platforms"
                                      << "x86_64-unknown-linux-gnu,aarch64-apple-darwin"
                                      << "x86_64-unknown-linux-gnu"
                                      << "required_platforms||breaking|changed";
    QTest::newRow("platform added") << "platforms"
                                    << "x86_64-unknown-linux-gnu"
                                    << "x86_64-unknown-linux-gnu,aarch64-apple-darwin"
                                    << "required_platforms||compatible|changed";
    QTest::newRow("restriction added") << "platforms"
                                       << ""
                                       << "x86_64-unknown-linux-gnu"
                                       << "required_platforms||breaking|added";
    QTest::newRow("restriction lifted") << "platforms"
                                        << "x86_64-unknown-linux-gnu"
                                        << ""
                                        << "required_platforms||compatible|removed";
    QTest::newRow("spec_version") << "spec_version"
                                  << "1"
                                  << "2"
                                  << "spec_version||breaking|changed";
}

void TestSpecDiff::metadata()
{
    QFETCH(QString, field);
    QFETCH(QString, before);
    QFETCH(QString, after);
    QFETCH(QString, expected);
    const auto set = [&field](CartonInfo &info, const QString &value) {
        info.runner = RunnerInfo{QStringLiteral("noop"), QStringLiteral("=1.0.0"), 1, {}};
        const std::optional<QString> v = value.isEmpty() ? std::nullopt : std::optional<QString>(value);
        if (field == u"model_name")
            info.modelName = v;
        else if (field == u"license")
            info.license = v;
        else if (field == u"homepage")
            info.homepage = v;
        else if (field == u"runner_name")
            info.runner.runnerName = value;
        else if (field == u"required_framework_version")
            info.runner.requiredFrameworkVersion = value;
        else if (field == u"runner_compat_version")
            info.runner.runnerCompatVersion = value.toLongLong();
        else if (field == u"opt")
            info.runner.opts = {{QStringLiteral("num_threads"), RunnerOpt(value.toLongLong())}};
        else if (field == u"platforms" && v)
            info.requiredPlatforms = value.split(u',');
        else if (field == u"spec_version")
            info.specVersion = value.toLongLong();
    };
    CartonInfo a, b;
    set(a, before);
    set(b, after);
    const QList<DiffEntry> entries = diffMetadata(a, b);
    QCOMPARE(describe(entries), QStringList{expected});
    // Every other field is listed unchanged (the side-by-side view shows them).
    QVERIFY(entries.size() >= 11);
    QCOMPARE(diffMetadata(a, a).size(), entries.size());
    QCOMPARE(describe(diffMetadata(a, a)), QStringList{});
}

void TestSpecDiff::testsAndExamples()
{
    CartonInfo a, b;
    SelfTest t1;
    t1.name = QStringLiteral("basic");
    t1.inputs = {{QStringLiteral("x"), QStringLiteral("@tensor_data/x")}};
    SelfTest unnamed;
    unnamed.inputs = {{QStringLiteral("x"), QStringLiteral("@tensor_data/x2")}};
    a.selfTests = {t1, unnamed};
    SelfTest t1b = t1;
    t1b.expectedOut = TensorRefs{{QStringLiteral("y"), QStringLiteral("@tensor_data/y")}};
    SelfTest t2;
    t2.name = QStringLiteral("edge");
    b.selfTests = {t1b, t2};
    Example ex;
    ex.name = QStringLiteral("demo");
    ex.sampleOut = {{QStringLiteral("y"), QStringLiteral("@misc/out.png")}};
    a.examples = {ex};
    b.examples = {ex};
    const QList<DiffEntry> entries = diffTestsAndExamples(a, b);
    QCOMPARE(describe(entries),
             (QStringList{"basic||compatible|changed", "self-test #1||compatible|removed", "edge||compatible|added"}));
    QCOMPARE(entries.constLast().section, DiffSection::Examples);
    QCOMPARE(entries.constLast().kind, ChangeKind::Unchanged);
    QVERIFY(entries.at(0).after.contains(u"expected_out: y=@tensor_data/y"));
}

QTEST_GUILESS_MAIN(TestSpecDiff)
#include "tst_specdiff.moc"
