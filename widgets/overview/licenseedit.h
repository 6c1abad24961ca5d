// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QLineEdit>

class QCompleter;

namespace studio {

// A line edit for an SPDX license expression: the word at the cursor is
// completed from the SPDX list (the popup shows each id with its full name; an
// expression such as "MIT OR Apa" completes its last id), WITH completes
// exceptions.
class LicenseEdit final : public QLineEdit {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LicenseEdit)

public:
    explicit LicenseEdit(QWidget *parent = nullptr);

    // The completer of the word at the cursor (not QLineEdit::completer(),
    // which would complete the whole text).
    QCompleter *licenseCompleter() const { return m_completer; }
    // The ids the completer offers now, in order (tests).
    QStringList completions() const;

private:
    void updateCompletion();
    void insertCompletion(const QModelIndex &index);
    // Start and length of the word before the cursor.
    std::pair<int, int> currentWord() const;

    QCompleter *m_completer;
    QCompleter *m_exceptionCompleter;
    QCompleter *m_active = nullptr;
    bool m_inserting = false;
};

} // namespace studio
