"""Numbers beyond what a path supports, and arguments of the wrong kind, are refused by name (def:pal).

fuzz() calls fn with doubles, so a domain or a relay beyond the doubles, or a domain that holds no double,
is a ValueError naming the argument and the range, as `palcheck fuzz-impl` refuses it (a domain of
-1e400..1e400 once killed the interpreter); evaluate()'s float64 outputs past the largest double are
refused as `palcheck eval --values double` refuses them (the exact outputs are the evidence); MPAL heads
of d = 0, a list where a convention takes one number, NaN and infinite budgets, dates and records read as
numbers, and values pybind11 cannot cast are refused with a message naming the argument.
Run: PYTHONPATH=build/python python3 -m pytest tests/python/test_hostile_numbers.py   (ctest runs it).
"""
import sys
from fractions import Fraction

import numpy as np
import pytest

import palcheck_oracle as oracle

RELAYS = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0]])
LARGEST = Fraction(sys.float_info.max)


def correct(u):
    return oracle.evaluate(u, relays=RELAYS)


@pytest.mark.parametrize("domain", [("-1e400", "1e400"), ("1e309", "1e310"), ("-1e309", 0), (0, "1e309")])
@pytest.mark.parametrize("case", [None, 3])
def test_a_domain_beyond_the_doubles_is_refused_naming_it(domain, case):
    assert any(abs(Fraction(end)) > LARGEST for end in domain)  # the probe is beyond the doubles
    with pytest.raises(ValueError, match=r"^domain = .* is beyond the range of a double \(\[-1\.7976931348623157e308"):
        oracle.fuzz(correct, relays=RELAYS, domain=domain, case=case, progress=False)


def test_a_domain_that_holds_no_double_is_refused():
    low, high = Fraction("1e-400"), Fraction("2e-400")
    assert 0 < low < high < Fraction(5e-324)  # no double lies between them
    with pytest.raises(ValueError, match=r"^domain = \[.*\] holds no double"):
        oracle.fuzz(correct, relays=RELAYS, domain=("1e-400", "2e-400"), progress=False)


def test_the_widest_domain_of_doubles_runs_with_inputs_inside_it():
    seen = []

    def recording(u):
        seen.extend(u)
        return correct(u)

    report = oracle.fuzz(recording, relays=RELAYS, domain=(-sys.float_info.max, sys.float_info.max), max_cases=60,
                         progress=False)
    assert report["passed"] and report["cases"] == 60
    assert all(np.isfinite(seen)) and max(map(abs, seen)) == sys.float_info.max


def test_inputs_stay_inside_a_domain_whose_end_is_no_double():
    seen = []

    def recording(u):
        seen.extend(u)
        return correct(u)

    oracle.fuzz(recording, relays=RELAYS, domain=("0", "1/10"), max_cases=48, progress=False)
    assert seen and all(0 <= Fraction(x) <= Fraction(1, 10) for x in seen)


@pytest.mark.parametrize("alpha", [10**400, "1e400", Fraction(10**400)])
def test_a_relay_beyond_the_doubles_is_refused(alpha):
    with pytest.raises(ValueError, match=r"^relays: "):
        oracle.fuzz(correct, relays=[[alpha, 0, 1]], progress=False)


def test_outputs_past_the_largest_double_are_refused_and_exact_ones_given():
    relays = np.array([[1.0, 0.0, 1.5e308], [2.0, -1.0, 1.5e308]])
    exact = oracle.evaluate([3.0], relays=relays, exact=True)
    assert exact[0] > LARGEST  # the sum of the weights is past the largest double
    with pytest.raises(ValueError, match=r"^evaluate: output 0 \(C order\) has no finite double .*exact=True"):
        oracle.evaluate([3.0], relays=relays)
    heads = [{"w_in": [1.0], "w_out": [1.0], "relays": relays}]
    with pytest.raises(ValueError, match=r"^evaluate: output 0 .*exact=True"):
        oracle.evaluate([[3.0]], heads=heads)


def test_heads_of_dimension_zero_are_refused():
    heads = [{"w_in": [], "w_out": [], "relays": RELAYS}]
    with pytest.raises(ValueError, match=r"^heads\[0\]\.w_in: empty; the model dimension d must be at least 1"):
        oracle.evaluate(np.zeros((3, 0)), heads=heads)


