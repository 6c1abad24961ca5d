#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Benchmarks the `carton` CLI against the standard tools on generated data and
# prints one table: wall time, throughput, peak RSS and the ratios the project
# targets. Builds nothing: pass the built binary.
#
#   bench/run-benchmarks.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment (sizes in MiB / KiB; data is generated under BENCH_DIR, never in the repo):
#   BENCH_DIR=/tmp          where the temporary work folder is created
#   BENCH_BIG_MIB=4096      size of the one large model file (BENCH_BIG_MIB=256 for a quick check)
#   BENCH_SMALL_KIB=1024    size of the small carton's model file
#   BENCH_MANY_FILES=2000   files in the many-files folder ...
#   BENCH_MANY_KIB=512      ... of this size each
#   BENCH_REPEAT=2          runs per measurement of the large cases (best wall time kept)
#   BENCH_INFO_RUNS=100     runs of `carton info` (hyperfine when installed, else a loop)
#   BENCH_KEEP=0            1: keep the work folder
# Needs: bash, python3, openssl, zip, zstd, /usr/bin/time (Debian package `time`;
# scripts/install-deps.sh installs them all); hyperfine is used when present.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
big_mib=${BENCH_BIG_MIB:-4096}
small_kib=${BENCH_SMALL_KIB:-1024}
many_files=${BENCH_MANY_FILES:-2000}
many_kib=${BENCH_MANY_KIB:-512}
repeat=${BENCH_REPEAT:-2}
info_runs=${BENCH_INFO_RUNS:-100}

die() { echo "run-benchmarks: $*" >&2; exit 2; }
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
carton=$(cd "$(dirname "$carton")" && pwd)/$(basename "$carton")
for tool in python3 openssl zip unzip zstd; do
  command -v "$tool" >/dev/null || die "$tool is missing: run scripts/install-deps.sh"
