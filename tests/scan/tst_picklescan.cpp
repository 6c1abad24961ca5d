// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The pickle disassembler and the allow-list: pickles written byte by byte, one
// per importing opcode, the known deny-list bypasses, and hostile/garbage input.
#include "scan/pickleallowlist.h"
#include "scan/pickledisassembler.h"
#include "scan/safetyscanner.h"
#include "scantestutil.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;
using namespace scantest;

namespace {
// "GLOBAL os.system", "REDUCE os.system", "EXT ?" for each distinct import.
QStringList refs(const PickleListing &listing)
{
    QStringList out;
    for (const PickleImport &i : listing.imports)
        out << pickleRefName(i.ref) + u' ' + (i.resolved ? i.qualifiedName() : u"?"_s);
    return out;
}
} // namespace

class TestPickleScan : public QObject {
    Q_OBJECT
private slots:
    void importingOpcodes_data();
    void importingOpcodes();
    void stackGlobalThroughMemo();
    void bypassPickles_data();
    void bypassPickles();
    void judge_data();
    void judge();
    void hostile_data();
    void hostile();
    void callsBeforeItFails_data();
    void callsBeforeItFails();
    void importsOnlyThenFails();
    void bareFileByContent_data();
    void bareFileByContent();
    void stackCap();
    void concatenatedLegacyPickles();
    void legacyTorchAtProtocol0();
    void neverExecutes();
};

