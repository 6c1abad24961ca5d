#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The tensor viewer on a big Stored float32 tensor (issue 7: first paint of a slice
# < 0.3 s, peak RSS < 200 MiB): packs a carton holding one [N, 4096, 4096]-ish
# float32 tensor Stored, opens it in the viewer offscreen (viewerbench) and prints
# first paint, table blocks read, heatmap time of the slice and peak RSS, next to
# `cat` of the same bytes (the floor for reading them at all) in the same run.
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
