"""evaluate() on relay lists costs what the list costs (prop:complexity), and holds grids to the command line's limit.

20,000 relays with 40,000 distinct thresholds: a table of the square of the thresholds would take 25 GB; the
outputs are checked against the count of relays switched on, computed here. A grid matrix of 8,192 rows is
refused with the command line's message (kMaxTableCells, docs/hardening.md), whichever path reads it.
Run: PYTHONPATH=build/python python3 -m pytest tests/python/test_relay_cost.py   (ctest runs it).
"""
from fractions import Fraction

import numpy as np
import pytest

import palcheck_oracle as oracle


def scattered_relays(count, seed):
    """Weight-1 relays with distinct integer thresholds over [0, 10^9): 2 * count thresholds."""
    rng = np.random.default_rng(seed)
    a, b = rng.integers(0, 500_000_000, size=(2, count)) * 2
    return np.stack([np.maximum(a, b) + 1, np.minimum(a, b), np.ones(count, dtype=np.int64)], axis=1)


def test_twenty_thousand_listed_relays_evaluate_to_the_counts_switched_on():
    relays = scattered_relays(20000, 11)
    u = np.array([-1, 300_000_000, 700_000_000, 1_000_000_001], dtype=np.int64)  # rising from all off
    expected = [int(np.count_nonzero(relays[:, 0] <= x)) for x in u]
    assert oracle.evaluate(u, relays=relays, exact=True) == [Fraction(c) for c in expected]
    assert list(oracle.evaluate(u.astype(np.float64), relays=relays.astype(np.float64))) == expected


@pytest.mark.parametrize("dtype", [np.float64, np.int64, object])
def test_a_grid_beyond_its_table_is_refused_as_the_command_line_refuses_it(dtype):
    grid = np.zeros((8192, 1), dtype=dtype)
    with pytest.raises(ValueError, match=r"a grid of L = 8192 needs a table of \(L \+ 1\)\^2 sums; at most 67108864 "
                                         r"\(L <= 8191"):
        oracle.evaluate(np.array([0.0, 1.0]), grid=grid, delta="1")
