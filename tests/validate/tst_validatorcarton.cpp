// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// validateCarton(): unpacked carton folders written to disk, and upstream's test.carton.
#include "fixturepolicy.h"
#include "pack/cartonsaver.h"
#include "package/carton.h"
#include "package/cartonedits.h"
#include "testpaths.h"
#include "testutil.h"
#include "validate/validator.h"
#include "validatetestutil.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <functional>

using namespace carton;
using namespace carton::testutil;
using namespace Qt::StringLiterals;

namespace {

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

QByteArray floats(int count, int bytesEach = 4)
{
    return QByteArray(count * bytesEach, '\x01');
}

// An unpacked carton in memory: files, which of them MANIFEST leaves out, extra
// MANIFEST entries without a file, and LINKS. write() puts it in a folder.
struct Draft {
    QMap<QString, QByteArray> files;
    QSet<QString> unlisted;               // written but not in MANIFEST
    QMap<QString, QByteArray> listedOnly; // in MANIFEST (with this content's sha256) but not written
    QMap<QByteArray, QString> links;      // sha256 -> URL; LINKS written when not empty
    bool writeManifest = true;

    void replaceInToml(const QString &from, const QString &to)
    {
        QString toml = QString::fromUtf8(files.value(u"carton.toml"_s));
        QVERIFY2(toml.contains(from), qPrintable(from));
        toml.replace(from, to);
        files.insert(u"carton.toml"_s, toml.toUtf8());
    }
    void replaceInIndex(const QString &from, const QString &to)
    {
        QString index = QString::fromUtf8(files.value(u"tensor_data/index.toml"_s));
        QVERIFY2(index.contains(from), qPrintable(from));
        index.replace(from, to);
        files.insert(u"tensor_data/index.toml"_s, index.toUtf8());
    }
    void appendToIndex(const QString &text) { files[u"tensor_data/index.toml"_s] += text.toUtf8(); }
    // Moves a file out of the folder, keeps it in MANIFEST and links its sha256.
    void link(const QString &path)
    {
        const QByteArray bytes = files.take(path);
        listedOnly.insert(path, bytes);
        links.insert(sha256Hex(bytes), u"https://example.com/"_s + path);
    }

    QStringList manifestPaths() const
    {
        QStringList paths;
        for (auto it = files.cbegin(); it != files.cend(); ++it)
            if (!unlisted.contains(it.key()))
                paths.append(it.key());
        paths += listedOnly.keys();
        // byte order of the UTF-8 paths (all ASCII here)
        std::sort(paths.begin(), paths.end(),
                  [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); });
        return paths;
    }
    int manifestLine(const QString &path) const { return int(manifestPaths().indexOf(path)) + 1; }

    bool write(const QString &root) const
    {
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            if (!::testutil::writeFile(root + u'/' + it.key(), it.value()))
                return false;
        }
        if (writeManifest) {
            QByteArray manifest;
            for (const QString &p : manifestPaths()) {
                const QByteArray bytes = files.contains(p) ? files.value(p) : listedOnly.value(p);
                manifest += p.toUtf8() + '=' + sha256Hex(bytes) + '\n';
            }
            if (!::testutil::writeFile(root + u"/MANIFEST"_s, manifest))
                return false;
        }
        if (!links.isEmpty()) {
            QByteArray text = "version = 1\n\n[urls]\n";
            for (auto it = links.cbegin(); it != links.cend(); ++it)
                text += it.key() + " = [\"" + it.value().toUtf8() + "\"]\n";
            if (!::testutil::writeFile(root + u"/LINKS"_s, text))
                return false;
        }
        return true;
    }
};

const char *const validToml = R"(spec_version = 1
model_name = "validator test"
short_description = "A carton for the validator tests."
model_description = """
An architecture diagram:

![Architecture](@misc/arch.png)
"""

[[input]]
name = "x"
dtype = "float32"
shape = ["batch_size", 2]

[[input]]
name = "s"
dtype = "string"
shape = ["batch_size"]

[[output]]
name = "out"
dtype = "int64"
shape = ["batch_size"]

[[self_test]]
inputs = { x = "@tensor_data/x0", s = "@tensor_data/s0" }
expected_out = { out = "@tensor_data/out0" }

[[example]]
inputs = { x = "@misc/input.png", s = "@tensor_data/s0" }
sample_out = { out = "@tensor_data/out0" }

[runner]
runner_name = "torchscript"
required_framework_version = "=2.0.1"
runner_compat_version = 1
)";

