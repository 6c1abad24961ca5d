// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
// The carton's files: carton.toml, MANIFEST against the files, LINKS, model/,
// and the top-level layout.
#include "base/coretext.h"
#include "package/carton.h"
#include "validate/fileview.h"
#include "validate/validaterules.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace carton::validate_detail {

bool cartonHasFile(const Carton &carton, const QString &path)
{
    return carton.source().find(path) != nullptr || carton.isLinked(path);
}

namespace {

const QString manifestName = u"MANIFEST"_s;
const QString linksName = u"LINKS"_s;

bool loadReported(const Carton &carton, const QString &file)
{
    for (const Diagnostic &d : carton.loadDiagnostics())
        if (d.location.file == file || d.location.file.startsWith(file))
            return true;
    return false;
}

void checkMetadataFile(const Carton &carton, const QString &file, bool parsed, const QString &why, Reporter &r)
{
    if (parsed)
        return;
    if (!cartonHasFile(carton, file))
        r.file(Severity::Error, file, ValidationText::tr("missing: %1").arg(why));
    else if (!loadReported(carton, file))
        r.file(Severity::Error, file, ValidationText::tr("could not be read or parsed"));
}

void checkManifest(const Carton &carton, Reporter &r)
{
    const Manifest &manifest = *carton.manifest();
    const CartonSource &source = carton.source();
    const QList<SourceFile> &files = source.files();
    const QList<ManifestEntry> &entries = manifest.entries();
    const QList<qsizetype> stored = source.filesOf(entries);
    QList<bool> listed(files.size(), false);
    bool hasToml = false;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const ManifestEntry &e = entries.at(i);
        hasToml = hasToml || e.path == cartonTomlName();
        if (stored.at(i) >= 0) {
            listed[stored.at(i)] = true;
            continue;
        }
        const DiagnosticLocation where{manifestName, int(i + 1)};
        if (carton.isLinked(e.path)) {
            const QStringList urls = carton.links() ? carton.links()->urlsFor(e.sha256) : QStringList();
            r.at(Severity::Info, where,
                 ValidationText::tr("%1 is not stored in the carton; it is fetched from LINKS (%2)")
                     .arg(e.path, urls.isEmpty() ? u"no URL"_s : urls.constFirst()));
        } else {
            r.at(Severity::Error, where,
                 ValidationText::tr(
                     "%1 is listed but missing: it is not in the carton and LINKS has no URL for its sha256")
                     .arg(e.path));
        }
    }
    // (A carton.toml missing altogether is reported once, by checkMetadataFile.)
    if (!hasToml && source.find(cartonTomlName()))
        r.file(Severity::Error, manifestName,
               ValidationText::tr("no entry for carton.toml; MANIFEST must list every file but MANIFEST and LINKS"));
    for (qsizetype i = 0; i < files.size(); ++i) {
        const SourceFile &f = files.at(i);
        if (listed.at(i) || f.path == manifestName || f.path == linksName)
            continue;
        if (f.path == cartonTomlName())
            continue; // reported above as a missing MANIFEST entry
        r.file(Severity::Error, f.path,
               ValidationText::tr("not listed in MANIFEST; MANIFEST must list every file but MANIFEST and LINKS"));
    }
}

void checkLinks(const Carton &carton, Reporter &r)
{
    if (!carton.links() || !carton.manifest())
        return;
    QSet<QByteArray> hashes;
    for (const ManifestEntry &e : carton.manifest()->entries())
        hashes.insert(e.sha256);
    const auto &urls = carton.links()->urls();
    for (auto it = urls.cbegin(); it != urls.cend(); ++it) {
        if (!hashes.contains(it.key()))
            r.at(Severity::Warning, DiagnosticLocation{linksName, 0, u"urls."_s + QString::fromLatin1(it.key())},
                 ValidationText::tr("no MANIFEST entry has sha256 %1, so its URLs are never used")
                     .arg(QString::fromLatin1(it.key())));
    }
}

} // namespace

void checkTopLevel(const FileView &files, const CartonInfo *info, Reporter &r)
{
    static const QSet<QString> knownFiles = {u"carton.toml"_s, u"MANIFEST"_s, u"LINKS"_s};
    bool hasModel = false;
    QSet<QString> reported;
    const QStringList paths = files.paths();
    for (const QString &path : paths) {
        const qsizetype slash = path.indexOf(u'/');
        if (slash < 0) {
            if (!knownFiles.contains(path) && !reported.contains(path)) {
                reported.insert(path);
                r.file(
                    Severity::Warning, path,
                    ValidationText::tr(
                        "not part of the Carton v1 layout (carton.toml, MANIFEST, LINKS, model/, tensor_data/, misc/); "
                        "runners only see model/"));
            }
            continue;
        }
        const QStringView top = QStringView(path).first(slash); // no copy: this runs for every file
        if (top == u"model")
            hasModel = true;
        if (top == u"model" || top == u"tensor_data" || top == u"misc")
            continue;
        const QString folder = top.toString();
        if (!reported.contains(folder)) {
            reported.insert(folder);
            r.file(
                Severity::Warning, folder + u'/',
                ValidationText::tr(
                    "folder not part of the Carton v1 layout (model/, tensor_data/, misc/); runners only see model/"));
        }
    }
    if (!hasModel) {
        r.file(Severity::Error, u"model/"_s,
               ValidationText::tr(
                   "the model folder is missing or empty; it must hold what the runner needs to load the model"));
        return;
    }
    // Runners that load one fixed file (upstream torchscript: model/model.pt).
    const RunnerFacts *facts = info ? runnerFacts(info->runner.runnerName) : nullptr;
    if (facts && !facts->modelFile.isEmpty()) {
        const QString expected = u"model/"_s + facts->modelFile;
        if (!paths.contains(expected))
            r.file(Severity::Warning, u"model/"_s,
                   ValidationText::tr("the %1 runner loads %2, which the carton does not have")
                       .arg(facts->name, expected));
    }
}

void checkLayout(const Carton &carton, Reporter &r)
{
    checkMetadataFile(carton, cartonTomlName(), carton.info().has_value(),
                      ValidationText::tr("every carton describes its model in carton.toml"), r);
    if (!carton.source().isArchive() && !cartonHasFile(carton, manifestName))
        // An unpacked folder without MANIFEST is a carton's source: packing generates it.
        r.file(Severity::Info, manifestName,
               ValidationText::tr("no MANIFEST: this folder is a carton source; packing it generates MANIFEST"));
    else
        checkMetadataFile(carton, manifestName, carton.manifest().has_value(),
                          ValidationText::tr("every carton lists its files and their sha256 in MANIFEST"), r);
    if (carton.manifest())
        checkManifest(carton, r);
    checkLinks(carton, r);
}

} // namespace carton::validate_detail
