"""palcheck_oracle.testing and palcheck_oracle.strategies as a pytest user meets them (def:relay, def:pal).

assert_agrees passes a correct numpy PAL and fails a defective one with compare's words; the Hypothesis
strategies draw where their docstrings say (next to thresholds, one-sided cycles that never reach the
threshold, ramps, plateaus) and, driving assert_agrees, find defects that live next to thresholds;
assert_finds asserts a second defect and the number of root causes; compare reads NaN, and None, as an
undefined output; MPAL compare names a root cause once, in its head (def:mpal).
Run: PYTHONPATH=build/python python3 -m pytest tests/python/test_testing_helpers.py   (ctest runs it).
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import palcheck_oracle as oracle
from palcheck_oracle import strategies
from palcheck_oracle.testing import assert_agrees, assert_finds

RELAYS = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0], [1.5, -0.5, 0.25], [0.5, 0.5, 2.0], [2.0, 1.25, 1.0]])
THRESHOLDS = np.unique(RELAYS[:, :2])


def relay_pal(u, strict=False, creep=0.0):
    """eq:relay relay by relay. strict: u > alpha, u < beta. creep: an off relay that comes within 1e-6
    (relative) of its alpha, without reaching it, moves by `creep` towards on (a smoothed relay's ratchet)."""
    alpha, beta, w = RELAYS[:, 0], RELAYS[:, 1], RELAYS[:, 2]
    state, out = np.zeros(len(alpha)), np.empty(len(u))
    for n, x in enumerate(np.asarray(u, dtype=np.float64)):
        on = x > alpha if strict else x >= alpha
        off = x < beta if strict else x <= beta
        close = (x < alpha) & (alpha - x <= 1e-6 * np.maximum(np.abs(alpha), 1.0))
        state = np.where(on, 1.0, np.where(off, 0.0, np.where(close, np.minimum(state + creep, 1.0), state)))
        out[n] = state @ w
    return out


def test_assert_agrees_passes_a_correct_implementation():
    u = np.array([[0.0, 1.0, 0.5, 0.75, 2.0, 1.25], [0.5, 0.5, 1.0, 0.25, 0.75, 2.0]])
    report = assert_agrees(np.array([relay_pal(row) for row in u]), u, relays=RELAYS)
    assert report["agree"] and report["sequences"] == 2
    assert_agrees(relay_pal, u[0], relays=RELAYS)


def test_no_token_is_nothing_compared_and_fails_assert_agrees():
    empty = np.zeros((1, 0))
    report = oracle.compare(empty, empty, relays=RELAYS)
    assert report["status"] == "nothing compared" and not report["agree"]
    with pytest.raises(AssertionError, match="nothing compared"):
        assert_agrees(empty, empty, relays=RELAYS)


def test_assert_agrees_fails_with_the_words_of_compare():
    u = np.array([0.0, 1.0, 0.5, 0.75, 2.0, 1.25])
    with pytest.raises(AssertionError) as failure:
        assert_agrees(lambda v: relay_pal(v, strict=True), u, relays=RELAYS)
    report = oracle.compare(relay_pal(u, strict=True), u, relays=RELAYS)
    assert str(failure.value) == oracle.summarize(report).rstrip()
    assert "1 of 1 sequence(s) differ" in str(failure.value) and "tie" in str(failure.value)


def within(value, t, relative=1e-3, ulps=strategies.MAX_ULPS):
    """Whether value is t, or within a relative 1e-3 of it, or a few values of its type from it (value's type)."""
    step = abs(float(np.spacing(type(value)(t))))
    return abs(float(value) - float(t)) <= relative * max(abs(float(t)), 1.0) + ulps * step


@settings(max_examples=300, deadline=None)
@given(strategies.near_thresholds(relays=RELAYS))
def test_near_thresholds_are_next_to_a_threshold(x):
    assert any(within(x, t) for t in THRESHOLDS)


@settings(max_examples=100, deadline=None)
@given(strategies.near_thresholds(relays=RELAYS, dtype=np.float32))
def test_float32_values_are_float32(x):
    assert isinstance(x, np.float32) and any(within(x, t) for t in THRESHOLDS)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(THRESHOLDS.tolist()).flatmap(
    lambda t: st.tuples(st.just(t), strategies.one_sided_cycles(thresholds=[t], max_periods=400))))
