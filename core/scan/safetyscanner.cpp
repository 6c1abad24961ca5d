// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "scan/safetyscanner.h"

#include "base/bytesourcedevice.h"
#include "base/coretext.h"
#include "base/scratchfile.h"
#include "format/markdownimages.h"
#include "model/modelfile.h"
#include "model/modelset.h"
#include "package/carton.h"
#include "scan/codeinspector.h"
#include "scan/modelchecks.h"
#include "scan/pickleallowlist.h"
#include "scan/tarmembers.h"
#include "zip/zipreader.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QtEndian>
#include <functional>

namespace carton {

namespace {

bool hasSuffix(const QString &path, std::initializer_list<const char16_t *> suffixes)
{
    for (const char16_t *s : suffixes)
        if (path.endsWith(QStringView(s), Qt::CaseInsensitive))
            return true;
    return false;
}

// Names that promise a pickle or a torch file, only to say "not a pickle" about
// such a file when its content is not one (what is a pickle is decided by
// content). Of the .bin files, only PyTorch's pytorch_model*.bin: the others
// (a carton's tensor_data, external weights) are raw data, not worth a note.
bool namedLikePickle(const QString &path)
{
    const QStringView name = QStringView(path).mid(path.lastIndexOf(u'/') + 1);
    return hasSuffix(path, {u".pkl", u".pickle", u".pt", u".pth", u".ckpt", u"_pkl"}) || name == u"pickle" ||
           (name.startsWith(u"pytorch_model", Qt::CaseInsensitive) && name.endsWith(u".bin", Qt::CaseInsensitive));
}

bool isZipMagic(QByteArrayView head)
{
    return head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06");
}

// Where a NumPy .npy file's array data starts (after its header), or -1 when
// `head` (its first 12 bytes) is not a .npy header. An object array's data is
// a pickle, which np.load(allow_pickle=True) loads.
qint64 npyDataOffset(QByteArrayView head)
{
    if (head.size() < 10 || !head.startsWith("\x93NUMPY"))
        return -1;
    const uchar major = uchar(head[6]);
    if (major == 1)
        return 10 + qFromLittleEndian<quint16>(head.data() + 8);
    if ((major == 2 || major == 3) && head.size() >= 12)
        return 12 + qint64(qFromLittleEndian<quint32>(head.data() + 8));
    return -1;
}

using DeviceOpener = std::function<Result<std::unique_ptr<QIODevice>>()>;

// A readable excerpt of raw bytes (comments): printable ASCII, the rest as '.'.
QString excerpt(const QByteArray &bytes)
{
    QString out;
    for (char c : bytes.left(120))
        out.append(c >= 0x20 && c < 0x7f ? QChar(char16_t(c)) : QChar(u'.'));
    return bytes.size() > 120 ? out + QStringLiteral("…") : out;
}

class Scan {
public:
    Scan(const ScanOptions &options, Progress *progress, ScanReport &report)
        : m_options(options), m_progress(progress), m_report(report)
    {
    }

    void problem(const QString &text)
    {
        m_report.problems.append(text);
        if (m_report.status == ScanStatus::Complete)
            m_report.status = ScanStatus::Incomplete;
    }
    void finding(ScanSeverity severity, ScanCategory category, const QString &file, const QString &what,
                 const QString &why, const QString &detail = {})
    {
        m_report.findings.append(ScanFinding{severity, category, file, what, why, detail});
    }
    // A compressed archive in the carton is decoded to a temporary file first, up
    // to maxSpillBytes; true (and a problem) past that.
    bool tooLargeToSpill(const SourceFile &f, const char *what)
    {
        if (f.size <= m_options.maxSpillBytes)
            return false;
        problem(ScanText::tr("%1: a compressed %2 of %3 bytes, more than the %4 bytes the scan decodes to a "
                             "temporary file")
                    .arg(f.path, QLatin1StringView(what))
                    .arg(f.size)
                    .arg(m_options.maxSpillBytes));
        return true;
    }
    bool cancelled()
    {
        if (!m_progress || !m_progress->isCancelled())
            return false;
        if (!m_cancelNoted)
            problem(ScanText::tr("the scan was cancelled before it read every file"));
        m_cancelNoted = true;
        return true;
    }

