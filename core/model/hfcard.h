// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "cartoncore_export.h"

#include <QString>
#include <QStringList>
#include <functional>

namespace carton {

// A model card's images that live beside it: every image target that is a safe
// relative path ("images/arch.png", "./logo.png"; checkArchivePath, no scheme, no
// absolute path, no "..") becomes "@misc/PATH", so the card reads as a carton's
// model_description with those files under misc/. Remote (https) images and links
// are left as they are; unsafe targets are left too (the renderer shows their alt text).
struct CARTONCORE_EXPORT CardImages {
    QString markdown;  // the card with its local images as @misc/ references
    QStringList paths; // the images' paths relative to the card's folder, each once, in order
    // `keep` (when given) says which local images to make @misc/ references: the
    // others are left as written.
    static CardImages fromCard(const QString &card, const std::function<bool(const QString &path)> &keep = {});
};

} // namespace carton
