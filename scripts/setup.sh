#!/usr/bin/env bash
# Installs the Debian 12 packages palcheck builds with, and any named as arguments (idempotent, apt-get only).
set -euo pipefail
# apt's output goes to standard error: standard output stays the command's that follows (verify's table).
exec >&2
pkgs=(build-essential cmake pkg-config libboost-dev libgmp-dev libz3-dev z3 cvc5 libcvc5-dev
      librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
      nlohmann-json3-dev libcli11-dev libfmt-dev
      pybind11-dev python3-dev python3-numpy python3-setuptools python3-pybind11 python3-venv
      python3-pytest python3-hypothesis python3-torch python3-dask python3-distributed parallel
      gnuplot-nox chromium libjs-katex nodejs libflint-arb-dev libflint-dev "$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