done
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian package 'time'): run scripts/install-deps.sh"

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-bench.XXXXXX")
cleanup() { if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# ---------------------------------------------------------------- data
# Model data: alternating 1 MiB blocks of random bytes and of 4-bit symbols
# (compresses to about half), so that zstd has real work of both kinds.
gen_data() { # FILE KIB SEED
  python3 - "$1" "$2" "$3" <<'EOF'
import os, random, sys
path, kib, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
table = bytes(0x30 + (i & 0x0f) for i in range(256))
block = 1 << 20
left = kib * 1024
i = seed
with open(path, "wb", buffering=0) as f:
    while left > 0:
        n = min(block, left)
        data = os.urandom(n)
        f.write(data if i % 2 else data.translate(table))
        left -= n
        i += 1
EOF
}

write_toml() { # DIR NAME
  mkdir -p "$1/model"
  cat > "$1/carton.toml" <<EOF
spec_version = 1
model_name = "$2"
short_description = "Benchmark data"

[runner]
runner_name = "torchscript"
required_framework_version = "=2.0.1"
runner_compat_version = 1
EOF
}

log "generating data in $work (big ${big_mib} MiB, small ${small_kib} KiB, ${many_files} x ${many_kib} KiB)"
write_toml "$work/big" big
gen_data "$work/big/model/model.bin" $((big_mib * 1024)) 1
write_toml "$work/small" small
gen_data "$work/small/model/model.bin" "$small_kib" 2
write_toml "$work/many" many
python3 - "$work/many/model" "$many_files" "$many_kib" <<'EOF'
import os, sys
folder, count, kib = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
table = bytes(0x30 + (i & 0x0f) for i in range(256))
for i in range(count):
    data = os.urandom(kib * 1024)
    with open(os.path.join(folder, "part_%05d.bin" % i), "wb") as f:
        f.write(data if i % 2 else data.translate(table))
EOF
big_bytes=$(du -sb --apparent-size "$work/big" | cut -f1)
many_bytes=$(du -sb --apparent-size "$work/many" | cut -f1)

# ---------------------------------------------------------------- measuring
# measure NAME CMD...: runs CMD $runs times (stdout/stderr discarded); sets
# WALL (best seconds), CPU (user+sys seconds of that run) and RSS (largest peak
# RSS, MiB). CPU time is less sensitive than wall time to other load on the machine.
runs=$repeat
measure() {
  local name=$1; shift
  local best="" peak=0 cpu="" i start end t rss c
  for ((i = 0; i < runs; i++)); do
    [ -n "${BEFORE_EACH:-}" ] && eval "$BEFORE_EACH"
    start=$(date +%s%N)
    if ! /usr/bin/time -v -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt"; then
      echo "FAILED: $name: $*" >&2; cat "$work/err.txt" >&2; tail -3 "$work/out.txt" >&2
      return 1
    fi
    end=$(date +%s%N)
    t=$(( end - start ))
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
    c=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$work/time.txt")
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; cpu=$c; fi
    if [ "$rss" -gt "$peak" ]; then peak=$rss; fi
  done
  WALL=$(awk -v n="$best" 'BEGIN {printf "%.3f", n / 1e9}')
  CPU=$cpu
  RSS=$(awk -v k="$peak" 'BEGIN {printf "%.1f", k / 1024}')
  log "$name: ${WALL} s, cpu ${CPU} s, ${RSS} MiB"
}

rows=()
# row GROUP TOOL WALL CPU MIBS RSS RATIO TARGET VERDICT
row() { rows+=("$(printf '%s|%s|%s|%s|%s|%s|%s|%s|%s' "$@")"); }
mibs() { awk -v b="$1" -v s="$2" 'BEGIN {if (s > 0) printf "%.0f", b / 1048576 / s; else print "-"}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}'; }
check() { # VALUE OP LIMIT -> ok / MISS
  awk -v v="$1" -v l="$3" -v op="$2" 'BEGIN {r = (op == "<=") ? (v <= l) : (v >= l); print r ? "ok" : "MISS"}'
}
warm() { cat "$@" >/dev/null; }  # same page-cache state for every tool
declare -A RSS_OF

# ---------------------------------------------------------------- pack
pack_pair() { # LABEL FOLDER BYTES
  local label=$1 dir=$2 bytes=$3 zip_wall carton_wall zstd_wall
  warm "$dir"/carton.toml "$dir"/model/*
  BEFORE_EACH="rm -f '$work/ref.zip'"
  pushd "$dir" >/dev/null
  measure "zip -0 -r ($label)" zip -q -0 -r "$work/ref.zip" carton.toml model
  popd >/dev/null
  zip_wall=$WALL; row "pack stored, $label" "zip -0 -r" "$WALL" "$CPU" "$(mibs "$bytes" "$WALL")" "$RSS" "" "" ""
  rm -f "$work/ref.zip"
  BEFORE_EACH=""
  measure "carton pack stored ($label)" "$carton" pack "$dir" -o "$work/$label-stored.carton" --compression stored --force
  carton_wall=$WALL; RSS_OF["pack stored, $label"]=$RSS
  local r; r=$(ratio "$carton_wall" "$zip_wall")
  row "pack stored, $label" "carton pack --compression stored" "$WALL" "$CPU" "$(mibs "$bytes" "$WALL")" "$RSS" "${r}x zip" "<= 1.10x" "$(check "$r" "<=" 1.10)"

  BEFORE_EACH="rm -f '$work/ref.zst'"
  measure "zstd -3 -T2 ($label)" bash -c "cd '$dir' && cat carton.toml model/* | zstd -q -3 -T2 -o '$work/ref.zst'"
  zstd_wall=$WALL; row "pack zstd, $label" "cat + zstd -3 -T2" "$WALL" "$CPU" "$(mibs "$bytes" "$WALL")" "$RSS" "" "" ""
  local zsize; zsize=$(stat -c %s "$work/ref.zst"); rm -f "$work/ref.zst"
  BEFORE_EACH=""
  measure "carton pack zstd ($label)" "$carton" pack "$dir" -o "$work/$label-zstd.carton" --compression zstd --force
  carton_wall=$WALL; RSS_OF["pack zstd, $label"]=$RSS
  r=$(ratio "$carton_wall" "$zstd_wall")
  row "pack zstd, $label" "carton pack --compression zstd" "$WALL" "$CPU" "$(mibs "$bytes" "$WALL")" "$RSS" "${r}x zstd" "<= 1.20x" "$(check "$r" "<=" 1.20)"
  local csize; csize=$(stat -c %s "$work/$label-zstd.carton")
  log "sizes ($label): zstd CLI $zsize, carton zstd $csize"
  r=$(ratio "$csize" "$zsize")
  row "pack zstd, $label" "size: carton / zstd -3" "" "" "" "" "${r}x zstd" "<= 1.02x" "$(check "$r" "<=" 1.02)"
}
pack_pair big "$work/big" "$big_bytes"
pack_pair many "$work/many" "$many_bytes"
"$carton" pack "$work/small" -o "$work/small.carton" --compression stored --force >/dev/null 2>&1 \
  || die "cannot pack the small carton"

# ---------------------------------------------------------------- info
info_time() { # CARTON -> seconds per run
  if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 5 --runs "$info_runs" --export-json "$work/hf.json" "$carton info $1" >/dev/null 2>&1 \
      || die "carton info failed on $1"
    python3 -c 'import json,sys; print("%.4f" % min(r["mean"] for r in json.load(open(sys.argv[1]))["results"]))' "$work/hf.json"
  else
    local start end i
    "$carton" info "$1" >/dev/null || die "carton info failed on $1"
    start=$(date +%s%N)
    for ((i = 0; i < info_runs; i++)); do "$carton" info "$1" >/dev/null; done
    end=$(date +%s%N)
    awk -v n=$((end - start)) -v r="$info_runs" 'BEGIN {printf "%.4f", n / 1e9 / r}'
  fi
}
log "carton info x $info_runs"
info_small=$(info_time "$work/small.carton")
info_big=$(info_time "$work/big-stored.carton")
runs=1
measure "carton info (big, RSS)" "$carton" info "$work/big-stored.carton"
RSS_OF["info, big"]=$RSS
row "info" "carton info, ${small_kib} KiB carton" "$info_small" "-" "-" "-" "" "" ""
r=$(ratio "$info_big" "$info_small")
row "info" "carton info, ${big_mib} MiB carton" "$info_big" "-" "-" "$RSS" "${r}x small" "< 0.050 s" "$(check "$info_big" "<=" 0.050)"

# ---------------------------------------------------------------- verify
runs=$repeat
warm "$work/big-stored.carton"
measure "openssl dgst big" openssl dgst -sha256 "$work/big/model/model.bin"
ossl=$WALL; row "verify, one large file" "openssl dgst -sha256" "$WALL" "$CPU" "$(mibs "$big_bytes" "$WALL")" "$RSS" "" "" ""
measure "carton verify big" "$carton" verify "$work/big-stored.carton"
RSS_OF["verify, big"]=$RSS
r=$(ratio "$ossl" "$WALL")
row "verify, one large file" "carton verify" "$WALL" "$CPU" "$(mibs "$big_bytes" "$WALL")" "$RSS" "${r}x openssl" ">= 0.95x" "$(check "$r" ">=" 0.95)"

warm "$work/many-stored.carton" "$work"/many/model/*
measure "openssl dgst many" bash -c "openssl dgst -sha256 '$work'/many/carton.toml '$work'/many/model/*"
ossl=$WALL; row "verify, ${many_files} files" "openssl dgst -sha256" "$WALL" "$CPU" "$(mibs "$many_bytes" "$WALL")" "$RSS" "" "" ""
measure "carton verify many" "$carton" verify "$work/many-stored.carton"
r=$(ratio "$ossl" "$WALL")
row "verify, ${many_files} files" "carton verify" "$WALL" "$CPU" "$(mibs "$many_bytes" "$WALL")" "$RSS" "${r}x openssl" ">= 1.80x" "$(check "$r" ">=" 1.80)"

# ---------------------------------------------------------------- unpack
BEFORE_EACH="rm -rf '$work/ref-unzip'"
measure "unzip big" unzip -q "$work/big-stored.carton" -d "$work/ref-unzip"
unz=$WALL; row "unpack, stored" "unzip" "$WALL" "$CPU" "$(mibs "$big_bytes" "$WALL")" "$RSS" "" "" ""
rm -rf "$work/ref-unzip"
BEFORE_EACH="rm -rf '$work/unpacked'"
measure "carton unpack big" "$carton" unpack "$work/big-stored.carton" -o "$work/unpacked"
RSS_OF["unpack, big stored"]=$RSS
row "unpack, stored" "carton unpack" "$WALL" "$CPU" "$(mibs "$big_bytes" "$WALL")" "$RSS" "$(ratio "$WALL" "$unz")x unzip" "" ""
cmp -s "$work/unpacked/model/model.bin" "$work/big/model/model.bin" || die "unpacked model differs"
rm -rf "$work/unpacked"
measure "carton unpack big zstd" "$carton" unpack "$work/big-zstd.carton" -o "$work/unpacked"
RSS_OF["unpack, big zstd"]=$RSS
row "unpack, zstd" "carton unpack" "$WALL" "$CPU" "$(mibs "$big_bytes" "$WALL")" "$RSS" "" "" ""
rm -rf "$work/unpacked"
BEFORE_EACH=""

# ---------------------------------------------------------------- report
echo
echo "Carton benchmarks — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -m)"
echo "binary: $carton"
echo "data: one ${big_mib} MiB model ($big_bytes bytes with carton.toml), ${many_files} x ${many_kib} KiB files ($many_bytes bytes), ${small_kib} KiB small carton"
echo "best of $repeat runs per large measurement; page cache warm; ratios of wall time (throughput for verify)"
echo
{
  echo "benchmark|tool|wall s|cpu s|MiB/s|peak RSS MiB|ratio|target|"
  printf '%s\n' "${rows[@]}"
} | column -t -s '|'
echo
echo "Peak RSS on the ${big_mib} MiB carton (target <= 150 MiB):"
for k in "info, big" "verify, big" "pack stored, big" "pack zstd, big" "unpack, big stored" "unpack, big zstd"; do
  printf '  %-20s %8s MiB  %s\n' "$k" "${RSS_OF[$k]}" "$(check "${RSS_OF[$k]}" "<=" 150)"
done
