#!/usr/bin/env bash
# README command 2: set up, build, and run every test with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
cd build
ctest --output-on-failure -j"$(nproc)" --timeout 1200
