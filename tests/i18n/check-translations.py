#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Checks the shipped Qt Linguist catalogues (translations/*.ts).

For each .ts file:
  - no entry is unfinished or empty, and plural entries have the number of
    forms the language needs (German 2, Chinese 1);
  - a translation keeps the source's placeholders (%1, %2, %n), HTML tags and
    its &-accelerator (a lone "&" before a character, not "&&");
  - with --lupdate and --sources: lupdate run over today's sources into a
    temporary copy finds no message the copy lacks a translation for (so a
    tr() string added later fails here until it is translated).

  check-translations.py [--lupdate LUPDATE --sources REPO_ROOT] FILE.ts...
"""
import argparse
import collections
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

PLURAL_FORMS = {"de": 2, "zh": 1}
PLACEHOLDER = re.compile(r"%(?:L?\d+|n)")
TAG = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)\b[^>]*>")
ACCEL = re.compile(r"&(?!&)(?=[^\s&;])")


def accelerators(text):
    return len(ACCEL.findall(text.replace("&&", "")))


def forms_of(message):
    tr = message.find("translation")
    if tr is None:
        return None, []
    numerus = tr.findall("numerusform")
    return tr, [n.text or "" for n in numerus] if numerus else [tr.text or ""]


def check_catalogue(path):
    problems = []
    root = ET.parse(path).getroot()
    language = root.get("language", "")
    wanted_forms = PLURAL_FORMS.get(language.split("_")[0])
    count = 0
    for context in root.iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            count += 1
            source = message.findtext("source") or ""
            where = f"{path.name}: [{name}] {source[:70]!r}"
            tr, forms = forms_of(message)
            if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete"):
                problems.append(f"{where}: unfinished")
                continue
            if message.get("numerus") == "yes" and wanted_forms and len(forms) != wanted_forms:
                problems.append(f"{where}: {len(forms)} plural forms, {language} needs {wanted_forms}")
            for form in forms:
                if not form.strip() and source.strip():
                    problems.append(f"{where}: empty translation")
                    continue
                want = collections.Counter(PLACEHOLDER.findall(source))
                got = collections.Counter(PLACEHOLDER.findall(form))
                if message.get("numerus") == "yes":
                    want.pop("%n", None)
                    got.pop("%n", None)
                if want != got:
                    problems.append(f"{where}: placeholders {sorted(got)} instead of {sorted(want)}")
                if sorted(TAG.findall(source)) != sorted(TAG.findall(form)):
                    problems.append(f"{where}: HTML tags differ: {form[:70]!r}")
                if accelerators(source) != accelerators(form):
                    problems.append(f"{where}: &-accelerator lost or added: {form!r}")
    return count, problems


def sources_of(root):
    files = sorted((root / "widgets").rglob("*.cpp")) + sorted((root / "widgets").rglob("*.h"))
    files += sorted((root / "app" / "studio").glob("*.cpp"))
    # core's translated messages (core/base/coretext.h)
    for area in ("validate", "scan", "format"):
        files += sorted((root / "core" / area).glob("*.cpp"))
    files.append(root / "core" / "base" / "coretext.h")
    return [str(f) for f in files]


def check_up_to_date(lupdate, root, path):
    """Messages in today's sources that `path` has no translation for."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = pathlib.Path(scratch) / path.name
        shutil.copy(path, copy)
        listing = pathlib.Path(scratch) / "sources.lst"
        listing.write_text("\n".join(sources_of(root)) + "\n", encoding="utf-8")
        run = subprocess.run([lupdate, "-no-obsolete", "-locations", "none", f"@{listing}", "-ts", str(copy)],
                             capture_output=True, text=True)
        if run.returncode != 0:
            return [f"{path.name}: lupdate failed: {run.stderr.strip()}"]
        _, problems = check_catalogue(copy)
        return [p.replace(": unfinished", ": new in the sources, not translated") for p in problems
                if p.endswith(": unfinished")]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lupdate")
    parser.add_argument("--sources", type=pathlib.Path)
    parser.add_argument("catalogues", nargs="+", type=pathlib.Path)
    args = parser.parse_args()
    failed = False
    for path in args.catalogues:
        if not path.is_file():
            print(f"{path}: missing")
            failed = True
            continue
        count, problems = check_catalogue(path)
        if args.lupdate and args.sources:
            problems += check_up_to_date(args.lupdate, args.sources, path)
        for p in problems:
            print(p)
        print(f"{path.name}: {count} messages, {len(problems)} problem(s)")
        failed |= bool(problems) or count == 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
