#!/usr/bin/env bash
# README command 1: set up, build, and judge every claim of the paper (palcheck verify).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh palcheck
exec ./build/tools/palcheck verify "$@"