    bool pickleStream(QIODevice &device, const QString &file, bool concatenated, bool sayNotPickle);
    bool readAsPickle(const DeviceOpener &open, const QString &file, bool concatenated, bool sayNotPickle);
    void zipMembers(const ZipReader &zip, const QString &file);
    void zipFile(const CartonSource &source, const SourceFile &f);
    void tarMembers(const ByteSourcePtr &tar, const QString &file);
    void entry(const CartonSource &source, const SourceFile &f, const QByteArray &head);
    void codeFile(const CartonSource &source, const SourceFile &f);
    void executable(const CartonSource &source, const SourceFile &f, const QByteArray &head);
    void archive(const CartonSource &source);
    void network(const Carton &carton);
    void addHost(const QString &url, const QString &file, const QString &what, const QString &why);
    void carton(const Carton &carton);
    bool singleFile(const QString &path);

private:
    const ScanOptions &m_options;
    Progress *m_progress;
    ScanReport &m_report;
    QSet<QString> m_hosts;
    bool m_cancelNoted = false;
};

// Reads `device` as a pickle; false when its content is not one (see
// PickleListing::notPickle), said as an info finding with sayNotPickle.
bool Scan::pickleStream(QIODevice &device, const QString &file, bool concatenated, bool sayNotPickle)
{
    ScannedPickle scanned{file, PickleDisassembler::disassemble(device, file, m_options.pickle, concatenated), {}};
    const PickleListing &listing = scanned.listing;
    if (listing.notPickle) {
        if (sayNotPickle) {
            QStringList named;
            for (const PickleImport &imp : listing.imports)
                named << imp.qualifiedName();
            finding(ScanSeverity::Info, ScanCategory::Pickle, file, ScanText::tr("not a pickle"),
                    ScanText::tr("its bytes do not disassemble as a pickle: Python's unpickler stops where the "
                                 "disassembly does, having called nothing"),
                    listing.error->message + (named.isEmpty()
                                                  ? QString()
                                                  : ScanText::tr("; before that it names %1 (imported, never called)")
                                                        .arg(named.join(QStringLiteral(", ")))));
        }
        return false;
    }
    for (const PickleImport &imp : listing.imports) {
        const QString where = ScanText::tr("%1 at offset %2%3%4")
                                  .arg(pickleRefName(imp.ref))
                                  .arg(imp.offset)
                                  .arg(imp.count > 1 ? ScanText::tr(" (%1 times)").arg(imp.count) : QString())
                                  .arg(imp.detail.isEmpty() ? QString() : QStringLiteral("; ") + imp.detail);
        if (!imp.resolved) {
            scanned.allowed.append(false);
            finding(ScanSeverity::High, ScanCategory::Pickle, file,
                    pickleRefImports(imp.ref) ? ScanText::tr("imports a name the scanner cannot resolve")
                                              : ScanText::tr("calls something that is not a named import"),
                    ScanText::tr("what loading the pickle runs cannot be judged: %1").arg(imp.detail), where);
            continue;
        }
        const PickleJudgement judgement = PickleAllowList::judge(imp.module, imp.name);
        scanned.allowed.append(judgement.allowed);
        // A call's target was judged where it was imported.
        if (!judgement.allowed && pickleRefImports(imp.ref))
            finding(judgement.severity, ScanCategory::Pickle, file, ScanText::tr("imports %1").arg(imp.qualifiedName()),
                    judgement.why, where);
    }
    if (listing.importsTruncated)
        problem(ScanText::tr("%1: more than %2 distinct imports; the rest are not listed")
                    .arg(file)
                    .arg(m_options.pickle.maxDistinctImports));
    if (listing.error)
        problem(listing.error->toString());
    m_report.pickles.append(std::move(scanned));
    return true;
}

// A file or a member read as a pickle (see pickleStream), and a .npy file's array
// data too (it opens the file again to skip the header). False when neither is a
// pickle (or the file cannot be opened: a problem).
bool Scan::readAsPickle(const DeviceOpener &open, const QString &file, bool concatenated, bool sayNotPickle)
{
    Result<std::unique_ptr<QIODevice>> device = open();
    if (!device) {
        problem(device.error().toString());
        return false;
    }
    const qint64 at = npyDataOffset((*device)->peek(12));
    const bool pickle = pickleStream(**device, file, concatenated, sayNotPickle);
    if (at < 0)
        return pickle;
    Result<std::unique_ptr<QIODevice>> again = open();
    if (!again) {
        problem(again.error().toString());
        return pickle;
    }
    if ((*again)->skip(at) != at || (*again)->atEnd())
        return pickle;
    return pickleStream(**again, file + ScanText::tr(" (array data)"), false, false) || pickle;
}

// Every member of a zip (a torch file, or any zip in a carton) is read as a
// pickle, whatever its name: torch.load and a model's code may load any of them.
void Scan::zipMembers(const ZipReader &zip, const QString &file)
{
    for (const QuarantinedEntry &q : zip.quarantined())
        finding(ScanSeverity::Medium, ScanCategory::Archive, file,
                ScanText::tr("unsafe entry \"%1\" inside the zip").arg(q.name.left(200)),
                ScanText::tr("a tool that extracts this file may write outside its folder or pick either copy"),
                q.reason);
    for (const ZipEntry &e : zip.entries()) {
        if (e.isDirectory() || e.uncompressedSize == 0)
            continue;
        if (cancelled())
            return;
        readAsPickle([&zip, &e] { return zip.openEntry(e); }, file + QStringLiteral(": ") + e.name, false,
                     namedLikePickle(e.name));
    }
}

// A file of the carton (`head`: its first 512 bytes): read as a pickle (every
// file: protocols 0 and 1 have no magic byte, and names prove nothing), and a
// zip's or a tar's members too.
void Scan::entry(const CartonSource &source, const SourceFile &f, const QByteArray &head)
{
    const bool zip = isZipMagic(head), tar = !zip && TarMembers::isTarHeader(head);
    // No CRC pass: only opcodes are read.
    readAsPickle([&source, &f] { return source.open(f.path, false); }, f.path, true,
                 !zip && !tar && namedLikePickle(f.path));
    if (zip)
        zipFile(source, f);
    if (!tar)
        return;
    if (!source.rawRegion(f.path) && tooLargeToSpill(f, "tar"))
        return;
    Result<ByteSourcePtr> bytes = source.byteSource(f.path);
    if (!bytes) {
        problem(bytes.error().toString());
        return;
    }
    tarMembers(*bytes, f.path);
}

// Every file of a tar (a legacy torch.save, whose "pickle" member torch.load
// unpickles, or any tar in the carton) is read as a pickle, in place.
void Scan::tarMembers(const ByteSourcePtr &tar, const QString &file)
{
    Result<QList<TarMember>> members = TarMembers::list(*tar);
    if (!members) {
        problem(members.error().toString());
        return;
    }
    for (const TarMember &m : *members) {
        if (cancelled())
            return;
        const QString inner = file + QStringLiteral(": ") + m.name;
        if (m.sparse) {
            problem(
                ScanText::tr("%1: a sparse file in a tar (its stored bytes are not its content): not read").arg(inner));
            continue;
        }
        if (m.size == 0)
            continue;
        readAsPickle(
            [&tar, &m]() -> Result<std::unique_ptr<QIODevice>> {
                return std::unique_ptr<QIODevice>(std::make_unique<ByteSourceDevice>(tar, m.offset, m.size));
            },
            inner, false, namedLikePickle(m.name));
    }
}

// A zip inside the carton, read in place when stored, else decoded to a
// temporary file first (up to maxSpillBytes).
void Scan::zipFile(const CartonSource &source, const SourceFile &f)
{
    std::unique_ptr<ScratchFile> spill;
    Result<std::unique_ptr<ZipReader>> zip = makeError(ErrorCode::Io, {});
    Limits limits = m_options.limits;
    limits.quarantineUnsafeEntries = true;
    if (const auto raw = source.rawRegion(f.path)) {
        zip = ZipReader::openRegion(raw->diskPath, raw->offset, raw->size, limits, f.path);
    } else if (tooLargeToSpill(f, "zip")) {
        return;
    } else {
        spill = std::make_unique<ScratchFile>(QStringLiteral("carton-scan-XXXXXX"));
        Result<std::unique_ptr<QIODevice>> in = source.open(f.path);
        if (!in) {
            problem(in.error().toString());
            return;
        }
        if (Status s = spill->open(); !s) {
            problem(QStringLiteral("%1: %2").arg(f.path, s.error().message));
            return;
        }
        QFile &out = spill->device();
        QByteArray chunk(1 << 20, Qt::Uninitialized);
        qint64 total = 0;
        for (qint64 n; (n = (*in)->read(chunk.data(), chunk.size())) > 0;) {
            total += n;
            if (total > m_options.maxSpillBytes || out.write(chunk.constData(), n) != n) {
                problem(
                    ScanText::tr("%1: cannot decode into a temporary file (%2)")
                        .arg(f.path, total > m_options.maxSpillBytes ? ScanText::tr("too large") : out.errorString()));
                return;
            }
        }
        if (total != f.size) {
            problem(ScanText::tr("%1: decoding stopped after %2 of %3 bytes: %4")
                        .arg(f.path)
                        .arg(total)
                        .arg(f.size)
                        .arg((*in)->errorString()));
            return;
        }
        if (!out.flush()) {
            problem(ScanText::tr("%1: cannot decode into a temporary file (%2)").arg(f.path, out.errorString()));
            return;
        }
        Result<std::shared_ptr<FileRegionSource>> region = spill->region(0, total, f.path);
        if (!region) {
            problem(region.error().toString());
            return;
        }
        zip = ZipReader::open(std::move(region).value(), f.path, limits, f.path);
    }
    if (!zip) {
        problem(ScanText::tr("%1: a zip that cannot be read: %2").arg(f.path, zip.error().toString()));
        return;
    }
    zipMembers(**zip, f.path);
}

void Scan::codeFile(const CartonSource &source, const SourceFile &f)
{
    const qint64 size = std::min(f.size, m_options.maxCodeFileSize);
    Result<QByteArray> text = source.readRange(f.path, 0, size);
    if (!text) {
        problem(text.error().toString());
        return;
    }
    if (size < f.size)
        problem(ScanText::tr("%1: only the first %2 bytes were read for imports").arg(f.path).arg(size));
    const QStringList imports = CodeInspector::pythonImports(*text);
    m_report.code.append(ScannedCode{f.path, imports});
    const QStringList risky = CodeInspector::riskyImports(imports);
    QString detail = imports.isEmpty() ? ScanText::tr("no imports")
                                       : ScanText::tr("imports: %1").arg(imports.join(QStringLiteral(", ")));
    if (!risky.isEmpty())
        detail += ScanText::tr("; reaching the system or the network: %1").arg(risky.join(QStringLiteral(", ")));
    finding(risky.isEmpty() ? ScanSeverity::Medium : ScanSeverity::High, ScanCategory::Code, f.path,
            ScanText::tr("Python code (%1 imports)").arg(imports.size()),
            ScanText::tr("the python runner runs the files in model/ when it loads the model"), detail);
}

// `head`: the file's first bytes (64 are enough).
void Scan::executable(const CartonSource &source, const SourceFile &f, const QByteArray &head)
{
    QByteArray pe;
    if (const qint64 at = CodeInspector::peOffset(head); at >= 0 && at <= f.size - 4) {
        Result<QByteArray> sig = source.readRange(f.path, at, 4);
        if (!sig) {
            problem(sig.error().toString());
            return;
        }
        pe = *sig;
    }
    const ExecutableKind kind = CodeInspector::executableKind(head, pe);
    if (kind == ExecutableKind::None)
        return;
    finding(kind == ExecutableKind::Script ? ScanSeverity::Medium : ScanSeverity::High, ScanCategory::Code, f.path,
            CodeInspector::kindName(kind),
            kind == ExecutableKind::Script
                ? ScanText::tr("a program to run; nothing in a carton needs one")
                : ScanText::tr("native code does anything it likes when a runner or a model loads it"),
            f.executable ? ScanText::tr("marked executable") : QString());
}

void Scan::archive(const CartonSource &source)
{
    QSet<QString> present;
    for (const SourceFile &f : source.files())
        present.insert(f.path);
    for (const QuarantinedFile &q : source.quarantined()) {
        if (present.contains(q.path))
            finding(ScanSeverity::High, ScanCategory::Archive, q.path, ScanText::tr("duplicate entry name"),
                    ScanText::tr("tools disagree on which copy they extract: what is verified may not be what "
                                 "runs"),
                    q.reason);
        else if (q.reason.contains(QStringLiteral("symlink")))
            finding(ScanSeverity::Critical, ScanCategory::Archive, q.path,
                    ScanText::tr("symlink that escapes the carton or loops"),
                    ScanText::tr("extracting it points outside the folder (the reader refuses it)"), q.reason);
        else
            finding(ScanSeverity::Critical, ScanCategory::Archive, q.path,
                    ScanText::tr("entry that would escape on extraction"),
                    ScanText::tr("a naive unzip writes it outside the target folder (the reader refuses it)"),
                    q.reason);
    }
    for (const SourceFile &f : source.files())
        if (f.isSymlink)
            finding(ScanSeverity::Info, ScanCategory::Archive, f.path, ScanText::tr("symlink to %1").arg(f.linkTarget),
                    ScanText::tr("resolved inside the carton; extraction recreates the link"));
    if (!source.isArchive())
        return;
    Limits limits = m_options.limits;
    limits.quarantineUnsafeEntries = true;
    Result<std::unique_ptr<ZipReader>> zip = ZipReader::open(source.path(), limits);
    if (!zip) {
        problem(zip.error().toString());
        return;
    }
    if (!(*zip)->comment().isEmpty())
        finding(ScanSeverity::Info, ScanCategory::Archive, QFileInfo(source.path()).fileName(),
                ScanText::tr("archive comment (%1 bytes)").arg((*zip)->comment().size()),
                ScanText::tr("not part of any file or of MANIFEST: it can carry data nothing verifies"),
                excerpt((*zip)->comment()));
    for (const ZipEntry &e : (*zip)->entries())
        if (!e.comment.isEmpty())
            finding(ScanSeverity::Info, ScanCategory::Archive, e.name,
                    ScanText::tr("entry comment (%1 bytes)").arg(e.comment.size()),
                    ScanText::tr("not part of the file or of MANIFEST: it can carry data nothing verifies"),
                    excerpt(e.comment));
}

void Scan::addHost(const QString &url, const QString &file, const QString &what, const QString &why)
{
    const QUrl parsed(url);
    const QString host = parsed.host();
    if (host.isEmpty())
        return;
    m_hosts.insert(host);
    const bool plain = parsed.scheme() != u"https";
    finding(plain ? ScanSeverity::Medium : ScanSeverity::Info, ScanCategory::Network, file, what.arg(host),
            plain ? why + ScanText::tr(" (over plain %1: anyone on the way can change it)").arg(parsed.scheme()) : why,
            url.left(300));
}

void Scan::network(const Carton &carton)
{
    if (carton.links()) {
        for (auto it = carton.links()->urls().cbegin(); it != carton.links()->urls().cend(); ++it)
            for (const QString &url : it.value())
                addHost(url, QStringLiteral("LINKS"), ScanText::tr("LINKS downloads from %1"),
                        ScanText::tr("fetching the linked file contacts this host"));
    }
    if (!carton.info() || !carton.info()->modelDescription)
        return;
    const QString &description = *carton.info()->modelDescription;
    for (const MarkdownTarget &t : markdownTargets(description))
        if (t.isImage && (t.url.startsWith(u"https://") || t.url.startsWith(u"http://")))
            addHost(t.url, QStringLiteral("carton.toml"), ScanText::tr("remote image from %1 in the description"),
                    ScanText::tr("showing the description fetches it: the host learns who looks"));
    // Raw HTML is not rendered here, but other viewers of the description may.
    static const QRegularExpression img(QStringLiteral(R"(<img\b[^>]{0,2000}?\bsrc\s*=\s*["']?([^"'\s>]{1,2000}))"),
                                        QRegularExpression::CaseInsensitiveOption);
    for (auto it = img.globalMatch(description); it.hasNext();) {
        const QString url = it.next().captured(1);
        if (url.startsWith(u"https://", Qt::CaseInsensitive) || url.startsWith(u"http://", Qt::CaseInsensitive))
            addHost(url, QStringLiteral("carton.toml"), ScanText::tr("remote HTML image from %1 in the description"),
                    ScanText::tr("viewers that render HTML fetch it: the host learns who looks"));
    }
}

