#!/usr/bin/env bash
# `cmake --install` puts palcheck_oracle beside the library, where Python finds it for the prefix: a
# virtual environment made at the prefix imports it as it is; any other Python with
# PYTHONPATH=<prefix>/<site dir>. Both import the installed copy (not the build tree's) and evaluate.
# Usage: cmake_install_test.sh BUILD_DIR WORK_DIR PYTHON SITE_DIR (SITE_DIR relative to the prefix)
set -euo pipefail
build=$1 work=$2 python=$3 site=$4
rm -rf "$work"
mkdir -p "$work"
unset PYTHONPATH
check='
import sys
from pathlib import Path
import numpy as np
import palcheck_dump, palcheck_oracle
prefix = Path(sys.argv[1]).resolve()
for module in (palcheck_oracle, palcheck_dump):
    assert prefix in Path(module.__file__).resolve().parents, f"{module.__name__} from {module.__file__}"
relays = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0]])
u = np.array([0.0, 1.0, 0.5, 0.25, 0.75])
trace = palcheck_oracle.trace(u, relays=relays)
assert palcheck_oracle.evaluate(u, relays=relays, exact=True) == [step["output"] for step in trace]
print("imported from", palcheck_oracle.__file__)
'
# A plain prefix, found through PYTHONPATH.
cmake --install "$build" --prefix "$work/prefix" > /dev/null
test -f "$work/prefix/lib/libpalcheck_reference.a"
(cd "$work" && PYTHONPATH="$work/prefix/$site" "$python" -c "$check" "$work/prefix")
# A virtual environment as the prefix: found with no PYTHONPATH.
"$python" -m venv --system-site-packages "$work/venv"
cmake --install "$build" --prefix "$work/venv" > /dev/null
(cd "$work" && "$work/venv/bin/python3" -c "$check" "$work/venv")
