#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets (the `fuzz` preset: clang, ASan + UBSan), makes
# seed corpora from valid files built here, and runs every target (or the ones
# named) for SECONDS each. Prints executions, coverage and findings per target;
# exits 1 when any target found a crash, leak, timeout or out-of-memory (its
# input is kept under build/fuzz/findings/TARGET/).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      default: 60 seconds, every target
#   FUZZ_JOBS=N                                targets fuzzed side by side (default: nproc)
#
# CI runs it for a few seconds per target; run it for minutes or hours locally.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
all=(zip carton toml metadata stringtensor tensorfiles decoders pickle wireframe markdown kserve onnx gguf torch)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all[@]}"); fi

scripts/install-deps.sh
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1} CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake --preset fuzz "${launcher[@]}" >/dev/null
cmake --build --preset fuzz -j "$(nproc)"

build=build/fuzz
bin=$build/bin
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds" "$build/corpus" "$build/findings"
for t in "${all[@]}"; do mkdir -p "$seeds/$t" "$build/corpus/$t" "$build/findings/$t"; done

# Seeds: the sample carton packed three ways (and with tiny seekable zstd
# frames), its metadata files, its tensors as
# .npy and .safetensors, pickles, compressed streams, runner-host frames, model
# card markdown and KServe responses.
export ASAN_OPTIONS=detect_leaks=0 # the seed-making CLI runs are not what is fuzzed
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for c in stored deflate zstd; do
  "$bin/carton" pack resources/sample -o "$seeds/carton/sample-$c.carton" --compression "$c" --force >/dev/null
