// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// SafetyScanner on whole cartons built in code (TorchScript-like model.pt stored or
// zstd-compressed, hostile pickles inside, Python code, native binaries, archive
// tricks, hosts) and on the real upstream TorchScript model when ../shared is there.
#include "fixturepolicy.h"
#include "package/carton.h"
#include "scan/safetyscanner.h"
#include "scantestutil.h"
#include "testpaths.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;
using namespace scantest;

namespace {
QStringList whats(const ScanReport &r, ScanSeverity severity)
{
    QStringList out;
    for (const ScanFinding &f : r.findings)
        if (f.severity == severity)
            out << f.file + u": "_s + f.what;
    return out;
}
} // namespace

class TestSafetyScan : public QObject {
    Q_OBJECT
private slots:
    void torchScriptCarton_data();
    void torchScriptCarton();
    void hostileModelPt();
    void codeAndBinaries();
    void archiveTricks();
    void truncatedPickleInCarton();
    void pickleByContent_data();
    void pickleByContent();
    void notAPickleInCarton();
    void legacyTorchFileInCarton();
    void legacyTorchTarFile();
    void zipInsideZipFolderCarton();
    void openedCarton();
    void unreadable();
    void upstreamTorchScriptModel();

private:
    QString write(const QByteArray &zip, const QString &name = u"t.carton"_s)
    {
        const QString path = m_dir.filePath(name);
        return ziptest::writeFile(path, zip) ? path : QString();
    }
    QTemporaryDir m_dir;
};

void TestSafetyScan::torchScriptCarton_data()
{
    QTest::addColumn<bool>("compressed");
    QTest::newRow("stored model.pt") << false;
    QTest::newRow("zstd model.pt (as upstream writes)") << true;
}

void TestSafetyScan::torchScriptCarton()
{
    QFETCH(bool, compressed);
    const QByteArray pt = torchScriptZip(torchScriptDataPkl());
    const QString path =
        write(buildZip({storedEntry("carton.toml", cartonToml()), storedEntry("LINKS", links()),
                        compressed ? zstdEntry("model/model.pt", pt) : storedEntry("model/model.pt", pt)}));
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.pickles.size(), 2);
    QCOMPARE(report.pickles[0].file, u"model/model.pt: m/data.pkl"_s);
    QCOMPARE(report.pickles[1].file, u"model/model.pt: m/constants.pkl"_s);
    QCOMPARE(report.pickles[0].listing.imports.size(), 2);
    QCOMPARE(report.pickles[0].allowed, (QList<bool>{true, true}));
    QCOMPARE(report.hosts, (QStringList{u"images.example.com"_s, u"tracker.example.net"_s, u"weights.example.org"_s}));
    // Hosts are info, the plain-http HTML image medium: that is the one finding.
    QCOMPARE(whats(report, ScanSeverity::Medium),
             QStringList{u"carton.toml: remote HTML image from tracker.example.net in the description"_s});
    QCOMPARE(whats(report, ScanSeverity::Info),
             (QStringList{u"LINKS: LINKS downloads from weights.example.org"_s,
                          u"carton.toml: remote image from images.example.com in the description"_s}));
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    QCOMPARE(report.count(ScanSeverity::Critical) + report.count(ScanSeverity::High), 0);
}

void TestSafetyScan::hostileModelPt()
{
    const QByteArray evil = stackGlobalReduce("subprocess", "check_output", "id");
    const QString path =
        write(buildZip({storedEntry("carton.toml", plainToml()), zstdEntry("model/model.pt", torchScriptZip(evil)),
                        storedEntry("model/extra.pkl", globalReduce("functools", "partial", "x")),
                        storedEntry("model/weights.bin", QByteArray(100, '\x01'))}),
              u"evil.carton"_s);
    const ScanReport report = SafetyScanner::scan(path);
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.verdict(), ScanVerdict::Findings);
    QCOMPARE(whats(report, ScanSeverity::Critical),
             (QStringList{u"model/extra.pkl: imports functools.partial"_s,
                          u"model/model.pt: m/data.pkl: imports subprocess.check_output"_s}));
    QCOMPARE(report.pickles.size(), 3); // weights.bin is raw data, not a pickle
}