void Scan::carton(const Carton &c)
{
    const CartonSource &source = c.source();
    for (const Diagnostic &d : c.loadDiagnostics())
        if (d.severity == Severity::Error && (d.location.file == u"carton.toml" || d.location.file == u"LINKS"))
            problem(ScanText::tr("%1 (its hosts cannot be listed)").arg(d.toString()));
    archive(source);
    if (m_progress)
        m_progress->setTotal(source.files().size());
    for (const SourceFile &f : source.files()) {
        if (cancelled())
            break;
        if (m_progress)
            m_progress->advance(1, f.path);
        if (f.isSymlink)
            continue; // its target is scanned under its own name
        ++m_report.filesExamined;
        if (f.path.startsWith(u"model/") && f.path.endsWith(u".py"))
            codeFile(source, f);
        if (f.size == 0)
            continue;
        Result<QByteArray> head = source.readRange(f.path, 0, std::min<qint64>(f.size, 512));
        if (!head) {
            problem(head.error().toString());
            continue;
        }
        entry(source, f, *head);
        if (f.size >= 2)
            executable(source, f, *head);
    }
    // What model files do when a runtime loads them (ONNX external data, GGUF chat templates).
    if (!cancelled())
        m_report.findings << ModelChecks::findings(ModelSet::fromCarton(source));
    network(c);
    m_report.hosts = QStringList(m_hosts.cbegin(), m_hosts.cend());
    m_report.hosts.sort();
}