done
# The sample with every file cut into 64-byte zstd frames and a seek table,
# written by an independent writer: seek tables are exercised from the start.
/usr/bin/python3 bench/single-frame-carton.py --frame-size 64 resources/sample "$seeds/carton/sample-seekable.carton"
cp "$seeds"/carton/*.carton "$seeds/zip/"
"$bin/carton" unpack "$seeds/carton/sample-zstd.carton" -o "$work/sample" >/dev/null
cp resources/sample/carton.toml "$seeds/toml/sample.toml"
cp "$work/sample/MANIFEST" "$seeds/metadata/MANIFEST"
cp resources/sample/tensor_data/index.toml "$seeds/metadata/index.toml"
printf 'https://example.com/a.bin 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n' \
  >"$seeds/metadata/LINKS"
# stringtensor: one count byte, then the file.
{ printf '\003'; cat resources/sample/tensor_data/labels.toml; } >"$seeds/stringtensor/labels"
{ printf '\002'; printf "data = [\n  'a\\\\b',\n  \"\"\"multi\nline \\\\\n  joined\"\"\",\n]\n"; } \
  >"$seeds/stringtensor/forms"
"$bin/carton" export-tensor "$seeds/carton/sample-zstd.carton" x -o "$seeds/tensorfiles/x.npy" >/dev/null
"$bin/carton" export-tensor "$seeds/carton/sample-zstd.carton" x -o "$seeds/tensorfiles/x.safetensors" >/dev/null
/usr/bin/python3 - "$seeds" <<'PY'
import collections, gzip, json, pickle, struct, sys, zlib
seeds = sys.argv[1]
value = {"weights": collections.OrderedDict(a=[1.0, 2.0]), "n": 3, "s": "text", "b": b"\x00\x01"}
for proto in range(0, 6):
    open(f"{seeds}/pickle/p{proto}.pkl", "wb").write(pickle.dumps(value, protocol=proto))
text = open("resources/sample/carton.toml", "rb").read()
open(f"{seeds}/decoders/gzip", "wb").write(b"\x00" + gzip.compress(text))
open(f"{seeds}/decoders/deflate", "wb").write(b"\x01" + zlib.compress(text))
def frame(header, binary, accept_json):
    js = json.dumps(header).encode()
    return bytes([accept_json]) + b"CRTN" + struct.pack("<IQ", len(js), len(binary)) + js + binary
floats = struct.pack("<3f", 1.0, 2.5, -3.0)
open(f"{seeds}/wireframe/binary", "wb").write(frame(
    {"outputs": [{"name": "y", "datatype": "FP32", "shape": [3], "parameters": {"binary_data_size": 12}}]},
    floats, 0))
open(f"{seeds}/wireframe/json", "wb").write(frame(
    {"outputs": [{"name": "s", "datatype": "BYTES", "shape": [2], "data": ["a", "bc"]}]}, b"", 1))
# markdown: the sample's model card, the README, and a card with every construct
# the renderer rewrites (tables, links, images, raw HTML).
import tomllib
card = tomllib.load(open("resources/sample/carton.toml", "rb")).get("model_description", "")
open(f"{seeds}/markdown/sample.md", "w").write(card)
open(f"{seeds}/markdown/readme.md", "wb").write(open("README.md", "rb").read()[:8192])
open(f"{seeds}/markdown/constructs.md", "w").write(
    "# Model\n\n| name | dtype | shape |\n|:-----|:-----:|------:|\n| `x` | float32 | [3] |\n| y |\n\n"
    "![arch](@misc/arch.png) ![remote](https://example.com/a.png) ![bad](@misc/../MANIFEST)\n\n"
    "[docs](https://carton.run) [js](javascript:alert(1)) [ref][r] <https://example.org>\n\n"
    "[r]: https://example.com/ref \"title\"\n\n<b>raw</b> <script>x</script>\n\n```\n| a |\n|---|\n```\n")
# kserve: one flag byte (bit 0: an error reply; bit 1: an Inference-Header-Content-Length
# line before the body), then the body.
def kserve(flags, body, header=None):
    return bytes([flags]) + ((str(header).encode() + b"\n") if header is not None else b"") + body
out = {"model_name": "m", "outputs": [{"name": "OUT__0", "datatype": "FP32", "shape": [3],
                                       "parameters": {"binary_data_size": 12}}]}
js = json.dumps(out).encode()
open(f"{seeds}/kserve/binary", "wb").write(kserve(2, js + floats, len(js)))
strings = struct.pack("<I", 1) + b"a" + struct.pack("<I", 2) + b"bc"
sout = {"outputs": [{"name": "s", "datatype": "BYTES", "shape": [2], "parameters": {"binary_data_size": len(strings)}}]}
sjs = json.dumps(sout).encode()
open(f"{seeds}/kserve/bytes", "wb").write(kserve(2, sjs + strings, len(sjs)))
open(f"{seeds}/kserve/json", "wb").write(kserve(0, json.dumps(
    {"outputs": [{"name": "y", "datatype": "INT64", "shape": [2, 2], "data": [[1, -2], [3, 4]]},
                 {"name": "b", "datatype": "BOOL", "shape": [1], "data": [True]}]}).encode()))
open(f"{seeds}/kserve/error", "wb").write(kserve(1, b'{"error": "model exploded"}'))
open(f"{seeds}/kserve/error-empty", "wb").write(kserve(0, b'{"error": ""}'))
PY
# onnx: the test models of tests/model (python3-onnx): a 2-byte model length, the model,
# then its external data; gguf: a small file written after the spec (F32, F16, Q8_0, Q4_0).
if /usr/bin/python3 -c "import onnx" 2>/dev/null; then
  /usr/bin/python3 tests/model/onnxtestmodels.py "$work/onnx" >/dev/null
  /usr/bin/python3 - "$work/onnx" "$seeds/onnx" <<'PY'
import struct, sys
src, dst = sys.argv[1], sys.argv[2]
tiny = open(f"{src}/tiny.onnx", "rb").read()
open(f"{dst}/tiny", "wb").write(struct.pack("<H", len(tiny)) + tiny)
ext = open(f"{src}/ext/ext.onnx", "rb").read()
open(f"{dst}/ext", "wb").write(struct.pack("<H", len(ext)) + ext + open(f"{src}/ext/weights.bin", "rb").read())
PY
fi
/usr/bin/python3 - "$seeds/gguf/small.gguf" <<'PY'
import struct, sys
def s(b): return struct.pack("<Q", len(b)) + b
kv = s(b"general.architecture") + struct.pack("<I", 8) + s(b"llama")
kv += s(b"tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, 2) + s(b"a") + s(b"bc")
tensors = [(b"f32", [4], 0, struct.pack("<4f", 1, 2, 3, 4)), (b"f16", [2], 1, struct.pack("<2e", 1.5, -2)),
           (b"q8", [32], 8, struct.pack("<e", 0.5) + bytes(range(32))),
           (b"q4", [32], 2, struct.pack("<e", 0.25) + bytes(range(16)))]
head = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), 2) + kv
data = b""
for name, ne, t, raw in tensors:
    data += b"\0" * (-len(data) % 32)
    head += s(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne) + struct.pack("<IQ", t, len(data))
    data += raw
head += b"\0" * (-len(head) % 32)
open(sys.argv[1], "wb").write(head + data)
PY
# torch: the PyTorch test models of tests/model (python3-torch): TorchScript, torch.save zip
# and legacy, strided views and every dtype; and a bare data.pkl for the evaluator alone.
if /usr/bin/python3 -c "import torch" 2>/dev/null; then
  /usr/bin/python3 tests/model/torchtestmodels.py "$work/torch" >/dev/null
  for f in scripted traced state legacy views views_legacy module constants; do cp "$work/torch/$f.pt" "$seeds/torch/$f"; done
  /usr/bin/python3 -c "import sys, zipfile; open(sys.argv[2], 'wb').write(zipfile.ZipFile(sys.argv[1]).read('views/data.pkl'))" \
    "$work/torch/views.pt" "$seeds/torch/data.pkl"
fi
if command -v zstd >/dev/null; then
  { printf '\003'; zstd -q -c resources/sample/carton.toml; } >"$seeds/decoders/zstd"
fi
unset ASAN_OPTIONS

dict_for() {
  case $1 in
    zip | carton) echo "-dict=fuzz/zip.dict" ;;
    toml | metadata | stringtensor) echo "-dict=fuzz/toml.dict" ;;
    markdown) echo "-dict=fuzz/markdown.dict" ;;
    kserve) echo "-dict=fuzz/kserve.dict" ;;
  esac
}

# run_target TARGET: fuzzes one target for $seconds; its exit code goes to TARGET.rc.
run_target() {
  local t=$1 rc=0
  # -rss_limit_mb and -timeout make memory and time amplification findings too.
  # shellcheck disable=SC2046
  "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -rss_limit_mb=1536 -malloc_limit_mb=1024 -timeout=10 \
    -print_final_stats=1 -artifact_prefix="$build/findings/$t/" $(dict_for "$t") \
    "$build/corpus/$t" "$seeds/$t" >"$build/findings/$t.log" 2>&1 || rc=$?
  echo "$rc" >"$build/findings/$t.rc"
}
# FUZZ_JOBS targets run side by side (default: one per core).
jobs=${FUZZ_JOBS:-$(nproc)}
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_target "$t" &
done
wait

found=0
printf '%-13s %10s %8s %8s %s\n' target executions cov ft findings
for t in "${targets[@]}"; do
  log=$build/findings/$t.log
  rc=$(cat "$build/findings/$t.rc")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  findings=$(find "$build/findings/$t" -type f | wc -l)
  printf '%-13s %10s %8s %8s %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$findings"
  if [ "$rc" -ne 0 ] || [ "$findings" -ne 0 ]; then
    found=1
    echo "   $t: exit $rc; see $log" >&2
    grep -m3 -E 'ERROR|SUMMARY|==[0-9]+==' "$log" | sed 's/^/   /' >&2 || true
  fi
done
exit $found
