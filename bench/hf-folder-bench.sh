#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Hugging Face model folders (issue 44): writes a folder laid out as a 70B llama's
# (config.json, tokenizer.json with a 128k vocabulary, README.md card,
# model.safetensors.index.json and BENCH_SHARDS shards, default 30, of 80 layers' bf16
# tensors: 723 tensors, 140 GB of holes: the shards are sparse, their headers real) and
# times, process start included, `carton tensors DIR` and `carton model DIR` (every
# shard's header read, the weights listed as one model). Target: < 0.5 s.
#
#   bench/hf-folder-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment: BENCH_DIR (/tmp), BENCH_SHARDS (30), BENCH_REPEAT (5), BENCH_KEEP (0).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
shards=${BENCH_SHARDS:-30}
repeat=${BENCH_REPEAT:-5}
. "$repo/bench/common.sh" hf-folder-bench
[ -x "$carton" ] || die "no carton binary at $carton"

bench_workdir

/usr/bin/python3 - "$work/model" "$shards" <<'PY'
import json, os, struct, sys
out, shards = sys.argv[1], int(sys.argv[2])
os.makedirs(out)
dim, ffn, vocab, layers, kv = 8192, 28672, 128256, 80, 1024
tensors = [("model.embed_tokens.weight", [vocab, dim])]
for i in range(layers):
    p = "model.layers.%d." % i
    tensors += [(p + "self_attn.q_proj.weight", [dim, dim]), (p + "self_attn.k_proj.weight", [kv, dim]),
                (p + "self_attn.v_proj.weight", [kv, dim]), (p + "self_attn.o_proj.weight", [dim, dim]),
                (p + "mlp.gate_proj.weight", [ffn, dim]), (p + "mlp.up_proj.weight", [ffn, dim]),
                (p + "mlp.down_proj.weight", [dim, ffn]), (p + "input_layernorm.weight", [dim]),
                (p + "post_attention_layernorm.weight", [dim])]
tensors += [("model.norm.weight", [dim]), ("lm_head.weight", [vocab, dim])]
per = -(-len(tensors) // shards)
weight_map, total = {}, 0
for s in range(shards):
    name = "model-%05d-of-%05d.safetensors" % (s + 1, shards)
    header, offset = {"__metadata__": {"format": "pt"}}, 0
    for t, shape in tensors[s * per:(s + 1) * per]:
        n = 2
        for d in shape:
            n *= d
        header[t] = {"dtype": "BF16", "shape": shape, "data_offsets": [offset, offset + n]}
        offset += n
        weight_map[t] = name
    h = json.dumps(header).encode()
    h += b" " * (-len(h) % 8)
    with open(os.path.join(out, name), "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h)
        f.truncate(8 + len(h) + offset)
    total += offset
json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, open(os.path.join(out, "model.safetensors.index.json"), "w"))
json.dump({"architectures": ["LlamaForCausalLM"], "model_type": "llama", "num_hidden_layers": layers, "hidden_size": dim,
           "num_attention_heads": 64, "num_key_value_heads": 8, "vocab_size": vocab, "max_position_embeddings": 131072,
           "torch_dtype": "bfloat16"}, open(os.path.join(out, "config.json"), "w"))
json.dump({"added_tokens": [{"id": 128000 + i, "content": "<|reserved_%d|>" % i, "special": True} for i in range(256)],
           "model": {"type": "BPE", "vocab": {"tok%d" % i: i for i in range(128000)}, "merges": []}},
          open(os.path.join(out, "tokenizer.json"), "w"))
open(os.path.join(out, "README.md"), "w").write("---\nlicense: llama3.1\nlanguage:\n- en\n---\n# Bench\n\nA benchmark folder.\n")
print(len(tensors), "tensors in", shards, "shards,", total, "bytes (sparse)", file=sys.stderr)
PY

target() { # NAME CMD...: best_of CMD, a row with its verdict against the target (0.5 s)
  local name=$1; shift
  best_of "$@"
  local verdict
  verdict=$(awk -v w="$wall" 'BEGIN {print (w < 0.5) ? "meets" : "MISSES"}')
  rows+=("$(printf '%-50s %6s s %6s MiB  target < 0.5 s  %s' "$name" "$wall" "$rss" "$verdict")")
}
target "carton tensors ($shards-shard folder, list weights)" "$carton" tensors "$work/model"
listed=$(grep -c 'model\.\|lm_head' "$work/out.txt" || true)
target "carton model ($shards-shard folder, summary)" "$carton" model "$work/model"
echo "hf-folder-bench — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "$listed weights listed; best of $repeat runs, process start included"
printf '%s\n' "${rows[@]}"
