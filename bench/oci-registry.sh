#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Registry figures (issue 33): a second push of a carton sharing a big file with one
# already in the registry, and pull against skopeo copy of the same artifact, on a
# docker-registry started here on loopback; a push interrupted by Ctrl-C and resumed. Usage: bench/oci-registry.sh [BUILD_DIR] [SIZE_MIB]
set -euo pipefail
build=${1:-build/release}; mib=${2:-1024}
carton="$build/bin/carton"
work=$(mktemp -d); trap 'kill $reg 2>/dev/null || true; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
printf 'version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: %s/store\nhttp:\n  addr: 127.0.0.1:%s\n' "$work" "$port" > "$work/config.yml"
docker-registry serve "$work/config.yml" > "$work/registry.log" 2>&1 & reg=$!
sleep 1
mkdir -p "$work/a" "$work/b"
head -c $((mib << 20)) /dev/urandom > "$work/a/weights.bin"
ln "$work/a/weights.bin" "$work/b/weights.bin"
echo "first" > "$work/a/note.txt"; echo "second" > "$work/b/note.txt"
for x in a b; do
  "$carton" pack "$work/$x" -o "$work/$x.carton" --compression stored --runner python --framework-version '>=3' --name "$x" > /dev/null
done
t() { /usr/bin/time -f "%e s" "$@"; }
echo "push A ($mib MiB):"; t "$carton" push "$work/a.carton" "127.0.0.1:$port/bench/a:v1" --json | grep -E 'bytesUploaded|blobsUploaded'
echo "push B (shares the big file, another repository, --mount-from bench/a):"
t "$carton" push "$work/b.carton" "127.0.0.1:$port/bench/b:v1" --mount-from bench/a --json | grep -E 'bytesUploaded|blobsUploaded|blobsMounted'
echo "push B again:"; "$carton" push "$work/b.carton" "127.0.0.1:$port/bench/b:v1" --json | grep -E 'bytesUploaded'
echo "info oci:// A (the card):"; "$carton" info "oci://127.0.0.1:$port/bench/a:v1" --remote-stats 2>&1 >/dev/null | grep "remote:"
echo "verify oci:// A:"; t "$carton" verify "oci://127.0.0.1:$port/bench/a:v1" --remote-stats 2>&1 | grep -E "remote:|OK| s$"
echo "pull A:"; t "$carton" pull "127.0.0.1:$port/bench/a:v1" -o "$work/pulled/" > /dev/null
echo "skopeo copy A:"; t skopeo copy --src-tls-verify=false "docker://127.0.0.1:$port/bench/a:v1" "oci:$work/layout:v1" > /dev/null
echo "push A to another repository, Ctrl-C (SIGINT) after 40% of push A's time, then push again:"
export XDG_CACHE_HOME="$work/cache" # the upload sessions kept for resuming
start=$(date +%s.%N); "$carton" push "$work/a.carton" "127.0.0.1:$port/bench/resume:v1" > /dev/null; full=$(echo "$(date +%s.%N) - $start" | bc)
"$carton" push "$work/a.carton" "127.0.0.1:$port/bench/resume2:v1" 2>&1 >/dev/null & push=$!
sleep "$(echo "$full * 0.4" | bc)"; kill -INT $push; wait $push || true
t "$carton" push "$work/a.carton" "127.0.0.1:$port/bench/resume2:v1" --json | grep -E 'bytesUploaded|bytesResumed'
