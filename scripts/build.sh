#!/usr/bin/env bash
# Configures and builds palcheck in build/ (after installing its Debian packages): the targets named as
# arguments (scripts/verify.sh: palcheck alone), else everything. Progress goes to standard error, one line
# per build step with its percentage (standard output stays free for the command that follows, e.g.
# verify's table); the full compiler output is kept in build.log.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/progress.sh
bash scripts/setup.sh
start=$SECONDS
echo "build: configuring build/ (full log: build.log)" >&2
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > build.log 2>&1 || { cat build.log >&2; exit 1; }
echo "build: compiling ${*:-everything} on $(nproc) cores" >&2
targets=()
for t in "$@"; do targets+=(--target "$t"); done
if ! cmake --build build -j"$(nproc)" "${targets[@]}" 2>&1 | build_progress build.log build; then
  echo "build: failed; the end of build.log:" >&2
  tail -50 build.log >&2
  exit 1
fi
echo "build: done in $((SECONDS - start)) s" >&2
