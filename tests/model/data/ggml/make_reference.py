#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Makes the ggml dequantisation reference data kept beside this script (run once).

Usage: make_reference.py GGUF_PY_DIR OUT_DIR

GGUF_PY_DIR is the gguf-py folder of a llama.cpp checkout (its gguf/quants.py
numpy dequantisers are the independent implementation; nothing of it is kept here).
The data in this folder was made from llama.cpp commit
c392e5094deaf2d1a7c18683214f007fad3fe42b with Debian's python3-numpy 1.24.2.

For each ggml type, blocks of random bytes whose scale fields hold random finite
fp16 (or float32) values, plus, for the i-quants, blocks whose grid indices run over
every row of the type's grid, are dequantised to float32. Each <TYPE>.ref file is
qCompress's format (4-byte big-endian length, then zlib): uint32 LE block count, the
blocks' bytes, then the values as float32 LE.

Q8_1 and Q8_K are not in gguf-py's table of dequantisers (ggml uses them for dot
products only); their values are computed here as ggml-common.h defines the blocks
(y = d * q), by this script alone.
"""
import struct
import sys
import types
import zlib

import numpy as np

sys.modules.setdefault("sentencepiece", types.ModuleType("sentencepiece"))
sys.modules["sentencepiece"].SentencePieceProcessor = object
sys.path.insert(0, sys.argv[1])
from gguf import quants  # noqa: E402
from gguf.constants import GGMLQuantizationType as T  # noqa: E402

rng = np.random.default_rng(20261129)

# type: (block elements, block bytes, fp16 scale offsets, float32 scale offsets)
LAYOUT = {
    "Q4_0": (32, 18, [0], []), "Q4_1": (32, 20, [0, 2], []), "Q5_0": (32, 22, [0], []),
    "Q5_1": (32, 24, [0, 2], []), "Q8_0": (32, 34, [0], []), "Q8_1": (32, 36, [0, 2], []),
    "Q2_K": (256, 84, [80, 82], []), "Q3_K": (256, 110, [108], []), "Q4_K": (256, 144, [0, 2], []),
    "Q5_K": (256, 176, [0, 2], []), "Q6_K": (256, 210, [208], []), "Q8_K": (256, 292, [], [0]),
    "IQ2_XXS": (256, 66, [0], []), "IQ2_XS": (256, 74, [0], []), "IQ2_S": (256, 82, [0], []),
    "IQ3_XXS": (256, 98, [0], []), "IQ3_S": (256, 110, [0], []), "IQ1_S": (256, 50, [0], []),
    "IQ1_M": (256, 56, [], []), "IQ4_NL": (32, 18, [0], []), "IQ4_XS": (256, 136, [0], []),
    "TQ1_0": (256, 54, [52], []), "TQ2_0": (256, 66, [64], []),
}


def finite_half():
    while True:
        bits = int(rng.integers(0, 1 << 16))
        if (bits >> 10) & 0x1F != 0x1F:
            return bits


def finite_float():
    return struct.pack("<f", float(rng.uniform(-4.0, 4.0) * 2.0 ** int(rng.integers(-30, 30))))


def random_block(name):
    n, size, halves, floats = LAYOUT[name]
    b = bytearray(rng.integers(0, 256, size, dtype=np.uint8).tobytes())
    for off in halves:
        b[off:off + 2] = struct.pack("<H", finite_half())
    for off in floats:
        b[off:off + 4] = finite_float()
    if name == "IQ1_M":  # the fp16 scale is the top nibbles of the four uint16 at 48..55
        d = finite_half()
        for k in range(4):
            w = struct.unpack_from("<H", b, 48 + 2 * k)[0] & 0x0FFF
            struct.pack_into("<H", b, 48 + 2 * k, w | (((d >> (4 * k)) & 0xF) << 12))
    return b


def set_index(name, b, slot, idx):
    """Puts grid row `idx` in grid slot `slot` of block b."""
    if name == "IQ2_XXS":
        b[2 + 8 * (slot // 4) + slot % 4] = idx
    elif name == "IQ2_XS":
        w = struct.unpack_from("<H", b, 2 + 2 * slot)[0]
        struct.pack_into("<H", b, 2 + 2 * slot, (w & 0xFE00) | idx)
    elif name == "IQ2_S":
        b[2 + slot] = idx & 0xFF
        q = 66 + slot // 4
        sh = 2 * (slot % 4)
        b[q] = (b[q] & ~(3 << sh) & 0xFF) | ((idx >> 8) << sh)
    elif name == "IQ3_XXS":
        b[2 + slot] = idx
    elif name == "IQ3_S":
        b[2 + slot] = idx & 0xFF
        q = 66 + slot // 8
        b[q] = (b[q] & ~(1 << (slot % 8)) & 0xFF) | ((idx >> 8) << (slot % 8))
    elif name == "IQ1_S":
        b[2 + slot] = idx & 0xFF
        off = 34 + 2 * (slot // 4)
        sh = 3 * (slot % 4)
        w = struct.unpack_from("<H", b, off)[0]
        struct.pack_into("<H", b, off, (w & ~(7 << sh) & 0xFFFF) | ((idx >> 8) << sh))
    elif name == "IQ1_M":
        b[slot] = idx & 0xFF
        q = 32 + slot // 2
        sh = 4 * (slot % 2)
        b[q] = (b[q] & ~(7 << sh) & 0xFF) | ((idx >> 8) << sh)


GRID = {"IQ2_XXS": (256, 32), "IQ2_XS": (512, 32), "IQ2_S": (1024, 32), "IQ3_XXS": (256, 64),
        "IQ3_S": (512, 64), "IQ1_S": (2048, 32), "IQ1_M": (2048, 32)}


def blocks_for(name):
    n = LAYOUT[name][0]
    out = [random_block(name) for _ in range(16 if n == 32 else 4)]
    if name in GRID:
        rows, slots = GRID[name]
        for first in range(0, rows, slots):
            b = random_block(name)
            for s in range(slots):
                set_index(name, b, s, first + s)
            out.append(b)
    return out


def dequantize(name, raw):
    if name == "Q8_1":
        a = raw.reshape(-1, 36)
        d = a[:, 0:2].copy().view(np.float16).astype(np.float32)
        return (a[:, 4:].copy().view(np.int8).astype(np.float32) * d).reshape(-1)
    if name == "Q8_K":
        a = raw.reshape(-1, 292)
        d = a[:, 0:4].copy().view(np.float32)
        return (a[:, 4:260].copy().view(np.int8).astype(np.float32) * d).reshape(-1)
    return quants.dequantize(raw, getattr(T, name)).astype(np.float32).reshape(-1)


for name in LAYOUT:
    blocks = blocks_for(name)
    raw = np.frombuffer(b"".join(blocks), dtype=np.uint8)
    values = dequantize(name, raw)
    assert values.size == len(blocks) * LAYOUT[name][0], name
    assert np.all(np.isfinite(values)), name
    payload = struct.pack("<I", len(blocks)) + raw.tobytes() + values.astype("<f4").tobytes()
    with open(f"{sys.argv[2]}/{name}.ref", "wb") as f:
        f.write(struct.pack(">I", len(payload)) + zlib.compress(payload, 9))
    print(name, len(blocks), "blocks")