void TestPickleScan::importingOpcodes_data()
{
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("protocol");
    QTest::newRow("GLOBAL+REDUCE") << globalReduce("os", "system", "id")
                                   << QStringList{u"GLOBAL os.system"_s, u"REDUCE os.system"_s} << 0;
    QTest::newRow("STACK_GLOBAL") << stackGlobalReduce("posix", "system", "id")
                                  << QStringList{u"STACK_GLOBAL posix.system"_s, u"REDUCE posix.system"_s} << 4;
    QTest::newRow("INST") << QByteArray("(S'id'\nios\nsystem\n.") << QStringList{u"INST os.system"_s} << 0;
    QTest::newRow("OBJ") << QByteArray("(cos\nsystem\nS'id'\no.")
                         << QStringList{u"GLOBAL os.system"_s, u"OBJ os.system"_s} << 0;
    QTest::newRow("NEWOBJ") << torchScriptDataPkl()
                            << QStringList{u"GLOBAL __torch__.Model"_s, u"NEWOBJ __torch__.Model"_s} << 2;
    QTest::newRow("EXT1") << QByteArray("\x80\x02\x82\x01)R.") << QStringList{u"EXT ?"_s, u"REDUCE ?"_s} << 2;
    QTest::newRow("STACK_GLOBAL of bytes") << QByteArray("\x80\x04"
                                                         "C\x02os"
                                                         "C\x06system"
                                                         "\x93)R.")
                                           << QStringList{u"STACK_GLOBAL ?"_s, u"REDUCE ?"_s} << 4;
    QTest::newRow("REDUCE of a call result") << QByteArray("cbuiltins\ngetattr\n(cbuiltins\nobject\nS'x'\ntR(S'a'\ntR.")
                                             << QStringList{u"GLOBAL builtins.getattr"_s, u"GLOBAL builtins.object"_s,
                                                            u"REDUCE builtins.getattr"_s, u"REDUCE ?"_s}
                                             << 0;
    QTest::newRow("allowed tensor") << QByteArray("\x80\x02"
                                                  "ctorch._utils\n_rebuild_tensor_v2\n"
                                                  ")R.")
                                    << QStringList{u"GLOBAL torch._utils._rebuild_tensor_v2"_s,
                                                   u"REDUCE torch._utils._rebuild_tensor_v2"_s}
                                    << 2;
    // Streams Python's unpickler accepts (python3 3.11): refusing one would call a
    // pickle "not a pickle" and read no further.
    QTest::newRow("STOP with two items") << QByteArray("\x80\x02NN.") << QStringList{} << 2;
    QTest::newRow("STOP with a MARK left") << QByteArray("(N.") << QStringList{} << 0;
    QTest::newRow("protocol 0 dict") << QByteArray("(dp0\nVa\np1\nI1\nsVb\np2\n(lp3\nF1.5\naVx\np4\nas.")
                                     << QStringList{} << 0;
    // Protocol 0 keeps bytes as long text lines: no cap on them, they are skipped.
    QTest::newRow("100 KB protocol 0 string")
        << QByteArray("S'" + QByteArray(100'000, 'a') + "'\n.") << QStringList{} << 0;
    QTest::newRow("100 KB protocol 0 unicode")
        << QByteArray("V" + QByteArray(100'000, 'b') + "\np0\n.") << QStringList{} << 0;
}

void TestPickleScan::importingOpcodes()
{
    QFETCH(QByteArray, pickle);
    QFETCH(QStringList, expected);
    QFETCH(int, protocol);
    const PickleListing listing = PickleDisassembler::disassemble(pickle, u"t.pkl"_s);
    QVERIFY2(listing.complete(), qPrintable(listing.error->toString()));
    QCOMPARE(refs(listing), expected);
    QCOMPARE(listing.protocol, protocol);
    QCOMPARE(listing.pickles, 1);
    QCOMPARE(listing.bytes, pickle.size());
}

void TestPickleScan::stackGlobalThroughMemo()
{
    // The module string is stored in memo 0, popped, fetched back with BINGET.
    const QByteArray pickle = QByteArray("\x80\x04", 2) + shortUnicode("builtins") + QByteArray("q\x00", 2) + "0" +
                              QByteArray("h\x00", 2) + shortUnicode("eval") + "\x93" + shortUnicode("1+1") + "\x85R.";
    const PickleListing listing = PickleDisassembler::disassemble(pickle, u"memo.pkl"_s);
    QVERIFY(listing.complete());
    QCOMPARE(refs(listing), (QStringList{u"STACK_GLOBAL builtins.eval"_s, u"REDUCE builtins.eval"_s}));
    QCOMPARE(listing.imports.front().detail, u"module from memo 0"_s);
    QCOMPARE(listing.imports.front().offset, 23); // after PROTO, the string, BINPUT, POP, BINGET, the name
}

void TestPickleScan::bypassPickles_data()
{
    // Deny-list bypasses and classic payloads, each a real pickle written here.
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QString>("finding");
    const QByteArray methodcaller = QByteArray("\x80\x04", 2) + shortUnicode("operator") +
                                    shortUnicode("methodcaller") + "\x93" + shortUnicode("system") +
                                    shortUnicode("id") + "\x86R" + shortUnicode("os") + "\x85R.";
    QTest::newRow("operator.methodcaller") << methodcaller << u"imports operator.methodcaller"_s;
    QTest::newRow("functools.partial") << globalReduce("functools", "partial", "x") << u"imports functools.partial"_s;
    QTest::newRow("pkgutil.resolve_name")
        << globalReduce("pkgutil", "resolve_name", "os:system") << u"imports pkgutil.resolve_name"_s;
    QTest::newRow("builtins.getattr") << stackGlobalReduce("builtins", "getattr", "x") << u"imports builtins.getattr"_s;
    QTest::newRow("builtins.eval") << stackGlobalReduce("builtins", "eval", "1") << u"imports builtins.eval"_s;
    QTest::newRow("builtins.exec") << globalReduce("builtins", "exec", "pass") << u"imports builtins.exec"_s;
    QTest::newRow("os.system") << globalReduce("os", "system", "id") << u"imports os.system"_s;
    QTest::newRow("nt.system") << globalReduce("nt", "system", "dir") << u"imports nt.system"_s;
    QTest::newRow("subprocess.Popen") << stackGlobalReduce("subprocess", "Popen", "id")
                                      << u"imports subprocess.Popen"_s;
    QTest::newRow("INST subprocess") << QByteArray("(S'id'\nisubprocess\ncheck_output\n.")
                                     << u"imports subprocess.check_output"_s;
    QTest::newRow("attribute path") << stackGlobalReduce("builtins", "__import__.os", "x")
                                    << u"imports builtins.__import__.os"_s;
}

void TestPickleScan::bypassPickles()
{
    QFETCH(QByteArray, pickle);
    QFETCH(QString, finding);
    QTemporaryDir dir;
    const QString path = dir.filePath(u"payload.pkl"_s);
    QVERIFY(ziptest::writeFile(path, pickle));
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    QCOMPARE(report.findings.front().severity, ScanSeverity::Critical);
    QCOMPARE(report.findings.front().what, finding);
    QCOMPARE(report.findings.front().category, ScanCategory::Pickle);
}

void TestPickleScan::judge_data()
{
    QTest::addColumn<QString>("module");
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<int>("severity");
    const int critical = int(ScanSeverity::Critical), high = int(ScanSeverity::High), info = int(ScanSeverity::Info);
    QTest::newRow("rebuild_tensor_v2") << u"torch._utils"_s << u"_rebuild_tensor_v2"_s << true << info;
    QTest::newRow("FloatStorage") << u"torch"_s << u"FloatStorage"_s << true << info;
    QTest::newRow("OrderedDict") << u"collections"_s << u"OrderedDict"_s << true << info;
    QTest::newRow("numpy reconstruct") << u"numpy.core.multiarray"_s << u"_reconstruct"_s << true << info;
    QTest::newRow("numpy dtype") << u"numpy"_s << u"dtype"_s << true << info;
    QTest::newRow("torchscript class") << u"__torch__.models"_s << u"Net"_s << true << info;
    QTest::newRow("nn layer") << u"torch.nn.modules.linear"_s << u"Linear"_s << true << info;
    QTest::newRow("os.system") << u"os"_s << u"system"_s << false << critical;
    QTest::newRow("posix.system") << u"posix"_s << u"system"_s << false << critical;
    QTest::newRow("subprocess.Popen") << u"subprocess"_s << u"Popen"_s << false << critical;
    QTest::newRow("subprocess.check_output") << u"subprocess"_s << u"check_output"_s << false << critical;
    QTest::newRow("methodcaller") << u"operator"_s << u"methodcaller"_s << false << critical;
    QTest::newRow("attrgetter") << u"_operator"_s << u"attrgetter"_s << false << critical;
    QTest::newRow("functools.partial") << u"functools"_s << u"partial"_s << false << critical;
    QTest::newRow("pkgutil.resolve_name") << u"pkgutil"_s << u"resolve_name"_s << false << critical;
    QTest::newRow("builtins.getattr") << u"builtins"_s << u"getattr"_s << false << critical;
    QTest::newRow("builtins.eval") << u"builtins"_s << u"eval"_s << false << critical;
    QTest::newRow("builtins.exec") << u"builtins"_s << u"exec"_s << false << critical;
    QTest::newRow("__builtin__.eval") << u"__builtin__"_s << u"eval"_s << false << critical;
    QTest::newRow("importlib") << u"importlib"_s << u"import_module"_s << false << critical;
    QTest::newRow("torch.load") << u"torch"_s << u"load"_s << false << critical;
    QTest::newRow("attribute path") << u"torch"_s << u"os.system"_s << false << critical;
    QTest::newRow("unknown module") << u"mypackage.layers"_s << u"Custom"_s << false << high;
    QTest::newRow("nn function") << u"torch.nn.modules.linear"_s << u"math"_s << false << high;
    QTest::newRow("torch other") << u"torch"_s << u"from_numpy"_s << false << high;
}

void TestPickleScan::judge()
{
    QFETCH(QString, module);
    QFETCH(QString, name);
    QFETCH(bool, allowed);
    QFETCH(int, severity);
    const PickleJudgement j = PickleAllowList::judge(module, name);
    QCOMPARE(j.allowed, allowed);
    if (!allowed) {
        QCOMPARE(int(j.severity), severity);
        QVERIFY(!j.why.isEmpty());
    } else {
        QVERIFY(j.why.isEmpty());
    }
}

void TestPickleScan::hostile_data()
{
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const int format = int(ErrorCode::Format), limit = int(ErrorCode::Limit);
    QTest::newRow("empty") << QByteArray() << format << u"truncated pickle"_s;
    QTest::newRow("truncated string") << QByteArray("\x80\x04\x8c\x05pos") << format << u"truncated pickle"_s;
    QTest::newRow("no STOP") << QByteArray("\x80\x02N") << format << u"before its STOP"_s;
    QTest::newRow("bad opcode") << QByteArray("\x80\x02\xff.") << format << u"not a pickle opcode"_s;
    QTest::newRow("bad protocol") << QByteArray("\x80\x09N.") << format << u"protocol 9"_s;
    QTest::newRow("huge BINUNICODE") << QByteArray("\x80\x04X\xff\xff\xff\x7f"
                                                   "abc")
                                     << format << u"2147483647-byte string"_s;
    // Declared past the end: known as truncation without reading on (not a cap).
    QTest::newRow("BINUNICODE8 past the end")
        << QByteArray("\x80\x04\x8d\xff\xff\xff\xff\xff\xff\xff\x7f") << format << u"truncated pickle"_s;
    QTest::newRow("underflow") << QByteArray("\x80\x02R.") << format << u"stack underflow"_s;
    QTest::newRow("memo miss") << QByteArray("\x80\x02h\x05.") << format << u"memo key 5 was never stored"_s;
    QTest::newRow("OBJ without mark") << QByteArray("\x80\x02No.") << format << u"OBJ without a MARK"_s;
    QTest::newRow("STOP on a bare MARK") << QByteArray("\x80\x02(.") << format << u"stack underflow"_s;
    QTest::newRow("unterminated GLOBAL") << QByteArray("cos\nsyst") << format << u"no end of line"_s;
    QTest::newRow("garbage") << QByteArray("\x00\x01\x02\x03", 4) << format << u"not a pickle opcode"_s;
    // picklescan's not_a_pickle.bin: Python's unpickler fails decoding the name, before any import.
    QTest::newRow("GLOBAL name not UTF-8") << QByteArray("cmod\n\xf8\n") << format << u"is not UTF-8"_s;
    QTest::newRow("GLOBAL module not UTF-8")
        << QByteArray("c\xc3\x28os\nsystem\n(S'id'\ntR.") << format << u"is not UTF-8"_s;
    QTest::newRow("empty GLOBAL module") << QByteArray("c\nsystem\n)R.") << format << u"empty module name"_s;
    // CPython's INST wants its MARK before it reads the names, and ASCII names.
    QTest::newRow("INST without MARK") << QByteArray("ios\nsystem\n.") << format << u"INST without a MARK"_s;
    QTest::newRow("PERSID not ASCII (as in a zip read as a pickle)")
        << QByteArray("PK\x14\x01\x93\n" + globalReduce("os", "system", "id")) << format << u"is not ASCII"_s;
    QTest::newRow("INST name not ASCII") << QByteArray("(S'id'\nios\nsyst\xc3\xa9m\n.") << format << u"is not ASCII"_s;
    // A name longer than the cap could still reach os.system through an attribute
    // path (os.path.os.path...): a cap, never "not a pickle".
    QTest::newRow("GLOBAL name over the cap")
        << QByteArray("cos\n" + QByteArray("path.os.").repeated(9000) + "system\n)R.") << limit
        << u"longer than 65536 bytes"_s;
}

void TestPickleScan::hostile()
{
    QFETCH(QByteArray, pickle);
    QFETCH(int, code);
    QFETCH(QString, message);
    const PickleListing listing = PickleDisassembler::disassemble(pickle, u"bad.pkl"_s);
    QVERIFY(!listing.complete());
    QCOMPARE(int(listing.error->code), code);
    QCOMPARE(listing.error->location, u"bad.pkl"_s);
    QVERIFY2(listing.error->message.contains(message), qPrintable(listing.error->message));
    QVERIFY2(listing.error->message.startsWith(u"offset "), qPrintable(listing.error->message));
    QVERIFY(listing.imports.isEmpty()); // nothing imported before the failure
    // A format error before any call: not a pickle (Python's unpickler fails there too).
    QCOMPARE(listing.notPickle, code == int(ErrorCode::Format));

    // In a scan of the bare file: never "no findings", never an import finding.
    QTemporaryDir dir;
    const QString path = dir.filePath(u"bad.pkl"_s);
    QVERIFY(ziptest::writeFile(path, pickle));
    const ScanReport report = SafetyScanner::scan(path);
    QCOMPARE(report.verdict(), ScanVerdict::Unknown);
    QCOMPARE(report.problems.size(), 1);
    if (code == int(ErrorCode::Limit)) {
        QCOMPARE(report.status, ScanStatus::Incomplete);
        QVERIFY(report.problems.front().contains(message));
        QCOMPARE(report.pickles.size(), 1);
        QVERIFY(report.findings.isEmpty());
        return;
    }
    QCOMPARE(report.status, ScanStatus::Failed);
    QCOMPARE(report.problems.front(), u"bad.pkl: not a carton, a zip, a tar or a pickle: the scan reads only those"_s);
    QVERIFY(report.pickles.isEmpty());
    QCOMPARE(report.findings.size(), 1);
    const ScanFinding &f = report.findings.front();
    QCOMPARE(f.severity, ScanSeverity::Info);
    QCOMPARE(f.category, ScanCategory::Pickle);
    QCOMPARE(f.file, u"bad.pkl"_s);
    QCOMPARE(f.what, u"not a pickle"_s);
    QVERIFY2(f.detail.contains(message), qPrintable(f.detail));
}

void TestPickleScan::callsBeforeItFails_data()
{
    // The unpickler runs each opcode as it reads it: a call before garbage or a
    // cut still runs. Such data is a pickle, with its findings (and incomplete).
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QString>("finding");
    QTest::addColumn<QString>("message");
    // As picklescan's broken_model.pkl: REDUCE, then BINUNICODE cut short.
    QTest::newRow("exec, then cut") << QByteArrayLiteral("cbuiltins\nexec\n(X\x04\0\0\0passtRX.")
                                    << u"imports builtins.exec"_s << u"truncated pickle"_s;
    QTest::newRow("os.system, then garbage") << QByteArray(globalReduce("os", "system", "id").chopped(1) + "\xff")
                                             << u"imports os.system"_s << u"not a pickle opcode"_s;
    QTest::newRow("protocol 1 OBJ, then no STOP")
        << QByteArrayLiteral("(cposix\nsystem\nX\x02\0\0\0ido") << u"imports posix.system"_s << u"before its STOP"_s;
    QTest::newRow("INST, then garbage") << QByteArray("(S'id'\nisubprocess\ncheck_output\n\xff")
                                        << u"imports subprocess.check_output"_s << u"not a pickle opcode"_s;
}

void TestPickleScan::callsBeforeItFails()
{
    QFETCH(QByteArray, pickle);
    QFETCH(QString, finding);
    QFETCH(QString, message);
    const PickleListing listing = PickleDisassembler::disassemble(pickle, u"broken.pkl"_s);
    QVERIFY(!listing.complete());
    QVERIFY(!listing.notPickle);
    QCOMPARE(listing.error->code, ErrorCode::Format);
    QVERIFY2(listing.error->message.contains(message), qPrintable(listing.error->message));

    QTemporaryDir dir;
    const QString path = dir.filePath(u"broken.pkl"_s);
    QVERIFY(ziptest::writeFile(path, pickle));
    const ScanReport report = SafetyScanner::scan(path);
    QCOMPARE(report.status, ScanStatus::Incomplete);
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    QCOMPARE(report.findings.front().severity, ScanSeverity::Critical);
    QCOMPARE(report.findings.front().what, finding);
    QCOMPARE(report.pickles.size(), 1);
    QCOMPARE(report.problems.size(), 1);
    QVERIFY(report.problems.front().contains(message));
}

void TestPickleScan::importsOnlyThenFails()
{
    // An import and nothing called, then garbage: Python imports os and fails.
    // Not a pickle; the import is named in the detail, not a finding.
    QTemporaryDir dir;
    const QString path = dir.filePath(u"half.bin"_s);
    QVERIFY(ziptest::writeFile(path, "cos\nsystem\n\xff\xfe"));
    const ScanReport report = SafetyScanner::scan(path);
    QCOMPARE(report.status, ScanStatus::Failed);
    QCOMPARE(report.count(ScanSeverity::Critical) + report.count(ScanSeverity::High), 0);
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings.front().what, u"not a pickle"_s);
    QVERIFY2(report.findings.front().detail.endsWith(u"; before that it names os.system (imported, never called)"_s),
             qPrintable(report.findings.front().detail));
}

void TestPickleScan::bareFileByContent_data()
{
    // A bare file is read as a pickle whatever its name: protocols 0 and 1 have
    // no PROTO opcode, so no first byte says "pickle" either.
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QString>("finding");
    QTest::newRow("protocol 0 model.safetensors")
        << u"model.safetensors"_s << protocol0Reduce("os", "system", "id") << u"imports os.system"_s;
    QTest::newRow("protocol 1 README") << u"README"_s << protocol1Reduce("posix", "system", "id")
                                       << u"imports posix.system"_s;
    QTest::newRow("protocol 4 notes.txt")
        << u"notes.txt"_s << stackGlobalReduce("builtins", "eval", "1") << u"imports builtins.eval"_s;
    QTest::newRow("benign protocol 0 x.json") << u"x.json"_s << protocol0OrderedDict() << QString();
}

void TestPickleScan::bareFileByContent()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, pickle);
    QFETCH(QString, finding);
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QVERIFY(ziptest::writeFile(path, pickle));
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.pickles.size(), 1);
    QCOMPARE(report.pickles.front().file, name);
    if (finding.isEmpty()) {
        QCOMPARE(report.verdict(), ScanVerdict::NoFindings);
        QVERIFY(report.findings.isEmpty());
        return;
    }
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings.front().severity, ScanSeverity::Critical);
    QCOMPARE(report.findings.front().what, finding);
}

