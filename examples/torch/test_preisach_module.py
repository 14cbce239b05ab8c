"""palcheck_oracle's differential tester on preisach_module.py, a PyTorch layer with tanh-smoothed relays
in its own conventions (temperature 1e-3, inputs in [0, 1]), declared once as keyword arguments. As
written it passes; each planted defect is found unaided, its cause named first and as the root cause of
every failure, with a witness of at most 8 tokens and 3 relays; the ratchet also with inputs that never
reach the relay's thresholds; two defects planted at once are named as at most two causes (a case both
shape counted with each, its failure's root cause first_token+ratchet).
Run: PYTHONPATH=build/python python3 -m pytest examples/torch   (ctest runs it).
"""
import numpy as np
import pytest
import torch

from palcheck_oracle.testing import assert_finds, assert_matches
from preisach_module import SmoothPreisach

# alpha, beta, weight, inside the domain [0, 1].
RELAYS = np.array([[0.5, 0.2, 1.0], [0.3, 0.3, 0.5], [0.45, 0.45, 0.25], [0.9, 0.1, 2.0],
                   [0.7, 0.6, 0.75], [1.0, 0.0, 1.5]])
CONVENTIONS = dict(smoothing="tanh:1/1000", domain=(0, 1))


def layer(defect=None):
    """fuzz's fn(u, relays): a fresh module on the case's relays, its output tensor as it is."""
    return lambda u, relays: SmoothPreisach(relays, temperature=1e-3, defect=defect)(torch.from_numpy(u))


def test_as_written_agrees_with_the_exact_reference():
    assert_matches(layer(), relays=RELAYS, relays_per_call=True, **CONVENTIONS)


@pytest.mark.parametrize("defect, cause", [("ratchet", "ratchet"), ("skip-first", "first_token"),
                                           ("undefined-start", "before_crossing")])
def test_a_planted_defect_is_found_and_named(defect, cause):
    found = assert_finds(layer(defect), cause, relays=RELAYS, relays_per_call=True, headline=True,
                         only_causes=[cause], short_of_thresholds=defect == "ratchet", **CONVENTIONS)
    assert found["root_cause"] == cause, found
    print(f"{defect}: {found['property']} ({found['cause']}) on {found['inputs_double']}, "
          f"{found['relays_kept']} relay(s)")


def test_two_planted_defects_are_named_as_at_most_two_causes():
    found = assert_finds(layer("ratchet+skip-first"), "ratchet", relays=RELAYS, relays_per_call=True,
                         headline=False, only_causes=["ratchet", "first_token"], **CONVENTIONS)
    print(f"ratchet+skip-first: {found['property']} ({found['cause']}, root cause {found['root_cause']}) on "
          f"{found['inputs_double']}")