// A file that is not a folder and not a zip (false for a zip: the caller scans
// it as a carton, which reads every file of a torch zip as well), read as a
// pickle whatever its name.
bool Scan::singleFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_report.status = ScanStatus::Failed;
        m_report.problems.append(ScanText::tr("%1: cannot open: %2").arg(path, file.errorString()));
        return true;
    }
    const QByteArray head = file.peek(512);
    if (isZipMagic(head))
        return false;
    const QString name = QFileInfo(path).fileName();
    m_report.filesExamined = 1;
    if (TarMembers::isTarHeader(head)) {
        pickleStream(file, name, true, false);
        Result<std::shared_ptr<FileRegionSource>> tar = FileRegionSource::open(path);
        if (!tar) {
            m_report.status = ScanStatus::Failed;
            m_report.problems.append(tar.error().toString());
            return true;
        }
        tarMembers(*tar, name);
        return true;
    }
    file.close();
    // A bare ONNX or GGUF file: what it makes a runtime read or render.
    const std::optional<ModelFormat> model = ModelFile::detectHead(head.left(ModelFile::kHeadBytes), file.size());
    if (model == ModelFormat::Gguf || ModelFile::claimsOnnx(head)) {
        m_report.findings << ModelChecks::fileFindings(path, name);
        return true;
    }
    const auto open = [&path]() -> Result<std::unique_ptr<QIODevice>> {
        auto device = std::make_unique<QFile>(path);
        if (!device->open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Io, ScanText::tr("cannot open: %1").arg(device->errorString()), path);
        return std::unique_ptr<QIODevice>(std::move(device));
    };
    if (!readAsPickle(open, name, true, true) && m_report.status == ScanStatus::Complete) {
        m_report.status = ScanStatus::Failed;
        m_report.problems.append(
            ScanText::tr("%1: not a carton, a zip, a tar or a pickle: the scan reads only those").arg(name));
    }
    return true;
}

} // namespace

ScanReport SafetyScanner::scan(const QString &path, const ScanOptions &options, Progress *progress)
{
    ScanReport report;
    report.path = path;
    Scan scan(options, progress, report);
    const QFileInfo info(path);
    if (!info.isFile() || !scan.singleFile(path)) {
        Limits limits = options.limits;
        limits.quarantineUnsafeEntries = true;
        Result<std::unique_ptr<Carton>> carton = Carton::open(path, limits);
        if (!carton) {
            report.status = ScanStatus::Failed;
            report.problems.append(carton.error().toString());
            return report;
        }
        scan.carton(**carton);
    }
    report.sortFindings();
    return report;
}

ScanReport SafetyScanner::scan(const Carton &carton, const ScanOptions &options, Progress *progress)
{
    ScanReport report;
    report.path = carton.path();
    Scan scan(options, progress, report);
    scan.carton(carton);
    report.sortFindings();
    return report;
}

} // namespace carton
