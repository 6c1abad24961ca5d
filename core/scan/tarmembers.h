// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "base/bytesource.h"
#include "base/result.h"
#include "cartoncore_export.h"

#include <QByteArrayView>
#include <QList>
#include <QString>

namespace carton {

// One file of a tar archive: where its bytes lie in the archive.
struct TarMember {
    QString name;      // as the archive names it (for display only: never used as a path)
    qint64 offset = 0; // of its data
    qint64 size = 0;
    bool sparse = false; // a GNU sparse file: the stored bytes are not the file's bytes
};

// The files of an uncompressed tar archive (v7, ustar, GNU and pax headers), as
// Python's tarfile lists them: torch.load reads a legacy torch.save tar (members
// sys_info, pickle, storages, tensors) and unpickles its "pickle" member. Read
// in place from a ByteSource; nothing is extracted. Like tarfile, the listing
// ends at the end-of-archive block or at the first header that is not one (a
// bad checksum, a short block) after the first; bounded by maxMembers headers
// and 1 MiB of pax/GNU long-name records per member.
class CARTONCORE_EXPORT TarMembers final {
public:
    // True when `block` (the first 512 bytes of a file) is a tar header whose
    // checksum matches: what tarfile.open(mode="r:") requires.
    static bool isTarHeader(QByteArrayView block);
    // The regular files (and sparse ones, flagged); links, folders and devices
    // have no bytes of their own. Errors name `source` (a member past its end).
    static Result<QList<TarMember>> list(const ByteSource &source, int maxMembers = 100'000);
};

} // namespace carton
