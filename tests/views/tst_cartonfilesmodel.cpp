// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "common/roles.h"
#include "files/cartonfilesmodel.h"
#include "fixturepolicy.h"
#include "testcartons.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace studio;

class TestCartonFilesModel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void upstreamTree();
    void upstreamColumns_data();
    void upstreamColumns();
    void fileChecks_data();
    void fileChecks();
    void manifestOnlyFiles();
    void emptyModel();
};

static std::shared_ptr<const carton::Carton> upstream()
{
    const QString path = testcartons::upstreamFixture();
    if (path.isEmpty())
        return {};
    QString error;
    auto carton = testcartons::open(path, &error);
    if (!carton)
        qWarning("cannot open %s: %s", qPrintable(path), qPrintable(error));
    return carton;
}

static QStringList childNames(const QAbstractItemModel &model, const QModelIndex &parent)
{
    QStringList names;
    for (int r = 0; r < model.rowCount(parent); ++r)
        names.append(model.index(r, 0, parent).data().toString());
    return names;
}

void TestCartonFilesModel::upstreamTree()
{
    auto carton = upstream();
    if (!carton)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    CartonFilesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);

    QCOMPARE(childNames(model, {}), (QStringList{"misc", "model", "tensor_data", "MANIFEST", "carton.toml"}));
    const QModelIndex modelFolder = model.indexForPath(QStringLiteral("model"));
    QVERIFY(model.isFolder(modelFolder));
    QCOMPARE(childNames(model, modelFolder), (QStringList{".carton", "main.py", "requirements.txt"}));
    QCOMPARE(model.filePathsUnder(modelFolder),
             (QStringList{"model/.carton/carton.lock", "model/main.py", "model/requirements.txt"}));
    QCOMPARE(model.fileCount(), 12);
    QCOMPARE(model.filePath(model.indexForPath(QStringLiteral("misc/_example_misc_file_0"))),
             QStringLiteral("misc/_example_misc_file_0"));
    QCOMPARE(model.filePath(modelFolder), QString());
}

void TestCartonFilesModel::upstreamColumns_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("size");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("sha256");

    QTest::newRow("main.py") << "model/main.py"
                             << "276 B"
                             << "zstd"
                             << "f1bcb790dc3c858254f5af2eafc496bc4dcc5d42b83fb0b80772f96434bc9461";
    QTest::newRow("tensor") << "tensor_data/tensor_3.bin"
                            << "8 B"
                            << "zstd"
                            << "f13ee6ed54ea2aae9fc49a9faeb5da6e8ddef0e12ed5d30d35a624ae813e0485";
    QTest::newRow("png") << "misc/model_architecture.png"
                         << "903.4 KiB"
                         << "zstd"
                         << "2b25fb2ed94da7273e10db82f1b7383b38d1b3ee1cc09037c87ec95448de3525";
    QTest::newRow("MANIFEST") << "MANIFEST"
                              << "968 B"
                              << "Stored"
                              << "";
}

void TestCartonFilesModel::upstreamColumns()
{
    QFETCH(QString, path);
    QFETCH(QString, size);
    QFETCH(QString, method);
    QFETCH(QString, sha256);
    auto carton = upstream();
    if (!carton)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    CartonFilesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);
    const QModelIndex index = model.indexForPath(path);
    QVERIFY(index.isValid());
    QCOMPARE(index.siblingAtColumn(CartonFilesModel::SizeColumn).data().toString(), size);
    QCOMPARE(index.siblingAtColumn(CartonFilesModel::MethodColumn).data().toString(), method);
    QCOMPARE(index.siblingAtColumn(CartonFilesModel::Sha256Column).data().toString(), sha256);
    QCOMPARE(index.data(Roles::PathRole).toString(), path);
    const QModelIndex state = index.siblingAtColumn(CartonFilesModel::StateColumn);
    if (path == u"MANIFEST") { // the source of the hashes has no state of its own
        QVERIFY(!state.data(Roles::FileStateRole).isValid());
        QCOMPARE(state.data().toString(), QString());
        model.setFileCheck({path, carton::FileState::Mismatch, {}, {}, {}});
        QVERIFY(!state.data(Roles::FileStateRole).isValid());
    } else {
        QCOMPARE(state.data(Roles::FileStateRole).toInt(), int(carton::FileState::Unverified));
        QCOMPARE(state.data().toString(), QStringLiteral("Pending"));
    }
    const carton::SourceFile *file = carton->source().find(path);
    QVERIFY(file);
    QCOMPARE(index.siblingAtColumn(CartonFilesModel::SizeColumn).data(Roles::SortRole).toLongLong(), file->size);
}

