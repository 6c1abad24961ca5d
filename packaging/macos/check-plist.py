#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Checks packaging/macos/Info.plist.in on any platform (ctest macos_info_plist).

Substitutes the MACOSX_BUNDLE_* values CMake would, then checks that the result is a
property list (plistlib; plistutil and xmllint too when given) declaring what Finder needs
to open .carton files with Carton Studio: an exported UTI for the .carton extension that
conforms to public.zip-archive, a document type naming it, and the icons.
Usage: check-plist.py INFO_PLIST_IN OUT_DIR [--plistutil PATH] [--xmllint PATH]
"""
import argparse
import plistlib
import re
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("template")
parser.add_argument("out_dir")
parser.add_argument("--plistutil")
parser.add_argument("--xmllint")
args = parser.parse_args()

values = {
    "MACOSX_BUNDLE_EXECUTABLE_NAME": "Carton Studio",
    "MACOSX_BUNDLE_GUI_IDENTIFIER": "org.cartonstudio.CartonStudio",
    "MACOSX_BUNDLE_BUNDLE_NAME": "Carton Studio",
    "MACOSX_BUNDLE_SHORT_VERSION_STRING": "0.1.0",
    "MACOSX_BUNDLE_BUNDLE_VERSION": "0.1.0",
}
text = open(args.template, encoding="utf-8").read()
unknown = sorted(set(re.findall(r"\$\{(\w+)\}", text)) - set(values))
problems = [f"{args.template}: ${{{name}}} is not a MACOSX_BUNDLE_* value CMake sets" for name in unknown]
for name, value in values.items():
    text = text.replace("${" + name + "}", value)
out = f"{args.out_dir}/Info.plist"
with open(out, "w", encoding="utf-8") as f:
    f.write(text)

if args.xmllint:
    subprocess.run([args.xmllint, "--noout", out], check=True)
if args.plistutil:  # libplist's parser: converts to binary and fails on a malformed list
    subprocess.run([args.plistutil, "-i", out, "-o", f"{args.out_dir}/Info.bplist"], check=True)
with open(out, "rb") as f:
    plist = plistlib.load(f)


def expect(condition, message):
    if not condition:
        problems.append(f"{args.template}: {message}")


expect(plist.get("CFBundleIdentifier") == "org.cartonstudio.CartonStudio", "CFBundleIdentifier")
expect(plist.get("CFBundlePackageType") == "APPL", "CFBundlePackageType is not APPL")
expect(plist.get("CFBundleExecutable") == "Carton Studio", "CFBundleExecutable is not the bundle's executable")
expect(plist.get("CFBundleIconFile") == "carton-studio.icns", "CFBundleIconFile is not carton-studio.icns")
uti = "org.cartonstudio.carton"
exported = [t for t in plist.get("UTExportedTypeDeclarations", []) if t.get("UTTypeIdentifier") == uti]
expect(len(exported) == 1, f"UTExportedTypeDeclarations: expected one {uti}, found {len(exported)}")
if exported:
    t = exported[0]
    expect("public.zip-archive" in t.get("UTTypeConformsTo", []), f"{uti} does not conform to public.zip-archive")
    tags = t.get("UTTypeTagSpecification", {})
    expect(tags.get("public.filename-extension") == ["carton"], f"{uti}: filename extension is not [carton]")
    expect(tags.get("public.mime-type") == ["application/x-carton"], f"{uti}: MIME type is not application/x-carton")
    expect(t.get("UTTypeIconFile") == "application-x-carton.icns", f"{uti}: UTTypeIconFile")
docs = [d for d in plist.get("CFBundleDocumentTypes", []) if uti in d.get("LSItemContentTypes", [])]
expect(len(docs) == 1, f"CFBundleDocumentTypes: expected one type listing {uti}, found {len(docs)}")
if docs:
    expect(docs[0].get("CFBundleTypeRole") == "Editor", "the .carton document type's role is not Editor")
    expect(docs[0].get("CFBundleTypeIconFile") == "application-x-carton.icns", "document type icon")

for p in problems:
    print(p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-plist.py: {out} is a property list declaring {uti} (.carton, public.zip-archive) and its document type")
