// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <QStringList>
#include <functional>

namespace carton {

struct HfModelInfo;

// What a model's files say for a new carton's fields, for the author to confirm:
// the window's dropped folder (ModelFiles) and `carton import hf` guess the same way.

// The runner a set of archive paths suggests: a TorchScript file (*.pt, *.pth,
// *.torchscript) -> "torchscript"; Python sources with an entry point (main.py,
// __main__.py, or a package with __init__.py) -> "python"; else empty.
CARTONCORE_EXPORT QString guessRunner(const QStringList &archivePaths);

// Upstream refuses a short_description of more than 100 characters (Unicode scalar
// values): the first sentence when it fits, else the words that fit and "…".
CARTONCORE_EXPORT QString shortDescriptionFrom(const QString &paragraph, bool *shortened);

// A Hugging Face model card's fields: front matter `license`, the first paragraph as
// short_description, the card without front matter as model_description, its local
// images (CardImages) made @misc/ references when `keep` says they are packed.
struct CARTONCORE_EXPORT CardGuesses {
    static constexpr qint64 maxImageBytes = 16ll << 20; // a card image packed under misc/
    QString license;
    QString shortDescription;
    bool shortened = false; // the first paragraph was cut to fit
    QString modelDescription;
    QStringList images;     // every local image the card names
    QStringList keptImages; // those `keep` accepted (packed under misc/)

    static CardGuesses fromInfo(const HfModelInfo &info, const std::function<bool(const QString &path)> &keep);
};

} // namespace carton
