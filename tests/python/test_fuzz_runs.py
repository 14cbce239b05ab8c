"""How a fuzz() run ends (def:pal): Ctrl-C stops it (and a long evaluate()), a run of no case is not a
pass, and relays given to the implementation with each call shrink.

KeyboardInterrupt, raised inside the implementation under test or arriving while palcheck's own code
runs, propagates to the caller at once, never reported as the implementation's failure; max_cases=0 is
refused, as fuzz-impl refuses --max-cases 0, and seconds=0 gives passed=False and assert_matches says
nothing was checked.
Run: PYTHONPATH=build/python python3 -m pytest tests/python/test_fuzz_runs.py   (ctest runs it).
"""
import os
import signal
import threading
import time

import numpy as np
import pytest

import palcheck_oracle as oracle

RELAYS = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0], [1.5, -0.5, 0.25]])


def correct(u):
    return oracle.evaluate(u, relays=RELAYS)


def test_keyboard_interrupt_in_the_implementation_stops_the_run():
    calls = []

    def interrupted(u):
        calls.append(len(u))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return correct(u)

    with pytest.raises(KeyboardInterrupt):
        oracle.fuzz(interrupted, relays=RELAYS, progress=False)
    assert len(calls) == 3


def test_other_exceptions_are_failures_of_the_implementation():
    def raises(u):
        raise RuntimeError("broken")

    report = oracle.fuzz(raises, relays=RELAYS, progress=False, max_cases=5)
    assert not report["passed"] and report["failures"][0]["property"] == "exception"


def test_ctrl_c_stops_the_run():
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            oracle.fuzz(correct, relays=RELAYS, progress=False, max_cases=10**9, seconds=120)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 30


def test_no_case_is_no_pass():
    report = oracle.fuzz(correct, relays=RELAYS, progress=False, seconds=0)
    assert report["cases"] == 0 and report["passed"] is False
    with pytest.raises(AssertionError, match="no case was run.*nothing was checked"):
        oracle.assert_matches(correct, relays=RELAYS, seconds=0)


@pytest.mark.parametrize("max_cases", [0, -1])
def test_a_budget_of_no_case_is_refused_naming_it(max_cases):
    with pytest.raises(ValueError, match="max_cases"):
        oracle.fuzz(correct, relays=RELAYS, progress=False, max_cases=max_cases)


def test_relays_per_call_lets_shrinking_drop_relays():
    seen = []

    def strict(u, relays):  # tie rule u > alpha, u < beta, over the relays of the call
        seen.append(len(relays))
        alpha, beta, w = relays.T
        state, out = np.zeros(len(alpha)), []
        for x in u:
            state = np.where(x > alpha, 1.0, np.where(x < beta, 0.0, state))
            out.append(state @ w)
        return np.array(out)

    failure = oracle.fuzz(strict, relays=RELAYS, relays_per_call=True, progress=False)["failures"][0]
    assert failure["property"] == "tie rule" and failure["relays_kept"] == 1 and min(seen) == 1
    assert failure["relays_before_shrinking"] == len(RELAYS)


def test_ctrl_c_stops_a_long_evaluation():
    u = np.broadcast_to(np.float64(0.6), (2 * 10**8,))  # read in place: no 1.6 GB of inputs
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            oracle.evaluate(u, relays=RELAYS)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 5


def test_the_seed_defaults_to_1_as_on_the_command_line():
    report = oracle.fuzz(correct, relays=RELAYS, max_cases=3, progress=False)
    assert report["seed"] == 1 and report["passed"]
    assert oracle.fuzz(correct, relays=RELAYS, max_cases=3, seed=1, progress=False)["cases"] == report["cases"]


def test_a_domain_is_a_convention_bounding_the_inputs_and_in_the_replay():
    seen = []

    def inside(u):
        seen.extend(u)
        return correct(u)

    report = oracle.fuzz(inside, relays=RELAYS, domain=(0, 1), max_cases=60, progress=False)
    assert report["passed"] and report["conventions"]["domain"] == ["0", "1"]
    assert min(seen) >= 0 and max(seen) <= 1

    def wrong(u):
        return correct(u) + 1

    failure = oracle.fuzz(wrong, relays=RELAYS, domain=(0, 1), max_cases=5, progress=False)["failures"][0]
    assert "domain=(0, 1)" in failure["replay"] and "seed=1" in failure["replay"]


def test_nan_outputs_are_undefined_outputs():
    def nan_first(u):
        out = np.array(correct(u), dtype=np.float64)
        out[0] = np.nan
        return out

    failure = oracle.fuzz(nan_first, relays=RELAYS, max_cases=5, progress=False)["failures"][0]
    assert failure["property"] == "undefined output" and failure["token"] == 0


def test_none_outputs_are_the_undefined_outputs_nan_is():
    def undefined_at_start(missing, kind):
        def fn(u):
            out = [float(v) for v in correct(u)]
            out[0] = missing
            return np.array(out, dtype=kind) if kind else out
        return fn

    for conventions in ({}, {"before_crossing": "undefined"}):
        nan = oracle.fuzz(undefined_at_start(np.nan, np.float64), relays=RELAYS, max_cases=20, progress=False,
                          **conventions)
        assert nan["cases"] > 0 and (conventions or not nan["passed"])
        for kind in (None, object):
            none = oracle.fuzz(undefined_at_start(None, kind), relays=RELAYS, max_cases=20, progress=False,
                               **conventions)
            assert {k: v for k, v in none.items() if k != "seconds"} == {k: v for k, v in nan.items() if k != "seconds"}
