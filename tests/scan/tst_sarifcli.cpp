// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// `carton scan --sarif` and `carton verify --sarif`: SARIF 2.1.0 logs of real
// findings, checked against the rules of the SARIF 2.1.0 schema that our output
// touches (written here from the OASIS schema's definitions: required
// properties, enumerations, minimums, no properties the schema does not define
// where it says additionalProperties: false), since the schema file itself is
// not available offline.
#include "clirunner.h"
#include "scantestutil.h"
#include "testutil.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace scantest;

namespace {

// The properties SARIF 2.1.0 defines for each object we write (its schema sets
// additionalProperties: false on all of them).
const QHash<QString, QStringList> kProperties = {
    {u"sarifLog"_s, {u"$schema"_s, u"version"_s, u"runs"_s, u"inlineExternalProperties"_s, u"properties"_s}},
    {u"run"_s,
     {u"tool"_s,
      u"invocations"_s,
      u"conversion"_s,
      u"language"_s,
      u"versionControlProvenance"_s,
      u"originalUriBaseIds"_s,
      u"artifacts"_s,
      u"logicalLocations"_s,
      u"graphs"_s,
      u"results"_s,
      u"automationDetails"_s,
      u"runAggregates"_s,
      u"baselineGuid"_s,
      u"redactionTokens"_s,
      u"defaultEncoding"_s,
      u"defaultSourceLanguage"_s,
      u"newlineSequences"_s,
      u"columnKind"_s,
      u"externalPropertyFileReferences"_s,
      u"threadFlowLocations"_s,
      u"taxonomies"_s,
      u"addresses"_s,
      u"translations"_s,
      u"policies"_s,
      u"webRequests"_s,
      u"webResponses"_s,
      u"specialLocations"_s,
      u"properties"_s}},
    {u"tool"_s, {u"driver"_s, u"extensions"_s, u"properties"_s}},
    {u"toolComponent"_s,
     {u"guid"_s,
      u"name"_s,
      u"organization"_s,
      u"product"_s,
      u"productSuite"_s,
      u"shortDescription"_s,
      u"fullDescription"_s,
      u"fullName"_s,
      u"version"_s,
      u"semanticVersion"_s,
      u"dottedQuadFileVersion"_s,
      u"releaseDateUtc"_s,
      u"downloadUri"_s,
      u"informationUri"_s,
      u"globalMessageStrings"_s,
      u"notifications"_s,
      u"rules"_s,
      u"taxa"_s,
      u"locations"_s,
      u"language"_s,
      u"contents"_s,
      u"isComprehensive"_s,
      u"localizedDataSemanticVersion"_s,
      u"minimumRequiredLocalizedDataSemanticVersion"_s,
      u"associatedComponent"_s,
      u"translationMetadata"_s,
      u"supportedTaxonomies"_s,
      u"properties"_s}},
    {u"reportingDescriptor"_s,
     {u"id"_s, u"deprecatedIds"_s, u"guid"_s, u"deprecatedGuids"_s, u"name"_s, u"deprecatedNames"_s,
      u"shortDescription"_s, u"fullDescription"_s, u"messageStrings"_s, u"defaultConfiguration"_s, u"helpUri"_s,
      u"help"_s, u"relationships"_s, u"properties"_s}},
    {u"reportingConfiguration"_s, {u"enabled"_s, u"level"_s, u"rank"_s, u"parameters"_s, u"properties"_s}},
    {u"multiformatMessageString"_s, {u"text"_s, u"markdown"_s, u"properties"_s}},
    {u"message"_s, {u"text"_s, u"markdown"_s, u"id"_s, u"arguments"_s, u"properties"_s}},
    {u"result"_s,
     {u"ruleId"_s,
      u"ruleIndex"_s,
      u"rule"_s,
      u"kind"_s,
      u"level"_s,
      u"message"_s,
      u"analysisTarget"_s,
      u"locations"_s,
      u"guid"_s,
      u"correlationGuid"_s,
      u"occurrenceCount"_s,
      u"partialFingerprints"_s,
      u"fingerprints"_s,
      u"stacks"_s,
      u"codeFlows"_s,
      u"graphs"_s,
      u"graphTraversals"_s,
      u"relatedLocations"_s,
      u"suppressions"_s,
      u"baselineState"_s,
      u"rank"_s,
      u"attachments"_s,
      u"hostedViewerUri"_s,
      u"workItemUris"_s,
      u"provenance"_s,
      u"fixes"_s,
      u"taxa"_s,
      u"webRequest"_s,
      u"webResponse"_s,
      u"properties"_s}},
    {u"location"_s,
     {u"id"_s, u"physicalLocation"_s, u"logicalLocations"_s, u"message"_s, u"annotations"_s, u"relationships"_s,
      u"properties"_s}},
    {u"physicalLocation"_s, {u"address"_s, u"artifactLocation"_s, u"region"_s, u"contextRegion"_s, u"properties"_s}},
    {u"artifactLocation"_s, {u"uri"_s, u"uriBaseId"_s, u"index"_s, u"description"_s, u"properties"_s}},
    {u"region"_s,
     {u"startLine"_s, u"startColumn"_s, u"endLine"_s, u"endColumn"_s, u"charOffset"_s, u"charLength"_s, u"byteOffset"_s,
      u"byteLength"_s, u"snippet"_s, u"message"_s, u"sourceLanguage"_s, u"properties"_s}},
    {u"logicalLocation"_s,
     {u"name"_s, u"index"_s, u"fullyQualifiedName"_s, u"decoratedName"_s, u"parentIndex"_s, u"kind"_s,
      u"properties"_s}},
};
const QStringList kLevels = {u"none"_s, u"note"_s, u"warning"_s, u"error"_s};

struct Checker {
    QStringList problems;
    void require(bool ok, const QString &what)
    {
        if (!ok)
            problems << what;
    }
    void keys(const QJsonObject &o, const QString &type, const QString &where)
    {
        for (const QString &k : o.keys())
            require(kProperties.value(type).contains(k), u"%1: property \"%2\" is not in %3"_s.arg(where, k, type));
    }
    void text(const QJsonValue &v, const QString &type, const QString &where)
    {
        require(v.isObject(), where + u": not an object"_s);
        keys(v.toObject(), type, where);
        require(v[u"text"_s].isString() && !v[u"text"_s].toString().isEmpty(), where + u".text: missing"_s);
    }
    void uri(const QString &u, bool absolute, const QString &where)
    {
        const QUrl url(u, QUrl::StrictMode);
        require(url.isValid() && (!absolute || !url.scheme().isEmpty()), where + u": not a URI: "_s + u);
    }
    void location(const QJsonObject &l, const QString &where)
    {
        keys(l, u"location"_s, where);
        const QJsonObject p = l[u"physicalLocation"_s].toObject();
        keys(p, u"physicalLocation"_s, where + u".physicalLocation"_s);
        const QJsonObject a = p[u"artifactLocation"_s].toObject();
        keys(a, u"artifactLocation"_s, where + u".artifactLocation"_s);
        uri(a[u"uri"_s].toString(), false, where + u".artifactLocation.uri"_s);
        if (p.contains(u"region"_s)) {
            const QJsonObject r = p[u"region"_s].toObject();
            keys(r, u"region"_s, where + u".region"_s);
            require(r[u"startLine"_s].toInt() >= 1, where + u".region.startLine < 1"_s);
            require(!r.contains(u"startColumn"_s) || r[u"startColumn"_s].toInt() >= 1,
                    where + u".region.startColumn < 1"_s);
        }
        for (const QJsonValue &logical : l[u"logicalLocations"_s].toArray())
            keys(logical.toObject(), u"logicalLocation"_s, where + u".logicalLocations"_s);
    }
    void log(const QJsonObject &o)
    {
        keys(o, u"sarifLog"_s, u"log"_s);
        require(o[u"version"_s].toString() == u"2.1.0", u"version is not 2.1.0"_s);
        uri(o[u"$schema"_s].toString(), true, u"$schema"_s);
        const QJsonArray runs = o[u"runs"_s].toArray();
        require(runs.size() == 1, u"expected one run"_s);
        for (const QJsonValue &runValue : runs) {
            const QJsonObject run = runValue.toObject();
            keys(run, u"run"_s, u"run"_s);
            keys(run[u"tool"_s].toObject(), u"tool"_s, u"run.tool"_s);
            const QJsonObject driver = run[u"tool"_s][u"driver"_s].toObject();
            keys(driver, u"toolComponent"_s, u"driver"_s);
            require(!driver[u"name"_s].toString().isEmpty(), u"driver.name missing"_s);
            require(
                run[u"columnKind"_s].isUndefined() ||
                    QStringList{u"utf16CodeUnits"_s, u"unicodeCodePoints"_s}.contains(run[u"columnKind"_s].toString()),
                u"columnKind"_s);
            // Base URIs: absolute, ending in a slash (SARIF 2.1.0, 3.14.14).
            const QJsonObject bases = run[u"originalUriBaseIds"_s].toObject();
            for (const QString &id : bases.keys()) {
                const QString base = bases[id][u"uri"_s].toString();
                uri(base, true, u"originalUriBaseIds."_s + id);
                require(base.endsWith(u'/'), u"originalUriBaseIds.%1 does not end in /"_s.arg(id));
            }
            const QJsonArray rules = driver[u"rules"_s].toArray();
            QStringList ids;
            for (const QJsonValue &rule : rules) {
                const QJsonObject r = rule.toObject();
                keys(r, u"reportingDescriptor"_s, u"rule"_s);
                require(!r[u"id"_s].toString().isEmpty(), u"rule without id"_s);
                require(!ids.contains(r[u"id"_s].toString()), u"duplicate rule id"_s);
                ids << r[u"id"_s].toString();
                text(r[u"shortDescription"_s], u"multiformatMessageString"_s, u"rule.shortDescription"_s);
                text(r[u"help"_s], u"multiformatMessageString"_s, u"rule.help"_s);
                keys(r[u"defaultConfiguration"_s].toObject(), u"reportingConfiguration"_s, u"defaultConfiguration"_s);
                require(kLevels.contains(r[u"defaultConfiguration"_s][u"level"_s].toString()), u"rule level"_s);
            }
            for (const QJsonValue &resultValue : run[u"results"_s].toArray()) {
                const QJsonObject r = resultValue.toObject();
                keys(r, u"result"_s, u"result"_s);
                text(r[u"message"_s], u"message"_s, u"result.message"_s);
                require(kLevels.contains(r[u"level"_s].toString()), u"result level"_s);
                const int index = r[u"ruleIndex"_s].toInt(-1);
                require(index >= 0 && index < ids.size() && ids[index] == r[u"ruleId"_s].toString(),
                        u"ruleIndex does not name ruleId "_s + r[u"ruleId"_s].toString());
                const QJsonArray locations = r[u"locations"_s].toArray();
                require(!locations.isEmpty(), u"result without a location"_s);
                for (const QJsonValue &l : locations) {
                    location(l.toObject(), u"result.location"_s);
                    const QString base = l[u"physicalLocation"_s][u"artifactLocation"_s][u"uriBaseId"_s].toString();
                    require(bases.contains(base), u"uriBaseId not in originalUriBaseIds: "_s + base);
                }
            }
        }
    }
};

QJsonObject readLog(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QJsonObject resultFor(const QJsonObject &log, const QString &ruleId)
{
    for (const QJsonValue &r : log[u"runs"_s][0][u"results"_s].toArray())
        if (r[u"ruleId"_s].toString() == ruleId)
            return r.toObject();
    return {};
}

} // namespace

class TestSarifCli : public QObject {
    Q_OBJECT
private slots:
    void scanWritesSarif();
    void verifyWritesSarif();
    void checkerSeesViolations();
};

void TestSarifCli::scanWritesSarif()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"evil.carton"_s);
    QVERIFY(ziptest::writeFile(
        path, buildZip({storedEntry("carton.toml", cartonToml()),
                        storedEntry("model/model.pt", torchScriptZip(stackGlobalReduce("os", "system", "id")))})));
    const QString out = dir.filePath(u"scan.sarif"_s);
    const RunResult r = runCarton({u"scan"_s, path, u"--sarif"_s, out});
    QCOMPARE(r.exitCode, 1); // findings: the exit code is the scan's, SARIF or not
    const QJsonObject log = readLog(out);
    Checker check;
    check.log(log);
    QVERIFY2(check.problems.isEmpty(), qPrintable(check.problems.join(u'\n')));
    const QJsonObject result = resultFor(log, u"carton-scan/pickle"_s);
    QCOMPARE(result[u"level"_s].toString(), u"error"_s);
    QVERIFY2(result[u"message"_s][u"text"_s].toString().startsWith(u"imports os.system (critical)"_s),
             qPrintable(result[u"message"_s][u"text"_s].toString()));
    const QJsonObject location = result[u"locations"_s][0].toObject();
    QCOMPARE(location[u"physicalLocation"_s][u"artifactLocation"_s][u"uri"_s].toString(), u"model/model.pt"_s);
    QCOMPARE(location[u"logicalLocations"_s][0][u"name"_s].toString(), u"m/data.pkl"_s);
    QCOMPARE(result[u"properties"_s][u"security-severity"_s].toString(), u"9.5"_s);
    const QString base = log[u"runs"_s][0][u"originalUriBaseIds"_s][u"CARTON"_s][u"uri"_s].toString();
    QCOMPARE(base, QUrl::fromLocalFile(path).toString() + u'/');
    // Each rule has help text for the dashboard.
    for (const QJsonValue &rule : log[u"runs"_s][0][u"tool"_s][u"driver"_s][u"rules"_s].toArray())
        QVERIFY(rule[u"help"_s][u"text"_s].toString().size() > 80);
    // A network finding (a plain http host) is a warning.
    QVERIFY(resultFor(log, u"carton-scan/network"_s).isEmpty() ||
            resultFor(log, u"carton-scan/network"_s)[u"level"_s].toString() != u"error");
}

