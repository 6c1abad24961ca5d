// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "common/roles.h"
#include "diagnostics/diagnosticsmodel.h"
#include "fixturepolicy.h"
#include "testcartons.h"
#include "validate/validator.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QTest>

using namespace Qt::StringLiterals;

using namespace studio;

class TestDiagnosticsModel : public QObject {
    Q_OBJECT

private slots:
    void rows_data();
    void rows();
    void realValidation();
};

void TestDiagnosticsModel::rows_data()
{
    QTest::addColumn<int>("severity");
    QTest::addColumn<QString>("severityText");
    QTest::newRow("error") << int(carton::Severity::Error) << "Error";
    QTest::newRow("warning") << int(carton::Severity::Warning) << "Warning";
    QTest::newRow("info") << int(carton::Severity::Info) << "Info";
}

void TestDiagnosticsModel::rows()
{
    QFETCH(int, severity);
    QFETCH(QString, severityText);
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const carton::Diagnostic d{
        carton::Severity(severity),
        carton::DiagnosticLocation{QStringLiteral("carton.toml"), 0, QStringLiteral("input[2].shape")},
        QStringLiteral("bad shape")};
    model.setDiagnostics(
        {d, {carton::Severity::Info, carton::DiagnosticLocation{QStringLiteral("MANIFEST"), 3}, QStringLiteral("x")}});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, DiagnosticsModel::SeverityColumn).data().toString(), severityText);
    QVERIFY(!model.index(0, DiagnosticsModel::SeverityColumn).data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(model.index(0, DiagnosticsModel::LocationColumn).data().toString(), u"carton.toml: input[2].shape"_s);
    QCOMPARE(model.index(0, DiagnosticsModel::MessageColumn).data().toString(), d.message);
    QCOMPARE(
        model.index(0, DiagnosticsModel::MessageColumn).data(Roles::LocationRole).value<carton::DiagnosticLocation>(),
        d.location);
    QCOMPARE(model.index(1, DiagnosticsModel::LocationColumn).data().toString(), u"MANIFEST:3"_s);
    QCOMPARE(model.diagnostic(model.index(0, 2)), d);
    QCOMPARE(model.diagnostic(QModelIndex()), carton::Diagnostic());
    QCOMPARE(model.count(carton::Severity(severity)), severity == int(carton::Severity::Info) ? 2 : 1);
    model.setDiagnostics({});
    QCOMPARE(model.rowCount(), 0);
}

void TestDiagnosticsModel::realValidation()
{
    const QString path = testcartons::upstreamFixture();
    if (path.isEmpty())
        CARTON_MISSING_FIXTURE("upstream fixture not available");
    auto carton = testcartons::open(path);
    QVERIFY(carton);
    const carton::Diagnostics diagnostics = carton::validateCarton(*carton);
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiagnostics(diagnostics);
    QCOMPARE(model.rowCount(), int(diagnostics.size()));
    // The fixture's self-test feeds a string tensor to the float64 input b: a warning.
    bool found = false;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, DiagnosticsModel::LocationColumn).data().toString().contains(u"self_test[0]"))
            found = true;
    QVERIFY(found);
}

QTEST_MAIN(TestDiagnosticsModel)
#include "tst_diagnosticsmodel.moc"
