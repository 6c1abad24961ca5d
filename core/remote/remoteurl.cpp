// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "remote/remoteurl.h"

namespace carton {

bool isOciUrl(const QString &text)
{
    return text.startsWith(QLatin1StringView("oci://"), Qt::CaseInsensitive);
}

bool isRemoteUrl(const QString &text)
{
    return isOciUrl(text) || text.startsWith(QLatin1StringView("http://"), Qt::CaseInsensitive) ||
           text.startsWith(QLatin1StringView("https://"), Qt::CaseInsensitive);
}

bool isHttpUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == u"http" || url.scheme() == u"https") && !url.host().isEmpty();
}

QString remoteFileName(const QUrl &url)
{
    const QString name = url.fileName();
    return name.isEmpty() ? url.host() : name;
}

} // namespace carton
