// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// checkSpecs(): shape symbols of [[input]]/[[output]] against the tensors each
// self-test and example feeds them, table-driven.
#include "tensor/tensorindex.h"
#include "validate/symbolbindings.h"
#include "validate/symbolcheck.h"
#include "validate/validator.h"
#include "validatetestutil.h"

#include <QRegularExpression>
#include <QTest>
#include <functional>

using namespace carton;
using namespace carton::testutil;
using namespace Qt::StringLiterals;

using Edit = std::function<void(CartonInfo &, TensorShapes &)>;
Q_DECLARE_METATYPE(Edit)

namespace {

TensorSpec spec(const QString &name, Shape shape)
{
    TensorSpec s;
    s.name = name;
    s.dtype = DType::Float32;
    s.shape = std::move(shape);
    return s;
}

Dim sym(const QString &name)
{
    return Dim::symbol(name);
}

SelfTest selfTest(const QString &suffix)
{
    SelfTest t;
    t.inputs = {{u"x"_s, u"@tensor_data/x"_s + suffix}, {u"y"_s, u"@tensor_data/y"_s + suffix}};
    t.expectedOut = TensorRefs{{u"out"_s, u"@tensor_data/o"_s + suffix}};
    return t;
}

// x: [n, 2], y: [n, *] -> out: [n, k]; one self-test feeding x0 [3, 2], y0 [3, 7], o0 [3, 5].
CartonInfo baseInfo()
{
    CartonInfo info;
    info.inputs = {spec(u"x"_s, Shape::dims({sym(u"n"_s), Dim::value(2)})),
                   spec(u"y"_s, Shape::dims({sym(u"n"_s), Dim::any()}))};
    info.outputs = {spec(u"out"_s, Shape::dims({sym(u"n"_s), sym(u"k"_s)}))};
    info.selfTests = {selfTest(u"0"_s)};
    info.runner.runnerName = u"noop"_s;
    info.runner.requiredFrameworkVersion = u"=1.0.0"_s;
    return info;
}

TensorShapes baseShapes()
{
    return {{u"x0"_s, {3, 2}}, {u"y0"_s, {3, 7}}, {u"o0"_s, {3, 5}}};
}

// "n: input[0].shape[0] input[1].shape[0] output[0].shape[0] | self_test[0]=3 | self_test[1]=4,5"
// ("S*" for a whole-shape symbol; "!" after a symbol that conflicts in a self-test).
QStringList render(const QList<SymbolSummary> &symbols)
{
    QStringList out;
    for (const SymbolSummary &s : symbols) {
        QStringList uses;
        for (const SymbolUse &u : s.uses)
            uses.append(u.field);
        QString line = s.name + (s.wholeShape ? u"*"_s : QString()) + (s.conflict ? u"!"_s : QString()) + u": "_s +
                       uses.join(u' ');
        for (const SymbolSectionBinding &b : s.bindings) {
            QStringList values;
            for (const SymbolValue &v : b.values)
                values.append(s.wholeShape ? shapeText(v.value) : QString::number(v.value.constFirst()));
            line += u" | "_s + b.section + u'=' + values.join(u',');
        }
        out.append(line);
    }
    return out;
}

const QString nUses = u"n: input[0].shape[0] input[1].shape[0] output[0].shape[0]"_s;
const QString kUses = u"k: output[0].shape[1]"_s;

} // namespace

class TestSymbolCheck : public QObject {
    Q_OBJECT

private slots:
    // A message given more arguments than it has placeholders makes Qt warn
    // ("QString::arg: 1 argument(s) missing"), and the text is wrong: fail on it.
    void init() { QTest::failOnWarning(QRegularExpression(QStringLiteral("QString::arg"))); }
    void check_data();
    void check();
    void conflictOnlyThroughTensors();
    void tensorShapesOfIndex();
    void manySpecsAndSelfTests();
};

