#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# Signing and verifying a large carton, against the standard tools in the same run:
#   carton sign           (hashes every file against MANIFEST, then signs)  vs  sha256sum FILE
#   carton verify --key   (validation + hashes + the signature)             vs  carton verify (no signature)
# and the interop check: the signature verifies with `openssl dgst -sha256 -verify`
# over the DSSE PAE bytes. Prints wall times (best of $BENCH_REPEAT) and ratios.
#
#   bench/sign-bench.sh [path/to/carton]      (default build/release/bin/carton)
#
# Environment: BENCH_DIR=/tmp, BENCH_SIGN_MIB=1024 (random model file, packed Stored), BENCH_REPEAT=3
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
carton=${1:-$repo/build/release/bin/carton}
mib=${BENCH_SIGN_MIB:-1024}
repeat=${BENCH_REPEAT:-3}
die() { echo "sign-bench: $*" >&2; exit 2; }
[ -x "$carton" ] || die "no carton binary at $carton (build it, or pass its path)"
for tool in openssl sha256sum /usr/bin/python3; do
  command -v "$tool" >/dev/null || die "$tool is missing: run scripts/install-deps.sh"
done

work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-sign-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

log "packing a carton with a $mib MiB random model file (Stored) in $work"
mkdir -p "$work/src/model"
head -c "${mib}M" /dev/urandom > "$work/src/model/weights.bin"
printf 'tokenizer\n' > "$work/src/model/vocab.txt"
"$carton" pack "$work/src" -o "$work/big.carton" --compression stored \
  --runner torchscript --framework-version '=2.0.1' --name bench >/dev/null 2>&1
rm -rf "$work/src"
openssl ecparam -name prime256v1 -genkey -noout -out "$work/key.pem"
openssl ec -in "$work/key.pem" -pubout -out "$work/key.pub.pem" 2>/dev/null

best=""
run() { # run CMD...: best wall seconds over $repeat runs (file cache warm after the first)
  best=""
  for ((i = 0; i < repeat; i++)); do
    local t0 t1 s
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    s=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best" ] || (( $(echo "$s < $best" | bc -l) )); then best=$s; fi
  done
}

cat "$work/big.carton" > /dev/null # warm the cache for everyone
run sha256sum "$work/big.carton"; t_sha=$best
run openssl dgst -sha256 "$work/big.carton"; t_ossl=$best
run "$carton" sign "$work/big.carton" --key "$work/key.pem" --force; t_sign=$best
run "$carton" verify "$work/big.carton"; t_verify=$best
run "$carton" verify "$work/big.carton" --key "$work/key.pub.pem"; t_verify_sig=$best

/usr/bin/python3 - "$work/big.carton.sig" "$work" <<'PY'
import base64, json, sys
e = json.load(open(sys.argv[1]))["dsseEnvelope"]
p, t = base64.b64decode(e["payload"]), e["payloadType"].encode()
open(sys.argv[2] + "/pae", "wb").write(b"DSSEv1 %d %s %d %s" % (len(t), t, len(p), p))
open(sys.argv[2] + "/sig.der", "wb").write(base64.b64decode(e["signatures"][0]["sig"]))
PY
interop=$(openssl dgst -sha256 -verify "$work/key.pub.pem" -signature "$work/sig.der" "$work/pae")

printf '\n%-44s %9s\n' "sign-bench: $mib MiB carton, best of $repeat" "seconds"
printf '%-44s %9.3f\n' "sha256sum FILE" "$t_sha"
printf '%-44s %9.3f\n' "openssl dgst -sha256 FILE" "$t_ossl"
printf '%-44s %9.3f   %.2f x sha256sum, %.2f x openssl dgst\n' "carton sign (verify files + sign)" "$t_sign" \
  "$(echo "$t_sign / $t_sha" | bc -l)" "$(echo "$t_sign / $t_ossl" | bc -l)"
printf '%-44s %9.3f\n' "carton verify" "$t_verify"
printf '%-44s %9.3f   %.3f x carton verify\n' "carton verify --key (+ signature)" "$t_verify_sig" \
  "$(echo "$t_verify_sig / $t_verify" | bc -l)"
printf '%-44s %s\n' "openssl dgst -sha256 -verify (PAE, sig)" "$interop"
[ "$interop" = "Verified OK" ] || exit 1
