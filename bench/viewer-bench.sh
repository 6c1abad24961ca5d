#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The tensor viewer on a big Stored float32 tensor (issue 7: first paint of a slice
# < 0.3 s, peak RSS < 200 MiB): packs a carton holding one [N, 4096, 4096]-ish
# float32 tensor Stored, opens it in the viewer offscreen (viewerbench) and prints
# first paint, table blocks read, heatmap time of the slice and peak RSS, next to
# `cat` of the same bytes (the floor for reading them at all) in the same run.
# Then the same shape of normally distributed float32 (numpy; realistic weights that
# zstd barely shrinks) packed with zstd (issue 7: first slice < 0.5 s; any slice
# after the background spill without decoding again): first paint of slice 0, the
# wait for the spill to finish, and painting the last slice after it, next to
# `zstd -d` of the same file to /dev/null (decoding it at all) in the same run.
#
#   bench/viewer-bench.sh [path/to/carton] [path/to/viewerbench]
#       (default build/release/bin/carton and build/release/bin/viewerbench)
# Environment: BENCH_DIR=/tmp, BENCH_TENSOR_MIB=1024, BENCH_KEEP=0
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
bench=${2:-$(dirname "$carton")/viewerbench}
mib=${BENCH_TENSOR_MIB:-1024}
die() { echo "viewer-bench: $*" >&2; exit 2; }
[ -x "$carton" ] || die "no carton binary at $carton"
[ -x "$bench" ] || die "no viewerbench at $bench (build the viewerbench target)"

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-viewer-bench.XXXXXX")
cleanup() { if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT

# [mib / 64, 4096, 4096] float32 = mib MiB of random-ish bytes (head -c of urandom
# would be slow to make; a repeated 1 MiB block is enough for reading).
slices=$((mib / 64))
mkdir -p "$work/src/tensor_data" "$work/src/model"
printf 'spec_version = 1\nmodel_name = "viewer-bench"\n\n[runner]\nrunner_name = "noop"\nrequired_framework_version = "=1.0.0"\nrunner_compat_version = 1\n' > "$work/src/carton.toml"
printf '[[tensor]]\nname = "big"\ndtype = "float32"\nshape = [%d, 4096, 4096]\nfile = "big.bin"\ninner = []\n' "$slices" > "$work/src/tensor_data/index.toml"
head -c $((1 << 20)) /dev/urandom > "$work/block"
for _ in $(seq "$mib"); do cat "$work/block"; done > "$work/src/tensor_data/big.bin"
echo x > "$work/src/model/x"
"$carton" pack "$work/src" -o "$work/big.carton" --compression stored > /dev/null

sync
echo "tensor: float32 [$slices, 4096, 4096] ($mib MiB), Stored, in $work/big.carton"
start=$(date +%s%N); cat "$work/big.carton" > /dev/null; end=$(date +%s%N)
echo "cat of the carton (page cache warm): $(( (end - start) / 1000000 )) ms"
echo "viewer, slice [0, :, :]:";            "$bench" "$work/big.carton" big 0 | sed 's/^/  /'
echo "viewer, slice [$((slices - 1)), :, :]:"; "$bench" "$work/big.carton" big $((slices - 1)) | sed 's/^/  /'

# ---------------------------------------------------------------- zstd
py=/usr/bin/python3
"$py" -c "import numpy" 2>/dev/null || die "the zstd part needs python3-numpy (scripts/install-deps.sh)"
rm -f "$work/src/tensor_data/big.bin" "$work/big.carton"
"$py" - "$work/src/tensor_data/big.bin" "$slices" <<'PY'
import numpy as np, sys
rng = np.random.default_rng(7)
with open(sys.argv[1], 'wb') as f:
    for _ in range(int(sys.argv[2]) * 16):  # [slices, 4096, 4096] in 4 MiB steps
        rng.standard_normal((256, 4096), dtype=np.float32).tofile(f)
PY
"$carton" pack "$work/src" -o "$work/zstd.carton" --compression zstd > /dev/null
zstd -q -3 -T1 -c "$work/src/tensor_data/big.bin" > "$work/big.bin.zst"
rm -f "$work/src/tensor_data/big.bin"
sync
echo "tensor: the same shape of standard normal float32, zstd: $(du -m "$work/zstd.carton" | cut -f1) MiB in $work/zstd.carton"
start=$(date +%s%N); zstd -q -d -c "$work/big.bin.zst" > /dev/null; end=$(date +%s%N)
zstd_ms=$(( (end - start) / 1000000 ))
echo "zstd -d of the same data to /dev/null: $zstd_ms ms"
echo "viewer, zstd, slice [0, :, :], then slice [$((slices - 1)), :, :] after the spill:"
out=$("$bench" "$work/zstd.carton" big 0 $((slices - 1)))
echo "$out" | sed 's/^/  /'
first=$(echo "$out" | sed -n 's/^first_paint_ms=//p')
spill=$(echo "$out" | sed -n 's/^spill_wait_ms=//p')
after=$(echo "$out" | sed -n 's/^after_spill_paint_ms=//p')
echo "zstd first paint: $first ms (target < 500 ms); spill done $spill ms later (decode + write; zstd -d alone: $zstd_ms ms);"
echo "  last slice after the spill: $after ms ($( [ "$after" -lt 300 ] && echo "no decoding again" || echo "SLOW: decoded again?" ))"
