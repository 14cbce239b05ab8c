#!/usr/bin/env bash
# README command 2: set up, build, and run every test with ctest; then the tests of the reference, the
# readers and the claims again in an ASan+UBSan build (build-asan/). .ci/run runs exactly this.
# PALCHECK_SANITIZERS=0 skips the second build; PALCHECK_SANITIZERS=full adds the command line to it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/progress.sh
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 1200)
sanitizers=${PALCHECK_SANITIZERS:-1}
if [ "$sanitizers" != 0 ]; then
  # A documented subset (docs/hardening.md), so that .ci/run stays under an hour on two cores: the exact
  # reference, the readers of untrusted files and the claims, built without the Z3 layer (the solver's
  # bindings are not what is tested here, and leaving them out halves this build). PALCHECK_SANITIZERS=full
  # adds the Z3 layer and the command-line tests (which then run the sanitized palcheck); the fuzz targets
  # (scripts/fuzz.sh) exercise the readers under the same sanitizers. Any sanitizer report fails the test
  # that triggered it.
  flags="-O1 -g1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  suites=(tests_reference tests_reference_models tests_tools_oracle tests_claims tests_claims_constructions
          tests_claims_physics)
  # The fuzz harnesses' seeds and known reproducers (fuzz/), replayed once under the sanitizers.
  targets=("${suites[@]}" fuzz_number fuzz_json_document fuzz_csv fuzz_npy fuzz_replay_file fuzz_impl_reply)
  labels=("${suites[@]}" fuzz_replay)
  with_z3=OFF
  if [ "$sanitizers" = full ]; then
    targets+=(tests_tools_cli fuzz_merge_input fuzz_report_input)
    labels+=(tests_tools_cli fuzz_replay_cli)
    with_z3=ON
  fi
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=None -DPALCHECK_BUILD_BENCHMARKS=OFF -DPALCHECK_BUILD_PYTHON=OFF \
    -DPALCHECK_WITH_Z3="$with_z3" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$flags" > build-asan.log 2>&1 || { cat build-asan.log; exit 1; }
  echo "test: building the sanitizer tests in build-asan/ (full log: build-asan.log)" >&2
  cmake --build build-asan -j"$(nproc)" --target "${targets[@]}" 2>&1 | build_progress build-asan.log build-asan ||
    { tail -50 build-asan.log; exit 1; }
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest --output-on-failure -j"$(nproc)" --timeout 2400 -L "^($(IFS='|'; echo "${labels[*]}"))$")
fi
