// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// What model files make a runtime do, in the safety scan: an ONNX initializer
// whose external data lies outside the model's folder (critical), GGUF chat
// templates that reach Python's internals (critical) or not (info). On folder
// cartons and on bare files, with ONNX protobuf and GGUF bytes written here.
#include "../model/ggufwriter.h"
#include "scan/modelchecks.h"
#include "scan/safetyscanner.h"
#include "testutil.h"

#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

namespace {

QByteArray varint(quint64 v)
{
    QByteArray out;
    do {
        out += char((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    return out;
}
QByteArray len(int field, const QByteArray &payload)
{
    return varint(quint64(field) << 3 | 2) + varint(quint64(payload.size())) + payload;
}
QByteArray num(int field, quint64 v)
{
    return varint(quint64(field) << 3) + varint(v);
}

// ModelProto{ir_version 8, graph{initializer "w": float[4] stored at `location`}}.
QByteArray onnxWithExternal(const QByteArray &location)
{
    const QByteArray tensor =
        num(1, 4) + num(2, 1) + len(8, "w") + len(13, len(1, "location") + len(2, location)) + num(14, 1);
    return num(1, 8) + len(7, len(5, tensor) + len(2, "g"));
}

QByteArray ggufWithTemplate(const QByteArray &chatTemplate)
{
    testutil::GgufWriter w;
    w.kv("general.architecture", testutil::GgufWriter::String, testutil::GgufWriter::str("llama"));
    w.kv("tokenizer.chat_template", testutil::GgufWriter::String, testutil::GgufWriter::str(chatTemplate));
    w.tensor({"t", {4}, 0, QByteArray(16, '\0'), std::nullopt});
    return w.build();
}

const QByteArray kToml = "spec_version = 1\nmodel_name = \"m\"\n[runner]\nrunner_name = \"noop\"\n"
                         "required_framework_version = \"=1.0.0\"\nrunner_compat_version = 1\n";

// A benign chat template as Llama-2's: roles as string literals ('system' is no call).
const QByteArray kBenignTemplate =
    "{% for message in messages %}{% if message['role'] == 'system' %}<<SYS>>{{ message['content'] }}<</SYS>>"
    "{% elif message['role'] == 'user' %}[INST] {{ message['content'] | trim }} [/INST]{% else %}"
    "{{ message['content'] }}{% endif %}{% endfor %}";

QList<ScanFinding> findingsOf(const ScanReport &report, ScanSeverity severity)
{
    QList<ScanFinding> out;
    for (const ScanFinding &f : report.findings)
        if (f.severity == severity)
            out << f;
    return out;
}

} // namespace

class TestModelChecks : public QObject {
    Q_OBJECT
private slots:
    void onnxExternalDataOutside_data();
    void onnxExternalDataOutside();
    void onnxExternalDataInsideIsNoFinding();
    void chatTemplates_data();
    void chatTemplates();
    void ggufInCartonAndBare();
};

void TestModelChecks::onnxExternalDataOutside_data()
{
    QTest::addColumn<QByteArray>("location");
    QTest::newRow("parent folders") << QByteArray("../../../etc/passwd");
    QTest::newRow("absolute") << QByteArray("/etc/shadow");
    QTest::newRow("inner parent") << QByteArray("a/../../x.bin");
}

void TestModelChecks::onnxExternalDataOutside()
{
    QFETCH(QByteArray, location);
    QTemporaryDir dir;
    // In a folder carton.
    QVERIFY(testutil::writeFile(dir.filePath(u"c/carton.toml"_s), kToml));
    QVERIFY(testutil::writeFile(dir.filePath(u"c/model/model.onnx"_s), onnxWithExternal(location)));
    ScanReport report = SafetyScanner::scan(dir.filePath(u"c"_s));
    QList<ScanFinding> critical = findingsOf(report, ScanSeverity::Critical);
    QCOMPARE(critical.size(), 1);
    QCOMPARE(critical[0].file, u"model/model.onnx"_s);
    QCOMPARE(critical[0].category, ScanCategory::Archive);
    QCOMPARE(critical[0].what, u"ONNX external data outside the model's folder"_s);
    QVERIFY2(critical[0].detail.contains(QString::fromUtf8(location)), qPrintable(critical[0].detail));
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    // A bare file given to the scan.
    const QString bare = dir.filePath(u"bare/model.onnx"_s);
    QVERIFY(testutil::writeFile(bare, onnxWithExternal(location)));
    report = SafetyScanner::scan(bare);
    critical = findingsOf(report, ScanSeverity::Critical);
    QCOMPARE(critical.size(), 1);
    QCOMPARE(critical[0].file, u"model.onnx"_s);
    QCOMPARE(report.status, ScanStatus::Complete);
}

void TestModelChecks::onnxExternalDataInsideIsNoFinding()
{
    QTemporaryDir dir;
    QVERIFY(testutil::writeFile(dir.filePath(u"c/carton.toml"_s), kToml));
    QVERIFY(testutil::writeFile(dir.filePath(u"c/model/model.onnx"_s), onnxWithExternal("weights.bin")));
    QVERIFY(testutil::writeFile(dir.filePath(u"c/model/weights.bin"_s), QByteArray(16, '\0')));
    const ScanReport report = SafetyScanner::scan(dir.filePath(u"c"_s));
    QVERIFY(findingsOf(report, ScanSeverity::Critical).isEmpty());
    QVERIFY(findingsOf(report, ScanSeverity::High).isEmpty());
}

void TestModelChecks::chatTemplates_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("critical");
    QTest::addColumn<QString>("names");
    QTest::newRow("benign") << kBenignTemplate << false << QString();
    QTest::newRow("globals to os") << QByteArray("{{ cycler.__init__.__globals__.os.popen('id').read() }}") << true
                                   << u"__init__, __globals__, os, popen"_s;
    QTest::newRow("class walk") << QByteArray("{% for c in ''.__class__.__mro__[1].__subclasses__() %}{% endfor %}")
                                << true << u"__class__, __mro__, __subclasses__"_s;
    QTest::newRow("attr filter string") << QByteArray("{{ (lipsum|attr('__globals__'))['__builtins__'] }}") << true
                                        << u"__globals__, __builtins__"_s;
    QTest::newRow("jinja import") << QByteArray("{% import 'macros.j2' as m %}{{ m.x() }}") << true << u"import"_s;
    QTest::newRow("subprocess") << QByteArray("{{ self._TemplateReference__context.subprocess }}") << true
                                << u"subprocess"_s;
    // In literal text (outside {{ }} and {% %}) nothing runs.
    QTest::newRow("words in text") << QByteArray("Use os and subprocess wisely. {{ messages[0]['content'] }}") << false
                                   << QString();
}

void TestModelChecks::chatTemplates()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, critical);
    QFETCH(QString, names);
    const ScanFinding f =
        ModelChecks::chatTemplate(u"model/m.gguf"_s, u"tokenizer.chat_template"_s, QString::fromUtf8(text));
    QCOMPARE(f.severity, critical ? ScanSeverity::Critical : ScanSeverity::Info);
    QCOMPARE(f.file, u"model/m.gguf: tokenizer.chat_template"_s);
    if (critical)
        QCOMPARE(f.what, u"chat template reaches "_s + names);
}

