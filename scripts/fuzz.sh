#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/, Clang 14 + ASan + UBSan) in build-fuzz/ and fuzzes each target
# for SECONDS (default 60), niced: bash scripts/fuzz.sh [SECONDS] [TARGET...]. New inputs stay in
# build-fuzz/fuzz/work/TARGET; crashes and inputs slower than 10 s of wall clock (the machine may be
# shared) go to build-fuzz/fuzz/artifacts/ and make the script fail. Prints per target: executions,
# coverage (cov/ft), peak memory, the slowest input's time (libFuzzer's stat::slowest_unit_time_sec) and
# the CPU seconds it used (user + system: on a shared machine a niced run gets less CPU than wall time).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(number conventions json_document csv npy replay_file merge_input report_input impl_reply)
bash scripts/setup.sh clang-14 libfuzzer-14-dev libclang-rt-14-dev time
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 \
  -DPALCHECK_BUILD_FUZZERS=ON -DPALCHECK_WITH_Z3=OFF -DPALCHECK_BUILD_TESTS=OFF -DPALCHECK_BUILD_BENCHMARKS=OFF \
  ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} > build-fuzz.log 2>&1 \
  || { cat build-fuzz.log; exit 1; }
nice cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]/#/fuzz_}" >> build-fuzz.log 2>&1 \
  || { tail -50 build-fuzz.log; exit 1; }
python3 fuzz/regressions.py build-fuzz/fuzz/regressions
status=0
for t in "${targets[@]}"; do
  work=build-fuzz/fuzz/work/$t
  mkdir -p "$work" build-fuzz/fuzz/artifacts
  log=build-fuzz/fuzz/$t.log
  # The known reproducers first (once each), then SECONDS of fuzzing from the seed corpus and earlier runs.
  if ! nice build-fuzz/fuzz/fuzz_"$t" -runs=0 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix=build-fuzz/fuzz/artifacts/ fuzz/corpus/"$t" build-fuzz/fuzz/regressions/"$t" > "$log.regressions" 2>&1; then
    echo "$t: a regression case fails (see $log.regressions)"; status=1
  fi
  if ! nice /usr/bin/time -f '%U %S' -o "$log.cpu" build-fuzz/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -report_slow_units=1 \
      -print_final_stats=1 -artifact_prefix=build-fuzz/fuzz/artifacts/ "$work" fuzz/corpus/"$t" > "$log" 2>&1; then
    echo "$t: FAILED (see $log)"; status=1
  fi
  execs=$(grep -oE 'stat::number_of_executed_units: +[0-9]+' "$log" | grep -o '[0-9]*$' || echo '?')
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)
  rss=$(grep -oE 'stat::peak_rss_mb: +[0-9]+' "$log" | grep -o '[0-9]*$' || echo '?')
  slow=$(grep -oE 'stat::slowest_unit_time_sec: +[0-9]+' "$log" | grep -o '[0-9]*$' || echo '?')
  cpu=$(awk '{printf "%d", $1 + $2}' "$log.cpu" 2>/dev/null || echo '?')
  echo "$t: ${seconds} s, ${cpu} CPU s, ${execs} executions, ${cov:-cov ?}, peak ${rss} MB, slowest input ${slow} s (whole seconds)"
done
exit $status
