#!/usr/bin/env bash
# Benchmark-style measurement (not a ctest test) of what a relay list costs `palcheck eval`: for each K it
# writes K relays with distinct thresholds scattered over [0, 10^9) (2K thresholds, seed 21), weights
# 1 (the 128-bit path) or decimals of two digits (exact fractions: GMP sums), and evaluates 3 tokens: the
# cost is the setup. It prints peak resident memory (/usr/bin/time -v) and CPU seconds per K, and the
# exponent of a least-squares fit of log(cost - cost at K = 0) on log K over the Ks given (1 is linear,
# K log K from 1,000 to 100,000 fits about 1.1; a table of the square of the thresholds fits 2). Then
# 100,000 relays on 10^6 tokens (CSV, rows of 1000 values), the same way.
# Usage: bash scripts/eval_relay_cost.sh [K...] (default 1000 2000 5000 10000 20000 50000 100000);
# PALCHECK=path/to/palcheck overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${PALCHECK:-build/tools/palcheck}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sizes=${*:-1000 2000 5000 10000 20000 50000 100000}
python3 - "$out" 0 $sizes 100000 <<'PY'
import random, sys
folder, sizes = sys.argv[1], sorted(set(int(k) for k in sys.argv[2:]))
for k in sizes:
    random.seed(21)
    with open(f"{folder}/ones{k}.csv", "w") as ones, open(f"{folder}/decimals{k}.csv", "w") as decimals:
        for _ in range(k):
            a, b = random.randrange(0, 10**9, 2), random.randrange(0, 10**9, 2)
            ones.write(f"{max(a, b) + 1},{min(a, b)},1\n")
            decimals.write(f"{max(a, b) + 1},{min(a, b)},0.{random.randint(1, 99):02d}\n")
    if k == 0:  # an empty list is refused: the baseline is one relay
        for name in ("ones", "decimals"):
            with open(f"{folder}/{name}0.csv", "w") as f:
                f.write("1,0,1\n")
with open(f"{folder}/u3.csv", "w") as f:
    f.write("100000000,900000000,500000000\n")
random.seed(22)
with open(f"{folder}/u1000000.csv", "w") as f:
    for _ in range(1000):
        f.write(",".join(str(random.randrange(0, 10**9)) for _ in range(1000)) + "\n")
PY
# Peak resident KB and user + system seconds of one eval.
measure() {
  /usr/bin/time -v -o "$out/time" "$bin" eval --measure "$1" --inputs "$2" -o "$out/out.csv" -j 1 >/dev/null 2>&1
  awk -F': ' '/Maximum resident set size/ {kb = $2} /User time/ {u = $2} /System time/ {s = $2}
              END {printf "%d %.2f\n", kb, u + s}' "$out/time"
}
echo "seed 21; binary $bin; 3 tokens"
for weights in ones decimals; do
  : >"$out/$weights.points"
  read -r base_kb base_s < <(measure "$out/${weights}0.csv" "$out/u3.csv")
  for k in $sizes; do
    read -r kb seconds < <(measure "$out/$weights$k.csv" "$out/u3.csv")
    printf '%-8s K = %-7s peak %8s KB  %6s s\n' "$weights" "$k" "$kb" "$seconds"
    echo "$k $((kb - base_kb)) $seconds $base_s" >>"$out/$weights.points"
  done
  python3 - "$out/$weights.points" "$weights" <<'PY'
import math, sys
points = [tuple(float(x) for x in line.split()) for line in open(sys.argv[1])]
def exponent(pairs):
    pairs = [(math.log(k), math.log(v)) for k, v in pairs if v > 0]
    if len(pairs) < 2:
        return float("nan")
    mx = sum(x for x, _ in pairs) / len(pairs); my = sum(y for _, y in pairs) / len(pairs)
    return sum((x - mx) * (y - my) for x, y in pairs) / sum((x - mx) ** 2 for x, _ in pairs)
memory = exponent([(k, kb) for k, kb, _, _ in points])
time = exponent([(k, max(s - base, 0.005)) for k, _, s, base in points])
print(f"{sys.argv[2]:<8} fitted exponent over K: memory {memory:.2f}, CPU time {time:.2f}")
PY
done
for weights in ones decimals; do
  read -r kb seconds < <(measure "$out/${weights}100000.csv" "$out/u1000000.csv")
  printf '%-8s K = 100000 on 10^6 tokens: peak %s KB (%.0f MiB), %s s\n' "$weights" "$kb" "$((kb / 1024))" "$seconds"
done