def test_one_sided_cycles_never_reach_their_threshold(drawn):
    t, u = drawn
    cycle = u if len(u) % 2 == 0 else u[1:]  # an odd length has a first value anywhere
    assert len(cycle) >= 4 and len(set(np.sign(cycle - t))) == 1 and t not in cycle
    assert any(within(x, t) for x in cycle)


@settings(max_examples=100, deadline=None)
@given(strategies.plateaus(relays=RELAYS, max_size=8))
def test_plateaus_hold_a_threshold(u):
    assert u[-1] in THRESHOLDS and u[-2] == u[-1]


@settings(max_examples=100, deadline=None)
@given(strategies.ramps(relays=RELAYS, max_size=32))
def test_ramps_are_evenly_spaced(u):
    assert 2 <= len(u) <= 32 and np.allclose(np.diff(u), (u[-1] - u[0]) / (len(u) - 1), rtol=0, atol=1e-9)


@settings(max_examples=100, deadline=None)
@given(strategies.sequences(relays=RELAYS, domain=(-0.25, 1.0)))
def test_a_domain_keeps_values_inside(u):
    assert u.dtype == np.float64 and u.ndim == 1 and len(u) >= 1
    assert (u >= -0.25).all() and (u <= 1.0).all()


def failing_example(implementation, strategy, shrink=True, **options):
    """The input where assert_agrees fails that Hypothesis reports (shrunk, or the first it met), or None;
    a fixed derandomized search of 200 examples."""
    found = []
    phases = [Phase.explicit, Phase.generate] + ([Phase.shrink] if shrink else [])

    @settings(max_examples=200, deadline=None, derandomize=True, database=None, phases=phases,
              suppress_health_check=list(HealthCheck), report_multiple_bugs=False)
    @given(strategy)
    def property_(u):
        try:
            assert_agrees(implementation, u, relays=RELAYS, **options)
        except AssertionError:
            found.append(u)
            raise

    try:
        property_()
    except AssertionError:
        return found[-1]
    return None


def test_sequences_find_strict_ties():
    u = failing_example(lambda v: relay_pal(v, strict=True), strategies.sequences(relays=RELAYS))
    assert u is not None and len(u) <= 2


def test_sequences_find_a_sub_threshold_ratchet():
    # A close approach to alpha from inside a relay's dead band moves the output by at most 0.05: with
    # atol=0.25 a difference shows after five approaches with no crossing in between, as one-sided cycles make.
    creeping = lambda v: relay_pal(v, creep=0.05)  # noqa: E731
    u = failing_example(creeping, strategies.sequences(relays=RELAYS), shrink=False, atol="0.25")
    assert u is not None
    assert not oracle.compare(creeping(u), u, relays=RELAYS, atol="0.25")["agree"]


def test_a_correct_implementation_passes_every_strategy():
    assert failing_example(relay_pal, strategies.sequences(relays=RELAYS)) is None


def test_assert_finds_fails_when_the_search_finds_nothing_or_another_cause():
    with pytest.raises(AssertionError, match="found nothing"):
        assert_finds(lambda u: relay_pal(u), "tie_rule", relays=RELAYS, max_cases=50)
    with pytest.raises(AssertionError, match="no root cause names first_token"):
        assert_finds(lambda u: relay_pal(u, strict=True), "first_token", relays=RELAYS, max_cases=50)
    with pytest.raises(AssertionError, match="expected the cause first_token first"):
        assert_finds(lambda u: relay_pal(u, strict=True), "first_token", relays=RELAYS, max_cases=50, headline=True)
    for headline in (False, True):
        found = assert_finds(lambda u: relay_pal(u, strict=True), "tie_rule", relays=RELAYS, max_relays=len(RELAYS),
                             max_cases=50, headline=headline)
        assert found["cause"] == "tie_rule" and found["tokens"] <= 8


