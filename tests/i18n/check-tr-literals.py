#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Fails on user-visible text in widgets that bypasses tr().

Looks at the arguments of the calls that put text on screen (setText,
setToolTip, setWindowTitle, addAction, addItem, QMessageBox::..., QLabel(...),
...) in the C++ files under the given folders. An argument is flagged when a
string literal (QStringLiteral("..."), u"..."_s, "...") with words in it sits
at its top level: `setText(QStringLiteral("Open"))`,
`setToolTip(u"Size: "_s + size)`. Literals nested in other calls are not text
of that call (`QIcon(QStringLiteral(":/icons/open.svg"))`, `tr("%1").arg(...)`).
Not words: paths, URLs, file names, identifiers and format strings such as
"%1 (%2)", "<b>%1</b>", "model/". A line that means it ends with the comment
`// i18n: not translated (REASON)`.

  check-tr-literals.py DIR_OR_FILE...     exit 1 and one line per finding
  check-tr-literals.py --expect-marked FILE
      the checker's own test: exit 0 only when the findings in FILE are
      exactly its lines that end with "// BAD"
"""
import pathlib
import re
import sys

# Calls whose every argument is user-visible text (or not a literal at all).
TEXT_CALLS = {
    "setText", "setToolTip", "setWindowTitle", "setPlaceholderText", "setStatusTip", "setWhatsThis",
    "setTitle", "setLabelText", "showMessage", "setSuffix", "setPrefix", "setSpecialValueText",
    "setInformativeText", "setDetailedText", "setAccessibleName", "setAccessibleDescription",
    "setTabText", "setTabToolTip", "setItemText", "setHeaderLabels", "setHorizontalHeaderLabels",
    "setVerticalHeaderLabels", "addAction", "addMenu", "addTab", "insertTab", "addButton",
    "setButtonText", "setOkButtonText", "setCancelButtonText", "setNameFilter", "setFormat",
    "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QMenu",
    "QToolButton", "QCommandLinkButton", "QDockWidget",
    "information", "warning", "critical", "question", "about",  # QMessageBox::
    "getOpenFileName", "getOpenFileNames", "getSaveFileName", "getExistingDirectory",  # QFileDialog::
    "getText", "getItem", "getInt", "getDouble",  # QInputDialog::
}
# Calls where only the first argument is text (the rest is data or a key).
FIRST_ARG_CALLS = {"addItem", "insertItem", "addRow"}

LITERAL = re.compile(r'(?:QStringLiteral\(\s*|QLatin1String(?:View)?\(\s*|u8?|L)?"((?:[^"\\]|\\.)*)"(?:_s|_L1)?\s*\)?')
CALL = re.compile(r'\b(' + "|".join(sorted(TEXT_CALLS | FIRST_ARG_CALLS)) + r')\s*\(')
MARK = "i18n: not translated"


def words(text):
    """Whether a literal reads as words a user would want translated."""
    text = re.sub(r"<[^>]*>", " ", text)          # HTML tags
    text = re.sub(r"&\w+;", " ", text)             # entities
    text = re.sub(r"%L?\d+|%n", " ", text)         # placeholders
    text = re.sub(r"\\[nt]", " ", text)
    stripped = text.strip()
    if not re.search(r"[A-Za-z]{2,}", stripped):
        return False
    if re.fullmatch(r"[A-Za-z][a-z]+:", stripped):  # a label: "Size:"
        return True
    # One token that looks like a path, URL, file pattern, identifier or key.
    if re.fullmatch(r"[\w.@*:/\\#+-]*", stripped) and re.search(r"[/.:_@*#\\]|^[a-z]+[A-Z]\w*$", stripped):
        return False
    return True


def split_args(source, start):
    """Top-level arguments of the call whose '(' is at source[start - 1]."""
    depth, args, current, i = 0, [], [], start
    in_string = None
    while i < len(source):
        c = source[i]
        if in_string:
            current.append(c)
            if c == "\\":
                current.append(source[i + 1])
                i += 1
            elif c == in_string:
                in_string = None
        elif c in "\"'":
            in_string = c
            current.append(c)
        elif c in "([{":
            depth += 1
            current.append(c)
        elif c in ")]}":
            if depth == 0:
                args.append("".join(current))
                return args
            depth -= 1
            current.append(c)
        elif c == "," and depth == 0:
            args.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    return args


def top_level_literals(arg):
    """String literals of `arg` not nested in a call other than the literal's own wrapper."""
    found = []
    depth = 0
    i = 0
    while i < len(arg):
        m = LITERAL.match(arg, i)
        if m and (i == 0 or not (arg[i - 1].isalnum() or arg[i - 1] == "_")):
            if depth == 0 or (depth == 1 and arg.lstrip().startswith("{")):
                found.append(m.group(1))
            i = m.end()
            continue
        c = arg[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{":
            depth += 1 if depth else 1
        elif c == "}":
            depth -= 1
        i += 1
    return found


def strip_comments(source):
    # Keep offsets: comments become spaces (strings are kept as they are).
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            comment = source[i:j]
            out.append(" " * len(comment) if MARK not in comment else comment)
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in source[i:j]))
            i = j
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] != '"':
                j += 2 if source[j] == "\\" else 1
            out.append(source[i:j + 1])
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def check_file(path):
    source = strip_comments(path.read_text(encoding="utf-8"))
    lines = source.split("\n")
    findings = []
    for m in CALL.finditer(source):
        name = m.group(1)
        args = split_args(source, m.end())
        if name in FIRST_ARG_CALLS:
            args = args[:1]
        line_no = source.count("\n", 0, m.start()) + 1
        # The statement's lines (up to its ';') may carry the marker.
        end = source.find(";", m.end())
        statement_lines = lines[line_no - 1:source.count("\n", 0, end if end >= 0 else len(source)) + 1]
        if any(MARK in line for line in statement_lines):
            continue
        for arg in args:
            for literal in top_level_literals(arg):
                if words(literal):
                    findings.append(f'{path}:{line_no}: {name}(...) shows "{literal}" without tr()')
    return findings


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[1] == "--expect-marked":
        path = pathlib.Path(argv[2])
        marked = {i + 1 for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"))
                  if line.rstrip().endswith("// BAD")}
        found = {int(f.split(":")[1]) for f in check_file(path)}
        for line in sorted(marked - found):
            print(f"{path}:{line}: not reported")
        for line in sorted(found - marked):
            print(f"{path}:{line}: reported, but not marked BAD")
        print(f"check-tr-literals.py: {len(marked)} marked, {len(found)} reported")
        return 0 if marked and marked == found else 1
    files = []
    for arg in argv[1:]:
        p = pathlib.Path(arg)
        if not p.exists():
            print(f"check-tr-literals.py: {p} does not exist", file=sys.stderr)
            return 2
        files += sorted(p.rglob("*.cpp")) + sorted(p.rglob("*.h")) if p.is_dir() else [p]
    findings = [f for path in files for f in check_file(path)]
    for f in findings:
        print(f)
    print(f"check-tr-literals.py: {len(files)} files, {len(findings)} untranslated literal(s)")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
