#!/usr/bin/env bash
# Benchmark-style measurement (not a ctest test) of `palcheck eval`'s peak memory on CSV inputs
# (memory bounded by the part being processed, not by the file). For each N it writes a
# CSV of N tokens (rows of 1000 values on a lattice of 1/8, decimal text, seed 16) and a 64-relay CSV
# measure, then prints one line per output (CSV, .npy, JSON on standard output, and for N <= 10^6 JSON
# with --dump and --trace): peak resident KB and
# seconds from /usr/bin/time, so two binaries can be compared line by line.
# Usage: bash scripts/eval_memory.sh [N...] (default 1000000 10000000); PALCHECK=path/to/palcheck
# overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${PALCHECK:-build/tools/palcheck}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 - "$out" "${@:-1000000 10000000}" <<'PY'
import random, sys
folder, sizes = sys.argv[1], [int(n) for n in " ".join(sys.argv[2:]).split()]
random.seed(16)
with open(f"{folder}/measure.csv", "w") as f:
    for _ in range(64):
        a = random.randint(0, 40); b = a - random.randint(0, 20)
        f.write(f"{a/8},{b/8},{random.choice(['1', '0.5', '-2', '3', '0.1'])}\n")
for n in sizes:
    with open(f"{folder}/in{n}.csv", "w") as f:
        for _ in range(max(1, n // 1000)):
            f.write(",".join(str(random.randint(-8, 48) / 8) for _ in range(1000)) + "\n")
PY
echo "seed 16; binary $bin"
for n in ${@:-1000000 10000000}; do
  targets=("-o $out/out.csv" "-o $out/out.npy --values double" "")
  # The debug-state dump and trace (about 550 bytes per token written): up to 10^6 tokens.
  [ "$n" -le 1000000 ] && targets+=("--dump $out/dump.json --trace")
  for target in "${targets[@]}"; do  # word-split on purpose
    /usr/bin/time -o "$out/time" -f "%M %e" $bin eval --measure "$out/measure.csv" --inputs "$out/in$n.csv" \
      $target -j 2 >/dev/null 2>&1
    read -r kb seconds <"$out/time"
    target=${target//$out\//}
    printf 'n = %-9s %-32s peak %8s KB  %6s s\n' "$n" "${target:-(JSON on stdout)}" "$kb" "$seconds"
  done
done