def test_assert_finds_asks_for_a_small_witness():
    with pytest.raises(AssertionError, match="at most 8 tokens and 3 relays"):
        assert_finds(lambda u: relay_pal(u, strict=True), "tie_rule", relays=RELAYS, max_cases=50)


def test_assert_finds_asserts_a_second_defect_and_the_root_causes():
    def two_defects(u):  # strict ties, and u_0 never applied
        return np.concatenate(([0.0], relay_pal(np.asarray(u)[1:], strict=True)))

    with pytest.raises(AssertionError, match="at most 1 root cause"):
        assert_finds(two_defects, "tie_rule", relays=RELAYS, max_relays=len(RELAYS), max_cases=120,
                     headline=False, max_root_causes=1)
    # Naming one planted cause for an implementation with two defects: more root causes than causes planted.
    with pytest.raises(AssertionError, match="at most 1 root cause.s., one per planted defect"):
        assert_finds(two_defects, "tie_rule", relays=RELAYS, max_relays=len(RELAYS), max_cases=120,
                     headline=False, only_causes=["tie_rule"])
    found = assert_finds(two_defects, "first_token", relays=RELAYS, max_relays=len(RELAYS), max_cases=120,
                         headline=False, max_root_causes=2)
    assert "first_token" in (found["cause"], found["root_cause"])


def test_assert_finds_passes_for_every_kind_the_run_names_alone_or_joined():
    def two_defects(u):  # strict ties, and u_0 never applied
        return np.concatenate(([0.0], relay_pal(np.asarray(u)[1:], strict=True)))

    report = oracle.fuzz(two_defects, relays=RELAYS, max_cases=120, progress=False)
    named = {kind for r in report["root_causes"] for kind in r["cause"].split("+")}
    assert {"tie_rule", "first_token"} <= named, report["root_causes"]
    for kind in named - {"unexplained"}:
        found = assert_finds(two_defects, kind, relays=RELAYS, max_relays=len(RELAYS), max_tokens=10**6,
                             max_cases=120)
        assert kind in {found["cause"]} | set(str(found.get("root_cause")).split("+")), found
    for kind in {"ratchet", "drift", "smoothing"} - named:
        with pytest.raises(AssertionError, match="no root cause names " + kind):
            assert_finds(two_defects, kind, relays=RELAYS, max_relays=len(RELAYS), max_cases=120)


def test_compare_reads_nan_as_an_undefined_output():
    u = np.array([0.0, 0.6, 2.0, 0.0])
    y = oracle.evaluate(u, relays=RELAYS)
    y[:2] = np.nan  # relay (1.5, -0.5) is decided at token 2 only
    assert oracle.compare(y, u, relays=RELAYS, before_crossing="undefined")["agree"]
    report = oracle.compare(y, u, relays=RELAYS)
    assert not report["agree"] and report["differences"][0]["diagnosis"]["cause"] == "before_crossing"
    y[3] = np.nan
    late = oracle.compare(y, u, relays=RELAYS, before_crossing="undefined")
    assert late["differences"][0]["token"] == 3 and late["differences"][0]["diagnosis"]["cause"] == "undefined_output"


def with_none(values, undefined):
    """values (2-D) as a list of lists of floats with None at the (sequence, token) pairs `undefined`."""
    return [[None if (s, n) in undefined else float(v) for n, v in enumerate(row)] for s, row in enumerate(values)]


