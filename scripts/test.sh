#!/usr/bin/env bash
# README command 2: set up, build, and run every test with ctest; then the tests of the reference, the
# readers, the claims and the command line again in an ASan+UBSan build (build-asan/). .ci/run runs
# exactly this. PALCHECK_SANITIZERS=0 skips the second build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/progress.sh
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 1200)
if [ "${PALCHECK_SANITIZERS:-1}" != 0 ]; then
  # A documented subset (docs/hardening.md), so that .ci/run stays well under an hour on two cores: the
  # exact reference, the readers of untrusted files, the claims and the command line (whose tests run
  # the sanitized palcheck); the fuzz targets (scripts/fuzz.sh) exercise the readers under the same
  # sanitizers. Any sanitizer report fails the test that triggered it.
  flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPALCHECK_BUILD_BENCHMARKS=OFF \
    -DPALCHECK_BUILD_PYTHON=OFF -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$flags" > build-asan.log 2>&1 || { cat build-asan.log; exit 1; }
  suites=(tests_reference tests_reference_models tests_tools_oracle tests_claims tests_claims_constructions
          tests_claims_physics tests_tools_cli)
  echo "test: building the sanitizer tests in build-asan/ (full log: build-asan.log)" >&2
  cmake --build build-asan -j"$(nproc)" --target palcheck "${suites[@]}" 2>&1 | build_progress build-asan.log build-asan ||
    { tail -50 build-asan.log; exit 1; }
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest --output-on-failure -j"$(nproc)" --timeout 2400 -L "^($(IFS='|'; echo "${suites[*]}"))$")
fi
