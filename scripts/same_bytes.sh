#!/usr/bin/env bash
# Runs the same commands through palcheck and compares every byte they write: the whole-paper run (table,
# JSON, replay files, show, replay, report, and report --tex on tests/tools/report/paper_excerpt.tex) and the oracle's eval, compare and fuzz-impl over generated
# JSON, CSV and .npy inputs. For a change that must not change behaviour (a move, a refactor):
#   bash scripts/same_bytes.sh OLD_PALCHECK NEW_PALCHECK [WORK_DIR]
# prints one line per command that differs and exits 1 if any did, else "same bytes: N commands". Against
# the digests recorded from an earlier build (ctest same_bytes_as_recorded runs this; a change that means
# to change what palcheck writes records them anew, and the diff of the digest file shows what changed):
#   bash scripts/same_bytes.sh --check DIGESTS PALCHECK [WORK_DIR]
#   bash scripts/same_bytes.sh --record DIGESTS PALCHECK [WORK_DIR]
set -uo pipefail
mode=compare digests=
if [ "${1-}" = --check ] || [ "${1-}" = --record ]; then
  mode=${1#--} digests=$(realpath -m "$2")
  shift 2
  old= new=$(realpath "$1")
else
  old=$(realpath "$1") new=$(realpath "$2")
  shift
fi
work=${2:-$(mktemp -d)}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
# PYTHON: an interpreter with numpy, first on the PATH of the commands too (fuzz-impl's client runs python3).
[ -n "${PYTHON-}" ] && PATH=$(dirname "$(realpath "$(command -v "$PYTHON")")"):$PATH
mkdir -p "$work/in"
cd "$work/in" || exit 2
cp "$source_dir/python/fuzz_impl_client.py" .
cp "$source_dir/tests/tools/report/paper_excerpt.tex" .
python3 - <<'PY'
import json, numpy as np
rng = np.random.default_rng(7)
relays = [[float(a), float(a - w), float(x)] for a, w, x in zip(rng.uniform(-1, 1, 12), rng.uniform(0, 1, 12), rng.uniform(0.1, 2, 12))]
json.dump({"relays": relays, "inputs": [0.1, 0.9, -0.4, 0.7, -1.2, 0.05]}, open("doc.json", "w"))
json.dump({"grid": {"L": 4, "delta": "1/8"}, "inputs": ["0", "1/3", "-1/5", "2/7"], "initial_state": 1}, open("grid.json", "w"))
np.savetxt("relays.csv", np.array(relays), delimiter=",", fmt="%.17g")
u = rng.uniform(-1.5, 1.5, (5, 40))
np.savetxt("u.csv", u, delimiter=",", fmt="%.17g")
np.save("u.npy", u)
json.dump(u.tolist(), open("u.json", "w"))
mu = rng.uniform(0, 1, (8, 8))
np.save("mu.npy", np.tril(mu))
np.save("theirs.npy", np.zeros((5, 40)))
np.savetxt("w_in.csv", rng.uniform(-1, 1, (2, 3)), delimiter=",", fmt="%.17g")
np.savetxt("w_out.csv", rng.uniform(-1, 1, (2, 3)), delimiter=",", fmt="%.17g")
np.savetxt("x.csv", rng.uniform(-1, 1, (6, 3)), delimiter=",", fmt="%.17g")
PY
commands=(
  "verify --seed 1 --json run.json --out replays"
  "list"
  "show lem:pop_one"
  "show prop:range"
  "show def:relay"
  "report --from run.json --out report"
  "eval in/doc.json"
  "eval --trace in/doc.json"
  "eval in/grid.json"
  "eval --measure in/relays.csv --inputs in/u.csv -o out.csv --values exact"
  "eval --measure in/relays.csv --inputs in/u.csv -o out.json --values both"
  "eval --measure in/relays.csv --inputs in/u.npy -o out.npy"
  "eval --measure in/relays.csv --inputs in/u.json -o out.csv --values double"
  "eval --measure in/relays.csv --inputs in/u.csv -o out.json --dump dump.json --trace"
  "eval --measure in/relays.csv --inputs in/u.csv -o out.csv --convention states=pm1 --convention output_map=2,-1,0"
  "eval --measure in/relays.csv --inputs in/u.csv -o out.csv --convention smoothing=tanh:1/100"
  "eval --measure in/relays.csv --initial-state 1 --inputs in/u.csv -o out.csv"
  "eval --measure in/mu.npy --grid-delta 1/8 --inputs in/u.npy -o out.npy"
  "eval --measure in/relays.csv --measure in/relays.csv --w-in in/w_in.csv --w-out in/w_out.csv --inputs in/x.csv -o out.json"
  "compare --measure in/mu.npy --grid-delta 1/8 --inputs in/u.npy --actual in/theirs.npy --report compare.json"
  "fuzz-impl --command 'python3 in/fuzz_impl_client.py --strict' --measure in/relays.csv --report fuzz.json --seed 3"
  "eval --measure in/relays.csv --inputs in/u.csv --values nonsense"
  "eval --convention states=01x in/doc.json"
  "report --from run.json --replays replays --tex in/paper_excerpt.tex --out report_tex"
)
sides=(old new)
[ "$mode" = compare ] || sides=(new)
for side in "${sides[@]}"; do
  rm -rf "${work:?}/$side"; mkdir -p "$work/$side"; ln -s "$work/in" "$work/$side/in"
  binary=${!side}
  for i in "${!commands[@]}"; do
    (cd "$work/$side" && eval "\"$binary\" ${commands[$i]}" > "stdout.$i" 2> "stderr.$i"; echo "$?" > "status.$i")
    # Timings go to standard error only, and so does a long search's line every 10 s: keep what does not vary.
    sed -i -E 's/[0-9]+(\.[0-9]+)? s\)/T s)/g; s/ in [0-9.]+ s/ in T s/g; /^  .*: case [0-9]+ of [0-9]+/d' \
      "$work/$side/stderr.$i"
  done
done
if [ "$mode" != compare ]; then
  # One line per file the commands wrote (their standard output, error and status included).
  (cd "$work/new" && find . -path ./in -prune -o -type f -print | LC_ALL=C sort | xargs sha256sum) > "$work/digests"
  if [ "$mode" = record ]; then
    cp "$work/digests" "$digests" && echo "recorded $(wc -l < "$digests") digests of ${#commands[@]} commands"
    exit
  fi
  if diff "$digests" "$work/digests" > "$work/digests.diff"; then
    echo "same bytes as recorded: ${#commands[@]} commands, every file they wrote"
    exit 0
  fi
  echo "differs from the recorded digests ($digests):"
  cat "$work/digests.diff"
  for i in "${!commands[@]}"; do
    grep -qE "\./(std(out|err)|status)\.$i\$" "$work/digests.diff" && echo "  (command $i: palcheck ${commands[$i]})"
  done
  echo "a change meant to change these: bash scripts/same_bytes.sh --record $digests PALCHECK"
  exit 1
fi
differ=0
while IFS= read -r line; do
  echo "differs: $line"
  differ=1
done < <(diff -rq --no-dereference "$work/old" "$work/new" | sed -E "s|$work/||g")
for i in "${!commands[@]}"; do
  cmp -s "$work/old/stdout.$i" "$work/new/stdout.$i" && cmp -s "$work/old/stderr.$i" "$work/new/stderr.$i" ||
    echo "  (command $i: palcheck ${commands[$i]})"
done
[ "$differ" -eq 0 ] && echo "same bytes: ${#commands[@]} commands, every file they wrote"
exit "$differ"
