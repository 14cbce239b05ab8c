#!/usr/bin/env bash
# Benchmark-style measurement (not a ctest test) of `palcheck eval`'s peak memory on CSV inputs
# (memory bounded by the part being processed, not by the file). For each N it writes a
# CSV of N tokens (rows of 1000 values on a lattice of 1/8, decimal text, seed 16) and a 64-relay CSV
# measure, then prints one line per output (CSV, .npy, JSON on standard output, and for N <= 10^6 JSON
# with --dump and --trace, also over the same tokens as a JSON batch, a JSON document, CSV through a
# pipe, and as MPAL tokens of d = 2 for two heads): peak resident KB and seconds from /usr/bin/time,
# so two binaries can be compared line by line.
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
with open(f"{folder}/measure.csv") as f:
    relays = [dict(zip(("alpha", "beta", "weight"), line.strip().split(","))) for line in f]
for n in sizes:
    rows = [[random.randint(-8, 48) / 8 for _ in range(1000)] for _ in range(max(1, n // 1000))]
    with open(f"{folder}/in{n}.csv", "w") as f:
        for row in rows:
            f.write(",".join(str(x) for x in row) + "\n")
    if n <= 1000000:
        with open(f"{folder}/in{n}.json", "w") as f:
            f.write("[" + ",".join("[" + ",".join(str(x) for x in row) + "]" for row in rows) + "]")
        with open(f"{folder}/doc{n}.json", "w") as f:
            f.write('{"relays": [' + ",".join('{"alpha": "%s", "beta": "%s", "weight": "%s"}' % (r["alpha"], r["beta"], r["weight"]) for r in relays))
            f.write('], "inputs": [' + ",".join("[" + ",".join(str(x) for x in row) + "]" for row in rows) + "]}")
        with open(f"{folder}/tokens{n}.csv", "w") as f:
            flat = [x for row in rows for x in row]
            for k in range(0, len(flat) - 1, 2):
                f.write(f"{flat[k]},{flat[k + 1]}\n")
with open(f"{folder}/w_in.csv", "w") as f:
    f.write("1,0\n0.5,-0.5\n")
with open(f"{folder}/w_out.csv", "w") as f:
    f.write("1,2\n-1,0.25\n")
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
  [ "$n" -le 1000000 ] || continue
  dump="--dump $out/dump.json --trace -o $out/out.json"
  for source in "JSON batch" "JSON document" "CSV through a pipe" "MPAL, 2 heads, d = 2"; do
    case $source in
      "JSON batch") command="$bin eval --measure $out/measure.csv --inputs $out/in$n.json $dump" ;;
      "JSON document") command="$bin eval $out/doc$n.json $dump" ;;
      "CSV through a pipe") command="$bin eval --measure $out/measure.csv --inputs /dev/stdin $dump" ;;
      *) command="$bin eval --measure $out/measure.csv --w-in $out/w_in.csv --w-out $out/w_out.csv --inputs $out/tokens$n.csv $dump" ;;
    esac
    /usr/bin/time -o "$out/time" -f "%M %e" $command <"$out/in$n.csv" >/dev/null 2>&1
    read -r kb seconds <"$out/time"
    printf 'n = %-9s %-32s peak %8s KB  %6s s\n' "$n" "$source, --dump --trace" "$kb" "$seconds"
  done
done
