#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# SPDX-FileCopyrightText: Carton Studio contributors
# Issue 8's typing budget: no keystroke in edit mode keeps the GUI thread busy
# for more than 50 ms on a carton with 200 inputs/outputs and 100 self-tests.
# Usage: bench/typing-bench.sh [BUILD_DIR]   (default build/release)
set -euo pipefail
build=${1:-build/release}
"$build/bin/typingbench" 200 100
