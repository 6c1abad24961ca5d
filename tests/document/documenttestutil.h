// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once
// Helpers shared by the tests that save a CartonDocument.

#include "document/cartondocument.h"

#include <QSignalSpy>
#include <QString>

namespace documenttest {

// Waits for the document's running save; empty when it succeeded, else why not.
inline QString waitForSave(studio::CartonDocument &document)
{
    QSignalSpy spy(&document, &studio::CartonDocument::saveFinished);
    if (!spy.wait(60000))
        return QStringLiteral("no saveFinished");
    const QList<QVariant> args = spy.takeFirst();
    return args.at(0).toBool() ? QString() : args.at(2).toString();
}

} // namespace documenttest
