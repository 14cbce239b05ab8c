#!/usr/bin/env bash
# The layers include only downwards: reference/ includes no upper layer, claims/ no solver and no
# RapidCheck, and only proofs/ (and its tests) include a solver. Prints every offending line.
set -u
root=${1:-.}
cd "$root" || exit 2
bad=0
check() {  # description, grep pattern, folders...
  local what=$1 pattern=$2; shift 2
  local hits
  hits=$(grep -rnE "$pattern" "$@" --include='*.h' --include='*.cpp' 2>/dev/null)
  if [ -n "$hits" ]; then printf '%s:\n%s\n' "$what" "$hits"; bad=1; fi
}
check "reference/ includes an upper layer" '#include *[<"](\.\./)*(claims|proofs|properties|tools)/' reference
check "reference/ includes a checking library" '#include *[<"](z3|rapidcheck|gtest|nlohmann|CLI/)' reference
check "claims/ includes a solver or RapidCheck" '#include *[<"](z3|cvc5|rapidcheck)' claims
check "claims/ includes an upper layer" '#include *[<"](proofs|properties|tools)/' claims
check "tools/oracle includes CLI11 or a checking layer" '#include *[<"](CLI/|claims/|proofs/|properties/)' tools/oracle
check "tools/report includes CLI11, a solver layer or RapidCheck" '#include *[<"](CLI/|proofs/|properties/|tools/cli/)' tools/report
check "a solver outside proofs/" '#include *[<"](z3|cvc5)' reference claims properties tools python
if [ "$bad" -eq 0 ]; then echo "layers: every include points down"; fi
exit "$bad"
