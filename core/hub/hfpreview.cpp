// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "hub/hfpreview.h"

#include "hub/hfimport.h"
#include "tensor/safetensors.h"

#include <QMap>
#include <QSet>
#include <cstring>

namespace carton {

namespace {

// What the reads of one preview share: the bytes read, the commit every resolve
// answer must agree on, the files whose server ignored Range.
struct PreviewState {
    HfPreview *preview = nullptr;

    Status take(const HfRepoFile &file, const HfRangeRead &read)
    {
        preview->bytesRead += read.received;
        if (read.rangeIgnored) {
            auto &ignored = preview->rangeIgnored;
            auto it = std::find_if(ignored.begin(), ignored.end(),
                                   [&](const HfPreview::IgnoredRange &r) { return r.path == file.path; });
            if (it == ignored.end())
                it = ignored.insert(ignored.end(), {file.path, 0, file.size});
            it->received += read.received;
        }
        const QString commit = QString::fromLatin1(read.resolved.commit);
        if (commit.isEmpty())
            return {};
        if (preview->commit.isEmpty())
            preview->commit = commit;
        else if (preview->commit != commit)
            return makeError(ErrorCode::Format,
                             QStringLiteral("%1: the Hub resolved %2 to commit %3, earlier to %4 (the revision moved "
                                            "during the import: try again)")
                                 .arg(file.path, preview->ref.revision, commit, preview->commit));
        return {};
    }
};

// A repository's file as a ByteSource: each read is a Range request through the Hub.
class HubFileSource final : public ByteSource {
public:
    // `progress` (may be null) is polled for cancellation when a read is given none.
    HubFileSource(const HfHub &hub, HfRepoRef ref, HfRepoFile file, PreviewState &state, Progress *progress)
        : m_hub(hub), m_ref(std::move(ref)), m_file(std::move(file)), m_state(state), m_progress(progress)
    {
    }
    qint64 size() const override { return m_file.size; }
    QString name() const override { return m_hub.resolveUrl(m_ref, m_file.path).toDisplayString(QUrl::RemoveQuery); }
    Status read(qint64 offset, qint64 length, char *out, Progress *progress = nullptr) const override
    {
        if (Status s = checkRange(offset, length); !s)
            return s;
        Result<HfRangeRead> read = m_hub.readRange(m_ref, m_file, offset, length, progress ? progress : m_progress);
        if (!read)
            return read.error();
        if (Status s = m_state.take(m_file, *read); !s)
            return s;
        std::memcpy(out, read->bytes.constData(), size_t(length));
        m_headerBytes = std::max(m_headerBytes, offset + length);
        return {};
    }
    qint64 headerBytes() const { return m_headerBytes; }

private:
    const HfHub &m_hub;
    HfRepoRef m_ref;
    HfRepoFile m_file;
    PreviewState &m_state;
    Progress *m_progress;
    mutable qint64 m_headerBytes = 0;
};

bool isSafetensors(const QString &path)
{
    return path.endsWith(QLatin1String(".safetensors"), Qt::CaseInsensitive);
}

} // namespace

QString HfShardPreview::dtypeText() const
{
    QStringList parts;
    for (const auto &[dtype, count] : dtypes)
        parts.append(QStringLiteral("%1 \u00d7%2").arg(dtype).arg(count));
    return parts.join(QStringLiteral(", "));
}

HfRepoRef HfPreview::pinned() const
{
    HfRepoRef pinnedRef = ref;
    if (!commit.isEmpty())
        pinnedRef.revision = commit;
    return pinnedRef;
}

qint64 HfPreview::parameters() const
{
    qint64 total = 0;
    for (const HfShardPreview &s : shards)
        if (qAddOverflow(total, s.parameters, &total))
            return std::numeric_limits<qint64>::max();
    return total;
}

QString HfPreview::license() const
{
    return info ? info->cardField(QStringLiteral("license")) : QString();
}

Result<HfPreview> previewHfRepo(const HfHub &hub, const HfRepoRef &ref, const QStringList &include, bool link,
                                const Limits &limits, Progress *progress)
{
    HfPreview preview;
    preview.ref = ref;
    Result<QList<HfRepoFile>> listing = hub.listFiles(ref, progress);
    if (!listing)
        return listing.error();
    preview.listed = std::move(listing).value();
    for (const HfRepoFile &f : selectHfFiles(preview.listed, include))
        (link && !f.sha256.isEmpty() && isHfWeightFile(f.path) ? preview.linked : preview.downloads).append(f);
    const QString where = QStringLiteral("%1@%2").arg(ref.repo, ref.revision);
    if (preview.downloads.isEmpty() && preview.linked.isEmpty())
        return makeError(
            ErrorCode::NotFound,
            include.isEmpty()
                ? QStringLiteral("the repository has no model files (%1 files listed)").arg(preview.listed.size())
                : QStringLiteral("no file matches %1").arg(include.join(u' ')),
            where);

    PreviewState state;
    state.preview = &preview;
    QHash<QString, HfRepoFile> selected;
    for (const HfRepoFile &f : std::as_const(preview.downloads))
        selected.insert(f.path, f);
    for (const HfRepoFile &f : std::as_const(preview.linked))
        selected.insert(f.path, f);

    // config.json and the card, read whole (within readHfModelInfo's caps); the
    // other files of the folder are not previewed.
    if (selected.contains(QStringLiteral("config.json"))) {
        HfFileReader reader = [&](const QString &name, qint64 maxBytes) -> Result<std::optional<QByteArray>> {
            const auto it = selected.constFind(name);
            if ((name != u"config.json" && name != u"README.md") || it == selected.cend())
                return std::optional<QByteArray>();
            if (it->size > maxBytes)
                return makeError(ErrorCode::Limit,
                                 QStringLiteral("%1 is %2 bytes, more than the limit of %3 bytes")
                                     .arg(name)
                                     .arg(it->size)
                                     .arg(maxBytes),
                                 where);
            Result<HfRangeRead> read = hub.readRange(ref, *it, 0, it->size, progress);
            if (!read)
                return read.error();
            if (Status s = state.take(*it, *read); !s)
                return s.error();
            preview.wholeFiles.insert(name, read->bytes);
            return std::optional<QByteArray>(read->bytes);
        };
        Result<HfModelInfo> info = readHfModelInfo(reader, where);
        if (!info)
            return info.error();
        preview.info = std::move(info).value();
    }

    QSet<QString> linkedPaths;
    for (const HfRepoFile &f : std::as_const(preview.linked))
        linkedPaths.insert(f.path);
    QList<HfRepoFile> weights = preview.downloads + preview.linked;
    std::sort(weights.begin(), weights.end(), [](const HfRepoFile &a, const HfRepoFile &b) { return a.path < b.path; });
    for (const HfRepoFile &f : std::as_const(weights)) {
        if (progress && progress->isCancelled())
            return makeError(ErrorCode::Cancelled, QStringLiteral("import cancelled"));
        if (isSafetensors(f.path)) {
            auto source = std::make_shared<HubFileSource>(hub, ref, f, state, progress);
            Result<SafetensorsFile> file = SafetensorsFile::read(source, limits);
            if (!file)
                return file.error();
            HfShardPreview shard;
            shard.path = f.path;
            shard.headerBytes = source->headerBytes();
            shard.tensors = int(file->tensors().size());
            QMap<QString, int> dtypes;
            for (const SafetensorsTensor &t : file->tensors()) {
                ++dtypes[t.dtypeName];
                qint64 elements = 1;
                for (const qint64 d : t.shape)
                    if (qMulOverflow(elements, d, &elements))
                        elements = std::numeric_limits<qint64>::max();
                if (qAddOverflow(shard.parameters, elements, &shard.parameters))
                    shard.parameters = std::numeric_limits<qint64>::max();
            }
            for (auto it = dtypes.cbegin(); it != dtypes.cend(); ++it)
                shard.dtypes.append({it.key(), it.value()});
            preview.shards.append(shard);
        } else if (linkedPaths.contains(f.path)) {
            // Not downloaded: its first bytes, for the resolve answer's check.
            Result<HfRangeRead> read = hub.readRange(ref, f, 0, std::min<qint64>(8, f.size), progress);
            if (!read)
                return read.error();
            if (Status s = state.take(f, *read); !s)
                return s.error();
        }
    }
    return preview;
}

} // namespace carton