void TestSafetyScan::codeAndBinaries()
{
    const QByteArray elf = QByteArray("\x7f"
                                      "ELF\x02\x01\x01",
                                      7) +
                           QByteArray(60, '\0');
    QByteArray pe = "MZ" + QByteArray(0x3a, '\0') + QByteArray("\x80\0\0\0", 4) + QByteArray(0x40, '\0') +
                    QByteArray("PE\0\0", 4) + QByteArray(20, '\0');
    const QByteArray dosOnly = "MZ" + QByteArray(100, 'x'); // no PE header: not reported
    const QByteArray macho = QByteArray("\xcf\xfa\xed\xfe", 4) + QByteArray(60, '\0');
    const QByteArray fat = QByteArray("\xca\xfe\xba\xbe\0\0\0\x02", 8) + QByteArray(60, '\0');
    const QByteArray javaClass = QByteArray("\xca\xfe\xba\xbe\0\0\0\x37", 8) + QByteArray(60, '\0');
    const QByteArray py = "import numpy as np, os.path\n"
                          "from torch import nn\n"
                          "def f():\n"
                          "    import subprocess\n"
                          "    from . import helpers\n"
                          "# import commented_out\n";
    const QString path = write(buildZip({storedEntry("model/main.py", py), storedEntry("misc/notes.py", "import os\n"),
                                         storedEntry("model/lib.so", elf), storedEntry("model/x.dll", pe),
                                         storedEntry("model/dos.com", dosOnly), storedEntry("model/lib.dylib", macho),
                                         zstdEntry("model/fat", fat), storedEntry("model/A.class", javaClass),
                                         storedEntry("model/run.sh", "#!/bin/sh\necho hi\n")}),
                               u"code.carton"_s);
    const ScanReport report = SafetyScanner::scan(path);
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(
        whats(report, ScanSeverity::High),
        (QStringList{u"model/fat: Mach-O universal (fat) binary"_s, u"model/lib.dylib: Mach-O executable or library"_s,
                     u"model/lib.so: ELF executable or shared library"_s, u"model/main.py: Python code (5 imports)"_s,
                     u"model/x.dll: Windows PE executable or DLL"_s}));
    QCOMPARE(whats(report, ScanSeverity::Medium), QStringList{u"model/run.sh: script with an interpreter line (#!)"_s});
    QCOMPARE(report.code.size(), 1); // misc/ is not run by the python runner
    QCOMPARE(report.code.front().imports,
             (QStringList{u".helpers"_s, u"numpy"_s, u"os.path"_s, u"subprocess"_s, u"torch"_s}));
    const auto py0 = std::find_if(report.findings.cbegin(), report.findings.cend(),
                                  [](const ScanFinding &f) { return f.file == u"model/main.py"; });
    QVERIFY(py0->detail.contains(u"reaching the system or the network: os.path, subprocess"_s));
}

void TestSafetyScan::archiveTricks()
{
    RawEntry link = storedEntry("model/link.bin", "weights.bin");
    link.externalAttributes = 0120777u << 16;
    RawEntry escaping = storedEntry("model/out", "../../etc/passwd");
    escaping.externalAttributes = 0120777u << 16;
    RawEntry commented = storedEntry("model/weights.bin", "0123");
    std::vector<RawEntry> entries{storedEntry("carton.toml", plainToml()),
                                  commented,
                                  link,
                                  escaping,
                                  storedEntry("../evil.sh", "x"),
                                  storedEntry("model/dup.txt", "one"),
                                  storedEntry("model/dup.txt", "two")};
    // An entry comment: patch the comment length of weights.bin's central record and insert the text.
    ziptest::RawLayout layout;
    QByteArray zip = buildZip(entries, &layout, "hidden archive comment");
    const qsizetype record = layout.central[1];
    const QByteArray comment = "entry note";
    const qsizetype nameLength = qFromLittleEndian<quint16>(zip.constData() + record + 28);
    zip.insert(record + 46 + nameLength, comment);
    ziptest::patch16(zip, record + 32, quint16(comment.size()));
    ziptest::patch32(zip, layout.eocd + comment.size() + 12, quint32(layout.cdSize + comment.size()));
    const QString path = write(zip, u"tricks.carton"_s);
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(whats(report, ScanSeverity::Critical),
             (QStringList{u"../evil.sh: entry that would escape on extraction"_s,
                          u"model/out: symlink that escapes the carton or loops"_s}));
    QCOMPARE(whats(report, ScanSeverity::High), QStringList{u"model/dup.txt: duplicate entry name"_s});
    QCOMPARE(whats(report, ScanSeverity::Info), (QStringList{u"model/link.bin: symlink to model/weights.bin"_s,
                                                             u"model/weights.bin: entry comment (10 bytes)"_s,
                                                             u"tricks.carton: archive comment (22 bytes)"_s}));
    const auto archiveComment = std::find_if(report.findings.cbegin(), report.findings.cend(),
                                             [](const ScanFinding &f) { return f.file == u"tricks.carton"; });
    QCOMPARE(archiveComment->detail, u"hidden archive comment"_s);
}

