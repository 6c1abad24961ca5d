#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Checks the icons carton-iconrender made (ctest rendered_icons): every hicolor PNG is a PNG of
its folder's size and not blank; the .ico's directory lists PNG images of the sizes it claims,
16 to 256; the .icns holds PNGs under the OSType of their size.
Usage: check-icons.py HICOLOR_DIR ICO... ICNS...
"""
import pathlib
import struct
import sys
import zlib

PNG = b"\x89PNG\r\n\x1a\n"
problems = []


def png_size(data, what):
    if data[:8] != PNG or data[12:16] != b"IHDR":
        problems.append(f"{what}: not a PNG")
        return None
    return struct.unpack(">II", data[16:24])


def png_opaque_pixels(data):
    """Counts pixels with alpha > 0 in an 8-bit RGBA, non-interlaced PNG (what QImage writes)."""
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour != 6 or interlace:
        return None
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return sum(1 for line in rows for x in range(3, stride, 4) if line[x])


hicolor = pathlib.Path(sys.argv[1])
pngs = sorted(hicolor.glob("*/*x*/*.png"))
if len(pngs) < 2:
    problems.append(f"{hicolor}: no rendered PNG icons")
for png in pngs:
    data = png.read_bytes()
    want = int(png.parent.name.split("x")[0])
    if png_size(data, png) != (want, want):
        problems.append(f"{png}: expected {want}x{want}")
        continue
    opaque = png_opaque_pixels(data)
    if opaque is not None and opaque < want * want // 4:
        problems.append(f"{png}: only {opaque} of {want * want} pixels drawn")

icns_types = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
for name in sys.argv[2:]:
    data = pathlib.Path(name).read_bytes()
    if name.endswith(".ico"):
        reserved, kind, count = struct.unpack("<HHH", data[:6])
        if reserved != 0 or kind != 1 or count == 0:
            problems.append(f"{name}: not an icon directory")
            continue
        sizes = []
        for i in range(count):
            w, h, _, _, planes, bpp, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
            w, h = w or 256, h or 256
            if png_size(data[offset:offset + length], f"{name} entry {i}") != (w, h) or offset + length > len(data):
                problems.append(f"{name}: entry {i} is not a {w}x{h} PNG inside the file")
            sizes.append(w)
        if 16 not in sizes or 32 not in sizes or 256 not in sizes:
            problems.append(f"{name}: sizes {sizes} lack 16, 32 or 256")
    elif name.endswith(".icns"):
        magic, total = struct.unpack(">4sI", data[:8])
        if magic != b"icns" or total != len(data):
            problems.append(f"{name}: header says {magic!r}, {total} bytes; the file has {len(data)}")
            continue
        pos, found = 8, []
        while pos < len(data):
            kind, length = struct.unpack(">4sI", data[pos:pos + 8])
            if kind not in icns_types or length < 8 or pos + length > len(data):
                problems.append(f"{name}: bad element {kind!r} at {pos}")
                break
            want = icns_types[kind]
            if png_size(data[pos + 8:pos + length], f"{name} {kind!r}") != (want, want):
                problems.append(f"{name}: {kind!r} is not a {want}x{want} PNG")
            found.append(want)
            pos += length
        if 512 not in found or 16 not in found:
            problems.append(f"{name}: sizes {found} lack 16 or 512")
    else:
        problems.append(f"{name}: neither .ico nor .icns")

for p in problems:
    print(p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-icons.py: {len(pngs)} PNGs and {len(sys.argv) - 2} .ico/.icns files are well-formed")