void TestPickleScan::stackCap()
{
    PickleLimits limits;
    limits.maxStackDepth = 100;
    const QByteArray marks = "\x80\x02" + QByteArray(200, '(');
    const PickleListing listing = PickleDisassembler::disassemble(marks, u"deep.pkl"_s, limits);
    QVERIFY(!listing.complete());
    QCOMPARE(listing.error->code, ErrorCode::Limit);
    QVERIFY(listing.error->message.contains(u"limit of 100"_s));
    limits = {};
    limits.maxOpcodes = 50;
    QCOMPARE(PickleDisassembler::disassemble(QByteArray("\x80\x02" + QByteArray(60, 'N')), u"x"_s, limits).error->code,
             ErrorCode::Limit);
    limits = {};
    limits.maxMemoEntries = 10;
    QByteArray memo = "\x80\x04N";
    for (int i = 0; i < 20; ++i)
        memo += "\x94";
    QCOMPARE(PickleDisassembler::disassemble(memo, u"x"_s, limits).error->code, ErrorCode::Limit);
    limits = {};
    limits.maxBytes = 1000;
    const QByteArray big =
        QByteArray("\x80\x04\x8e", 3) + QByteArray::fromHex("a00f000000000000") + QByteArray(5000, 'x');
    const PickleListing capped = PickleDisassembler::disassemble(big, u"big.pkl"_s, limits);
    QCOMPARE(capped.error->code, ErrorCode::Limit);
}