void TestSafetyScan::truncatedPickleInCarton()
{
    // Cut before anything is called: torch.load fails there having run nothing, so
    // it is not a pickle (said as info), not an incomplete scan.
    const QByteArray cut = stackGlobalReduce("collections", "OrderedDict", "x").left(12);
    const QString path = write(buildZip({storedEntry("model/model.pt", torchScriptZip(cut))}), u"cut.carton"_s);
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.verdict(), ScanVerdict::NoFindings);
    QCOMPARE(whats(report, ScanSeverity::Info), QStringList{u"model/model.pt: m/data.pkl: not a pickle"_s});
    QVERIFY2(report.findings.front().detail.startsWith(u"offset 2"_s), qPrintable(report.findings.front().detail));
    QVERIFY(report.findings.front().detail.contains(u"truncated pickle"_s));

    // Cut after a call: the call runs before torch.load fails. Findings, incomplete.
    const QByteArray called = stackGlobalReduce("os", "system", "id").chopped(1);
    const ScanReport partial =
        SafetyScanner::scan(write(buildZip({storedEntry("model/model.pt", torchScriptZip(called))}), u"cut2.carton"_s));
    QCOMPARE(partial.status, ScanStatus::Incomplete);
    QCOMPARE(partial.verdict(), ScanVerdict::Findings);
    QCOMPARE(whats(partial, ScanSeverity::Critical), QStringList{u"model/model.pt: m/data.pkl: imports os.system"_s});
    QCOMPARE(partial.problems.size(), 1);
    QVERIFY2(partial.problems.front().contains(u"before its STOP"_s), qPrintable(partial.problems.front()));
}

void TestSafetyScan::pickleByContent_data()
{
    // Issue 27: pickles a loader runs, in places the scan used to skip by name or
    // first byte. Each is in a carton written here.
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("data");
    QTest::addColumn<QString>("finding"); // the one critical finding ("" for none)
    const QByteArray p0 = protocol0Reduce("os", "system", "id");
    for (const char *name : {"model/pytorch_model.bin", "model/x.pt", "model/x.pth", "model/x.ckpt"})
        QTest::addRow("protocol 0 %s", name)
            << QByteArray(name) << p0 << QString::fromLatin1(name) + u": imports os.system"_s;
    QTest::newRow("protocol 1 model/pytorch_model.bin")
        << QByteArray("model/pytorch_model.bin") << protocol1Reduce("os", "system", "id")
        << u"model/pytorch_model.bin: imports os.system"_s;
    QTest::newRow("protocol 0 misc/readme.md")
        << QByteArray("misc/readme.md") << p0 << u"misc/readme.md: imports os.system"_s;
    // A torch zip's members are read by content too: torch.load and the model's
    // code may open any of them.
    const QByteArray torchZip =
        buildZip({storedEntry("archive/data.pkl", protocol0OrderedDict()), storedEntry("archive/extra/data.txt", p0),
                  storedEntry("archive/data/0", QByteArray(64, '\0')), storedEntry("archive/version", "3\n")});
    QTest::newRow("pickle named data.txt in a torch zip")
        << QByteArray("model/model.pt") << torchZip << u"model/model.pt: archive/extra/data.txt: imports os.system"_s;
    QTest::newRow("the same zip named weights.dat")
        << QByteArray("model/weights.dat") << torchZip
        << u"model/weights.dat: archive/extra/data.txt: imports os.system"_s;
    // NumPy object arrays: a pickle after the .npy header (np.load(allow_pickle=True)).
    const QByteArray npy = npyObjectArray(stackGlobalReduce("os", "system", "id"));
    QTest::newRow("object array in misc/x.npy")
        << QByteArray("misc/x.npy") << npy << u"misc/x.npy (array data): imports os.system"_s;
    QTest::newRow("object array in an npz")
        << QByteArray("model/arrays.npz") << buildZip({storedEntry("arr_0.npy", npy)})
        << u"model/arrays.npz: arr_0.npy (array data): imports os.system"_s;
    QTest::newRow("benign protocol 0 pytorch_model.bin")
        << QByteArray("model/pytorch_model.bin") << protocol0OrderedDict() << QString();
}

