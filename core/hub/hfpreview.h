// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

// What an import would take from a Hub repository, read before anything large is
// downloaded: the listing, config.json and README.md (each capped as a model
// folder's reader caps them), and of each selected *.safetensors its 8-byte header
// length and its header through Range requests, parsed by SafetensorsFile (the same
// caps and hostile-input checks as a file on disk). Every resolve answer is checked
// against the listing (HfHub::checkResolved) and names the commit the revision
// stands for, which an import then fetches and links.

#include "base/limits.h"
#include "base/progress.h"
#include "base/result.h"
#include "cartoncore_export.h"
#include "hub/hfhub.h"
#include "model/hfmodelinfo.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace carton {

// One safetensors file as its header describes it.
struct HfShardPreview {
    QString path;
    qint64 headerBytes = 0; // 8 + N: all that was read of it
    int tensors = 0;
    qint64 parameters = 0;                 // elements of every tensor
    QList<std::pair<QString, int>> dtypes; // "BF16" and how many tensors have it, by name
    QString dtypeText() const;             // "BF16 ×290, F32 ×1"
};

struct HfPreview {
    HfRepoRef ref;                   // as asked for
    QString commit;                  // what the revision resolved to (X-Repo-Commit); empty when the server said none
    QList<HfRepoFile> listed;        // the whole listing
    QList<HfRepoFile> downloads;     // selected, to be downloaded into the carton
    QList<HfRepoFile> linked;        // selected, to be LINKS entries
    std::optional<HfModelInfo> info; // from config.json and README.md, when the repository has config.json
    QList<HfShardPreview> shards;    // the selected *.safetensors, in path order
    QHash<QString, QByteArray> wholeFiles; // files read whole (config.json, README.md): not fetched again
    // Files whose server answered a Range request with the whole file (200): their
    // first bytes were read and the transfer left; received counts every request's.
    struct IgnoredRange {
        QString path;
        qint64 received = 0;
        qint64 size = 0;
    };
    QList<IgnoredRange> rangeIgnored;
    qint64 bytesRead = 0; // response bytes beyond the listing

    // The ref the import fetches and links: the commit when known.
    HfRepoRef pinned() const;
    qint64 parameters() const;
    QString license() const; // the card's front matter, or empty
};

// Lists `ref`, selects as selectHfFiles(include) does, splits the weights to link
// (`link`: those with an LFS sha256) from the files to download, and reads the
// previews described above. A linked weight that is not safetensors has its first
// bytes (at most 8) read, so its resolve answer is checked too.
CARTONCORE_EXPORT Result<HfPreview> previewHfRepo(const HfHub &hub, const HfRepoRef &ref, const QStringList &include,
                                                  bool link, const Limits &limits = {}, Progress *progress = nullptr);

} // namespace carton
