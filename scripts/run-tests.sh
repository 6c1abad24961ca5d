#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds everything and runs every test: the full build (app, CLI, plugins, GUI
# tests offscreen) and the core-only build that proves core needs no GUI module.
# Arguments are passed to the configure step (.ci/run: -DCARTON_WERROR=ON).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
jobs=$(nproc)
rc=0
for preset in core-only release; do
  echo "== $preset: configure and build" >&2
  cmake --preset "$preset" "$@" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  echo "== $preset: test" >&2
  QT_QPA_PLATFORM=offscreen ctest --preset "$preset" -j "$jobs" || rc=1
done
exit $rc
