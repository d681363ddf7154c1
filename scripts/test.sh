#!/usr/bin/env bash
# Builds the project (installing what is missing) and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ninja -C build check-tofu