void TestSarifCli::verifyWritesSarif()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(u"c"_s);
    // carton.toml with a requirement that is no semver range (line 5), and a file whose hash is not MANIFEST's.
    const QByteArray toml = "spec_version = 1\nmodel_name = \"m\"\n[runner]\nrunner_name = \"noop\"\n"
                            "required_framework_version = \"not a version\"\nrunner_compat_version = 1\n";
    QVERIFY(testutil::writeFile(folder + u"/carton.toml"_s, toml));
    QVERIFY(testutil::writeFile(folder + u"/model/w.bin"_s, "changed"));
    const QByteArray wrong = QCryptographicHash::hash("original", QCryptographicHash::Sha256).toHex();
    const QByteArray tomlHash = QCryptographicHash::hash(toml, QCryptographicHash::Sha256).toHex();
    QVERIFY(testutil::writeFile(folder + u"/MANIFEST"_s, "carton.toml=" + tomlHash + "\nmodel/w.bin=" + wrong + "\n"));
    const QString out = dir.filePath(u"verify.sarif"_s);
    const RunResult r = runCarton({u"verify"_s, folder, u"--sarif"_s, out});
    QCOMPARE(r.exitCode, 1);
    const QJsonObject log = readLog(out);
    Checker check;
    check.log(log);
    QVERIFY2(check.problems.isEmpty(), qPrintable(check.problems.join(u'\n')));
    const QJsonObject integrity = resultFor(log, u"carton-verify/integrity"_s);
    QCOMPARE(integrity[u"level"_s].toString(), u"error"_s);
    QCOMPARE(integrity[u"locations"_s][0][u"physicalLocation"_s][u"artifactLocation"_s][u"uri"_s].toString(),
             u"model/w.bin"_s);
    const QJsonObject validation = resultFor(log, u"carton-verify/validation"_s);
    QCOMPARE(validation[u"level"_s].toString(), u"error"_s);
    QCOMPARE(validation[u"locations"_s][0][u"physicalLocation"_s][u"artifactLocation"_s][u"uri"_s].toString(),
             u"carton.toml"_s);
    QVERIFY2(validation[u"message"_s][u"text"_s].toString().contains(u"not a valid semver version requirement"_s),
             qPrintable(validation[u"message"_s][u"text"_s].toString()));
    QCOMPARE(validation[u"locations"_s][0][u"physicalLocation"_s][u"region"_s][u"startLine"_s].toInt(), 5);
    QCOMPARE(validation[u"locations"_s][0][u"logicalLocations"_s][0][u"name"_s].toString(),
             u"runner.required_framework_version"_s);
    // A sound carton: a log with no results, still valid.
    const RunResult ok = runCarton({u"scan"_s, folder, u"--sarif"_s, dir.filePath(u"clean.sarif"_s)});
    Checker clean;
    clean.log(readLog(dir.filePath(u"clean.sarif"_s)));
    QVERIFY2(clean.problems.isEmpty(), qPrintable(clean.problems.join(u'\n')));
    QVERIFY(ok.exitCode == 0 || ok.exitCode == 1);
}

// The checker itself: it sees what the schema forbids.
void TestSarifCli::checkerSeesViolations()
{
    QJsonObject bad{
        {u"version"_s, u"2.0.0"_s},
        {u"extra"_s, 1},
        {u"runs"_s, QJsonArray{QJsonObject{{u"tool"_s, QJsonObject{{u"driver"_s, QJsonObject{}}}},
                                           {u"results"_s, QJsonArray{QJsonObject{{u"level"_s, u"fatal"_s}}}}}}}};
    Checker check;
    check.log(bad);
    const QString all = check.problems.join(u'\n');
    QVERIFY2(all.contains(u"version is not 2.1.0"_s), qPrintable(all));
    QVERIFY2(all.contains(u"property \"extra\" is not in sarifLog"_s), qPrintable(all));
    QVERIFY2(all.contains(u"driver.name missing"_s), qPrintable(all));
    QVERIFY2(all.contains(u"result level"_s), qPrintable(all));
    QVERIFY2(all.contains(u"result.message.text: missing"_s), qPrintable(all));
    QVERIFY2(all.contains(u"result without a location"_s), qPrintable(all));
}

QTEST_GUILESS_MAIN(TestSarifCli)
#include "tst_sarifcli.moc"
