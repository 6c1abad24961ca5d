// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "mediabackend.h"

#include <QByteArray>
#include <QtGlobal>

namespace studio {

void MediaBackend::prepare()
{
    static const bool done = [] {
        QByteArray ranks = QByteArrayLiteral("avdec_mp3:NONE,avdec_mp3float:NONE");
        const QByteArray user = qgetenv("GST_PLUGIN_FEATURE_RANK");
        if (!user.isEmpty())
            ranks += ',' + user;
        qputenv("GST_PLUGIN_FEATURE_RANK", ranks);
        return true;
    }();
    (void)done;
}

} // namespace studio
