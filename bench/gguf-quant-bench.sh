#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# GGUF k-quants (issue 44's "Speed and memory"): writes a sparse GGUF laid out as llama.cpp's
# Q4_K_M of a 7B llama (32 layers; attention q/k/o and ffn gate/up Q4_K, attention v and
# ffn down Q6_K, token embedding Q4_K, output Q6_K, norms F32; 32k-token vocabulary;
# BENCH_GGUF_GIB, default 4 GiB, by adding layers), whose first tensor's first MiB holds
# random bytes (the rest are holes), then times, process start included:
#   - `carton tensors` (listing the weights): target < 0.2 s and < 100 MiB;
#   - `carton tensor --limit 1000` of a Q4_K and of a Q6_K weight (the first 1,000 values,
#     dequantised): target < 50 ms;
#   - `carton tensor --limit 1000000` of the Q4_K weight (a million values), for the rate;
#   - `tensorbench stats` of the whole Q4_K token embedding (131 M elements): statistics
#     streamed in bounded memory (peak RSS reported).
# Builds nothing.
#
#   bench/gguf-quant-bench.sh [path/to/carton] [path/to/tensorbench]
#       (defaults build/release/bin/carton and build/release/bin/tensorbench)
#
# Environment: BENCH_DIR (/tmp), BENCH_GGUF_GIB (4), BENCH_REPEAT (5), BENCH_KEEP (0).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
tensorbench=${2:-$repo/build/release/bin/tensorbench}
gib=${BENCH_GGUF_GIB:-4}
repeat=${BENCH_REPEAT:-5}

. "$repo/bench/common.sh" gguf-quant-bench
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"

bench_workdir

target() { # NAME TARGET_S TARGET_MIB CMD...: best_of CMD, a row with its verdict against the targets
  local name=$1 target_s=$2 target_mib=$3; shift 3
  best_of "$@"
  local verdict
  verdict=$(awk -v w="$wall" -v r="$rss" -v ts="$target_s" -v tm="$target_mib" \
    'BEGIN {if (ts == "-" && tm == "-") print "-"; else print ((ts == "-" || w < ts) && (tm == "-" || r < tm)) ? "meets" : "MISSES"}')
  rows+=("$(printf '%-52s %7s s %6s MiB  target %-14s %s' "$name" "$wall" "$rss" "< ${target_s} s, ${target_mib} MiB" "$verdict")")
}

/usr/bin/python3 - "$work/model.gguf" "$gib" <<'PY'
import os, struct, sys
path, gib = sys.argv[1], int(sys.argv[2])
def s(b): return struct.pack("<Q", len(b)) + b
Q4_K, Q6_K, F32 = (12, 144, 256), (14, 210, 256), (0, 4, 1)
vocab, dim, ffn = 32000, 4096, 11008
kv = s(b"general.architecture") + struct.pack("<I", 8) + s(b"llama")
kv += s(b"general.file_type") + struct.pack("<II", 4, 15)  # MOSTLY_Q4_K_M
kv += s(b"tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, vocab) + b"".join(s(b"tok%d" % i) for i in range(vocab))
kv += s(b"tokenizer.ggml.scores") + struct.pack("<IIQ", 9, 6, vocab) + b"\0" * (4 * vocab)
tensors, offset = [], 0
def add(name, ne, t):
    global offset
    tensors.append((name, ne, t[0], offset))
    offset += (ne[0] * ne[1] // t[2] * t[1] + 31) // 32 * 32
add(b"token_embd.weight", [dim, vocab], Q4_K)
layer = 0
while offset < gib * 2**30 * 0.97:
    p = b"blk.%d." % layer
    for n, ne, t in [(b"attn_q", [dim, dim], Q4_K), (b"attn_k", [dim, dim], Q4_K), (b"attn_v", [dim, dim], Q6_K),
                     (b"attn_output", [dim, dim], Q4_K), (b"ffn_gate", [dim, ffn], Q4_K), (b"ffn_up", [dim, ffn], Q4_K),
                     (b"ffn_down", [ffn, dim], Q6_K), (b"attn_norm", [dim, 1], F32), (b"ffn_norm", [dim, 1], F32)]:
        add(p + n + b".weight", ne, t)
    layer += 1
add(b"output_norm.weight", [dim, 1], F32)
add(b"output.weight", [dim, vocab], Q6_K)
head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), 4) + kv
for name, ne, t, off in tensors:
    head += s(name) + struct.pack("<I", 2) + struct.pack("<QQ", *ne) + struct.pack("<IQ", t, off)
head += b"\0" * (-len(head) % 32)
with open(path, "wb") as f:
    f.write(head)
    f.write(os.urandom(1 << 20))  # token_embd's first MiB: real bytes to decode
    for name, ne, t, off in tensors:
        if name == b"blk.0.attn_v.weight":
            f.seek(len(head) + off)
            f.write(os.urandom(1 << 20))
    f.truncate(len(head) + offset)
print(len(tensors), "tensors,", layer, "layers,", len(head) + offset, "bytes", file=sys.stderr)
PY

f=$work/model.gguf
target "carton --version (process start alone)" - - "$carton" --version
target "carton tensors ${gib} GiB Q4_K_M GGUF (list weights)" 0.2 100 "$carton" tensors "$f"
count=$(grep -c 'weight' "$work/out.txt" || true)
target "carton tensor, first 1,000 values of a Q4_K weight" 0.05 - "$carton" tensor "$f" token_embd.weight --limit 1000
target "carton tensor, first 1,000 values of a Q6_K weight" 0.05 - "$carton" tensor "$f" blk.0.attn_v.weight --limit 1000
target "carton tensor, first 1,000,000 values (Q4_K)" - - "$carton" tensor "$f" token_embd.weight --limit 1000000
if [ -x "$tensorbench" ]; then
  measure "statistics of token_embd (Q4_K, 131 M elements)" - 100 "$tensorbench" stats "$f" token_embd.weight
fi

echo "gguf-quant-bench — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "file: $(stat -c %s "$f") bytes, $count weights listed; best of $repeat runs, process start included"
printf '%s\n' "${rows[@]}"
