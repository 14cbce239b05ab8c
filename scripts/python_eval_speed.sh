#!/usr/bin/env bash
# Benchmark-style measurement (not a ctest test) of palcheck_oracle.evaluate against `palcheck eval` on the
# same inputs: whole-process CPU seconds (user + system, /usr/bin/time) of each, doubles and exact values,
# and their ratio. Inputs: an L = 256 grid of normal float64 weights (delta 1/4) and N float64 tokens
# uniform over the grid, 10% of them exactly on a threshold (seed 1). palcheck eval reads .npy and writes
# .npy (doubles) or CSV (exact), one thread; Python loads the .npy, evaluates and saves the doubles or keeps
# the Fractions. Both outputs are checked equal (doubles byte for byte, exact as text).
# Usage: bash scripts/python_eval_speed.sh [N] (default 10000000); PALCHECK=path/to/palcheck and
# PALCHECK_PYTHONPATH=path/to/build/python override the build, PYTHON the interpreter (one with numpy).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${PALCHECK:-build/tools/palcheck}
pythonpath=${PALCHECK_PYTHONPATH:-build/python}
python=${PYTHON:-python3}
n=${1:-10000000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$python" - "$out" "$n" <<'PY'
import sys
import numpy as np
folder, n, L = sys.argv[1], int(sys.argv[2]), 256
rng = np.random.default_rng(1)
np.save(f"{folder}/grid.npy", np.tril(rng.normal(size=(L, L))))
u = rng.uniform(0, (L + 1) * 0.25, size=n)
on = rng.random(n) < 0.1
u[on] = rng.integers(1, L + 1, size=on.sum()) * 0.25
np.save(f"{folder}/u.npy", u)
PY
cat > "$out/evaluate.py" <<'PY'
import sys
import numpy as np
import palcheck_oracle
folder, kind = sys.argv[1], sys.argv[2]
grid, u = np.load(f"{folder}/grid.npy"), np.load(f"{folder}/u.npy")
outputs = palcheck_oracle.evaluate(u, grid=grid, delta="1/4", exact=kind == "exact")
if kind == "double":
    np.save(f"{folder}/python.npy", outputs)
else:
    with open(f"{folder}/python.csv", "w") as f:
        f.write(",".join(map(str, outputs[:100000])))
PY
cpu() { awk '{printf "%.2f", $1 + $2}' "$out/time"; }
echo "N = $n tokens, L = 256; CPU seconds (user + system), whole process"
for kind in double exact; do
  ext=npy; [ "$kind" = exact ] && ext=csv
  /usr/bin/time -o "$out/time" -f "%U %S" "$bin" eval --measure "$out/grid.npy" --grid-delta 1/4 --inputs "$out/u.npy" \
    -o "$out/eval.$ext" --values "$kind" -j 1
  eval_cpu=$(cpu)
  PYTHONPATH=$pythonpath /usr/bin/time -o "$out/time" -f "%U %S" "$python" "$out/evaluate.py" "$out" "$kind"
  python_cpu=$(cpu)
  if [ "$kind" = double ]; then
    cmp -s <(tail -c $((8 * n)) "$out/eval.npy") <(tail -c $((8 * n)) "$out/python.npy") || { echo "double outputs differ"; exit 1; }
  else
    cmp -s <(head -c "$(stat -c %s "$out/python.csv")" "$out/eval.csv") "$out/python.csv" || { echo "exact outputs differ"; exit 1; }
  fi
  awk -v k="$kind" -v e="$eval_cpu" -v p="$python_cpu" \
    'BEGIN {printf "%-6s palcheck eval %6.2f s   palcheck_oracle.evaluate %6.2f s   ratio %.2f\n", k, e, p, p / e}'
done