void TestPickleScan::concatenatedLegacyPickles()
{
    // Legacy torch.save: several pickles one after another, then raw storage bytes.
    const QByteArray data = QByteArray("\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19.", 15) +
                            "\x80\x02K\xe9." + "\x80\x02" + globalReduce("os", "system", "id").mid(0) +
                            QByteArray(64, '\0');
    const PickleListing listing = PickleDisassembler::disassemble(data, u"legacy.pth"_s);
    QVERIFY2(listing.complete(), qPrintable(listing.error ? listing.error->toString() : QString()));
    QCOMPARE(listing.pickles, 3);
    QVERIFY(listing.trailingData);
    QCOMPARE(refs(listing), (QStringList{u"GLOBAL os.system"_s, u"REDUCE os.system"_s}));
    QCOMPARE(listing.bytes, data.size() - 64);
    // Not concatenated (inside a TorchScript zip): only the first pickle is read.
    const PickleListing first = PickleDisassembler::disassemble(data, u"x"_s, {}, false);
    QCOMPARE(first.pickles, 1);
    QVERIFY(first.imports.isEmpty());
}

void TestPickleScan::legacyTorchAtProtocol0()
{
    // torch.save(..., _use_new_zipfile_serialization=False, pickle_protocol=0):
    // four pickles without PROTO, then storages. torch.load unpickles the fourth.
    const QByteArray data = legacyTorchProtocol0(protocol0Reduce("os", "system", "id"));
    const PickleListing listing = PickleDisassembler::disassemble(data, u"pytorch_model.bin"_s);
    QVERIFY2(listing.complete(), qPrintable(listing.error ? listing.error->toString() : QString()));
    QCOMPARE(listing.pickles, 4);
    QCOMPARE(listing.protocol, 0);
    QVERIFY(listing.trailingData);
    QCOMPARE(refs(listing), (QStringList{u"GLOBAL os.system"_s, u"REDUCE os.system"_s}));

    // Storage bytes that start a pickle and import before failing are not one:
    // what they named is not kept.
    const QByteArray tail = legacyTorchProtocol0(protocol0OrderedDict(), "cos\nsystem\n\xff");
    const PickleListing benign = PickleDisassembler::disassemble(tail, u"x.pth"_s);
    QVERIFY(benign.complete());
    QCOMPARE(benign.pickles, 4);
    QVERIFY(benign.trailingData);
    QCOMPARE(refs(benign), (QStringList{u"GLOBAL collections.OrderedDict"_s, u"REDUCE collections.OrderedDict"_s}));
}

