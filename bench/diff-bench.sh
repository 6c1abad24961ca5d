#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks `carton diff` on two large cartons that differ in metadata only
# (the same model file, another model_name) against the standard tools on the
# same files, and prints one table with the ratios: `cmp` and `diff` of the two
# .carton files, `sha256sum` of both, and `diff -r` of the two unpacked folders
# (what one does without `carton diff` to see what changed). `carton diff` reads
# the two MANIFESTs and carton.toml only, so it should not depend on the size.
#
#   bench/diff-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment (data is generated under BENCH_DIR, never in the repo):
#   BENCH_DIR=/tmp          where the temporary work folder is created
#   BENCH_DIFF_MIB=1024     size of the model file (BENCH_DIFF_MIB=128 for a quick check)
#   BENCH_REPEAT=3          runs per measurement (best wall time kept); the page cache is warm
#   BENCH_KEEP=0            1: keep the work folder
# Needs: bash, GNU diffutils (cmp, diff), coreutils (sha256sum, head), /usr/bin/time
# (scripts/install-deps.sh installs them).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_DIFF_MIB:-1024}

. "$repo/bench/common.sh" diff-bench
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
for tool in cmp diff sha256sum; do command -v "$tool" >/dev/null || die "$tool is missing"; done

bench_workdir

name_width=48 # measure --ok 1: exit 1 is "the files differ" for every tool here

# ---------------------------------------------------------------- data
log "generating a $mib MiB model file"
mkdir -p "$work/src/model"
head -c "$((mib << 20))" /dev/urandom > "$work/src/model/model.bin"
cat > "$work/src/carton.toml" <<'TOML'
spec_version = 1
model_name = "bench"
short_description = "diff-bench model"

[[input]]
name = "x"
dtype = "float32"
shape = ["n", 3]

[[output]]
name = "y"
dtype = "float32"
shape = ["n", 3]

[runner]
runner_name = "noop"
required_framework_version = "=1.0.0"
runner_compat_version = 1
TOML
mkdir -p "$work/src/tensor_data"
printf 'tensor = []\n' > "$work/src/tensor_data/index.toml"
log "packing a.carton (stored) and editing its metadata into b.carton"
"$carton" pack "$work/src" -o "$work/a.carton" --compression stored >/dev/null
"$carton" edit "$work/a.carton" --set model_name=bench-v2 --set short_description="metadata only" \
  -o "$work/b.carton" >/dev/null
"$carton" unpack "$work/a.carton" -o "$work/ua" >/dev/null
"$carton" unpack "$work/b.carton" -o "$work/ub" >/dev/null
rm -rf "$work/src"

# The diff must see the metadata change and nothing else.
rc=0; "$carton" diff "$work/a.carton" "$work/b.carton" --json > "$work/diff.json" || rc=$?
[ "$rc" = 1 ] || die "carton diff exited $rc (expected 1: different)"
/usr/bin/python3 - "$work/diff.json" <<'PY' || die "unexpected diff result"
import json, sys
d = json.load(open(sys.argv[1]))
items = sorted(c["item"] for c in d["changes"])
assert items == ["carton.toml", "model_name", "short_description"], items
assert d["content_bytes_read"] == 0, d["content_bytes_read"]
PY

# ---------------------------------------------------------------- measurements
measure --ok 1 "carton diff a.carton b.carton" "$carton" diff "$work/a.carton" "$work/b.carton"
t_carton=$wall
measure --ok 1 "carton diff --json a.carton b.carton" "$carton" diff "$work/a.carton" "$work/b.carton" --json
measure --ok 1 "cmp a.carton b.carton (stops at 1st difference)" cmp "$work/a.carton" "$work/b.carton"
t_cmp=$wall
measure --ok 1 "diff a.carton b.carton" diff "$work/a.carton" "$work/b.carton"
t_diff=$wall
measure "sha256sum a.carton b.carton" sha256sum "$work/a.carton" "$work/b.carton"
t_sha=$wall
measure --ok 1 "diff -r (unpacked folders)" diff -r "$work/ua" "$work/ub"
t_diffr=$wall

echo
echo "carton diff of two $mib MiB cartons differing in metadata only (warm page cache, best of $repeat)"
printf '%s\n' "${rows[@]}"
echo
echo "ratios (tool time / carton diff time; > 1 means carton diff is faster):"
echo "  cmp:         $(ratio "$t_cmp" "$t_carton" 1)x"
echo "  diff:        $(ratio "$t_diff" "$t_carton" 1)x"
echo "  sha256sum:   $(ratio "$t_sha" "$t_carton" 1)x"
echo "  diff -r:     $(ratio "$t_diffr" "$t_carton" 1)x"
