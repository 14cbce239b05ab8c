"""palcheck_oracle's differential tester on preisach_loop.py, a numpy Preisach loop in its own conventions
(states -1/+1, output 0.5 * sum_r w_r s_r + 1), declared once as keyword arguments. As written it passes;
each planted defect is found unaided, its cause named first and as the root cause of every failure, with a
witness of at most 8 tokens and 3 relays; two defects planted at once are named as at most two causes.
Run: PYTHONPATH=build/python python3 -m pytest examples/numpy   (ctest runs it).
"""
import numpy as np
import pytest

from palcheck_oracle.testing import assert_finds, assert_matches
from preisach_loop import preisach

# alpha, beta, weight: a diagonal relay at 0, one at 0.45, a wide one reaching below 0.
RELAYS = np.array([[0.5, 0.2, 1.0], [0.0, 0.0, 0.5], [0.45, 0.45, 0.25], [0.9, -0.3, 2.0],
                   [0.7, 0.6, 0.75], [1.0, 0.1, 1.5]])
CONVENTIONS = dict(states="pm1", output_map=(0.5, 1, 0))


def test_as_written_agrees_with_the_exact_reference():
    assert_matches(lambda u, relays: preisach(u, relays), relays=RELAYS, relays_per_call=True, **CONVENTIONS)


@pytest.mark.parametrize("defect, cause", [("skip-first", "first_token"), ("strict", "tie_rule"),
                                           ("half-tie", "fractional_states"), ("undefined-start", "before_crossing")])
def test_a_planted_defect_is_found_and_named(defect, cause):
    found = assert_finds(lambda u, relays: preisach(u, relays, defect), cause, relays=RELAYS,
                         relays_per_call=True, headline=True, only_causes=[cause], **CONVENTIONS)
    assert found["root_cause"] == cause, found
    print(f"{defect}: {found['property']} ({found['cause']}) on {found['inputs_double']}, "
          f"{found['relays_kept']} relay(s)")


def test_two_planted_defects_are_named_as_at_most_two_causes():
    found = assert_finds(lambda u, relays: preisach(u, relays, "strict+skip-first"), "tie_rule", relays=RELAYS,
                         relays_per_call=True, headline=False, only_causes=["tie_rule", "first_token"], **CONVENTIONS)
    print(f"strict+skip-first: {found['property']} ({found['cause']}, root cause {found['root_cause']}) on "
          f"{found['inputs_double']}")