void TestPickleScan::neverExecutes()
{
    // A pickle that creates a file when unpickled. The scan lists it and leaves no file.
    QTemporaryDir dir;
    const QString target = dir.filePath(u"pwned-by-scan"_s);
    const QString path = dir.filePath(u"evil.pkl"_s);
    QVERIFY(ziptest::writeFile(path, globalReduce("os", "system", "touch " + target.toUtf8())));
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY(!QFileInfo::exists(target));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings.front().severity, ScanSeverity::Critical);
    QCOMPARE(report.findings.front().what, u"imports os.system"_s);

    // The payload is real: Python's unpickler runs it (on a copy naming another file).
    const QString proof = dir.filePath(u"pwned-by-python"_s);
    const QString copy = dir.filePath(u"proof.pkl"_s);
    QVERIFY(ziptest::writeFile(copy, globalReduce("os", "system", "touch " + proof.toUtf8())));
    QProcess python;
    python.start(u"/usr/bin/python3"_s, {u"-c"_s, u"import pickle,sys; pickle.load(open(sys.argv[1],'rb'))"_s, copy});
    QVERIFY(python.waitForFinished(60000));
    QCOMPARE(python.exitCode(), 0);
    QVERIFY(QFileInfo::exists(proof));
    QVERIFY(!QFileInfo::exists(target));
}

QTEST_GUILESS_MAIN(TestPickleScan)
#include "tst_picklescan.moc"
