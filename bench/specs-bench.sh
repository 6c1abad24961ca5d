#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
#
# The Inputs / Outputs editor on a carton with 200 inputs/outputs and 100
# self-tests (issue 8: typing never blocks the GUI thread > 50 ms): GUI-thread
# time of a cell commit and of handling a validation result, next to the 50 ms
# budget, and the validation itself (off the GUI thread).
#
#   bench/specs-bench.sh [path/to/specsbench] [inputs=100] [selftests=100]
# Environment: BENCH_DIR=/tmp, BENCH_KEEP=0
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bench=${1:-$repo/build/release/bin/specsbench}
[ -x "$bench" ] || { echo "specs-bench: no specsbench at $bench (build the specsbench target)" >&2; exit 2; }
work=$(mktemp -d "${BENCH_DIR:-/tmp}/carton-specs-bench.XXXXXX")
cleanup() { if [ "${BENCH_KEEP:-0}" != 1 ]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT
"$bench" "$work" "${2:-100}" "${3:-100}"