void TestSymbolCheck::check_data()
{
    QTest::addColumn<Edit>("edit");
    // "E|W|I FIELD | message fragment": exactly these diagnostics, in any order.
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QStringList>("summary");

    QTest::newRow("consistent") << Edit([](CartonInfo &, TensorShapes &) {}) << QStringList()
                                << QStringList{nUses + u" | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("conflicting dim symbol")
        << Edit([](CartonInfo &, TensorShapes &s) {
               s[u"o0"_s] = {4, 5};
           })
        << QStringList{u"E output[0].shape[0] | self_test[0]: symbol 'n' is 4 in output 'out' "
                       "(self_test[0].expected_out.out, tensor \"o0\" of shape [4, 5]) but 3 in input 'x' "
                       "(self_test[0].inputs.x, tensor \"x0\" of shape [3, 2])"_s}
        << QStringList{u"n!: input[0].shape[0] input[1].shape[0] output[0].shape[0] | self_test[0]=3,4"_s,
                       kUses + u" | self_test[0]=5"_s};
    QTest::newRow("conflict within one shape")
        << Edit([](CartonInfo &i, TensorShapes &) {
               i.inputs[0].shape = Shape::dims({sym(u"n"_s), sym(u"n"_s)});
           })
        << QStringList{u"E input[0].shape[1] | symbol 'n' is 2 in input 'x'"_s}
        << QStringList{u"n!: input[0].shape[0] input[0].shape[1] input[1].shape[0] "
                       "output[0].shape[0] | self_test[0]=3,2"_s,
                       kUses + u" | self_test[0]=5"_s};
    QTest::newRow("star differs at each use") << Edit([](CartonInfo &i, TensorShapes &s) {
        i.inputs[0].shape = Shape::dims({Dim::any(), Dim::value(2)});
        i.inputs[1].shape = Shape::dims({Dim::any(), Dim::any()});
        i.outputs[0].shape = Shape::dims({Dim::symbol(u"*"_s), sym(u"k"_s)});
        s[u"y0"_s] = {8, 1};
        s[u"o0"_s] = {9, 5};
    }) << QStringList() << QStringList{kUses + u" | self_test[0]=5"_s};
    QTest::newRow("any shape") << Edit([](CartonInfo &i, TensorShapes &s) {
        i.inputs[1].shape = Shape::any();
        s[u"y0"_s] = {1, 2, 3, 4};
    }) << QStringList()
                               << QStringList{u"n: input[0].shape[0] output[0].shape[0] | self_test[0]=3"_s,
                                              kUses + u" | self_test[0]=5"_s};
    QTest::newRow("scalar fed a scalar") << Edit([](CartonInfo &i, TensorShapes &s) {
        i.inputs[1].shape = Shape::scalar();
        s[u"y0"_s] = {};
    }) << QStringList()
                                         << QStringList{u"n: input[0].shape[0] output[0].shape[0] | self_test[0]=3"_s,
                                                        kUses + u" | self_test[0]=5"_s};
    QTest::newRow("scalar fed a vector")
        << Edit([](CartonInfo &i, TensorShapes &s) {
               i.inputs[1].shape = Shape::scalar();
               s[u"y0"_s] = {1};
           })
        << QStringList{u"W input[1].shape | self_test[0] feeds input 'y' tensor \"y0\" of shape [1] (1 dimension), but "
                       "input 'y' is declared [] (a scalar)"_s}
        << QStringList{u"n: input[0].shape[0] output[0].shape[0] | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("whole-shape symbols agree")
        << Edit([](CartonInfo &i, TensorShapes &s) {
               i.inputs[0].shape = Shape::symbol(u"S"_s);
               i.inputs[1].shape = Shape::symbol(u"S"_s);
               s[u"y0"_s] = {3, 2};
           })
        << QStringList()
        << QStringList{u"S*: input[0].shape input[1].shape | self_test[0]=[3, 2]"_s,
                       u"n: output[0].shape[0] | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("whole-shape symbol conflict") << Edit([](CartonInfo &i, TensorShapes &) {
        i.inputs[0].shape = Shape::symbol(u"S"_s);
        i.inputs[1].shape = Shape::symbol(u"S"_s);
    }) << QStringList{u"E input[1].shape | self_test[0]: shape symbol 'S' is [3, 7] in input 'y'"_s}
                                                 << QStringList{u"S*!: input[0].shape input[1].shape | "
                                                                "self_test[0]=[3, 2],[3, 7]"_s,
                                                                u"n: output[0].shape[0] | self_test[0]=3"_s,
                                                                kUses + u" | self_test[0]=5"_s};
    QTest::newRow("whole-shape and dim symbol apart")
        << Edit([](CartonInfo &i, TensorShapes &) { i.inputs[0].shape = Shape::symbol(u"n"_s); })
        << QStringList{u"I input[1].shape | symbol 'n' names one dimension of input 'y' but the whole shape of "
                       "input 'x'"_s}
        << QStringList{u"n*: input[0].shape | self_test[0]=[3, 2]"_s,
                       u"n: input[1].shape[0] output[0].shape[0] | "
                       "self_test[0]=3"_s,
                       kUses + u" | self_test[0]=5"_s};
    QTest::newRow("per self-test binding") << Edit([](CartonInfo &i, TensorShapes &s) {
        i.selfTests.append(selfTest(u"1"_s));
        s.insert(u"x1"_s, {5, 2});
        s.insert(u"y1"_s, {5, 1});
        s.insert(u"o1"_s, {5, 6});
    }) << QStringList()
                                           << QStringList{nUses + u" | self_test[0]=3 | self_test[1]=5"_s,
                                                          kUses + u" | self_test[0]=5 | self_test[1]=6"_s};
    QTest::newRow("conflict in one self-test of two") << Edit([](CartonInfo &i, TensorShapes &s) {
        i.selfTests.append(selfTest(u"1"_s));
        s.insert(u"x1"_s, {5, 2});
        s.insert(u"y1"_s, {6, 1});
        s.insert(u"o1"_s, {5, 6});
    }) << QStringList{u"E input[1].shape[0] | self_test[1]: symbol 'n' is 6 in input 'y'"_s}
                                                      << QStringList{u"n!: input[0].shape[0] input[1].shape[0] "
                                                                     "output[0].shape[0] | self_test[0]=3 | "
                                                                     "self_test[1]=5,6"_s,
                                                                     kUses + u" | self_test[0]=5 | self_test[1]=6"_s};
    QTest::newRow("same conflict in many self-tests") << Edit([](CartonInfo &i, TensorShapes &s) {
        s[u"o0"_s] = {4, 5};
        for (int n = 1; n < 6; ++n) {
            i.selfTests.append(selfTest(QString::number(n)));
            s.insert(u"x%1"_s.arg(n), {3, 2});
            s.insert(u"y%1"_s.arg(n), {3, 2});
            s.insert(u"o%1"_s.arg(n), {n == 3 ? 3 : 4, 5});
        }
    }) << QStringList{u"E output[0].shape[0] | (also in self_test[1], self_test[2], self_test[4] and 1 more)"_s}
                                                      << QStringList{u"n!: input[0].shape[0] input[1].shape[0] "
                                                                     "output[0].shape[0] | self_test[0]=3,4 | "
                                                                     "self_test[1]=3,4 | self_test[2]=3,4 | "
                                                                     "self_test[3]=3 | self_test[4]=3,4 | "
                                                                     "self_test[5]=3,4"_s,
                                                                     kUses + u" | self_test[0]=5 | self_test[1]=5 | "
                                                                             "self_test[2]=5 | self_test[3]=5 | "
                                                                             "self_test[4]=5 | self_test[5]=5"_s};
    QTest::newRow("rank mismatch") << Edit([](CartonInfo &, TensorShapes &s) {
        s[u"x0"_s] = {3, 2, 1};
    })
                                   << QStringList{u"W input[0].shape | self_test[0] feeds input 'x' tensor \"x0\" of "
                                                  "shape [3, 2, 1] (3 dimensions), but input 'x' is declared [n, 2] "
                                                  "(2 dimensions)"_s}
                                   << QStringList{nUses + u" | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("size mismatch") << Edit([](CartonInfo &, TensorShapes &s) {
        s[u"x0"_s] = {4, 9};
    }) << QStringList{u"W input[0].shape[1] | dimension 1 is 9, but it is declared 2"_s}
                                   << QStringList{nUses + u" | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("duplicate names") << Edit([](CartonInfo &i, TensorShapes &) { i.inputs[1].name = u"x"_s; })
                                     << QStringList{u"E input[1].name | duplicate input name \"x\" (also input[0])"_s}
                                     << QStringList{nUses + u" | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("empty name") << Edit([](CartonInfo &i, TensorShapes &) { i.outputs[0].name.clear(); })
                                << QStringList{u"E output[0].name | output name is empty"_s}
                                << QStringList{nUses + u" | self_test[0]=3"_s, kUses};
    QTest::newRow("inputs without outputs")
        << Edit([](CartonInfo &i, TensorShapes &) { i.outputs.clear(); })
        << QStringList{u"I output | 2 inputs are declared but no [[output]]; if you specify one input or output, you "
                       "must specify all inputs and outputs"_s}
        << QStringList{u"n: input[0].shape[0] input[1].shape[0] | self_test[0]=3"_s};
    QTest::newRow("outputs without inputs")
        << Edit([](CartonInfo &i, TensorShapes &) { i.inputs.clear(); })
        << QStringList{u"I input | 1 output is declared but no [[input]]"_s}
        << QStringList{u"n: output[0].shape[0] | self_test[0]=3"_s, kUses + u" | self_test[0]=5"_s};
    QTest::newRow("tensor not in the index") << Edit([](CartonInfo &, TensorShapes &s) { s.remove(u"o0"_s); })
                                             << QStringList() << QStringList{nUses + u" | self_test[0]=3"_s, kUses};
    QTest::newRow("example conflict is info")
        << Edit([](CartonInfo &i, TensorShapes &s) {
               Example e;
               e.inputs = {{u"x"_s, u"@tensor_data/x0"_s}, {u"y"_s, u"@misc/picture.png"_s}};
               e.sampleOut = {{u"out"_s, u"@tensor_data/oe"_s}};
               i.examples = {e};
               s.insert(u"oe"_s, {7, 1});
           })
        << QStringList{u"I output[0].shape[0] | example[0]: symbol 'n' is 7 in output 'out'"_s}
        << QStringList{nUses + u" | self_test[0]=3 | example[0]=3,7"_s, kUses + u" | self_test[0]=5 | example[0]=1"_s};
}

void TestSymbolCheck::check()
{
    QFETCH(Edit, edit);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, summary);

    CartonInfo info = baseInfo();
    TensorShapes shapes = baseShapes();
    edit(info, shapes);
    const SpecCheck result = checkSpecs(info, shapes);
    const Diagnostics &all = result.diagnostics;

    for (const QString &line : std::as_const(expected)) {
        const Severity severity = line.startsWith(u'E')   ? Severity::Error
                                  : line.startsWith(u'W') ? Severity::Warning
                                                          : Severity::Info;
        const qsizetype bar = line.indexOf(u" | "_s);
        const QString location = u"carton.toml: "_s + line.mid(2, bar - 2);
        const QString fragment = line.mid(bar + 3);
        QVERIFY2(findDiagnostic(all, severity, location, fragment),
                 qPrintable(u"expected %1 at %2 containing \"%3\"; got:\n%4"_s.arg(severityName(severity), location,
                                                                                   fragment, describe(all))));
    }
    QVERIFY2(all.size() == expected.size(), qPrintable(u"unexpected:\n"_s + describe(all)));
    QCOMPARE(render(result.symbols), summary);

    // validateInfo reports the same (it calls checkSpecs) and hands out the summary.
    QList<SymbolSummary> symbols;
    const Diagnostics viaInfo = validateInfo(info, shapes, &symbols);
    for (const Diagnostic &d : all)
        QVERIFY2(viaInfo.contains(d), qPrintable(d.location.toString() + u": "_s + d.message));
    QCOMPARE(symbols, result.symbols);
}

// The specs alone are consistent; only the tensors a self-test feeds show that
// 'n' would have to be both 3 and 4.
void TestSymbolCheck::conflictOnlyThroughTensors()
{
    const CartonInfo info = baseInfo();
    TensorShapes shapes = baseShapes();
    shapes[u"y0"_s] = {4, 7};
    QVERIFY2(withSeverity(validateInfo(info), Severity::Error).isEmpty(), qPrintable(describe(validateInfo(info))));
    const Diagnostics withTensors = validateInfo(info, shapes);
    QVERIFY2(findDiagnostic(withTensors, Severity::Error, u"carton.toml: input[1].shape[0]"_s,
                            u"symbol 'n' is 4 in input 'y'"_s),
             qPrintable(describe(withTensors)));
}

// The shapes validateCarton and the document pass: numeric/string tensors of
// the index by name; nested tensors have no shape.
void TestSymbolCheck::tensorShapesOfIndex()
{
    TensorIndexEntry x{u"x0"_s, DType::Float32, QList<qint64>{3, 2}, u"x0.bin"_s, {}, 0};
    const TensorShapes fromIndex = tensorShapesOf(TensorIndex({x, {u"rag"_s, DType::Nested, {}, {}, {u"x0"_s}, 0}}));
    QCOMPARE(fromIndex, (TensorShapes{{u"x0"_s, {3, 2}}}));
}

// 200 inputs and outputs and 100 self-tests (the size the editor must stay
// responsive with): one conflict among 20000 fed tensors is found and located.
void TestSymbolCheck::manySpecsAndSelfTests()
{
    CartonInfo info;
    TensorShapes shapes;
    for (int i = 0; i < 100; ++i) {
        info.inputs.append(spec(u"in%1"_s.arg(i), Shape::dims({sym(u"n"_s), sym(u"d%1"_s.arg(i))})));
        info.outputs.append(spec(u"out%1"_s.arg(i), Shape::dims({sym(u"n"_s), sym(u"d%1"_s.arg(i))})));
    }
    for (int t = 0; t < 100; ++t) {
        SelfTest test;
        TensorRefs outs;
        for (int i = 0; i < 100; ++i) {
            const QString in = u"t%1_in%2"_s.arg(t).arg(i), out = u"t%1_out%2"_s.arg(t).arg(i);
            test.inputs.append({u"in%1"_s.arg(i), u"@tensor_data/"_s + in});
            outs.append({u"out%1"_s.arg(i), u"@tensor_data/"_s + out});
            shapes.insert(in, {t + 1, i});
            shapes.insert(out, {t + 1, i == 50 && t == 99 ? 0 : i});
        }
        test.expectedOut = outs;
        info.selfTests.append(test);
    }
    const SpecCheck result = checkSpecs(info, shapes);
    QCOMPARE(result.diagnostics.size(), 1);
    QCOMPARE(result.diagnostics.first().location.toString(), u"carton.toml: output[50].shape[1]"_s);
    QCOMPARE(result.symbols.size(), 101);
    QCOMPARE(result.symbols.first().name, u"n"_s);
    QCOMPARE(result.symbols.first().bindings.size(), 100);
    QVERIFY(!result.symbols.first().conflict);
    QVERIFY(result.symbols.at(51).conflict); // d50
}

QTEST_GUILESS_MAIN(TestSymbolCheck)
#include "tst_symbolcheck.moc"