@pytest.mark.parametrize("key", ["atol", "rtol", "tie_rule", "states"])
def test_a_list_where_a_convention_takes_one_value_is_refused(key):
    with pytest.raises(ValueError, match=rf"^conventions\.{key}: expected one value, got a list"):
        oracle.compare([0.0], [0.0], relays=RELAYS, **{key: [1]})


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -1.0, 1e12])
def test_budgets_outside_their_range_are_refused(seconds):
    with pytest.raises(ValueError, match=r"^seconds: expected a number of seconds in \[0, 31536000\]"):
        oracle.fuzz(correct, relays=RELAYS, seconds=seconds, progress=False)


@pytest.mark.parametrize("argument, value, message", [
    ("max_cases", -1, r"^max_cases: out of range 1\.\."),
    ("max_cases", 2.5, r"^max_cases: expected an integer in 1\.\..*, got float"),
    ("max_cases", True, r"^max_cases: expected an integer in 1\.\..*, got bool"),
    ("case", 1_000_000, r"^case: out of range 0\.\.999999: 1000000"),
    ("seconds", "ten", r"^seconds: expected a number, got str"),
])
def test_arguments_of_the_wrong_kind_are_refused_by_name(argument, value, message):
    with pytest.raises(ValueError, match=message):
        oracle.fuzz(correct, relays=RELAYS, progress=False, **{argument: value})


def test_heads_delta_seed_explain_and_initial_state_of_the_wrong_kind_are_refused_by_name():
    with pytest.raises(ValueError, match=r"^heads: expected a list of dicts, got int"):
        oracle.evaluate(np.zeros((2, 1)), heads=3)
    with pytest.raises(ValueError, match=r"^heads\[0\]: expected a dict with w_in, w_out and relays, got int"):
        oracle.evaluate(np.zeros((2, 1)), heads=[3])
    with pytest.raises(ValueError, match=r"^delta: expected a number or a str of an exact number, got list"):
        oracle.evaluate([0.0], grid=np.eye(2), delta=[1])
    with pytest.raises(ValueError, match=r"^seed: expected an integer in 0\.\.18446744073709551615, got str"):
        oracle.fuzz(correct, relays=RELAYS, seed="x", progress=False)
    with pytest.raises(ValueError, match=r"^explain: out of range 0\.\.1000000: -1"):
        oracle.compare([0.0], [0.0], relays=RELAYS, explain=-1)
    with pytest.raises(ValueError, match=r"^initial_state: out of range 0\.\.1: 2"):
        oracle.evaluate([0.0], relays=RELAYS, initial_state=2)
    with pytest.raises(ValueError, match=r"^initial_state: expected an integer in 0\.\.1, got str"):
        oracle.trace([0.0], relays=RELAYS, initial_state="1")
    u = [0.6]  # inside both dead bands: the initial state shows, and a numpy integer counts as one
    on = oracle.evaluate(u, relays=RELAYS, initial_state=np.int64(1)).tolist()
    assert on == oracle.evaluate(u, relays=RELAYS, initial_state=1).tolist() != oracle.evaluate(u, relays=RELAYS).tolist()


@pytest.mark.parametrize("array, what", [
    (np.array(["2020-01-01", "2021-06-01"], dtype="datetime64[D]"), "datetime64"),
    (np.array([1, 2], dtype="timedelta64[s]"), "timedelta64"),
    (np.array([(1.5,), (2.0,)], dtype=[("x", "f8")]), "a structured"),
])
def test_dates_durations_and_records_are_no_numbers(array, what):
    with pytest.raises(ValueError, match=rf"^inputs: an array of {what}"):
        oracle.evaluate(array, relays=RELAYS)


@pytest.mark.parametrize("call, argument", [
    (lambda value: oracle.evaluate([0.0], relays=RELAYS, exact=value), "exact"),
    (lambda value: oracle.fuzz(correct, relays=RELAYS, max_cases=1, progress=value), "progress"),
    (lambda value: oracle.fuzz(correct, relays=RELAYS, max_cases=1, progress=False, relays_per_call=value),
     "relays_per_call"),
])
@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_yes_or_no_argument_takes_true_or_false_only(call, argument, value):
    with pytest.raises(ValueError, match=rf"^{argument}: expected True or False, got {type(value).__name__}"):
        call(value)
    call(np.bool_(False))  # numpy's bool is one


def test_a_grid_matrix_is_square_as_for_palcheck_eval():
    for shape in [(3, 2), (2, 3)]:
        with pytest.raises(ValueError, match=rf"^grid: a grid needs an L x L weight matrix; this array is "
                                             rf"{shape[0]} x {shape[1]}"):
            oracle.evaluate([0.0], grid=np.ones(shape), delta="1/4")
    assert oracle.evaluate([0.0], grid=np.tril(np.ones((2, 2))), delta="1/4").shape == (1,)
