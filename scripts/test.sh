#!/usr/bin/env bash
# README command 2: set up, build, and run every test with ctest; then the tests of the reference, the
# readers, the claims and the command line again in an ASan+UBSan build (build-asan/). .ci/run runs
# exactly this. PALCHECK_SANITIZERS=0 skips the second build; PALCHECK_SANITIZERS=full adds to it the two
# whole-paper repetitions it leaves out.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/progress.sh
bash scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 1200)
sanitizers=${PALCHECK_SANITIZERS:-1}
if [ "$sanitizers" != 0 ]; then
  # The exact reference, the readers of untrusted files, the claims and the command line (whose tests run
  # the sanitized palcheck, Z3 layer included), and the fuzz harnesses' seeds and known reproducers
  # (fuzz/), replayed once. Two command-line tests run the whole paper four times between them to compare
  # bytes (same seed, same bytes), about 12 minutes under the sanitizers; so that .ci/run stays under an
  # hour on two cores they run here only with PALCHECK_SANITIZERS=full (the whole paper still runs once,
  # in the run whole_paper_seed1 that VerifyReadings shares). Any sanitizer report fails the test that
  # triggered it (docs/hardening.md).
  flags="-O1 -g1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  suites=(tests_util tests_reference tests_reference_models tests_oracle tests_claims tests_claims_constructions
          tests_claims_physics tests_tools_cli tests_tools_cli_whole_paper)
  # Every harness fuzz/CMakeLists.txt lists, so that a new one is replayed here too.
  targets=("${suites[@]}")
  for fuzzer in $(sed -n 's/^set(PALCHECK_FUZZERS \(.*\))$/\1/p' fuzz/CMakeLists.txt); do targets+=("fuzz_$fuzzer"); done
  labels=("${suites[@]}" fuzz_replay fuzz_replay_cli)
  skipped=(-E '^(VerifyRepeatability[.]WholePaperJsonDoesNotDependOnOtherOptions|VerifyShard[.]WholePaperInThreeShardsMergesToOneProcessBytes)$')
  if [ "$sanitizers" = full ]; then
    skipped=()
  fi
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=None -DPALCHECK_BUILD_BENCHMARKS=OFF -DPALCHECK_BUILD_PYTHON=OFF \
    -DPALCHECK_WITH_Z3=ON -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
    -DCMAKE_SHARED_LINKER_FLAGS="$flags" > build-asan.log 2>&1 || { cat build-asan.log; exit 1; }
  echo "test: building the sanitizer tests in build-asan/ (full log: build-asan.log)" >&2
  cmake --build build-asan -j"$(nproc)" --target "${targets[@]}" 2>&1 | build_progress build-asan.log build-asan ||
    { tail -50 build-asan.log; exit 1; }
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
     ctest --output-on-failure -j"$(nproc)" --timeout 2400 -L "^($(IFS='|'; echo "${labels[*]}"))$" "${skipped[@]}")
fi
