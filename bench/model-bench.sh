#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks the model readers (core/model, issue 28's "Speed and memory"): listing the
# weights of a 1 GiB ONNX model, a 4 GiB GGUF and a 1 GiB torch.save zip checkpoint
# (`carton tensors`, process start included) and `carton model` on the ONNX, beside
# python3-onnx's onnx.load and python3-torch's torch.load of the same files in the same
# run; and `carton export-tensor --all` of the checkpoint to safetensors beside `cp` of
# the same bytes and torch.load + a safetensors write in python. Prints one table with
# the ratios. Builds nothing.
#
#   bench/model-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment (data is generated under BENCH_DIR, never in the repo; both files are
# sparse: their tensor bytes are holes, the headers are real):
#   BENCH_DIR=/tmp          where the temporary work folder is created
#   BENCH_ONNX_MIB=1024     size of the ONNX model (64 initializers + a MatMul graph)
#   BENCH_GGUF_GIB=4        size of the GGUF (Q8_0 / F16 / F32 tensors, 32k-token vocabulary)
#   BENCH_TORCH_MIB=1024    size of the torch.save checkpoint (64 float32 weights, written once by
#                           python3-torch and kept as BENCH_DIR/carton-bench-torch-MIB.pt)
#   BENCH_REPEAT=3          runs per measurement (best wall time kept)
#   BENCH_KEEP=0            1: keep the work folder
# Needs: bash, /usr/bin/python3 with onnx and torch (python3-onnx, python3-torch), /usr/bin/time
# (scripts/install-deps.sh).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
onnx_mib=${BENCH_ONNX_MIB:-1024}
gguf_gib=${BENCH_GGUF_GIB:-4}
torch_mib=${BENCH_TORCH_MIB:-1024}
py=/usr/bin/python3

. "$repo/bench/common.sh" model-bench
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
$py -c 'import onnx' 2>/dev/null || die "onnx is missing (python3-onnx): run scripts/install-deps.sh"
$py -c 'import torch' 2>/dev/null || die "torch is missing (python3-torch): run scripts/install-deps.sh"

bench_workdir

name_width=58
verdict() { awk -v w="$1" -v r="$2" 'BEGIN {print (w < 0.2 && r < 100) ? "meets" : "MISSES"}'; }

# ---------------------------------------------------------------- data
log "writing a sparse ${onnx_mib} MiB ONNX model and a sparse ${gguf_gib} GiB GGUF"
$py - "$work/model.onnx" "$onnx_mib" "$work/model.gguf" "$gguf_gib" <<'PY'
import struct, sys

def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)

def field(n, payload):  # length-delimited
    return varint(n << 3 | 2) + varint(len(payload)) + payload

def num(n, v):
    return varint(n << 3) + varint(v)

def value_info(name, dims):
    shape = b"".join(field(1, field(2, d.encode()) if isinstance(d, str) else num(1, d)) for d in dims)
    return field(1, name.encode()) + field(2, field(1, num(1, 1) + field(2, shape)))

