// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// carton::classifyPath, the one answer the CLI (carton tensors, carton model) and the
// window (FileTabs::kindOf) give to "what is this path": by content; the name only
// picks whose error a broken file gets. Tricky files: models and tensor files under
// each other's names, a carton named .npy, a broken ONNX head with and without a
// tensor file's name.
#include "fixturepolicy.h"
#include "ggufwriter.h"
#include "model/classifypath.h"
#include "onnxtestmodels.h"
#include "testutil.h"
#include "torchtestmodels.h"
#include "ziptestutil.h"

#include <QDir>
#include <QHash>
#include <QTemporaryDir>
#include <QTest>

using namespace carton;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(carton::OpenKind)

class TestClassifyPath : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        CARTON_MAKE_ONNX_MODELS(m_dir.filePath(u"onnx"_s));
        CARTON_MAKE_TORCH_MODELS(m_dir.filePath(u"torch"_s));
        m_contents[u"onnx"_s] = testutil::readFile(m_dir.filePath(u"onnx/tiny.onnx"_s));
        m_contents[u"torchzip"_s] = testutil::readFile(m_dir.filePath(u"torch/state.pt"_s));
        m_contents[u"torchlegacy"_s] = testutil::readFile(m_dir.filePath(u"torch/legacy.pt"_s));
        for (const QString &key : m_contents.keys())
            QVERIFY2(!m_contents.value(key).isEmpty(), qPrintable(key));
        QByteArray values;
        for (float v : {1.0f, 2.0f})
            values.append(reinterpret_cast<const char *>(&v), 4);
        m_contents[u"npy"_s] = testutil::npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", values);
        m_contents[u"safetensors"_s] =
            testutil::safetensorsFile(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", values);
        testutil::GgufWriter gguf;
        gguf.kv("general.architecture", testutil::GgufWriter::String, testutil::GgufWriter::str("llama"));
        gguf.tensor({"w", {2}, 0 /* GGML_TYPE_F32 */, values, std::nullopt});
        m_contents[u"gguf"_s] = gguf.build();
        const QByteArray toml = "[model]\nname = \"x\"\n";
        m_contents[u"carton"_s] = ziptest::buildZip({{"carton.toml", toml, toml}});
        // ir_version 7, then a byte no protobuf field can start with.
        m_contents[u"brokenonnx"_s] = QByteArray("\x08\x07\xff\xff\xff\xff", 6);
        m_contents[u"text"_s] = "just some text, no model\n";
        m_contents[u"empty"_s] = QByteArray();
    }

    void files_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("name");
        QTest::addColumn<OpenKind>("expected");
        const auto row = [](const char *content, const char *name, OpenKind kind) {
            QTest::addRow("%s named %s", content, name)
                << QString::fromLatin1(content) << QString::fromLatin1(name) << kind;
        };
        row("onnx", "net.onnx", OpenKind::OnnxModel);
        row("onnx", "x.npy", OpenKind::OnnxModel); // the GUI once showed NumPy's error here
        row("onnx", "x.safetensors", OpenKind::OnnxModel);
        row("onnx", "x.carton", OpenKind::OnnxModel);
        row("gguf", "x.npy", OpenKind::GgufModel);
        row("torchzip", "x.npy", OpenKind::TorchZipModel);
        row("torchzip", "model.carton", OpenKind::TorchZipModel);
        row("torchlegacy", "x.safetensors", OpenKind::TorchLegacyModel);
        row("npy", "weights.bin", OpenKind::Npy);
        row("npy", "x.safetensors", OpenKind::Npy);
        row("npy", "model.onnx", OpenKind::Npy);
        row("safetensors", "x.npy", OpenKind::Safetensors);
        row("safetensors", "model.onnx", OpenKind::Safetensors);
        row("carton", "x.carton", OpenKind::CartonFile);
        row("carton", "x.npy", OpenKind::CartonFile);         // a zip is no broken .npy
        row("carton", "model.pt", OpenKind::CartonFile);      // no PyTorch entries
        row("brokenonnx", "broken.bin", OpenKind::OnnxModel); // the ONNX reader says why
        row("brokenonnx", "broken.npy", OpenKind::Npy);       // the name picks NumPy's error
        row("text", "x.npy", OpenKind::Npy);
        row("text", "x.SafeTensors", OpenKind::Safetensors);
        row("text", "notes.txt", OpenKind::Unknown);
        row("text", "notes.onnx", OpenKind::Unknown);
        row("text", "x.carton", OpenKind::Unknown);
        row("empty", "empty", OpenKind::Unknown);
    }

    void files()
    {
        QFETCH(QString, content);
        QFETCH(QString, name);
        QFETCH(OpenKind, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(m_contents.contains(content));
        QVERIFY(testutil::writeFile(path, m_contents.value(content)));
        const Result<OpenKind> kind = classifyPath(path);
        QVERIFY2(kind.ok(), kind ? "" : qPrintable(kind.error().message));
        QCOMPARE(*kind, expected);
    }

    void folders()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(u"carton/model"_s));
        QVERIFY(testutil::writeFile(dir.filePath(u"carton/carton.toml"_s), "[model]\n"));
        QVERIFY(QDir(dir.path()).mkpath(u"hf"_s));
        QVERIFY(testutil::writeFile(dir.filePath(u"hf/model.safetensors"_s), m_contents.value(u"safetensors"_s)));
        QCOMPARE(*classifyPath(dir.filePath(u"carton"_s)), OpenKind::CartonFolder);
        QCOMPARE(*classifyPath(dir.filePath(u"hf"_s)), OpenKind::ModelFolder);
        // A folder named like a file is still a folder.
        QVERIFY(QDir(dir.path()).mkpath(u"x.npy"_s));
        QCOMPARE(*classifyPath(dir.filePath(u"x.npy"_s)), OpenKind::ModelFolder);
    }

    void missingIsNotFound()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"missing.npy"_s);
        const Result<OpenKind> kind = classifyPath(path);
        QVERIFY(!kind);
        QCOMPARE(kind.error().code, ErrorCode::NotFound);
        QCOMPARE(kind.error().location, path);
    }

    void kindsMapToFormats()
    {
        QVERIFY(modelFormatOf(OpenKind::OnnxModel) == ModelFormat::Onnx);
        QVERIFY(modelFormatOf(OpenKind::GgufModel) == ModelFormat::Gguf);
        QVERIFY(modelFormatOf(OpenKind::TorchZipModel) == ModelFormat::TorchZip);
        QVERIFY(modelFormatOf(OpenKind::TorchLegacyModel) == ModelFormat::TorchLegacy);
        QVERIFY(!modelFormatOf(OpenKind::Safetensors)); // a tensor file first
        QVERIFY(tensorFileKindOf(OpenKind::Safetensors) == TensorFile::Kind::Safetensors);
        QVERIFY(tensorFileKindOf(OpenKind::Npy) == TensorFile::Kind::Npy);
        QVERIFY(!tensorFileKindOf(OpenKind::CartonFile));
    }

private:
    QTemporaryDir m_dir;
    QHash<QString, QByteArray> m_contents;
};

QTEST_GUILESS_MAIN(TestClassifyPath)
#include "tst_classifypath.moc"
