// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Carton Studio contributors
#pragma once

#include <QPalette>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace studio {

// Python syntax colouring for the file viewer (a carton's .py files, the
// `code/__torch__/*.py` of a TorchScript archive): keywords, strings (triple
// quoted ones across lines), comments, numbers and decorators, in tone colours
// (widgets/style/tone.h) so that light and dark themes both read.
class PythonHighlighter final : public QSyntaxHighlighter {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PythonHighlighter)

public:
    enum class Role { Keyword, String, Comment, Number, Decorator };

    explicit PythonHighlighter(QObject *parent = nullptr);

    // Colours for `palette` (a theme switch): rehighlights.
    void setPalette(const QPalette &palette);
    QTextCharFormat format(Role role) const;

    // Whether a text file is Python source: named .py/.pyi, or a python shebang.
    static bool isPython(const QString &path, const QString &text);

protected:
    void highlightBlock(const QString &text) override;

private:
    // Colours a string that starts at `start` (its opening quote(s)); returns where it ends.
    qsizetype string(const QString &text, qsizetype start, QChar quote, bool triple);

    QTextCharFormat m_formats[5];
};

} // namespace studio
