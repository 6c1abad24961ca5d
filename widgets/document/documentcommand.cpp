// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#include "documentcommand.h"

namespace studio {

bool sameFiles(const carton::CartonEdits &a, const carton::CartonEdits &b)
{
    if (a.files().isSharedWith(b.files()))
        return true; // a copy not edited since: O(1) however many files (every keystroke)
    if (a.files().size() != b.files().size())
        return false;
    for (auto it = a.files().cbegin(); it != a.files().cend(); ++it) {
        const carton::CartonEdits::FileSource *other = b.find(it.key());
        if (!other || *other != it.value())
            return false;
    }
    return true;
}

DocumentCommand::DocumentCommand(const QString &text, DocumentState before, DocumentState after,
                                 const QString &mergeKey, Apply apply)
    : QUndoCommand(text), m_before(std::move(before)), m_after(std::move(after)), m_mergeKey(mergeKey),
      m_apply(std::move(apply))
{
    // Commands merge only with commands of the same id: every mergeable command
    // shares one id, and mergeWith() compares the keys.
    if (!m_mergeKey.isEmpty())
        m_id = 1;
}

void DocumentCommand::undo()
{
    m_apply(m_before);
}

void DocumentCommand::redo()
{
    m_apply(m_after);
}

bool DocumentCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const DocumentCommand *>(other);
    if (next->m_mergeKey != m_mergeKey)
        return false;
    m_after = next->m_after;
    if (m_before == m_after)
        setObsolete(true); // typed and deleted again: nothing to undo
    return true;
}

} // namespace studio
