#!/usr/bin/env bash
# Scheduled seed sweep (not a ctest test): `palcheck verify` must end for every seed, since every search has
# a step budget (--tests, --max-shrinks) and every solver call a resource and a wall-clock limit. Runs
# CLAIMS (default: lem:pop_one, whose shrinking hung at seeds 15, 18-22) for seeds 1..N1 and the whole
# paper for seeds 1..N2, each seed under a cap of LIMIT seconds of CPU (its solver processes included; the
# wall clock is capped at WALL seconds, default three times that; raise it on a machine busy with other
# work, where a niced run gets little of the CPU), niced. Prints one line per seed (exit status, wall and CPU
# seconds, verdict counts), then a summary per sweep: failures, seeds over the cap, CPU per seed (mean,
# slowest), TIMEOUT and ERROR verdicts by claim, and the claims whose verdict depends on the seed.
# Exit 1 if a run fails, exceeds its cap or gives an ERROR.
# Usage: bash scripts/seed_sweep.sh [N1=200] [N2=20] [LIMIT=300]; PALCHECK=path/to/palcheck overrides the binary,
# WALL=seconds the wall-clock cap per seed, FIRST=the first seed of both sweeps (default 1: two processes can
# split a sweep), OUT=a folder that keeps every seed's JSON report (default: a temporary one, removed).
set -uo pipefail
cd "$(dirname "$0")/.."
n1=${1:-200}
n2=${2:-20}
limit=${3:-300}
bin=${PALCHECK:-build/tools/palcheck}
claims=${CLAIMS:-"lem:pop_one"}
if [ -n "${OUT:-}" ]; then
  out=$OUT
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
status=0
sweep() {  # name, last seed, claims...
  local name=$1 last=$2; shift 2
  mkdir -p "$out/$name"
  for seed in $(seq "${FIRST:-1}" "$last"); do
    local json="$out/$name/$seed.json" times="$out/$name/$seed.time" code
    # ulimit -t caps the CPU seconds of palcheck and of each solver process it starts.
    timeout "${WALL:-$((3 * limit))}" /usr/bin/time -o "$times" -f "%e %U %S" \
      bash -c 'ulimit -t "$1"; shift; exec nice -n 10 "$@"' _ "$limit" \
      "$bin" verify "$@" --seed "$seed" --json "$json" > /dev/null 2> "$out/err"
    code=$?
    python3 - "$name" "$seed" "$code" "$json" "$times" "$limit" <<'PY' || status=1
import collections, json, sys
name, seed, code, path, times, limit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], float(sys.argv[6])
try:
    wall, user, system = (float(x) for x in open(times).read().split()[-3:])
except (OSError, ValueError):
    wall, user, system = float("nan"), float("nan"), float("nan")
cpu = user + system
try:
    claims = json.load(open(path))["claims"]
    verdicts = {c["label"]: c["verdict"] for c in claims}
    counts = " ".join(f"{k}={v}" for k, v in sorted(collections.Counter(verdicts.values()).items()))
except (OSError, ValueError, KeyError):
    verdicts, counts = {}, "no report"
print(f"{name} seed {seed}: exit {code}, {wall:.1f} s wall, {cpu:.1f} s CPU, {counts}")
json.dump({"seed": seed, "exit": code, "wall": wall, "cpu": cpu, "verdicts": verdicts},
          open(path + ".line", "w"))
sys.exit(1 if code != 0 or not cpu <= limit or "ERROR" in verdicts.values() else 0)
PY
    if [ "$code" -ne 0 ]; then tail -3 "$out/err"; fi
  done
  python3 - "$name" "$out/$name" "$limit" <<'PY'
import collections, glob, json, sys
name, folder, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
runs = sorted((json.load(open(p)) for p in glob.glob(folder + "/*.json.line")), key=lambda r: r["seed"])
if not runs:
    sys.exit(print(f"{name}: no seed run"))
failed = [r["seed"] for r in runs if r["exit"] != 0]
over = [r["seed"] for r in runs if not r["cpu"] <= limit]
cpus = [r["cpu"] for r in runs if r["cpu"] == r["cpu"]]
slowest = max(runs, key=lambda r: r["cpu"] if r["cpu"] == r["cpu"] else float("inf"))
by_claim = collections.defaultdict(collections.Counter)
for r in runs:
    for label, verdict in r["verdicts"].items():
        by_claim[label][verdict] += 1
print(f"{name}: {len(runs)} seeds, {len(failed)} failed {failed}, {len(over)} over {limit:.0f} s CPU {over}; "
      f"CPU per seed mean {sum(cpus) / max(1, len(cpus)):.1f} s, slowest seed {slowest['seed']} "
      f"({slowest['cpu']:.1f} s CPU, {slowest['wall']:.1f} s wall)")
for verdict in ("TIMEOUT", "ERROR"):
    hit = {label: c[verdict] for label, c in by_claim.items() if c[verdict]}
    print(f"{name}: {verdict}: " + (", ".join(f"{l} ({n} seeds)" for l, n in sorted(hit.items())) or "none"))
split = {label: c for label, c in by_claim.items() if len(c) > 1}
print(f"{name}: verdict depends on the seed: " +
      ("; ".join(f"{l} " + ", ".join(f"{v} x{n}" for v, n in sorted(c.items())) for l, c in sorted(split.items()))
       or "no claim"))
PY
}
# shellcheck disable=SC2086
sweep claims "$n1" $claims
sweep paper "$n2"
exit $status
