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
# Then what `carton verify URL` costs (issue 39: it made one request per 64 KiB)
# against `curl -s URL | sha256sum` (download and hash, the standard tools), and
# `carton verify --fetch-links` of an unpacked carton whose model file is only in
# LINKS. Targets: verify within 1.3x curl | sha256sum, at most one request per 8 MiB.
#
#   bench/remote-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment (data is generated under BENCH_DIR, never in the repo):
#   BENCH_DIR=/tmp          where the temporary work folder is created
#   BENCH_REMOTE_MIB=1024   size of the model file (128 for a quick check)
#   BENCH_KEEP=0            1: keep the work folder
# Needs: bash, python3 (/usr/bin/python3), curl, bc, coreutils, bsdtar (to measure
# the metadata files independently). Exit status 1 when a target is missed.
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
mkdir -p "$work/src/model" "$work/www/links"
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

# --- verify over HTTP ---------------------------------------------------------
requests_allowed=$(( (size + (8 << 20) - 1) / (8 << 20) ))
log "carton verify $url"
: > "$work/requests.log"
start=$(date +%s.%N)
"$carton" verify "$url" --remote-stats > "$work/verify.txt" 2> "$work/verify.err" ||
  die "carton verify failed: $(cat "$work/verify.txt" "$work/verify.err")"
verify_wall=$(echo "$(date +%s.%N) - $start" | bc)
verify_requests=$(wc -l < "$work/requests.log")
verify_bytes=$(awk '{s += $5} END {print s + 0}' "$work/requests.log")

log "curl -s URL | sha256sum"
start=$(date +%s.%N)
curl -s "$url" | sha256sum > /dev/null
curlsha_wall=$(echo "$(date +%s.%N) - $start" | bc)

# --- verify --fetch-links: the model file only in LINKS, served by the same server ---
log "carton verify --fetch-links (the model file in LINKS)"
"$carton" unpack "$work/www/big.carton" -o "$work/linked" >/dev/null
mv "$work/linked/model/weights.bin" "$work/www/links/weights.bin"
sha=$(sha256sum "$work/www/links/weights.bin" | cut -d' ' -f1)
printf 'version = 1\n[urls]\n%s = ["http://127.0.0.1:%s/links/weights.bin"]\n' "$sha" "$(cat "$work/port")" \
  > "$work/linked/LINKS"
: > "$work/requests.log"
start=$(date +%s.%N)
"$carton" verify --fetch-links "$work/linked" > "$work/links.txt" 2>&1 ||
  die "carton verify --fetch-links failed: $(cat "$work/links.txt")"
links_wall=$(echo "$(date +%s.%N) - $start" | bc)
links_requests=$(wc -l < "$work/requests.log")

verify_ratio=$(echo "scale=2; $verify_wall / $curlsha_wall" | bc)
links_ratio=$(echo "scale=2; $links_wall / $curlsha_wall" | bc)
echo
echo "carton verify over HTTP, ${mib} MiB model; at most $requests_allowed requests allowed (one per 8 MiB)"
printf '%-34s %10s %14s %10s %8s\n' "what" "requests" "bytes" "wall s" "ratio"
printf '%-34s %10s %14s %10.3f %8s\n' "curl -s URL | sha256sum" "1" "$size" "$curlsha_wall" "1.00"
printf '%-34s %10s %14s %10.3f %8s\n' "carton verify URL" "$verify_requests" "$verify_bytes" "$verify_wall" "$verify_ratio"
printf '%-34s %10s %14s %10.3f %8s\n' "carton verify --fetch-links DIR" "$links_requests" "-" "$links_wall" "$links_ratio"
echo "carton's own count (verify): $(grep '^remote:' "$work/verify.err" || true)"
status=0
if [ "$verify_requests" -gt "$requests_allowed" ] || [ "$links_requests" -gt "$requests_allowed" ]; then
  echo "MISSED: more than one request per 8 MiB"; status=1
fi
if [ "$(echo "$verify_ratio > 1.3" | bc)" = 1 ]; then
  echo "MISSED: verify over HTTP is more than 1.3x curl | sha256sum"; status=1
fi
[ $status = 0 ] && echo "targets met"
exit $status
