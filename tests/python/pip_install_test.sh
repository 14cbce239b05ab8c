#!/usr/bin/env bash
# The documented pip install of palcheck_oracle, as a new user runs it: a copy of the source tree (so
# nothing is written into the checkout), a fresh virtual environment made with --system-site-packages
# (Debian's numpy, setuptools, pybind11, pytest and hypothesis), `pip install --no-build-isolation .`
# from the tree's root, then `python3 -c "import palcheck_oracle"` from elsewhere, and one evaluation,
# the pytest helper and the strategies through the installed package.
# Usage: pip_install_test.sh SOURCE_DIR WORK_DIR PYTHON
set -euo pipefail
source_dir=$1 work=$2 python=$3
rm -rf "$work"
mkdir -p "$work/palcheck"
tar -C "$source_dir" --exclude=./build --exclude='./build-*' --exclude=./.git -cf - . | tar -C "$work/palcheck" -xf -
"$python" -m venv --system-site-packages "$work/venv"
unset PYTHONPATH
export PIP_DISABLE_PIP_VERSION_CHECK=1
(
  cd "$work/palcheck"
  source "$work/venv/bin/activate"
  pip install --no-build-isolation .
)
cd "$work"
"$work/venv/bin/python3" -c "import palcheck_oracle"
"$work/venv/bin/python3" - "$work/venv" <<'PY'
import sys
from pathlib import Path

import numpy as np
from hypothesis import given, settings

import palcheck_dump
import palcheck_oracle
from palcheck_oracle import strategies
from palcheck_oracle.testing import assert_agrees

venv = Path(sys.argv[1]).resolve()
for module in (palcheck_oracle, palcheck_dump):
    assert venv in Path(module.__file__).resolve().parents, f"{module.__name__} imported from {module.__file__}"
relays = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0]])


def relay_loop(u):
    """eq:relay relay by relay: u >= alpha switches on first, then u <= beta off; every relay starts off."""
    state, out = np.zeros(len(relays)), []
    for x in u:
        state = np.where(x >= relays[:, 0], 1.0, np.where(x <= relays[:, 1], 0.0, state))
        out.append(state @ relays[:, 2])
    return np.array(out)


u = np.array([0.0, 1.0, 0.5, 0.25, 0.75, 0.6])
assert palcheck_oracle.evaluate(u, relays=relays).tolist() == relay_loop(u).tolist()


@settings(max_examples=20, deadline=None)
@given(strategies.sequences(relays=relays))
def relay_loop_agrees(u):
    assert_agrees(relay_loop, u, relays=relays)


relay_loop_agrees()
print("installed:", palcheck_oracle.__file__)
PY
