// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include "documentstate.h"

#include <QUndoCommand>
#include <functional>

namespace studio {

// One edit of a CartonDocument: the whole state before and after. Undo and redo
// hand the right one to `apply`. Consecutive edits with the same non-empty
// merge key (typing in one field) merge into one step that keeps the first
// `before` and the latest `after`.
class DocumentCommand final : public QUndoCommand {
public:
    using Apply = std::function<void(const DocumentState &)>;

    DocumentCommand(const QString &text, DocumentState before, DocumentState after, const QString &mergeKey,
                    Apply apply);

    void undo() override;
    void redo() override;
    int id() const override { return m_id; }
    bool mergeWith(const QUndoCommand *other) override;

    const QString &mergeKey() const { return m_mergeKey; }

private:
    DocumentState m_before;
    DocumentState m_after;
    QString m_mergeKey;
    int m_id = -1;
    Apply m_apply;
};

} // namespace studio