void TestSafetyScan::pickleByContent()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, data);
    QFETCH(QString, finding);
    for (const bool compressed : {false, true}) {
        const QString path = write(buildZip(
            {storedEntry("carton.toml", plainToml()), compressed ? zstdEntry(name, data) : storedEntry(name, data)}));
        const ScanReport report = SafetyScanner::scan(path);
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(report.status, ScanStatus::Complete);
        if (finding.isEmpty()) {
            QCOMPARE(report.verdict(), ScanVerdict::NoFindings);
            QVERIFY(report.findings.isEmpty());
            QCOMPARE(report.pickles.size(), 1);
            QCOMPARE(report.pickles.front().file, QString::fromUtf8(name));
            QCOMPARE(report.pickles.front().allowed, (QList<bool>{true, true}));
            continue;
        }
        QCOMPARE(report.verdict(), ScanVerdict::Findings);
        QCOMPARE(whats(report, ScanSeverity::Critical), QStringList{finding});
        QCOMPARE(report.findingsAtLeast(ScanSeverity::High).size(), 1);
    }
}

void TestSafetyScan::notAPickleInCarton()
{
    // picklescan's not_a_pickle.bin: a GLOBAL whose name is not UTF-8. Python's
    // unpickler fails decoding it; no import finding, a "not a pickle" note.
    const QByteArray notPickle("cmod\n\xf8\n");
    const QByteArray inner = buildZip({storedEntry("archive/data.pkl", notPickle)});
    const QString path =
        write(buildZip({storedEntry("carton.toml", plainToml()), storedEntry("model/pytorch_model.bin", notPickle),
                        storedEntry("model/model.pt", inner), storedEntry("model/weights.bin", notPickle),
                        storedEntry("model/weights.safetensors", notPickle)}));
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.verdict(), ScanVerdict::NoFindings);
    QVERIFY(report.pickles.isEmpty());
    // Said for names that promise a pickle; other files that are not pickles are
    // silent (weights.bin: most .bin files are raw data, as a carton's tensor_data).
    QCOMPARE(whats(report, ScanSeverity::Info), (QStringList{u"model/model.pt: archive/data.pkl: not a pickle"_s,
                                                             u"model/pytorch_model.bin: not a pickle"_s}));
    for (const ScanFinding &f : report.findings) {
        QCOMPARE(f.category, ScanCategory::Pickle);
        QVERIFY2(f.detail.contains(u"the name \"\u00f8\" is not UTF-8"_s), qPrintable(f.detail));
    }
}

void TestSafetyScan::legacyTorchFileInCarton()
{
    // A legacy torch.save at pickle_protocol=0 named pytorch_model.bin: the first
    // three pickles are harmless, torch.load runs the fourth.
    const QString path =
        write(buildZip({storedEntry("carton.toml", plainToml()),
                        zstdEntry("model/pytorch_model.bin",
                                  legacyTorchProtocol0(protocol0Reduce("subprocess", "getoutput", "id")))}));
    const ScanReport report = SafetyScanner::scan(path);
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(whats(report, ScanSeverity::Critical),
             QStringList{u"model/pytorch_model.bin: imports subprocess.getoutput"_s});
    QCOMPARE(report.pickles.size(), 1);
    QCOMPARE(report.pickles.front().listing.pickles, 4);
    QVERIFY(report.pickles.front().listing.trailingData);
}

void TestSafetyScan::legacyTorchTarFile()
{
    // torch < 0.4 saved a tar; torch.load still reads one and unpickles its "pickle"
    // member. In a carton (stored and compressed) and as a bare file.
    const QByteArray tar = legacyTorchTar(protocol0Reduce("os", "system", "id"));
    for (const bool compressed : {false, true}) {
        const QString path =
            write(buildZip({storedEntry("carton.toml", plainToml()),
                            compressed ? zstdEntry("model/model.pt", tar) : storedEntry("model/model.pt", tar)}));
        const ScanReport report = SafetyScanner::scan(path);
        QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
        QCOMPARE(report.status, ScanStatus::Complete);
        QCOMPARE(whats(report, ScanSeverity::Critical), QStringList{u"model/model.pt: pickle: imports os.system"_s});
        QStringList files;
        for (const ScannedPickle &p : report.pickles)
            files << p.file;
        // storages: a pickle, then raw bytes (trailing data); the tar itself is not a pickle.
        QCOMPARE(files, (QStringList{u"model/model.pt: sys_info"_s, u"model/model.pt: pickle"_s,
                                     u"model/model.pt: storages"_s, u"model/model.pt: tensors"_s}));
        QVERIFY(report.findings.size() == 1); // no "not a pickle" for the tar itself
    }
    const QString bare = m_dir.filePath(u"legacy.pt"_s);
    QVERIFY(ziptest::writeFile(bare, tar));
    const ScanReport report = SafetyScanner::scan(bare);
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(whats(report, ScanSeverity::Critical), QStringList{u"legacy.pt: pickle: imports os.system"_s});
    QCOMPARE(report.pickles.size(), 4);
}

