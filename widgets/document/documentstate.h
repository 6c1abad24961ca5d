// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "format/cartoninfo.h"
#include "package/cartonedits.h"

namespace studio {

// Same paths with the same sources.
bool sameFiles(const carton::CartonEdits &a, const carton::CartonEdits &b);

// A field of a new carton filled from what a dropped model says, for the author to
// confirm: the carton.toml field ("license", "runner.runner_name"), the value put
// there (empty: nothing could be guessed) and where it came from.
struct ModelGuess {
    QString field;
    QString value;
    QString source;
    bool operator==(const ModelGuess &) const = default;
};

// Everything a CartonDocument edits, as one value: carton.toml (typed), the
// files with where their bytes come from, and the guessed fields the author has
// not confirmed yet (confirming them is an undo step like any edit). CartonEdits' carton.toml entry is not
// used: saving writes `info`. Copies are cheap (implicitly shared Qt containers),
// so every undo step keeps the whole state before and after.
struct DocumentState {
    carton::CartonInfo info;
    carton::CartonEdits files;
    QList<ModelGuess> guesses;

    bool operator==(const DocumentState &o) const
    {
        return info == o.info && sameFiles(files, o.files) && guesses == o.guesses;
    }
};

} // namespace studio
