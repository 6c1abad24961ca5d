#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Writes narrowfloat_reference.txt: the value of every code of each 8-bit and 4-bit type
that Carton Studio reads as float32, one line per code: TYPE CODE VALUE, VALUE being
float32 bits in hex, or "nan".

Made independently of core/tensor/narrowfloat.cpp: values are computed in exact rational
arithmetic from each format's definition (OCP 8-bit floating point spec for E4M3/E5M2,
the FNUZ variants as ONNX's operator docs define them, OCP MX for E8M0 and FP4 E2M1),
then rounded to float32 by struct (they are all exact in float32). E5M2 is also checked
against numpy's float16 (an E5M2 code is a float16's high byte), and some anchor values
against the specs' tables.
"""
import struct
import sys
from fractions import Fraction

import numpy as np


def f32hex(v):
    return "nan" if v != v else "%08x" % struct.unpack("<I", struct.pack("<f", v))[0]


def ieee_like(code, e_bits, m_bits, bias):
    sign = -1 if code >> (e_bits + m_bits) & 1 else 1
    e = (code >> m_bits) & ((1 << e_bits) - 1)
    m = code & ((1 << m_bits) - 1)
    if e == 0:
        mag = Fraction(m, 1 << m_bits) * Fraction(2) ** (1 - bias)
    else:
        mag = (1 + Fraction(m, 1 << m_bits)) * Fraction(2) ** (e - bias)
    v = float(mag)
    return -v if sign < 0 else v  # -0.0 for the negative zero


def e4m3fn(c):
    return float("nan") if c & 0x7F == 0x7F else ieee_like(c, 4, 3, 7)


def e4m3fnuz(c):
    return float("nan") if c == 0x80 else ieee_like(c, 4, 3, 8)


def e5m2(c):
    if (c >> 2) & 0x1F == 0x1F:
        return float("nan") if c & 3 else (float("-inf") if c & 0x80 else float("inf"))
    return ieee_like(c, 5, 2, 15)


def e5m2fnuz(c):
    return float("nan") if c == 0x80 else ieee_like(c, 5, 2, 16)


def e8m0(c):
    return float("nan") if c == 0xFF else float(Fraction(2) ** (c - 127))


def e2m1(c):
    return ieee_like(c, 2, 1, 1)


def int4(c):
    return float(c - 16 if c >= 8 else c)


TYPES = [("F8E4M3FN", 256, e4m3fn), ("F8E4M3FNUZ", 256, e4m3fnuz), ("F8E5M2", 256, e5m2),
         ("F8E5M2FNUZ", 256, e5m2fnuz), ("F8E8M0", 256, e8m0), ("F4E2M1", 16, e2m1),
         ("Int4", 16, int4), ("UInt4", 16, float)]

# Cross-checks.
for c in range(256):
    h = float(np.array([c << 8], dtype=np.uint16).view(np.float16)[0])
    v = e5m2(c)
    assert (h != h and v != v) or (h == v and np.signbit(h) == np.signbit(v)), c
assert e4m3fn(0x7E) == 448 and e4m3fn(0x01) == 2.0 ** -9 and e4m3fn(0x80) == 0 and np.signbit(e4m3fn(0x80))
assert e4m3fnuz(0x7F) == 240 and e4m3fnuz(0x01) == 2.0 ** -10 and e4m3fnuz(0x00) == 0
assert e5m2(0x7B) == 57344 and e5m2fnuz(0x7F) == 57344 and e5m2fnuz(0x01) == 2.0 ** -17
assert [e2m1(c) for c in range(8)] == [0, 0.5, 1, 1.5, 2, 3, 4, 6]
assert e8m0(127) == 1 and e8m0(0) == 2.0 ** -127 and e8m0(254) == 2.0 ** 127

out = sys.argv[1] if len(sys.argv) > 1 else "narrowfloat_reference.txt"
with open(out, "w") as f:
    for name, n, fn in TYPES:
        for c in range(n):
            f.write("%s %d %s\n" % (name, c, f32hex(fn(c))))