const char *const validIndex = R"([[tensor]]
name = "x0"
dtype = "float32"
shape = [3, 2]
file = "tensor_0.bin"
inner = []

[[tensor]]
name = "s0"
dtype = "string"
shape = [3]
file = "tensor_1.toml"
inner = []

[[tensor]]
name = "out0"
dtype = "int64"
shape = [3]
file = "tensor_2.bin"
inner = []
)";

Draft validDraft()
{
    Draft d;
    d.files.insert(u"carton.toml"_s, validToml);
    d.files.insert(u"model/model.pt"_s, "not really torchscript");
    d.files.insert(u"tensor_data/index.toml"_s, validIndex);
    d.files.insert(u"tensor_data/tensor_0.bin"_s, floats(6));
    d.files.insert(u"tensor_data/tensor_1.toml"_s, "data = [\"a\", \"b\", \"c\"]\n");
    d.files.insert(u"tensor_data/tensor_2.bin"_s, floats(3, 8));
    d.files.insert(u"misc/arch.png"_s, "\x89PNG arch");
    d.files.insert(u"misc/input.png"_s, "\x89PNG input");
    return d;
}

using DraftEdit = std::function<void(Draft &)>;

} // namespace

Q_DECLARE_METATYPE(DraftEdit)

class TestValidatorCarton : public QObject {
    Q_OBJECT

private slots:
    void validFolderIsClean();
    void finds_data();
    void finds();
    void editsSayWhatTheSavedCartonSays_data() { finds_data(); }
    void editsSayWhatTheSavedCartonSays();
    void upstreamTestCarton();

private:
    Diagnostics validateDraft(const Draft &draft);
    QTemporaryDir m_dir;
    int m_count = 0;
};

Diagnostics TestValidatorCarton::validateDraft(const Draft &draft)
{
    const QString root = m_dir.filePath(u"c%1"_s.arg(m_count++));
    if (!draft.write(root)) {
        QTest::qFail("could not write the carton folder", __FILE__, __LINE__);
        return {};
    }
    Result<std::unique_ptr<Carton>> carton = Carton::open(root);
    if (!carton) {
        QTest::qFail(qPrintable(u"Carton::open failed: "_s + carton.error().toString()), __FILE__, __LINE__);
        return {};
    }
    return validateCarton(**carton);
}

void TestValidatorCarton::validFolderIsClean()
{
    QVERIFY(m_dir.isValid());
    const Diagnostics d = validateDraft(validDraft());
    QVERIFY2(d.isEmpty(), qPrintable(describe(d)));
}

