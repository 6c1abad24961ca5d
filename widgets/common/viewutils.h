// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "markdown/weburl.h" // carton::isWebUrl, shared with the markdown renderer

#include <QIcon>
#include <QString>
#include <QUrl>

class QLineEdit;
class QWidget;

namespace carton {
enum class FileState;
enum class Severity;
} // namespace carton

namespace studio {

// Small display helpers shared by the views.

// carton::humanSize ("0 B", "512 B", "1.5 KiB", "3.2 MiB") with the locale's
// decimal separator; "—" for a negative (unknown) size.
QString humanSize(qint64 bytes);
// "Stored", "Deflate", "zstd", "method 12"; "—" for -1 (a file in a folder).
QString compressionMethodName(int method);
// Translated state name ("OK", "Mismatch", "Pending"...).
QString fileStateText(carton::FileState state);
// ":/icons/state-*.svg" icon for a state.
QIcon fileStateIcon(carton::FileState state);
// ":/icons/severity-*.svg" icon.
QIcon severityIcon(carton::Severity severity);
// Translated severity name.
QString severityText(carton::Severity severity);
// Ranks states for a folder summary: higher is worse.
int fileStateRank(carton::FileState state);
// A filter field for a list in `page` ("Filter files (Ctrl+F)"): Ctrl+F
// anywhere in `page` focuses it and selects its text.
QLineEdit *createFilterEdit(QWidget *page, const QString &placeholder, const QString &objectName);

} // namespace studio