void TestSafetyScan::zipInsideZipFolderCarton()
{
    // An unpacked carton folder: its files are read by content the same way.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(u"model"_s));
    QVERIFY(ziptest::writeFile(dir.filePath(u"carton.toml"_s), plainToml()));
    QVERIFY(ziptest::writeFile(dir.filePath(u"model/model.ckpt"_s), protocol1Reduce("builtins", "exec", "pass")));
    QVERIFY(ziptest::writeFile(dir.filePath(u"model/bundle.zip"_s),
                               buildZip({storedEntry("inner/state", protocol0Reduce("os", "system", "id"))})));
    const ScanReport report = SafetyScanner::scan(dir.path());
    QVERIFY2(report.problems.isEmpty(), qPrintable(report.problems.join(u'\n')));
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(whats(report, ScanSeverity::Critical), (QStringList{u"model/bundle.zip: inner/state: imports os.system"_s,
                                                                 u"model/model.ckpt: imports builtins.exec"_s}));
}

void TestSafetyScan::openedCarton()
{
    // The call for `carton selftest`: an opened carton, its high and critical findings.
    const QString path = write(buildZip({storedEntry("carton.toml", cartonToml()),
                                         storedEntry("model/pytorch_model.bin", protocol0Reduce("os", "system", "id")),
                                         storedEntry("model/main.py", "import subprocess\n")}));
    Result<std::unique_ptr<Carton>> carton = Carton::open(path);
    QVERIFY(carton);
    const ScanReport report = SafetyScanner::scan(**carton);
    QCOMPARE(report.path, path);
    QCOMPARE(report.status, ScanStatus::Complete);
    const QList<ScanFinding> serious = report.findingsAtLeast(ScanSeverity::High);
    QCOMPARE(serious.size(), 2);
    QCOMPARE(serious[0].severity, ScanSeverity::Critical);
    QCOMPARE(serious[0].what, u"imports os.system"_s);
    QCOMPARE(serious[1].severity, ScanSeverity::High);
    QCOMPARE(serious[1].file, u"model/main.py"_s);
    // The same findings as a scan of the path; fewer than all of them (hosts are info/medium).
    QCOMPARE(SafetyScanner::scan(path).findings, report.findings);
    QVERIFY(report.findings.size() > serious.size());
    QVERIFY(report.findingsAtLeast(ScanSeverity::Critical).size() == 1);
}

void TestSafetyScan::unreadable()
{
    const ScanReport missing = SafetyScanner::scan(m_dir.filePath(u"nope.carton"_s));
    QCOMPARE(missing.status, ScanStatus::Failed);
    QCOMPARE(missing.verdict(), ScanVerdict::Unknown);
    QCOMPARE(missing.problems.size(), 1);
    const ScanReport garbage = SafetyScanner::scan(write("not a zip at all, not a carton", u"g.carton"_s));
    QCOMPARE(garbage.status, ScanStatus::Failed);
    QCOMPARE(garbage.verdict(), ScanVerdict::Unknown);
    QVERIFY(garbage.problems.front().contains(u"g.carton"_s));
}

void TestSafetyScan::upstreamTorchScriptModel()
{
    const QString model = testutil::sharedPath(u"/fixtures/upstream/torchscript_test_model.pt");
    if (!QFileInfo::exists(model))
        CARTON_MISSING_FIXTURE("fixtures/upstream/torchscript_test_model.pt");
    const ScanReport report = SafetyScanner::scan(model);
    QCOMPARE(report.status, ScanStatus::Complete);
    QCOMPARE(report.verdict(), ScanVerdict::NoFindings);
    QVERIFY(report.findings.isEmpty());
    // A torch zip is read like a carton: every file by content (the debug_pkl too).
    QStringList files;
    for (const ScannedPickle &p : report.pickles)
        files << p.file;
    QCOMPARE(files, (QStringList{u"test_model/code/__torch__.py.debug_pkl"_s, u"test_model/constants.pkl"_s,
                                 u"test_model/data.pkl"_s}));
    const ScannedPickle &data = report.pickles[2];
    QCOMPARE(data.listing.imports.front().qualifiedName(), u"__torch__.Model"_s);
    QCOMPARE(data.allowed.front(), true);
}

QTEST_GUILESS_MAIN(TestSafetyScan)
#include "tst_safetyscan.moc"
