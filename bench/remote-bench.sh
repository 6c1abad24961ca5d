#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# What `carton info URL` fetches from a 1 GiB carton served over HTTP with range
# support (bench/rangeserver.py on 127.0.0.1), against the sizes of the metadata
# files themselves (carton.toml, MANIFEST, tensor_data/index.toml) and against
# downloading the file (curl, the standard tool). Prints one table: requests,
# bytes fetched, wall time, and the ratios.
#
#   bench/remote-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment (data is generated under BENCH_DIR, never in the repo):
#   BENCH_DIR=/tmp          where the temporary work folder is created
#   BENCH_REMOTE_MIB=1024   size of the model file (128 for a quick check)
#   BENCH_KEEP=0            1: keep the work folder
# Needs: bash, python3 (/usr/bin/python3), curl, bc, coreutils, bsdtar (to measure
# the metadata files independently).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_REMOTE_MIB:-1024}

die() { echo "remote-bench: $*" >&2; exit 2; }
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
[ -x /usr/bin/python3 ] || die "/usr/bin/python3 is missing"
command -v curl >/dev/null || die "curl is missing"

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-remote-bench.XXXXXX")
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi
}
trap cleanup EXIT
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

log "making a ${mib} MiB carton"
mkdir -p "$work/src/model" "$work/www"
head -c $((mib << 20)) /dev/urandom > "$work/src/model/weights.bin"
cat > "$work/src/carton.toml" <<'TOML'
spec_version = 1
model_name = "remote-bench"
short_description = "A large carton read over HTTP"
[runner]
runner_name = "noop"
required_framework_version = "=1.0.0"
runner_compat_version = 1
TOML
"$carton" pack "$work/src" -o "$work/www/big.carton" --compression stored >/dev/null
size=$(stat -c %s "$work/www/big.carton")

meta=0
for f in carton.toml MANIFEST tensor_data/index.toml LINKS; do
  n=$( (bsdtar -xOf "$work/www/big.carton" "$f" 2>/dev/null || true) | wc -c)
  meta=$((meta + n))
done

/usr/bin/python3 "$repo/bench/rangeserver.py" "$work/www" "$work/port" "$work/requests.log" &
server_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || die "the range server did not start"
url="http://127.0.0.1:$(cat "$work/port")/big.carton"

log "carton info $url"
: > "$work/requests.log"
start=$(date +%s.%N)
"$carton" info "$url" --remote-stats > "$work/info.txt" 2> "$work/info.err"
info_wall=$(echo "$(date +%s.%N) - $start" | bc)
info_requests=$(wc -l < "$work/requests.log")
info_bytes=$(awk '{s += $5} END {print s + 0}' "$work/requests.log")
grep -q "remote-bench" "$work/info.txt" || die "carton info did not show the carton: $(cat "$work/info.err")"

log "curl -o (the whole file)"
: > "$work/requests.log"
start=$(date +%s.%N)
curl -s -o "$work/download.carton" "$url"
curl_wall=$(echo "$(date +%s.%N) - $start" | bc)
curl_bytes=$(awk '{s += $5} END {print s + 0}' "$work/requests.log")

echo
echo "carton info over HTTP, ${mib} MiB model ($size bytes carton)"
printf '%-34s %10s %14s %10s\n' "what" "requests" "bytes" "wall s"
printf '%-34s %10s %14s %10s\n' "metadata files themselves" "-" "$meta" "-"
printf '%-34s %10s %14s %10.3f\n' "carton info URL" "$info_requests" "$info_bytes" "$info_wall"
printf '%-34s %10s %14s %10.3f\n' "curl -o (whole file)" "1" "$curl_bytes" "$curl_wall"
echo
echo "carton info: $((info_bytes - meta)) bytes beyond the metadata files; $(echo "scale=6; $info_bytes / $curl_bytes" | bc) of the download; $(echo "scale=1; $curl_wall / $info_wall" | bc)x faster than curl"
echo "carton's own count: $(cat "$work/info.err" | grep '^remote:' || true)"
