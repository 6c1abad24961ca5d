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
# Then the Tokenizer tab's vocabulary filter: a byte-level BPE tokenizer.json of 120,000
# tokens (+ 257 added) is filtered six ways by VocabularyModel (bench/vocabbench.cpp: #77,
# 100-104, 11999, "the", "HELLO", none), and the same filters by python3 (json.load once,
# then a list comprehension per filter) and by jq (parse included: one jq run per filter).
#
#   bench/hf-folder-bench.sh [path/to/carton] [path/to/vocabbench]   (default build/release/bin/)
#
# Environment: BENCH_DIR (/tmp), BENCH_SHARDS (30), BENCH_REPEAT (5), BENCH_KEEP (0).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
vocabbench=${2:-$repo/build/release/bin/vocabbench}
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

# --- the vocabulary filter: ours against python3 and jq on the same tokenizer.json
[ -x "$vocabbench" ] || die "no vocabbench at $vocabbench (cmake --build build/release --target vocabbench)"
mkdir -p "$work/vocab"
/usr/bin/python3 - "$work/vocab/tokenizer.json" <<'PY'
import json, random, sys
rng = random.Random(44)
letters = "abcdefghijklmnopqrstuvwxyz"
vocab, seen = {}, set()
for i in range(120000):
    while True:
        word = "".join(rng.choice(letters) for _ in range(rng.randint(2, 9)))
        if i % 997 == 0:
            word += str(i)
        token = ("\u0120" if i % 2 else "") + word
        if token not in seen:
            break
    seen.add(token)
    vocab[token] = i
vocab["\u0120hello"] = len(vocab)
added = [{"id": len(vocab) + k, "content": "<|reserved_special_token_%d|>" % k, "special": True} for k in range(256)]
added.append({"id": len(vocab) + 256, "content": "<|eot_id|>", "special": True})
json.dump({"added_tokens": added, "pre_tokenizer": {"type": "ByteLevel"}, "decoder": {"type": "ByteLevel"},
           "model": {"type": "BPE", "vocab": vocab, "merges": []}}, open(sys.argv[1], "w"))
PY
echo
echo "vocabulary filter, 120,001 + 257 tokens ($(du -h "$work/vocab/tokenizer.json" | cut -f1) tokenizer.json), best of $repeat:"
"$vocabbench" "$work/vocab/tokenizer.json" "$repeat" | sed 's/^/  ours    /'
/usr/bin/python3 - "$work/vocab/tokenizer.json" "$repeat" <<'PY' | sed 's/^/  python  /'
import json, re, sys, time
t = time.perf_counter()
doc = json.load(open(sys.argv[1]))
items = [(i, tok) for tok, i in doc["model"]["vocab"].items()] + [(a["id"], a["content"]) for a in doc["added_tokens"]]
items.sort()
print("%-28s %8d tokens %9.1f ms" % ("read (json.load)", len(items), (time.perf_counter() - t) * 1e3))
def substring(f):
    f = f.lower()
    return [i for i, tok in items if f in tok.lower()]
filters = [("#77", lambda: [i for i, _ in items if i == 77]),
           ("100-104", lambda: [i for i, _ in items if 100 <= i <= 104]),
           ("11999", lambda: [11999] + [i for i in substring("11999") if i != 11999]),
           ("the", lambda: substring("the")), ("HELLO", lambda: substring("HELLO")), ("", lambda: [i for i, _ in items])]
for name, run in filters:
    best = 1e9
    for _ in range(int(sys.argv[2])):
        t = time.perf_counter(); rows = run(); best = min(best, time.perf_counter() - t)
    print("filter %-21s %8d rows   %9.2f ms" % ('"%s"' % name, len(rows), best * 1e3))
PY
if command -v jq >/dev/null; then
  jqrow() { # NAME FILTER: one jq run (parse included), best of $repeat
    best_of jq -c "$2" "$work/vocab/tokenizer.json"
    printf '  jq      filter %-21s %8s rows   %9s ms (whole run, parse included)\n' "\"$1\"" "$(wc -l <"$work/out.txt")" \
      "$(awk -v w="$wall" 'BEGIN {printf "%.0f", w * 1000}')"
  }
  entries='(.model.vocab | to_entries[] | {id: .value, t: .key}), (.added_tokens[] | {id, t: .content})'
  jqrow "(parse only)" 'empty'
  jqrow "#77" "$entries | select(.id == 77) | .id"
  jqrow "100-104" "$entries | select(.id >= 100 and .id <= 104) | .id"
  jqrow "the" "$entries | select(.t | ascii_downcase | contains(\"the\")) | .id"
  jqrow "HELLO" "$entries | select(.t | ascii_downcase | contains(\"hello\")) | .id"
fi