void TestValidatorCarton::finds_data()
{
    QTest::addColumn<DraftEdit>("edit");
    QTest::addColumn<Severity>("severity");
    // Exact location, except: "@MANIFEST:path" stands for "MANIFEST:<line of path>",
    // and carton.toml locations are compared without the line (the parser's
    // fieldLines decide it).
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("fragment");
    // True when the edit must cause no other error or warning.
    QTest::addColumn<bool>("alone");

    const Severity E = Severity::Error, W = Severity::Warning, I = Severity::Info;

    // A folder without MANIFEST is a carton source (packing generates it); a .carton
    // without one is an error (tested in tests/cli: archiveWithoutManifest).
    QTest::newRow("no MANIFEST") << DraftEdit([](Draft &d) { d.writeManifest = false; }) << I << u"MANIFEST"_s
                                 << u"this folder is a carton source"_s << true;
    QTest::newRow("listed file missing") << DraftEdit([](Draft &d) {
        d.listedOnly.insert(u"model/weights.bin"_s, "w");
    }) << E << u"@MANIFEST:model/weights.bin"_s
                                         << u"model/weights.bin is listed but missing"_s << true;
    QTest::newRow("linked model file")
        << DraftEdit([](Draft &d) {
               d.files.insert(u"model/weights.bin"_s, "weights");
               d.link(u"model/weights.bin"_s);
           })
        << I << u"@MANIFEST:model/weights.bin"_s
        << u"model/weights.bin is not stored in the carton; it is fetched from LINKS (https://example.com/model/weights.bin)"_s
        << true;
    QTest::newRow("linked tensor and misc") << DraftEdit([](Draft &d) {
        d.link(u"tensor_data/tensor_0.bin"_s);
        d.link(u"misc/input.png"_s);
    }) << I << u"@MANIFEST:misc/input.png"_s << u"fetched from LINKS"_s
                                            << true;
    QTest::newRow("file not in MANIFEST") << DraftEdit([](Draft &d) {
        d.files.insert(u"model/extra.txt"_s, "x");
        d.unlisted.insert(u"model/extra.txt"_s);
    }) << E << u"model/extra.txt"_s << u"not listed in MANIFEST"_s
                                          << true;
    QTest::newRow("carton.toml not in MANIFEST") << DraftEdit([](Draft &d) { d.unlisted.insert(u"carton.toml"_s); })
                                                 << E << u"MANIFEST"_s << u"no entry for carton.toml"_s << true;
    QTest::newRow("unused LINKS entry") << DraftEdit([](Draft &d) {
        d.links.insert(QByteArray(64, 'a'), u"https://example.com/unused"_s);
    }) << W << u"LINKS: urls."_s + QString(64, u'a')
                                        << u"no MANIFEST entry has sha256 aaaa"_s << true;
    QTest::newRow("no model files") << DraftEdit([](Draft &d) { d.files.remove(u"model/model.pt"_s); }) << E
                                    << u"model/"_s << u"the model folder is missing or empty"_s << true;
    QTest::newRow("torchscript without model.pt")
        << DraftEdit([](Draft &d) { d.files.insert(u"model/model.bin"_s, d.files.take(u"model/model.pt"_s)); }) << W
        << u"model/"_s << u"the torchscript runner loads model/model.pt, which the carton does not have"_s << true;
    QTest::newRow("linked model.pt") << DraftEdit([](Draft &d) { d.link(u"model/model.pt"_s); }) << I
                                     << u"@MANIFEST:model/model.pt"_s << u"fetched from LINKS"_s << true;
    QTest::newRow("no carton.toml") << DraftEdit([](Draft &d) { d.files.remove(u"carton.toml"_s); }) << E
                                    << u"carton.toml"_s << u"missing: every carton describes its model"_s << true;
    QTest::newRow("tensor_data without index")
        << DraftEdit([](Draft &d) { d.files.remove(u"tensor_data/index.toml"_s); }) << E << u"tensor_data/index.toml"_s
        << u"missing, but tensor_data/ holds 3 files"_s << false;
    QTest::newRow("index file missing") << DraftEdit([](Draft &d) { d.files.remove(u"tensor_data/tensor_2.bin"_s); })
                                        << E << u"tensor_data/index.toml:15: tensor[2].file"_s
                                        << u"tensor_data/tensor_2.bin (tensor \"out0\") is missing"_s << true;
    QTest::newRow("unreferenced tensor file")
        << DraftEdit([](Draft &d) { d.files.insert(u"tensor_data/stray.bin"_s, "1234"); }) << W
        << u"tensor_data/stray.bin"_s << u"not referenced by any tensor"_s << true;
    QTest::newRow("numeric size")
        << DraftEdit([](Draft &d) { d.files.insert(u"tensor_data/tensor_0.bin"_s, floats(5)); }) << E
        << u"tensor_data/index.toml:1: tensor[0].file"_s
        << u"tensor_data/tensor_0.bin holds 20 bytes; a float32 tensor of shape [3, 2] needs 24 (6 elements × 4 bytes)"_s
        << true;
    QTest::newRow("element count overflow")
        << DraftEdit([](Draft &d) {
               d.files.insert(u"tensor_data/big.bin"_s, "x");
               d.appendToIndex(
                   u"\n[[tensor]]\nname = \"big\"\ndtype = \"float64\"\nshape = [4294967296, 4294967296, 16]\n"
                   "file = \"big.bin\"\ninner = []\n"_s);
           })
        << E << u"tensor_data/index.toml:22: tensor[3].shape"_s
        << u"shape [4294967296, 4294967296, 16] has a negative dimension or more than"_s << true;
    QTest::newRow("string count") << DraftEdit([](Draft &d) {
        d.files.insert(u"tensor_data/tensor_1.toml"_s, "data = [\"a\", \"b\"]\n");
    }) << E << u"tensor_data/index.toml:8: tensor[1].file"_s
                                  << u"tensor_1.toml"_s << true;
    QTest::newRow("nested inner missing") << DraftEdit([](Draft &d) {
        d.appendToIndex(u"\n[[tensor]]\nname = \"rag\"\ndtype = \"nested\"\ninner = [\"x0\", \"ghost\"]\n"_s);
    }) << E << u"tensor_data/index.toml:22: tensor[3].inner[1]"_s
                                          << u"inner tensor \"ghost\" of nested tensor \"rag\" is not in the index"_s
                                          << true;
    QTest::newRow("nested inner nested") << DraftEdit([](Draft &d) {
        d.appendToIndex(u"\n[[tensor]]\nname = \"rag\"\ndtype = \"nested\"\ninner = [\"x0\"]\n"
                        "\n[[tensor]]\nname = \"rag2\"\ndtype = \"nested\"\ninner = [\"rag\"]\n"_s);
    }) << E << u"tensor_data/index.toml:27: tensor[4].inner[0]"_s
                                         << u"inner tensor \"rag\" of \"rag2\" is itself nested"_s << true;
    QTest::newRow("self_test unknown tensor")
        << DraftEdit([](Draft &d) { d.replaceInToml(u"x = \"@tensor_data/x0\""_s, u"x = \"@tensor_data/nope\""_s); })
        << E << u"carton.toml: self_test[0].inputs.x"_s
        << u"references tensor \"nope\", which tensor_data/index.toml does not list"_s << true;
    QTest::newRow("example misc missing")
        << DraftEdit([](Draft &d) { d.files.remove(u"misc/input.png"_s); }) << E
        << u"carton.toml: example[0].inputs.x"_s << u"references misc/input.png, which is not in the carton"_s << true;
    QTest::newRow("self_test dtype")
        << DraftEdit([](Draft &d) {
               d.replaceInIndex(u"name = \"x0\"\ndtype = \"float32\""_s, u"name = \"x0\"\ndtype = \"float64\""_s);
               d.files.insert(u"tensor_data/tensor_0.bin"_s, floats(6, 8));
           })
        << W << u"carton.toml: self_test[0].inputs.x"_s
        << u"self_test input 'x' is declared float32 in [[input]] but references a float64 tensor"_s << true;
    QTest::newRow("self_test shape")
        << DraftEdit([](Draft &d) {
               d.replaceInIndex(u"shape = [3, 2]"_s, u"shape = [3, 5]"_s);
               d.files.insert(u"tensor_data/tensor_0.bin"_s, floats(15));
           })
        << W << u"carton.toml: input[0].shape[1]"_s
        << u"self_test[0] feeds input 'x' tensor \"x0\" of shape [3, 5]: dimension 1 is 5, but it is declared 2"_s
        << true;
    QTest::newRow("self_test symbol conflict") << DraftEdit([](Draft &d) {
        d.replaceInIndex(u"shape = [3]\nfile = \"tensor_1.toml\""_s, u"shape = [4]\nfile = \"tensor_1.toml\""_s);
        d.files.insert(u"tensor_data/tensor_1.toml"_s, "data = [\"a\", \"b\", \"c\", \"d\"]\n");
    }) << E << u"carton.toml: input[1].shape[0]"_s
                                               << u"self_test[0]: symbol 'batch_size' is 4 in input 's'"_s << true;
    QTest::newRow("self_test output symbol conflict") << DraftEdit([](Draft &d) {
        d.replaceInIndex(u"shape = [3]\nfile = \"tensor_2.bin\""_s, u"shape = [2]\nfile = \"tensor_2.bin\""_s);
        d.files.insert(u"tensor_data/tensor_2.bin"_s, floats(2, 8));
    }) << E << u"carton.toml: output[0].shape[0]"_s << u"self_test[0]: symbol 'batch_size' is 2 in output 'out'"_s
                                                      << true;
    QTest::newRow("example dtype") << DraftEdit([](Draft &d) {
        d.files.insert(u"tensor_data/tensor_9.bin"_s, floats(3, 4));
        d.appendToIndex(
            u"\n[[tensor]]\nname = \"o9\"\ndtype = \"int32\"\nshape = [3]\nfile = \"tensor_9.bin\"\ninner = []\n"_s);
        d.replaceInToml(u"sample_out = { out = \"@tensor_data/out0\" }"_s,
                        u"sample_out = { out = \"@tensor_data/o9\" }"_s);
    }) << I << u"carton.toml: example[0].sample_out.out"_s
                                   << u"example output 'out' is declared int64 in [[output]] but references an int32 tensor"_s
                                   << true;
    QTest::newRow("self_test nested dtype")
        << DraftEdit([](Draft &d) {
               d.files.insert(u"tensor_data/i0.bin"_s, floats(2, 8));
               d.appendToIndex(
                   u"\n[[tensor]]\nname = \"i0\"\ndtype = \"float64\"\nshape = [2]\nfile = \"i0.bin\"\ninner = []\n"
                   "\n[[tensor]]\nname = \"rag\"\ndtype = \"nested\"\ninner = [\"i0\"]\n"_s);
               d.replaceInToml(u"x = \"@tensor_data/x0\", s"_s, u"x = \"@tensor_data/rag\", s"_s);
           })
        << W << u"carton.toml: self_test[0].inputs.x"_s
        << u"self_test input 'x' is declared float32 in [[input]] but nested tensor \"rag\" holds a float64 tensor (\"i0\")"_s
        << true;
    QTest::newRow("linked description image") << DraftEdit([](Draft &d) { d.link(u"misc/arch.png"_s); }) << I
                                              << u"@MANIFEST:misc/arch.png"_s << u"fetched from LINKS"_s << true;
    QTest::newRow("description image missing")
        << DraftEdit([](Draft &d) { d.files.remove(u"misc/arch.png"_s); }) << E << u"carton.toml: model_description"_s
        << u"image \"@misc/arch.png\" (line 3 of the description) refers to misc/arch.png, which is not in the carton"_s
        << true;
    QTest::newRow("top-level file") << DraftEdit([](Draft &d) { d.files.insert(u"README.md"_s, "# hi"); }) << W
                                    << u"README.md"_s << u"not part of the Carton v1 layout"_s << true;
    QTest::newRow("top-level folder") << DraftEdit([](Draft &d) {
        d.files.insert(u"extra/a.txt"_s, "a");
        d.files.insert(u"extra/b.txt"_s, "b");
    }) << W << u"extra/"_s << u"folder not part of the Carton v1 layout"_s
                                      << true;
    QTest::newRow("spec_version via carton")
        << DraftEdit([](Draft &d) { d.replaceInToml(u"spec_version = 1"_s, u"spec_version = 2"_s); }) << E
        << u"carton.toml: spec_version"_s << u"spec_version is 2"_s << true;
    QTest::newRow("broken MANIFEST line") << DraftEdit([](Draft &d) {
        d.writeManifest = false;
        d.files.insert(u"MANIFEST"_s, "carton.toml=nothex\n");
        d.unlisted.insert(u"MANIFEST"_s);
    }) << E << u"MANIFEST:1"_s << QString()
                                          << false;
}