def test_compare_reads_none_as_it_reads_nan():
    """None, in a list or an object array (an implementation returning [None, 0.5, ...]), is the undefined
    output NaN is: the same report under before_crossing=undefined and under the default convention."""
    u = np.array([[0.0, 0.6, 2.0, 0.0], [2.0, 0.6, 0.0, 1.0]])
    y = oracle.evaluate(u, relays=RELAYS)
    for undefined in ({(0, 0), (0, 1)}, {(0, 0), (0, 1), (0, 3)}):  # before the crossing; also after it
        nan = y.copy()
        for s, n in undefined:
            nan[s, n] = np.nan
        for conventions in ({"before_crossing": "undefined"}, {}):
            expected = oracle.compare(nan, u, relays=RELAYS, **conventions)
            listed = with_none(y, undefined)
            for theirs in (listed, np.array(listed, dtype=object)):
                assert oracle.compare(theirs, u, relays=RELAYS, **conventions) == expected
                assert oracle.compare(theirs[0], u[0], relays=RELAYS, **conventions) == \
                    oracle.compare(nan[0], u[0], relays=RELAYS, **conventions)
    late = oracle.compare(with_none(y, {(0, 0), (0, 1), (0, 3)}), u, relays=RELAYS, before_crossing="undefined")
    assert late["differences"][0]["diagnosis"]["cause"] == "undefined_output"


def test_mpal_compare_refuses_none_as_it_refuses_nan():
    heads = [{"w_in": [1.0], "w_out": [1.0], "relays": RELAYS}]
    x = np.array([[0.0], [0.6], [2.0]])
    y = oracle.evaluate(x, heads=heads)
    refused = []
    for missing in (np.nan, None):
        theirs = [[missing]] + y[1:].tolist()
        with pytest.raises(ValueError, match="not finite") as error:
            oracle.compare(theirs, x, heads=heads)
        refused.append(str(error.value))
    assert refused[0] == refused[1]


def test_mpal_compare_names_a_defect_of_one_head_once_in_that_head():
    heads = [{"w_in": [1.0, 0.0], "w_out": [1.0, 2.0], "relays": RELAYS[:3]},
             {"w_in": [1.0, 1.0], "w_out": [-1.0, 1.0], "relays": RELAYS[2:]}]
    rng = np.random.default_rng(3)
    x = rng.integers(0, 5, size=(8, 6, 2)) / 4

    def head_pal(head, tokens, strict):  # eq:relay relay by relay on the head's signal
        alpha, beta, w = head["relays"][:, 0], head["relays"][:, 1], head["relays"][:, 2]
        state, out = np.zeros(len(alpha)), []
        for v in tokens @ np.array(head["w_in"]):
            on, off = (v > alpha, v < beta) if strict else (v >= alpha, v <= beta)
            state = np.where(on, 1.0, np.where(off, 0.0, state))
            out.append(state @ w)
        return np.array(out)

    theirs = np.array([sum(np.outer(head_pal(h, tokens, strict=k == 1), h["w_out"]) for k, h in enumerate(heads))
                       for tokens in x])
    report = oracle.compare(theirs, x, heads=heads)
    assert not report["agree"]
    roots = report["root_causes"]
    assert [(r["cause"], r["conventions"], r["head"]) for r in roots] == [("tie_rule", {"tie_rule": "strict"}, 1)]
    assert roots[0]["failing_sequences"] == report["differing_sequences"]
    assert "root cause tie_rule {\"tie_rule\":\"strict\"} in head 1" in oracle.summarize(report)


def test_assert_finds_reads_none_as_nan():
    def undefined_first(missing):
        def fn(u):
            out = [float(v) for v in relay_pal(u)]
            out[0] = missing
            return out
        return fn

    nan, none = undefined_first(np.nan), undefined_first(None)
    cause = oracle.fuzz(nan, relays=RELAYS, max_cases=20, progress=False)["failures"][0]["cause"]
    found = [assert_finds(fn, cause, relays=RELAYS, max_cases=20, max_relays=len(RELAYS)) for fn in (nan, none)]
    assert found[0] == found[1]


@settings(max_examples=10, database=None, suppress_health_check=list(HealthCheck))
@given(strategies.sequences(relays=RELAYS))
def test_a_drawn_sequence_prints_as_an_array(u):
    assert repr(u).startswith("array(") and repr(u) == repr(np.asarray(u))
    assert oracle.evaluate(u, relays=RELAYS).shape == u.shape