void TestCartonFilesModel::fileChecks_data()
{
    QTest::addColumn<int>("state");
    QTest::addColumn<int>("otherState");
    QTest::addColumn<int>("folderState"); // of "model" after both files are set

    using S = carton::FileState;
    QTest::newRow("all ok") << int(S::Ok) << int(S::Ok) << int(S::Ok);
    QTest::newRow("one mismatch") << int(S::Mismatch) << int(S::Ok) << int(S::Mismatch);
    QTest::newRow("mismatch beats missing") << int(S::Missing) << int(S::Mismatch) << int(S::Mismatch);
    QTest::newRow("failed") << int(S::Ok) << int(S::Failed) << int(S::Failed);
    QTest::newRow("linked shows on the folder") << int(S::Linked) << int(S::Ok) << int(S::Linked);
}

void TestCartonFilesModel::fileChecks()
{
    QFETCH(int, state);
    QFETCH(int, otherState);
    QFETCH(int, folderState);
    auto carton = upstream();
    if (!carton)
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    CartonFilesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

    // Every file of model/ first, then main.py and requirements.txt as the row says.
    model.setFileCheck({QStringLiteral("model/.carton/carton.lock"), carton::FileState::Ok, {}, {}, {}});
    model.setFileCheck({QStringLiteral("model/main.py"), carton::FileState(state), {}, {}, QStringLiteral("why")});
    model.setFileCheck({QStringLiteral("model/requirements.txt"), carton::FileState(otherState), {}, {}, {}});
    // The changed rows are announced together, shortly after: one signal per
    // folder whose range covers main.py's row and its state column.
    const QModelIndex main = model.indexForPath(QStringLiteral("model/main.py"), CartonFilesModel::StateColumn);
    QTRY_VERIFY(!changed.isEmpty());
    bool covered = false;
    for (const QList<QVariant> &args : std::as_const(changed)) {
        const auto first = args.at(0).value<QModelIndex>(), last = args.at(1).value<QModelIndex>();
        covered |= first.parent() == main.parent() && first.row() <= main.row() && main.row() <= last.row() &&
                   last.column() == CartonFilesModel::StateColumn;
    }
    QVERIFY(covered);
    QVERIFY(changed.count() <= 3); // model/.carton's row, model/'s rows, the model folder's own row
    QCOMPARE(main.data(Roles::FileStateRole).toInt(), state);
    QVERIFY(!main.data(Qt::DecorationRole).value<QIcon>().isNull());
    const QModelIndex folder = model.indexForPath(QStringLiteral("model"), CartonFilesModel::StateColumn);
    QCOMPARE(folder.data(Roles::FileStateRole).toInt(), folderState);
    QCOMPARE(int(model.fileState(QStringLiteral("model"))), folderState);
    // Other folders are still pending.
    QCOMPARE(model.fileState(QStringLiteral("misc")), carton::FileState::Unverified);

    model.resetFileChecks();
    QCOMPARE(main.data(Roles::FileStateRole).toInt(), int(carton::FileState::Unverified));
    QCOMPARE(model.fileState(QStringLiteral("model")), carton::FileState::Unverified);
    // Unknown paths are ignored.
    model.setFileCheck({QStringLiteral("nope/x"), carton::FileState::Mismatch, {}, {}, {}});
    QCOMPARE(model.fileState(QStringLiteral("nope/x")), carton::FileState::Unverified);
}

void TestCartonFilesModel::manifestOnlyFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray toml = testcartons::minimalToml();
    QByteArray manifest = "carton.toml=" + QCryptographicHash::hash(toml, QCryptographicHash::Sha256).toHex() + '\n';
    manifest += "model/gone.bin=" + QByteArray(64, 'a') + '\n';
    QVERIFY(testcartons::writeFolder(dir.path(), {{QStringLiteral("carton.toml"), toml},
                                                  {QStringLiteral("MANIFEST"), manifest},
                                                  {QStringLiteral("model/extra.txt"), "hi"}}));
    auto carton = testcartons::open(dir.path());
    QVERIFY(carton);
    CartonFilesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCarton(carton);
    const QModelIndex gone = model.indexForPath(QStringLiteral("model/gone.bin"));
    QVERIFY(gone.isValid());
    QCOMPARE(gone.siblingAtColumn(CartonFilesModel::MethodColumn).data().toString(), QStringLiteral("not in archive"));
    QCOMPARE(gone.siblingAtColumn(CartonFilesModel::Sha256Column).data().toString(), QString(64, u'a'));
    const QModelIndex extra = model.indexForPath(QStringLiteral("model/extra.txt"));
    QVERIFY(extra.isValid());
    QCOMPARE(extra.siblingAtColumn(CartonFilesModel::Sha256Column).data().toString(), QString());
    QCOMPARE(extra.siblingAtColumn(CartonFilesModel::MethodColumn).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.rowCount(model.indexForPath(QStringLiteral("model"))), 2);
}

void TestCartonFilesModel::emptyModel()
{
    CartonFilesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setCarton(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.indexForPath(QStringLiteral("carton.toml")).isValid());
}

QTEST_MAIN(TestCartonFilesModel)
#include "tst_cartonfilesmodel.moc"
