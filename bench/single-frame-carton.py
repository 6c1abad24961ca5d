#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Writes a carton as upstream Carton does: every file compressed with zstd (zip
# method 93) as ONE frame by the zstd CLI (`zstd -3 --single-thread`, content size
# in the header), no seek table. The benchmarks compare our seekable entries with
# it. Python's zipfile cannot write method 93, so the zip is written by hand.
#
# With --frame-size BYTES, every file is cut into frames of that many bytes and a
# seek table follows in a skippable frame (zstd's contrib seekable format, as our
# packer writes with 8 MiB frames): scripts/fuzz.sh makes a seed of many tiny
# frames with it, independent of our writer.
#
#   bench/single-frame-carton.py [--frame-size BYTES] FOLDER OUT.carton
import hashlib, os, struct, subprocess, sys, zlib

args = sys.argv[1:]
frame_size = 0
if args and args[0] == "--frame-size":
    frame_size, args = int(args[1]), args[2:]
folder, out = args
files = []
for root, _, names in os.walk(folder):
    for name in names:
        path = os.path.join(root, name)
        files.append(os.path.relpath(path, folder).replace(os.sep, "/"))
files = sorted(f for f in files if f != "MANIFEST")
manifest = "".join(f"{f}={hashlib.sha256(open(os.path.join(folder, f), 'rb').read()).hexdigest()}\n"
                   for f in files).encode()

def zstd(plain):
    return subprocess.run(["zstd", "-q", "-3", "--single-thread", "-c"], input=plain,
                          stdout=subprocess.PIPE, check=True).stdout

def compress(plain):
    if frame_size <= 0 or not plain:
        return zstd(plain)
    frames = [zstd(plain[i:i + frame_size]) for i in range(0, len(plain), frame_size)]
    entries = b"".join(struct.pack("<II", len(f), min(frame_size, len(plain) - i * frame_size))
                       for i, f in enumerate(frames))
    table = entries + struct.pack("<IBI", len(frames), 0, 0x8F92EAB1)
    return b"".join(frames) + struct.pack("<II", 0x184D2A5E, len(table)) + table

central = b""
with open(out, "wb") as z:
    def add(name, plain):
        global central
        data = compress(plain)
        crc, raw = zlib.crc32(plain), name.encode()
        big = len(plain) >= 0xFFFFFFFF or len(data) >= 0xFFFFFFFF
        extra = struct.pack("<HHQQ", 1, 16, len(plain), len(data)) if big else b""
        offset = z.tell()
        sizes = (0xFFFFFFFF, 0xFFFFFFFF) if big else (len(data), len(plain))
        z.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 63, 0x800, 93, 0, 0x21, crc, *sizes, len(raw), len(extra)))
        z.write(raw + extra + data)
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x031E, 63, 0x800, 93, 0, 0x21, crc, *sizes,
                               len(raw), len(extra), 0, 0, 0, 0o100644 << 16, offset) + raw + extra
    for f in files:
        with open(os.path.join(folder, f), "rb") as fh:
            add(f, fh.read())
    add("MANIFEST", manifest)
    start = z.tell()
    z.write(central)
    count = len(files) + 1
    z.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), start, 0))
