#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# `carton verify oci://…` against a real registry (issue 39 item 1): docker-registry
# (Debian package `docker-registry`, 2.8) started here on loopback, a carton with one
# random Stored model file of BENCH_OCI_MIB MiB pushed to it, then, on the same blobs:
#
#   - `carton verify oci://HOST/bench/a:v1`  (every layer read and hashed)
#   - `curl -s BLOB_URL | sha256sum`         (the model's layer: download and hash)
#   - `skopeo copy docker://… oci:LAYOUT`    (the whole artifact, digests checked)
#
# wall and CPU time (user + sys, GNU time) for each, the requests the registry served
# for verify (its access log) and carton's own count (--remote-stats). Targets: verify
# within 1.3x of curl | sha256sum and of skopeo copy, at most one request per 8 MiB.
#
#   bench/oci-verify-bench.sh [path/to/carton]     (default build/release/bin/carton)
#
# Environment: BENCH_DIR (/tmp), BENCH_OCI_MIB (1024), BENCH_REPEAT (3, best wall
# time kept), BENCH_KEEP (0). Needs docker-registry, skopeo, curl, python3, GNU time.
# Exit status 1 when a target is missed.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_OCI_MIB:-1024}
repeat=${BENCH_REPEAT:-3}
die() { echo "oci-verify-bench: $*" >&2; exit 2; }
[ -x "$carton" ] || die "no carton binary at $carton"
for tool in docker-registry skopeo curl /usr/bin/time; do
  command -v "$tool" >/dev/null || die "$tool is missing (scripts/install-deps.sh installs it)"
done

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-oci-bench.XXXXXX")
reg=
cleanup() {
  [ -n "$reg" ] && kill "$reg" 2>/dev/null || true
  if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi
}
trap cleanup EXIT
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# Info level: one "response completed" line per request served.
printf 'version: 0.1\nlog:\n  level: info\n  formatter: text\nstorage:\n  filesystem:\n    rootdirectory: %s/store\nhttp:\n  addr: 127.0.0.1:%s\n' \
  "$work" "$port" > "$work/config.yml"
docker-registry serve "$work/config.yml" > "$work/registry.log" 2>&1 &
reg=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/v2/" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$port/v2/" >/dev/null || die "docker-registry did not start: $(cat "$work/registry.log")"

log "packing and pushing a carton with a ${mib} MiB model file"
mkdir -p "$work/src/model"
head -c $((mib << 20)) /dev/urandom > "$work/src/model/weights.bin"
cat > "$work/src/carton.toml" <<'TOML'
spec_version = 1
model_name = "oci-verify-bench"
short_description = "A large carton read from a registry"
[runner]
runner_name = "noop"
required_framework_version = "=1.0.0"
runner_compat_version = 1
TOML
"$carton" pack "$work/src" -o "$work/a.carton" --compression stored >/dev/null
"$carton" push "$work/a.carton" "127.0.0.1:$port/bench/a:v1" >/dev/null
ref="127.0.0.1:$port/bench/a:v1"
size=$(stat -c %s "$work/src/model/weights.bin")

# The model file's layer: the largest blob of the manifest.
accept='application/vnd.oci.image.manifest.v1+json'
curl -sf -H "Accept: $accept" "http://127.0.0.1:$port/v2/bench/a/manifests/v1" > "$work/manifest.json"
digest=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(max(m["layers"], key=lambda l: l["size"])["digest"])' \
  "$work/manifest.json")
total=$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(sum(l["size"] for l in m["layers"]) + m["config"]["size"])' \
  "$work/manifest.json")
blob_url="http://127.0.0.1:$port/v2/bench/a/blobs/$digest"

served() { grep -c 'response completed' "$work/registry.log" || true; }

# best of $repeat: prints "wall user+sys"
measure() {
  local best_w="" best_c=""
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f "%e %U %S" -o "$work/time.txt" bash -c "$1" >/dev/null 2>"$work/err.txt" ||
      die "failed: $1: $(cat "$work/err.txt")"
    read -r w u s < "$work/time.txt"
    if [ -z "$best_w" ] || [ "$(echo "$w < $best_w" | bc)" = 1 ]; then best_w=$w; best_c=$(echo "$u + $s" | bc); fi
  done
  echo "$best_w $best_c"
}

log "carton verify oci://$ref"
before=$(served)
"$carton" verify "oci://$ref" --remote-stats > "$work/verify.txt" 2> "$work/verify.err" ||
  die "carton verify failed: $(cat "$work/verify.txt" "$work/verify.err")"
verify_requests=$(( $(served) - before ))
read -r verify_w verify_c < <(measure "'$carton' verify 'oci://$ref'")
log "curl -s BLOB | sha256sum"
read -r curl_w curl_c < <(measure "curl -sf '$blob_url' | sha256sum")
log "skopeo copy"
read -r skopeo_w skopeo_c < <(measure "rm -rf '$work/layout' && skopeo copy --src-tls-verify=false 'docker://$ref' 'oci:$work/layout:v1'")

allowed=$(( (total + (8 << 20) - 1) / (8 << 20) ))
ratio_curl=$(awk -v a="$verify_w" -v b="$curl_w" 'BEGIN {printf "%.2f", a / b}')
ratio_skopeo=$(awk -v a="$verify_w" -v b="$skopeo_w" 'BEGIN {printf "%.2f", a / b}')
echo
echo "oci-verify-bench — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "docker-registry $(docker-registry --version 2>/dev/null | awk '{print $3}') on loopback; ${mib} MiB model layer, $total bytes in all layers; best of $repeat"
printf '%-40s %9s %9s %10s %8s\n' "what" "wall s" "cpu s" "requests" "ratio"
printf '%-40s %9.3f %9.2f %10s %8s\n' "curl -s BLOB | sha256sum (model layer)" "$curl_w" "$curl_c" 1 "1.00"
printf '%-40s %9.3f %9.2f %10s %8s\n' "skopeo copy (whole artifact)" "$skopeo_w" "$skopeo_c" - "-"
printf '%-40s %9.3f %9.2f %10s %8s\n' "carton verify oci://" "$verify_w" "$verify_c" "$verify_requests" "$ratio_curl"
echo "verify / skopeo copy: ${ratio_skopeo}x; at most $allowed requests allowed (one per 8 MiB)"
echo "carton's own count: $(grep '^remote:' "$work/verify.err" || true)"
status=0
[ "$verify_requests" -le "$allowed" ] || { echo "MISSED: more than one request per 8 MiB"; status=1; }
[ "$(echo "$ratio_curl <= 1.3" | bc)" = 1 ] || { echo "MISSED: verify is more than 1.3x curl | sha256sum"; status=1; }
[ $status = 0 ] && echo "targets met"
exit $status
