#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks the tensor-reading path against standard tools on generated data and
# prints one table: wall time, peak RSS and the ratios the project targets
# (issue 7's "Speed and memory"). Builds nothing: pass the built binaries.
#
#   bench/tensor-bench.sh [path/to/carton] [path/to/tensorbench]
#       (default build/release/bin/carton and build/release/tests/tensor/tensorbench)
#
# Environment (data is generated under BENCH_DIR, never in the repo):
#   BENCH_DIR=/tmp              where the temporary work folder is created
#   BENCH_TENSOR_MIB=1024       size of the float32 tensor (BENCH_TENSOR_MIB=256 for a quick check)
#   BENCH_SPARSE_GIB=10         size of the sparse .safetensors that is listed
#   BENCH_WEIGHTS_MIB=512       size of the weights-like tensor of the zstd cases (issue 32)
#   BENCH_REPEAT=3              runs per measurement (best wall time kept)
#   BENCH_KEEP=0                1: keep the work folder
# Needs: bash, /usr/bin/python3 with numpy (python3-numpy), /usr/bin/time, cp, zstd, bsdtar
# (scripts/install-deps.sh installs them).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
bench=${2:-$(dirname "$carton")/../tests/tensor/tensorbench}
mib=${BENCH_TENSOR_MIB:-1024}
sparse_gib=${BENCH_SPARSE_GIB:-10}
py=/usr/bin/python3

. "$repo/bench/common.sh" tensor-bench
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
[ -x "$bench" ] || die "no tensorbench at $bench (build the tensorbench target, or pass its path)"
$py -c 'import numpy' 2>/dev/null || die "numpy is missing (python3-numpy): run scripts/install-deps.sh"

bench_workdir

notes=()

# ---------------------------------------------------------------- data
rows_n=$((mib * 256)) # [rows, 1024] float32 = mib MiB
log "generating a ${mib} MiB float32 tensor"
mkdir -p "$work/dir/model" "$work/dir/tensor_data"
printf 'spec_version = 1\nmodel_name = "bench"\n[runner]\nrunner_name = "noop"\nrequired_framework_version = "=1.0.0"\nrunner_compat_version = 1\n' > "$work/dir/carton.toml"
echo "model" > "$work/dir/model/model.txt"
$py - "$work/dir/tensor_data/big.bin" "$rows_n" <<'PY'
import numpy as np, sys
rng = np.random.default_rng(1)
rows = int(sys.argv[2])
with open(sys.argv[1], 'wb') as f:
    for start in range(0, rows, 16384):
        n = min(16384, rows - start)
        a = rng.standard_normal((n, 1024), dtype=np.float32)
        a[a > 3.5] = 0  # some zeros; rounds to a few compressible bytes
        a.tofile(f)
PY
printf '[[tensor]]\nname = "big"\ndtype = "float32"\nshape = [%d, 1024]\nfile = "big.bin"\ninner = []\n' "$rows_n" > "$work/dir/tensor_data/index.toml"
"$carton" pack "$work/dir" -o "$work/stored.carton" --compression stored --force >/dev/null
"$carton" pack "$work/dir" -o "$work/zstd.carton" --compression zstd --force >/dev/null
raw=$work/dir/tensor_data/big.bin

# ---------------------------------------------------------------- 1. slices of a Stored tensor
mid=$((rows_n / 2))
measure "carton tensor --slice $mid,100:200 (Stored)" "$carton" tensor "$work/stored.carton" big --slice "$mid,100:200" --json
slice_wall=$wall; slice_rss=$rss
measure "numpy memmap [$mid,100:200] (same bytes)" $py -c "import numpy as np, sys; a = np.memmap(sys.argv[1], dtype='<f4', mode='r', shape=($rows_n, 1024)); print(a[$mid, 100:200].tolist())" "$raw"
np_slice=$wall
measure "carton tensor --slice :1000,7 (Stored, column)" "$carton" tensor "$work/stored.carton" big --slice ":1000,7" --json
notes+=("row slice of a Stored tensor: ${slice_wall} s, peak RSS ${slice_rss} MiB (numpy memmap: ${np_slice} s)")

# ---------------------------------------------------------------- 2. first slice of a zstd tensor
measure "tensorbench first-slice 0,:100 (zstd, spill starts)" "$bench" first-slice "$work/zstd.carton" big "0,:100"
first_wall=$wall
measure "carton tensor --slice 0,:100 (zstd)" "$carton" tensor "$work/zstd.carton" big --slice "0,:100" --json
measure "carton tensor --slice -1,:100 (zstd, last row)" "$carton" tensor "$work/zstd.carton" big --slice "-1,:100" --json
notes+=("first slice of a zstd tensor: ${first_wall} s (target < 0.5 s)")

