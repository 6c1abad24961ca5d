// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "viewutils.h"

#include "base/diagnostic.h"
#include "base/humansize.h"
#include "package/verifier.h"

#include <QAction>
#include <QCoreApplication>
#include <QLineEdit>
#include <QLocale>

namespace studio {

namespace {
// The tr() of this file's free functions: one context, the same for lupdate
// and at run time.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(studio::ViewUtils)
};
} // namespace

QLineEdit *createFilterEdit(QWidget *page, const QString &placeholder, const QString &objectName)
{
    auto *edit = new QLineEdit(page);
    edit->setObjectName(objectName);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    auto *find = new QAction(page);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(find, &QAction::triggered, edit, [edit] {
        edit->setFocus(Qt::ShortcutFocusReason);
        edit->selectAll();
    });
    page->addAction(find);
    return edit;
}

QString humanSize(qint64 bytes)
{
    if (bytes < 0)
        return QStringLiteral("—");
    return carton::humanSize(bytes, QLocale());
}

QString compressionMethodName(int method)
{
    switch (method) {
    case -1:
        return QStringLiteral("—");
    case 0:
        return Tr::tr("Stored");
    case 8:
        return Tr::tr("Deflate");
    case 93:
        return Tr::tr("zstd");
    default:
        return Tr::tr("method %1").arg(method);
    }
}

QString fileStateText(carton::FileState state)
{
    using carton::FileState;
    switch (state) {
    case FileState::Unverified:
        return Tr::tr("Pending");
    case FileState::Ok:
        return Tr::tr("OK");
    case FileState::Mismatch:
        return Tr::tr("Mismatch");
    case FileState::Missing:
        return Tr::tr("Missing");
    case FileState::Linked:
        return Tr::tr("Linked");
    case FileState::Unlisted:
        return Tr::tr("Not in MANIFEST");
    case FileState::Failed:
        return Tr::tr("Unreadable");
    case FileState::NoManifest:
        return Tr::tr("No MANIFEST yet");
    }
    return {};
}

QIcon fileStateIcon(carton::FileState state)
{
    using carton::FileState;
    switch (state) {
    case FileState::Unverified:
        return QIcon(QStringLiteral(":/icons/state-pending.svg"));
    case FileState::Ok:
        return QIcon(QStringLiteral(":/icons/state-ok.svg"));
    case FileState::Mismatch:
        return QIcon(QStringLiteral(":/icons/state-mismatch.svg"));
    case FileState::Missing:
        return QIcon(QStringLiteral(":/icons/state-missing.svg"));
    case FileState::Linked:
        return QIcon(QStringLiteral(":/icons/state-linked.svg"));
    case FileState::Unlisted:
        return QIcon(QStringLiteral(":/icons/state-unlisted.svg"));
    case FileState::Failed:
        return QIcon(QStringLiteral(":/icons/state-failed.svg"));
    case FileState::NoManifest:
        return QIcon(QStringLiteral(":/icons/state-pending.svg"));
    }
    return {};
}

int fileStateRank(carton::FileState state)
{
    using carton::FileState;
    switch (state) {
    case FileState::Ok:
        return 0;
    case FileState::Linked:
        return 1;
    case FileState::Unverified:
    case FileState::NoManifest:
        return 2;
    case FileState::Unlisted:
        return 3;
    case FileState::Failed:
        return 4;
    case FileState::Missing:
        return 5;
    case FileState::Mismatch:
        return 6;
    }
    return 0;
}

QIcon severityIcon(carton::Severity severity)
{
    switch (severity) {
    case carton::Severity::Error:
        return QIcon(QStringLiteral(":/icons/severity-error.svg"));
    case carton::Severity::Warning:
        return QIcon(QStringLiteral(":/icons/severity-warning.svg"));
    case carton::Severity::Info:
        return QIcon(QStringLiteral(":/icons/severity-info.svg"));
    }
    return {};
}

QString severityText(carton::Severity severity)
{
    switch (severity) {
    case carton::Severity::Error:
        return Tr::tr("Error");
    case carton::Severity::Warning:
        return Tr::tr("Warning");
    case carton::Severity::Info:
        return Tr::tr("Info");
    }
    return {};
}

} // namespace studio
