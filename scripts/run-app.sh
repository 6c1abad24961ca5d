#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds Carton Studio and opens the bundled sample carton.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
sample=build/release/resources/sample.carton
if [ -x build/release/bin/carton-studio ]; then
  exec build/release/bin/carton-studio "$sample" "$@"
else
  exec build/release/bin/carton info "$sample"
fi
