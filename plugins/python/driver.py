# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
"""Carton Studio's python runner driver.

Started by the python runner plugin inside carton-runner-host. Speaks the runner
pipe protocol on stdin/stdout: each message is b"CRTN", the JSON length (u32 LE),
the binary length (u64 LE), the JSON object, then tensors in the KServe v2 binary
layout (BYTES: u32 LE length + bytes per element). Anything the model prints goes
to stderr, never into the protocol stream. Installs nothing.
"""
import importlib
import importlib.metadata
import json
import os
import re
import struct
import sys
import traceback

PROTO_IN = sys.stdin.buffer
PROTO_OUT = os.fdopen(os.dup(1), "wb", buffering=0)
os.dup2(2, 1)
sys.stdout = sys.stderr

MAX_HEADER = 16 << 20


def read_exact(n):
    chunks = []
    while n > 0:
        b = PROTO_IN.read(min(n, 1 << 22))
        if not b:
            return None
        chunks.append(b)
        n -= len(b)
    return b"".join(chunks)


def read_frame():
    prefix = read_exact(16)
    if prefix is None:
        return None
    magic, json_len, bin_len = struct.unpack("<4sIQ", prefix)
    if magic != b"CRTN" or json_len > MAX_HEADER:
        raise ValueError("the stream does not start a message")
    header = json.loads(read_exact(json_len))
    binary = read_exact(bin_len) if bin_len else b""
    if binary is None:
        raise ValueError("the stream ended in the middle of a message")
    return header, binary


def write_frame(header, chunks=()):
    body = json.dumps(header).encode("utf-8")
    total = sum(len(c) for c in chunks)
    PROTO_OUT.write(struct.pack("<4sIQ", b"CRTN", len(body), total) + body)
    for c in chunks:
        view = memoryview(c)
        while len(view):
            n = PROTO_OUT.write(view)
            view = view[n:]


def error(message):
    write_frame({"type": "error", "message": message})


NUMERIC = {
    "BOOL": "|b1", "UINT8": "|u1", "UINT16": "<u2", "UINT32": "<u4", "UINT64": "<u8",
    "INT8": "|i1", "INT16": "<i2", "INT32": "<i4", "INT64": "<i8",
    "FP16": "<f2", "FP32": "<f4", "FP64": "<f8",
}


def decode(np, descriptors, binary):
    out = {}
    offset = 0
    for d in descriptors:
        size = d["parameters"]["binary_data_size"]
        data = binary[offset:offset + size]
        offset += size
        shape = tuple(d["shape"])
        if d["datatype"] == "BYTES":
            values = []
            pos = 0
            while pos < len(data):
                (n,) = struct.unpack_from("<I", data, pos)
                values.append(data[pos + 4:pos + 4 + n].decode("utf-8"))
                pos += 4 + n
            arr = np.empty(len(values), dtype=object)
            arr[:] = values
            out[d["name"]] = arr.reshape(shape)
        elif d["datatype"] in NUMERIC:
            out[d["name"]] = np.frombuffer(data, dtype=NUMERIC[d["datatype"]]).reshape(shape).copy()
        else:
            raise ValueError("tensor %r: datatype %s is not supported by numpy" % (d["name"], d["datatype"]))
    return out


def encode(np, outputs):
    descriptors, chunks = [], []
    for name, value in outputs.items():
        if not isinstance(name, str):
            raise TypeError("output names must be strings, got %r" % (name,))
        arr = np.asarray(value)
        if arr.dtype.kind in "OUS":
            parts = []
            for v in arr.reshape(-1):
                b = v if isinstance(v, bytes) else str(v).encode("utf-8")
                parts.append(struct.pack("<I", len(b)) + b)
            data = b"".join(parts)
            datatype = "BYTES"
        else:
            datatype = None
            for k, code in NUMERIC.items():
                if np.dtype(code) == arr.dtype.newbyteorder("<") or np.dtype(code) == arr.dtype:
                    datatype = k
                    break
            if datatype is None:
                raise TypeError("output %r has dtype %s, which Carton has no type for" % (name, arr.dtype))
            data = np.ascontiguousarray(arr, dtype=np.dtype(NUMERIC[datatype])).tobytes()
        descriptors.append({"name": name, "datatype": datatype, "shape": list(arr.shape),
                            "parameters": {"binary_data_size": len(data)}})
        chunks.append(data)
    return descriptors, chunks


def requirement_names(path):
    names = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if not line or line.startswith("-"):
                    continue
                name = re.split(r"[<>=!~;\[ @]", line, maxsplit=1)[0].strip()
                if name:
                    names.append(name)
    except FileNotFoundError:
        pass
    return names


def missing_requirements(model_dir):
    missing = []
    for name in requirement_names(os.path.join(model_dir, "requirements.txt")):
        try:
            importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            missing.append(name)
    return missing


def load(header):
    model_dir = header["model_dir"]
    missing = missing_requirements(model_dir)
    if missing:
        raise RuntimeError(
            "model/requirements.txt needs Python packages that %s does not have: %s "
            "(install them for that interpreter, e.g. with apt or pip; Carton Studio never installs packages)"
            % (sys.executable, ", ".join(missing)))
    try:
        import numpy as np
    except ImportError:
        raise RuntimeError("numpy is not installed for %s (the python runner needs it: apt install python3-numpy)"
                           % sys.executable)
    sys.path.insert(0, model_dir)
    module = importlib.import_module(header["entrypoint_package"])
    fn = getattr(module, header["entrypoint_fn"], None)
    if fn is None:
        raise RuntimeError("module %r has no function %r (runner.opts entrypoint_fn)"
                           % (header["entrypoint_package"], header["entrypoint_fn"]))
    model = fn(**header.get("kwargs", {}))
    if not hasattr(model, "infer_with_tensors"):
        raise RuntimeError("%s.%s() returned %r, which has no infer_with_tensors method"
                           % (header["entrypoint_package"], header["entrypoint_fn"], type(model).__name__))
    return np, model


def main():
    np = model = None
    while True:
        frame = read_frame()
        if frame is None:
            return 0
        header, binary = frame
        try:
            if header.get("type") == "load":
                np, model = load(header)
                write_frame({"type": "loaded", "python": sys.version.split()[0]})
            elif header.get("type") == "infer":
                if model is None:
                    raise RuntimeError("no model is loaded")
                outputs = model.infer_with_tensors(decode(np, header.get("inputs", []), binary))
                if not isinstance(outputs, dict):
                    raise TypeError("infer_with_tensors returned %s, not a dict" % type(outputs).__name__)
                descriptors, chunks = encode(np, outputs)
                write_frame({"type": "outputs", "outputs": descriptors}, chunks)
            else:
                raise RuntimeError("unknown request %r" % header.get("type"))
        except Exception as e:  # reported to the app as this request failing
            traceback.print_exc(file=sys.stderr)
            error("%s: %s" % (type(e).__name__, e))


if __name__ == "__main__":
    sys.exit(main())