void TestValidatorCarton::finds()
{
    QFETCH(DraftEdit, edit);
    QFETCH(Severity, severity);
    QFETCH(QString, location);
    QFETCH(QString, fragment);
    QFETCH(bool, alone);

    Draft draft = validDraft();
    edit(draft);
    if (QTest::currentTestFailed())
        return;
    if (location.startsWith(u"@MANIFEST:"_s))
        location = u"MANIFEST:%1"_s.arg(draft.manifestLine(location.mid(10)));
    const Diagnostics all = validateDraft(draft);

    const DiagnosticLocation want = parseErrorLocation(location);
    const Diagnostic *found = nullptr;
    for (const Diagnostic &d : all) {
        if (d.severity != severity || !d.message.contains(fragment))
            continue;
        const DiagnosticLocation &got = d.location;
        const bool match = want.file == u"carton.toml"_s ? (got.file == want.file && got.field == want.field)
                                                         : d.location.toString() == location;
        if (match) {
            found = &d;
            break;
        }
    }
    QVERIFY2(found, qPrintable(u"expected %1 at \"%2\" containing \"%3\"; got:\n%4"_s.arg(
                        severityName(severity), location, fragment, describe(all))));
    if (alone) {
        Diagnostics others = problems(all);
        others.removeAll(*found);
        QVERIFY2(others.isEmpty(), qPrintable(u"unexpected:\n"_s + describe(others)));
    }
}