# ---------------------------------------------------------------- 3. listing a sparse .safetensors
$py - "$work/sparse.safetensors" "$sparse_gib" <<'PY'
import json, struct, sys
path, gib = sys.argv[1], int(sys.argv[2])
per = 1 << 30
header, offset = {}, 0
for i in range(gib):
    header[f"layer.{i}.weight"] = {"dtype": "F32", "shape": [per // 4 // 4096, 4096], "data_offsets": [offset, offset + per]}
    offset += per
header["__metadata__"] = {"format": "pt"}
text = json.dumps(header, separators=(",", ":")).encode()
text += b" " * (-(8 + len(text)) % 8)
with open(path, "wb") as f:
    f.write(struct.pack("<Q", len(text)) + text)
    f.truncate(8 + len(text) + offset)
PY
measure "carton tensors (${sparse_gib} GiB sparse .safetensors)" "$carton" tensors "$work/sparse.safetensors"
list_wall=$wall
measure "carton --version (process start alone)" "$carton" --version
notes+=("listing a ${sparse_gib} GiB .safetensors incl. process start: ${list_wall} s (target < 0.1 s; process start alone ${wall} s)")

# ---------------------------------------------------------------- 4. statistics vs numpy
measure "tensorbench stats (${mib} MiB float32)" "$bench" stats "$raw" -
stats_wall=$wall
# CPU time (user + system) of one run: with other work on the machine, wall time / cores understates idle speed.
/usr/bin/time -f "%U %S" -o "$work/cpu.txt" "$bench" stats "$raw" - >/dev/null 2>&1
stats_cpu=$(awk '{printf "%.2f", $1 + $2}' "$work/cpu.txt")
cat > "$work/stats.py" <<'PY'
import numpy as np, sys
a = np.memmap(sys.argv[1], dtype='<f4', mode='r')
finite = np.isfinite(a)
f = a[finite]
print(f.min(), f.max(), f.mean(dtype=np.float64), f.std(dtype=np.float64), int((a == 0).sum()),
      int(np.isnan(a).sum()), int(np.isinf(a).sum()), np.histogram(f, bins=64)[0].sum())
PY
measure "numpy on a memmap (same figures)" $py "$work/stats.py" "$raw"
np_stats=$wall
gbps=$(awk -v m="$mib" -v s="$stats_wall" 'BEGIN {printf "%.2f", m * 1048576 / 1e9 / s}')
/usr/bin/time -f "%U %S" -o "$work/cpu.txt" $py "$work/stats.py" "$raw" >/dev/null 2>&1
np_cpu=$(awk '{printf "%.2f", $1 + $2}' "$work/cpu.txt")
notes+=("statistics over ${mib} MiB: ${stats_wall} s = ${gbps} GB/s; numpy/ours = $(ratio "$np_stats" "$stats_wall") (target >= 1, >= 2 GB/s); CPU s: ours ${stats_cpu}, numpy ${np_cpu}")

# ---------------------------------------------------------------- 5. export vs cp
# Writing 1 GiB leaves dirty pages that the kernel writes back while the next run
# goes on, so measure() one after the other would charge one tool for the other's
# writeback. The pair is interleaved instead: before every run the page cache is
# written back (sync) and the disk left alone for a moment; both sides then start
# from the same state, and the best of each side is kept. The files a run writes
# (the array pair_outputs) are removed before it, outside the timing: freeing the
# last run's 1 GiB is not part of either copy.
# measure_pair NAME_A NAME_B: runs the commands in the arrays pair_a and pair_b alternately,
# $pair_repeat times each -> $wall_a, $wall_b (best wall times, s).
pair_repeat=${BENCH_PAIR_REPEAT:-$((repeat * 2 + 1))}
measure_pair() {
  local name_a=$1 name_b=$2 w side cmd all_a="" all_b=""
  wall_a=""; wall_b=""
  for _ in $(seq "$pair_repeat"); do
    for side in a b; do
      if [ "$side" = a ]; then cmd=("${pair_a[@]}"); else cmd=("${pair_b[@]}"); fi
      rm -f "${pair_outputs[@]}"
      sync; sleep 1
      /usr/bin/time -f "%e" -o "$work/time.txt" "${cmd[@]}" >"$work/out.txt" 2>"$work/err.txt" \
        || { cat "$work/err.txt" >&2; die "${cmd[*]} failed"; }
      w=$(cat "$work/time.txt")
      if [ "$side" = a ]; then all_a+=" $w"; wall_a=$(lesser "$w" "$wall_a"); else all_b+=" $w"; wall_b=$(lesser "$w" "$wall_b"); fi
    done
  done
  rows+=("$(printf '%-52s %8s s' "$name_a" "$wall_a")" "$(printf '%-52s %8s s' "$name_b" "$wall_b")")
  log "$name_a: $wall_a s; $name_b: $wall_b s (alternating, best of $pair_repeat; all runs:$all_a /$all_b)"
}
lesser() { awk -v x="$1" -v y="$2" 'BEGIN {print (y == "" || x < y) ? x : y}'; }
pair_a=(cp "$raw" "$work/copy.bin")
pair_b=("$carton" export-tensor "$work/stored.carton" big -o "$work/big.npy")
pair_outputs=("$work/copy.bin" "$work/big.npy")
measure_pair "cp (${mib} MiB) -> new file" "carton export-tensor -> new .npy (Stored)"
cp_wall=$wall_a
export_wall=$wall_b
rm -f "$work/copy.bin"
"$carton" export-tensor "$work/stored.carton" big -o "$work/big.npy" # the file the next row replaces
# export-tensor to a new file renames it into place like cp writes it (no fsync);
# replacing an existing file fsyncs first (the old file must survive a power loss):
# that one is compared with cp && sync.
measure "cp && sync (${mib} MiB)" sh -c 'cp "$1" "$2" && sync' sh "$raw" "$work/copy.bin"
cpsync_wall=$wall
rm -f "$work/copy.bin"
measure "carton export-tensor -> over an existing .npy (fsync)" "$carton" export-tensor "$work/stored.carton" big -o "$work/big.npy"
replace_wall=$wall
notes+=("export-tensor ${mib} MiB -> new .npy: ${export_wall} s; export/cp = $(ratio "$export_wall" "$cp_wall") (target <= 1.2); replacing a file (fsync): ${replace_wall} s, /(cp && sync) = $(ratio "$replace_wall" "$cpsync_wall")")

# ---------------------------------------------------------------- 6. zstd at scale (issue 32)
# A weights-like tensor (normal values at bfloat16 precision, stored as float32) in
# a carton we pack (seekable zstd: 8 MiB frames + seek table) and in one written as
# upstream does (one zstd frame per file, bench/single-frame-carton.py), against
# the zstd CLI on the same bytes.
wmib=${BENCH_WEIGHTS_MIB:-512}
wrows=$((wmib * 256))
log "generating a ${wmib} MiB weights-like tensor"
mkdir -p "$work/w/model" "$work/w/tensor_data"
cp "$work/dir/carton.toml" "$work/w/carton.toml"
echo "model" > "$work/w/model/model.txt"
$py - "$work/w/tensor_data/w.bin" "$wrows" <<'PY'
import numpy as np, sys
rng = np.random.default_rng(2)
rows = int(sys.argv[2])
with open(sys.argv[1], 'wb') as f:
    for start in range(0, rows, 16384):
        n = min(16384, rows - start)
        a = (rng.standard_normal((n, 1024), dtype=np.float32) * 0.02).view(np.uint32)
        a &= np.uint32(0xFFFF0000)  # bfloat16 precision
        a.tofile(f)
PY
printf '[[tensor]]\nname = "w"\ndtype = "float32"\nshape = [%d, 1024]\nfile = "w.bin"\ninner = []\n' "$wrows" > "$work/w/tensor_data/index.toml"
wraw=$work/w/tensor_data/w.bin
cat "$wraw" >/dev/null
measure "zstd -3 -T2 (${wmib} MiB weights)" zstd -q -f -3 -T2 "$wraw" -o "$work/w-T2.zst"
zt2=$wall
measure "carton pack --compression zstd (seekable)" "$carton" pack "$work/w" -o "$work/w.carton" --compression zstd --force
packz=$wall
zstd -q -f -3 --single-thread "$wraw" -o "$work/w-1.zst"
single_size=$(stat -c %s "$work/w-1.zst")
ours_size=$(stat -c %s "$work/w.carton")
notes+=("pack --compression zstd ${wmib} MiB weights: ${packz} s; /zstd -3 -T2 = $(ratio "$packz" "$zt2") (target <= 1.2); size $ours_size (whole carton) / single-frame zstd -3 $single_size = $(ratio "$ours_size" "$single_size") (target <= 1.02)")
if command -v bsdtar >/dev/null; then
  bsdtar -xOf "$work/w.carton" tensor_data/w.bin | cmp -s - "$wraw" || die "bsdtar does not decode our seekable entry to the same bytes"
  notes+=("bsdtar -xOf decodes the seekable entry to the same bytes")
fi
measure "carton tensor --slice -1,:100 (seekable zstd, last row)" "$carton" tensor "$work/w.carton" w --slice "-1,:100" --json
notes+=("last row of the ${wmib} MiB seekable zstd tensor: ${wall} s, peak RSS ${rss} MiB (target < 0.3 s, < 200 MiB)")
"$repo/bench/single-frame-carton.py" "$work/w" "$work/w-single.carton"
measure "zstd -d -c > /dev/null (one frame)" sh -c 'zstd -q -d -c "$1" > /dev/null' sh "$work/w-1.zst"
zd=$wall
measure "tensorbench first-slice -1,:100 (single-frame zstd)" "$bench" first-slice "$work/w-single.carton" w "-1,:100"
first1=$wall
measure "carton tensor --slice -1,:100 (single-frame zstd)" "$carton" tensor "$work/w-single.carton" w --slice "-1,:100" --json
notes+=("first slice (last row) of the single-frame zstd tensor: ${first1} s; /zstd -d = $(ratio "$first1" "$zd") (target <= 1.2); carton tensor incl. process start ${wall} s")
measure "cp (${wmib} MiB weights)" cp "$wraw" "$work/w-copy.bin"
notes+=("cp of the ${wmib} MiB weights, for scale: ${wall} s")
rm -f "$work/w-copy.bin" "$work/w-T2.zst"

echo
echo "tensor benchmarks (${mib} MiB float32 tensor, best of ${repeat}; $(nproc) cores; load average: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${rows[@]}"
echo
printf '%s\n' "${notes[@]}"