# ONNX: ModelProto{ir_version, producer, opset, graph{nodes, initializers (raw_data holes), io}}.
path, mib = sys.argv[1], int(sys.argv[2])
count = 64
side = int((mib * 2**20 // count // 4) ** 0.5)
with open(path, "wb") as f:
    nodes = b""
    for i in range(count):
        nodes += field(1, field(1, (f"x{i}" if i else "input").encode()) + field(1, f"w{i}".encode()) +
                       field(2, (f"x{i + 1}" if i < count - 1 else "output").encode()) +
                       field(3, f"layer{i}".encode()) + field(4, b"MatMul"))
    head = nodes + field(2, b"bench") + field(11, value_info("input", ["batch", side])) + \
        field(12, value_info("output", ["batch", side]))
    inits = []
    for i in range(count):
        raw = side * side * 4
        t = num(1, side) + num(1, side) + num(2, 1) + field(8, f"w{i}".encode())
        inits.append((t + varint(9 << 3 | 2) + varint(raw), raw))
    graph_len = len(head) + sum(len(varint(5 << 3 | 2)) + len(varint(len(t) + raw)) + len(t) + raw for t, raw in inits)
    f.write(num(1, 8) + field(2, b"bench") + field(3, b"1.0") + field(8, num(2, 17)))
    f.write(varint(7 << 3 | 2) + varint(graph_len) + head)
    for t, raw in inits:
        f.write(varint(5 << 3 | 2) + varint(len(t) + raw) + t)
        f.seek(raw, 1)  # the tensor's bytes: a hole
    f.truncate()

# GGUF v3: metadata (architecture, a 32k-token vocabulary), then tensors whose bytes are holes.
path, gib = sys.argv[3], int(sys.argv[4])
def s(b): return struct.pack("<Q", len(b)) + b
kv = s(b"general.architecture") + struct.pack("<I", 8) + s(b"llama")
kv += s(b"general.name") + struct.pack("<I", 8) + s(b"bench")
vocab = 32000
kv += s(b"tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, vocab) + b"".join(s(b"tok%d" % i) for i in range(vocab))
kv += s(b"tokenizer.ggml.scores") + struct.pack("<IIQ", 9, 6, vocab) + b"\0" * (4 * vocab)
n_kv = 4
tensors = []
size = gib * 2**30
per_layer = 7
layers = 0
offset = 0
types = [(8, 34, 32), (1, 2, 1), (0, 4, 1)]  # Q8_0, F16, F32: (type, bytes per block, block)
while offset < size * 0.98:
    for j in range(per_layer):
        t, bpb, blk = types[j % 3]
        ne = [4096, 1024]
        nbytes = ne[0] * ne[1] // blk * bpb
        tensors.append((b"blk.%d.w%d.weight" % (layers, j), ne, t, offset))
        offset += (nbytes + 31) // 32 * 32
    layers += 1
head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), n_kv) + kv
for name, ne, t, off in tensors:
    head += s(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne) + struct.pack("<IQ", t, off)
head += b"\0" * (-len(head) % 32)
with open(path, "wb") as f:
    f.write(head)
    f.truncate(len(head) + offset)
PY
# A torch.save zip checkpoint: real bytes (torch writes every storage), so made once and kept.
torch_pt=${BENCH_DIR:-/tmp}/carton-bench-torch-${torch_mib}.pt
if [ ! -s "$torch_pt" ]; then
  log "writing a ${torch_mib} MiB torch.save checkpoint (once: $torch_pt)"
  $py - "$torch_pt.part" "$torch_mib" <<'PY'
import sys, torch
path, mib = sys.argv[1], int(sys.argv[2])
count = 64
side = int((mib * 2**20 // count // 4) ** 0.5)
torch.manual_seed(0)
state = {f"layers.{i}.weight": torch.randn(side, side) for i in range(count)}
torch.save(state, path)
PY
  mv "$torch_pt.part" "$torch_pt"
fi
ls -ls "$work"/model.* "$torch_pt" >&2

# ---------------------------------------------------------------- runs
measure "carton --version (process start alone)" "$carton" --version
start_wall=$wall
measure "carton tensors ${onnx_mib} MiB ONNX (list weights)" "$carton" tensors "$work/model.onnx"
onnx_wall=$wall; onnx_rss=$rss
grep -c '^w' "$work/out.txt" >/dev/null || die "carton tensors listed no weights of the ONNX model"
measure "carton model ${onnx_mib} MiB ONNX --json (signature, ops)" "$carton" model "$work/model.onnx" --json
model_wall=$wall; model_rss=$rss
measure "carton tensors ${gguf_gib} GiB GGUF (list weights)" "$carton" tensors "$work/model.gguf"
gguf_wall=$wall; gguf_rss=$rss
gguf_count=$(grep -c '^blk' "$work/out.txt" || true)
measure "carton tensor ${onnx_mib} MiB ONNX w63 --limit 4 (one weight)" "$carton" tensor "$work/model.onnx" w63 --limit 4
measure "python3-onnx: onnx.load(${onnx_mib} MiB ONNX), list initializers" \
  $py -c 'import onnx, sys; m = onnx.load(sys.argv[1]); print(len(m.graph.initializer))' "$work/model.onnx"
py_wall=$wall; py_rss=$rss
measure "carton tensors ${torch_mib} MiB torch.save zip (list weights)" "$carton" tensors "$torch_pt"
torch_wall=$wall; torch_rss=$rss
grep -c '^layers' "$work/out.txt" >/dev/null || die "carton tensors listed no weights of the torch checkpoint"
measure "carton tensor ${torch_mib} MiB torch zip layers.63.weight --limit 4" \
  "$carton" tensor "$torch_pt" layers.63.weight --limit 4
measure "python3-torch: torch.load(${torch_mib} MiB), list keys" \
  $py -c 'import torch, sys; print(len(torch.load(sys.argv[1])))' "$torch_pt"
pyt_wall=$wall; pyt_rss=$rss
sync
measure "cp ${torch_mib} MiB torch checkpoint" cp "$torch_pt" "$work/copy.pt"
cp_wall=$wall
rm -f "$work/copy.pt"
measure "carton export-tensor --all ${torch_mib} MiB torch -> safetensors" \
  "$carton" export-tensor "$torch_pt" --all -o "$work/out.safetensors"
export_wall=$wall; export_rss=$rss
rm -f "$work/out.safetensors"
measure "python3-torch: torch.load + safetensors write" $py -c '
import json, struct, sys, torch
state = torch.load(sys.argv[1])
names = {torch.float32: "F32"}
header, offset = {}, 0
for k, t in state.items():
    header[k] = {"dtype": names[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + t.numel() * 4]}
    offset += t.numel() * 4
h = json.dumps(header).encode()
with open(sys.argv[2], "wb") as f:
    f.write(struct.pack("<Q", len(h)) + h)
    for t in state.values():
        f.write(t.contiguous().numpy().tobytes())
' "$torch_pt" "$work/py.safetensors"
pyexport_wall=$wall
rm -f "$work/py.safetensors"

echo
echo "model benchmarks (${onnx_mib} MiB ONNX, ${gguf_gib} GiB GGUF with ${gguf_count} tensors, ${torch_mib} MiB torch zip; best of ${repeat}; $(nproc) cores; load average: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${rows[@]}"
echo
echo "listing ONNX weights: ${onnx_wall} s, ${onnx_rss} MiB ($(verdict "$onnx_wall" "$onnx_rss") < 0.2 s, < 100 MiB); python3-onnx's load / carton: $(ratio "$py_wall" "$onnx_wall" 1)x the time, $(ratio "$py_rss" "$onnx_rss" 1)x the memory"
echo "carton model on the ONNX: ${model_wall} s, ${model_rss} MiB ($(verdict "$model_wall" "$model_rss"))"
echo "listing GGUF weights: ${gguf_wall} s, ${gguf_rss} MiB ($(verdict "$gguf_wall" "$gguf_rss") < 0.2 s, < 100 MiB)"
echo "listing torch zip weights: ${torch_wall} s, ${torch_rss} MiB ($(verdict "$torch_wall" "$torch_rss") < 0.2 s, < 100 MiB); torch.load / carton: $(ratio "$pyt_wall" "$torch_wall" 1)x the time, $(ratio "$pyt_rss" "$torch_rss" 1)x the memory"
echo "export-tensor --all of the torch zip: ${export_wall} s, ${export_rss} MiB = $(ratio "$export_wall" "$cp_wall" 1)x cp (${cp_wall} s; target <= 1.5x: $(awk -v e="$export_wall" -v c="$cp_wall" 'BEGIN {print (e <= 1.5 * c) ? "meets" : "MISSES"}')); python torch.load + write: ${pyexport_wall} s"
echo "process start alone: ${start_wall} s"