// One validation: the editor's (validateEdits on the carton as edited) says what
// `carton verify` says of the saved result, for each broken carton of finds():
// the same findings, none twice. MANIFEST and LINKS are left out of the
// comparison: saving writes them anew.
void TestValidatorCarton::editsSayWhatTheSavedCartonSays()
{
    QFETCH(DraftEdit, edit);
    Draft draft = validDraft();
    edit(draft);
    if (QTest::currentTestFailed())
        return;
    const QString root = m_dir.filePath(u"e%1"_s.arg(m_count++));
    QVERIFY(draft.write(root));
    Result<std::unique_ptr<Carton>> carton = Carton::open(root);
    QVERIFY2(carton.ok(), qPrintable(carton ? QString() : carton.error().toString()));
    if (!(*carton)->info()) {
        // Nothing to edit: the editor cannot open what has no carton.toml that
        // parses. One that does not parse is an error of loading; a missing one,
        // of validation. Either way the error is carton.toml's.
        const bool present = bool((*carton)->source().find(u"carton.toml"_s));
        const Diagnostics said = present ? (*carton)->loadDiagnostics() : validateCarton(**carton);
        QVERIFY2(std::any_of(said.cbegin(), said.cend(),
                             [](const Diagnostic &d) {
                                 return d.severity == Severity::Error && d.location.file == u"carton.toml";
                             }),
                 present ? "carton.toml does not parse, yet loading says nothing of it"
                         : "carton.toml is missing, yet validation says nothing of it");
        return;
    }
    const CartonInfo info = *(*carton)->info();
    CartonEdits edits(carton->get());
    edits.setInfo(info);
    const Diagnostics fromEdits = validateEdits(edits, info);

    const QString saved = root + u".carton"_s;
    Result<SaveResult> written = saveCarton(edits, saved);
    QVERIFY2(written.ok(), qPrintable(written ? QString() : written.error().toString()));
    Result<std::unique_ptr<Carton>> reopened = Carton::open(saved);
    QVERIFY2(reopened.ok(), qPrintable(reopened ? QString() : reopened.error().toString()));

    // Compared without lines: the saved carton.toml is written anew.
    const auto comparable = [](const Diagnostics &list) {
        QStringList out;
        for (Diagnostic d : list) {
            if (d.location.file == u"MANIFEST"_s || d.location.file == u"LINKS"_s)
                continue;
            d.location.line = 0;
            out.append(d.toString() + u" ["_s + severityName(d.severity) + u']');
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    const QStringList edited = comparable(fromEdits);
    const QStringList verified = comparable(validateCarton(**reopened));
    QVERIFY2(edited == verified,
             qPrintable(u"edited:\n"_s + edited.join(u'\n') + u"\nsaved:\n"_s + verified.join(u'\n')));
    QCOMPARE(QSet<QString>(edited.cbegin(), edited.cend()).size(), edited.size());
}

// A real carton written by upstream's packer: no errors, and the one real
// inconsistency upstream's NOTES point out (self-test input `b` declared float64
// but referencing a string tensor) as a warning. The file has a second one: the
// self-test's expected output `y` is a [5] tensor while [[output]] `y` is declared
// [2, 3, 512, 512]; that is a warning too.
void TestValidatorCarton::upstreamTestCarton()
{
    const QString path = ::testutil::sharedPath(u"/fixtures/upstream/test.carton");
    if (!QFileInfo::exists(path))
        CARTON_MISSING_FIXTURE("fixtures/upstream/test.carton not found");
    Result<std::unique_ptr<Carton>> carton = Carton::open(path);
    QVERIFY2(carton.ok(), carton.ok() ? "" : qPrintable(carton.error().toString()));
    const Diagnostics all = validateCarton(**carton);
    if (qEnvironmentVariableIsSet("CARTON_TEST_VERBOSE"))
        qInfo().noquote() << describe(all);

    const Diagnostics errors = withSeverity(all, Severity::Error);
    QVERIFY2(errors.isEmpty(), qPrintable(describe(all)));

    const Diagnostics warnings = withSeverity(all, Severity::Warning);
    QStringList got;
    for (const Diagnostic &d : warnings) {
        const DiagnosticLocation &loc = d.location;
        QCOMPARE(loc.file, u"carton.toml"_s);
        QVERIFY2(loc.line > 0, qPrintable(d.location.toString())); // fieldLines came from the parser
        got.append(loc.field + u" | "_s + d.message);
    }
    // Shape problems are reported at the spec they concern (checkSpecs), before
    // the references' dtype checks.
    const QStringList expected = {
        u"output[0].shape | self_test[0] feeds output 'y' tensor \"_tensor_2\" of shape [5] (1 dimension), but "
        "output 'y' is declared [2, 3, 512, 512] (4 dimensions)"_s,
        u"self_test[0].inputs.b | self_test input 'b' is declared float64 in [[input]] but references a string tensor "
        "(\"_tensor_0\")"_s,
    };
    QCOMPARE(got, expected);
}

QTEST_GUILESS_MAIN(TestValidatorCarton)
#include "tst_validatorcarton.moc"
