#!/usr/bin/env bash
# Benchmark-style seed sweep (not a ctest test): `palcheck verify` must finish for every seed, since
# every search has a step budget (--tests, --max-shrinks). Runs CLAIMS (default: lem:pop_one,
# whose shrinking hung at seeds 15, 18-22) for seeds 1..N1 and the whole paper for seeds 1..N2, prints one line per seed
# (verdict counts, seconds) and a summary; exit 1 if a run fails, errs or exceeds LIMIT seconds.
# Usage: bash scripts/seed_sweep.sh [N1=200] [N2=20] [LIMIT=300]; PALCHECK=path/to/palcheck overrides the binary.
set -uo pipefail
cd "$(dirname "$0")/.."
n1=${1:-200}
n2=${2:-20}
limit=${3:-300}
bin=${PALCHECK:-build/tools/palcheck}
claims=${CLAIMS:-"lem:pop_one"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
sweep() {  # name, last seed, claims...
  local name=$1 last=$2; shift 2
  local worst=0 worst_seed=0 total=0
  for seed in $(seq 1 "$last"); do
    local start end ms code
    start=$(date +%s%N)
    timeout "$limit" nice "$bin" verify "$@" --seed "$seed" --json "$out/$seed.json" > /dev/null 2> "$out/err"
    code=$?
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    total=$(( total + ms ))
    if (( ms > worst )); then worst=$ms; worst_seed=$seed; fi
    local counts
    counts=$(python3 -c "import json,collections,sys; d=json.load(open(sys.argv[1])); c=collections.Counter(x['verdict'] for x in d['claims']); print(' '.join(f'{k}={v}' for k,v in sorted(c.items())))" "$out/$seed.json" 2>/dev/null || echo "no report")
    printf '%s seed %d: exit %d, %d.%03d s, %s\n' "$name" "$seed" "$code" $((ms / 1000)) $((ms % 1000)) "$counts"
    if [ "$code" -ne 0 ]; then status=1; tail -3 "$out/err"; fi
  done
  printf '%s: seeds 1..%d, total %d s, slowest seed %d (%d.%03d s)\n' "$name" "$last" $((total / 1000)) "$worst_seed" $((worst / 1000)) $((worst % 1000))
}
# shellcheck disable=SC2086
sweep claims "$n1" $claims
sweep paper "$n2"
exit $status