void TestModelChecks::ggufInCartonAndBare()
{
    QTemporaryDir dir;
    // The dangerous part after 4 KiB: the scan reads the template whole.
    const QByteArray evil = QByteArray(5000, ' ') + "{{ cycler.__init__.__globals__.os.popen('id').read() }}";
    QVERIFY(testutil::writeFile(dir.filePath(u"c/carton.toml"_s), kToml));
    QVERIFY(testutil::writeFile(dir.filePath(u"c/model/evil.gguf"_s), ggufWithTemplate(evil)));
    QVERIFY(testutil::writeFile(dir.filePath(u"c/model/good.gguf"_s), ggufWithTemplate(kBenignTemplate)));
    const ScanReport report = SafetyScanner::scan(dir.filePath(u"c"_s));
    const QList<ScanFinding> critical = findingsOf(report, ScanSeverity::Critical);
    QCOMPARE(critical.size(), 1);
    QCOMPARE(critical[0].file, u"model/evil.gguf: tokenizer.chat_template"_s);
    const QList<ScanFinding> info = findingsOf(report, ScanSeverity::Info);
    QVERIFY(std::any_of(info.cbegin(), info.cend(), [](const ScanFinding &f) {
        return f.file == u"model/good.gguf: tokenizer.chat_template" && f.what.startsWith(u"chat template (Jinja");
    }));
    // A bare GGUF file.
    const QString bare = dir.filePath(u"evil.gguf"_s);
    QVERIFY(testutil::writeFile(bare, ggufWithTemplate(evil)));
    const ScanReport single = SafetyScanner::scan(bare);
    QCOMPARE(findingsOf(single, ScanSeverity::Critical).size(), 1);
    QCOMPARE(single.status, ScanStatus::Complete);
    QCOMPARE(single.verdict(), ScanVerdict::Findings);
}

QTEST_GUILESS_MAIN(TestModelChecks)
#include "tst_modelchecks.moc"
