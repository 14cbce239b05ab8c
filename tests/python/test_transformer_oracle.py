"""palcheck_oracle.transformer against a float64 PAL-Transformer written here from def:pal_transformer
(not from palcheck's code): evaluate agrees with it to 1e-9 on random models and tokens, in every
LayerNorm and PE convention, wherever no relay is undecided; a value the enclosures cannot settle is
reported by token, layer and head; a bad document is a ValueError naming its field; compare names the
convention an implementation differs in, and a declared convention stops being a difference."""
import copy
import json
import pathlib
import pickle
from fractions import Fraction

import numpy as np
import pytest

from palcheck_oracle import transformer

EXAMPLE = json.loads((pathlib.Path(__file__).parents[2] / "examples/torch_transformer/two_layer.json").read_text())


def as_float(v):
    return float(Fraction(str(v)))


def floats(values):
    return np.array([[as_float(v) for v in row] for row in values] if isinstance(values[0], list)
                    else [as_float(v) for v in values])


def paper_model(model, x, ln_variance="biased", ln_eps="inside", ln_placement="post", pe_start="0",
                pe_layout="interleaved", tie_rule="as-printed"):
    """def:pal_transformer in float64: z0 = x + PE(n); per layer LN(z + MPAL(z)), LN(z + MLP(z))."""
    d = model["d"]
    n = len(x)
    z = np.array(x, dtype=np.float64)
    if model["pe"] is not None:
        w = floats(model["pe"]["frequencies"])
        angles = (np.arange(n) + int(pe_start))[:, None] * w[None, :]
        if pe_layout == "interleaved":
            pe = np.stack([np.sin(angles), np.cos(angles)], axis=2).reshape(n, -1)[:, :d]
        else:
            pe = np.concatenate([np.sin(angles), np.cos(angles)], axis=1)[:, :d]
        z = z + pe

    def ln(spec, v):
        mean = v.mean(axis=1, keepdims=True)
        var = ((v - mean) ** 2).sum(axis=1, keepdims=True) / (d - 1 if ln_variance == "unbiased" else d)
        eps = as_float(spec["eps"])
        sd = np.sqrt(var + eps) if ln_eps == "inside" else np.sqrt(var) + eps
        gamma = floats(spec.get("gamma", [1] * d))
        beta = floats(spec.get("beta", [0] * d))
        return gamma * (v - mean) / sd + beta

    def mpal(heads, v):
        out = np.zeros_like(v)
        for head in heads:
            relays = floats(head["relays"])
            state = np.zeros(len(relays))
            u = v @ floats(head["w_in"])
            for t in range(n):
                if tie_rule == "strict":
                    on, off = u[t] > relays[:, 0], u[t] < relays[:, 1]
                else:
                    on, off = u[t] >= relays[:, 0], u[t] <= relays[:, 1]
                state = np.where(on, 1.0, np.where(off, 0.0, state))
                out[t] += (relays[:, 2] @ state) * floats(head["w_out"])
        return out

    def mlp(spec, v):
        hidden = np.maximum(v @ floats(spec["w1"]).T + floats(spec["b1"]), 0)
        return hidden @ floats(spec["w2"]).T + floats(spec["b2"])

    for layer in model["layers"]:
        if ln_placement == "post":
            z = ln(layer["ln_mpal"], z + mpal(layer["heads"], z))
            z = ln(layer["ln_mlp"], z + mlp(layer["mlp"], z))
        else:
            z = z + mpal(layer["heads"], ln(layer["ln_mpal"], z))
            z = z + mlp(layer["mlp"], ln(layer["ln_mlp"], z))
    return z


def random_model(rng, d, layers, heads):
    """A model of random dyadic numbers (relays as rows alpha >= beta)."""
    def num(scale=1.0):
        return str(Fraction(int(rng.integers(-16, 17)), 16) * Fraction(scale).limit_denominator(64))

    def head():
        relays = []
        for _ in range(int(rng.integers(1, 4))):
            a, b = sorted([num(2), num(2)], key=Fraction, reverse=True)
            relays.append([a, b, num()])
        return {"w_in": [num() for _ in range(d)], "w_out": [num() for _ in range(d)], "relays": relays}

    def ln():
        return {"eps": "1/1000", "gamma": [num(2) for _ in range(d)], "beta": [num() for _ in range(d)]}

    hidden = int(rng.integers(1, 4))
    return {"d": d, "pe": {"frequencies": [str(Fraction(1, int(rng.integers(1, 5)))) for _ in range((d + 1) // 2)]},
            "layers": [{"heads": [head() for _ in range(heads)], "ln_mpal": ln(),
                        "mlp": {"w1": [[num() for _ in range(d)] for _ in range(hidden)],
                                "b1": [num() for _ in range(hidden)],
                                "w2": [[num() for _ in range(hidden)] for _ in range(d)], "b2": [num() for _ in range(d)]},
                        "ln_mlp": ln()} for _ in range(layers)]}


CONVENTIONS = [{}, {"ln_variance": "unbiased"}, {"ln_eps": "outside"}, {"ln_placement": "pre"}, {"pe_start": "1"},
               {"pe_layout": "halves"}, {"tie_rule": "strict"}]


@pytest.mark.parametrize("conventions", CONVENTIONS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "paper")
@pytest.mark.parametrize("seed", range(6))
def test_evaluate_agrees_with_a_float64_model_from_the_paper(seed, conventions):
    rng = np.random.default_rng(seed)
    d = int(rng.integers(2, 6))
    model = random_model(rng, d, layers=int(rng.integers(1, 4)), heads=int(rng.integers(1, 3)))
    x = rng.uniform(-3, 3, size=(int(rng.integers(1, 40)), d))
    got = transformer.evaluate({"transformer": model}, x, **conventions)
    assert got.undecided == []
    expected = paper_model(model, x, **conventions)
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-9)
    assert np.all(got.lo <= got) and np.all(np.asarray(got) <= got.hi)
    assert np.all(got.hi - got.lo < 1e-14)  # a few units in the last place


def test_the_example_document_agrees_with_the_float64_model():
    got = transformer.evaluate(EXAMPLE)
    np.testing.assert_allclose(got, paper_model(EXAMPLE["transformer"], floats(EXAMPLE["inputs"])), rtol=0, atol=1e-9)
    assert got.shape == (4, 4) and len(got.layers) == 2 and got.layers[1]["heads"].mid.shape == (4, 2)


def broken(path, value):
    doc = copy.deepcopy(EXAMPLE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


@pytest.mark.parametrize("path, value, field", [
    (("transformer", "d"), 0, "transformer.d"),
    (("transformer", "pe", "frequencies"), [1], "transformer.pe.frequencies"),
    (("transformer", "layers", 1, "heads", 0, "w_in"), [1, 0], "transformer.layers[1].heads[0].w_in"),
    (("transformer", "layers", 0, "heads", 1, "relays", 0), [0, 1, 1], "transformer.layers[0].heads[1].relays[0]"),
    (("transformer", "layers", 0, "ln_mlp", "eps"), 0, "transformer.layers[0].ln_mlp.eps"),
    (("transformer", "layers", 0, "ln_mpal", "eps"), KeyError, "transformer.layers[0].ln_mpal"),
    (("transformer", "layers", 1, "mlp", "b2"), [0, 0], "transformer.layers[1].mlp.b2"),
    (("transformer", "layers", 0, "mlp", "w1", 0, 0), "one", "transformer.layers[0].mlp.w1[0][0]"),
    (("transformer", "layers", 0, "ln_mpal", "gain"), 1, "transformer.layers[0].ln_mpal"),
])
def test_a_bad_document_is_a_value_error_naming_the_field(path, value, field):
    with pytest.raises(ValueError, match=field.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        transformer.evaluate(broken(path, value))


def test_a_bad_convention_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="ln_variance"):
        transformer.evaluate(EXAMPLE, ln_variance="population")
    with pytest.raises(ValueError, match="unknown key 'layernorm'"):
        transformer.evaluate(EXAMPLE, layernorm="pre")


@pytest.mark.parametrize("convention", [c for c in CONVENTIONS if c and "tie_rule" not in c],
                         ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_compare_names_an_undeclared_convention_and_accepts_a_declared_one(convention):
    model = EXAMPLE["transformer"]
    x = np.random.default_rng(3).uniform(-2, 2, size=(12, 4))
    theirs = paper_model(model, x, **convention)
    found = transformer.compare(theirs, EXAMPLE, x)
    assert not found["agree"]
    assert found["failures"][0]["cause"] == next(iter(convention))
    assert found["failures"][0]["conventions"] == convention
    assert transformer.compare(theirs, EXAMPLE, x, **convention)["agree"]


def test_far_positions_keep_pe_on_the_paper_values():
    # sin and cos of w * p at positions up to 10^4 (reduced by whole turns) against numpy's; exact at 0.
    quiet = {"w_in": [0, 0], "w_out": [0, 0], "relays": [[1, 0, 1]]}
    model = {"d": 2, "pe": {"frequencies": ["1/3"]}, "layers": [
        {"heads": [quiet], "ln_mpal": {"eps": "1/1000"}, "ln_mlp": {"eps": "1/1000"}}]}
    pe = transformer.evaluate({"transformer": model}, np.zeros((10**4 + 1, 2))).pe
    assert pe.lo[0].tolist() == pe.hi[0].tolist() == [0.0, 1.0]
    positions = np.array([1, 2, 999, 5000, 10**4])
    expected = np.stack([np.sin(positions / 3), np.cos(positions / 3)], axis=1)
    np.testing.assert_allclose(pe.mid[positions], expected, rtol=0, atol=1e-12)
    assert np.all(pe.hi - pe.lo < 1e-15)


def test_a_defect_in_the_second_layer_only_is_placed_there_by_the_parts():
    # torch.var's unbiased variance in the second layer's LayerNorms only: no convention of the whole
    # model explains it, and the parts place it at layer 1, ln_mpal.
    model = EXAMPLE["transformer"]
    x = floats(EXAMPLE["inputs"])

    def implementation(tokens):
        first = {"transformer": dict(model, layers=model["layers"][:1])}
        z = paper_model(first["transformer"], tokens)
        parts = [{k: transformer.evaluate(first, tokens).layers[0][k].mid for k in ("mpal", "ln_mpal", "mlp", "ln_mlp")}]
        second = dict(model, pe=None, layers=model["layers"][1:])
        out = paper_model(second, z, ln_variance="unbiased")
        reference = transformer.evaluate({"transformer": second}, z, ln_variance="unbiased").layers[0]
        parts.append({k: reference[k].mid for k in ("mpal", "ln_mpal", "mlp", "ln_mlp")})
        return {"output": out, "layers": parts}

    found = transformer.compare(implementation, EXAMPLE, x)["failures"][0]
    assert (found["cause"], found["layer"], found["part"]) == ("unexplained", 1, "ln_mpal")


def test_two_undeclared_conventions_are_named_together():
    x = np.random.default_rng(4).uniform(-2, 2, size=(6, 4))
    theirs = paper_model(EXAMPLE["transformer"], x, ln_variance="unbiased", pe_start="1")
    found = transformer.compare(theirs, EXAMPLE, x)["failures"][0]
    assert found["cause"] == "ln_variance+pe_start"
    assert found["conventions"] == {"ln_variance": "unbiased", "pe_start": "1"}
    assert transformer.compare(theirs, EXAMPLE, x, ln_variance="unbiased", pe_start=1)["agree"]


def test_no_tokens_keeps_the_models_shape():
    got = transformer.evaluate(EXAMPLE, np.zeros((0, 4)))
    assert got.shape == (0, 4) and got.layers[1]["heads"].mid.shape == (0, 2)
    nothing = transformer.compare(np.zeros((0, 4)), EXAMPLE, np.zeros((0, 4)))
    assert nothing["status"] == "nothing compared" and not nothing["agree"]


def deep(layers, seed=None):
    """EXAMPLE's two layers repeated to `layers`, or a random model of that depth (seed given)."""
    if seed is not None:
        rng = np.random.default_rng(seed)
        return {"transformer": random_model(rng, 4, layers=layers, heads=2)}
    doc = copy.deepcopy(EXAMPLE)
    doc["transformer"]["layers"] = [copy.deepcopy(EXAMPLE["transformer"]["layers"][i % 2]) for i in range(layers)]
    return doc


@pytest.mark.parametrize("layers", [20, 24, 64])
@pytest.mark.parametrize("seed", [None, 1])
def test_deep_models_are_determined_and_wrong_implementations_rejected(layers, seed):
    doc = deep(layers, seed)
    x = floats(EXAMPLE["inputs"])
    got = transformer.evaluate(doc, x)
    assert got.undecided == []
    # LayerNorm bounds every output; the balls are as narrow as a double's rounding at any depth.
    assert np.all(np.isfinite(got.lo)) and np.all(np.isfinite(got.hi))
    assert np.all(got.hi - got.lo <= 1e-12)
    right = np.asarray(got)
    assert transformer.compare(right, doc, x)["status"] == "agree"
    for wrong in (np.full_like(right, 1e100), right + 0.5, np.full_like(right, 7.0)):
        report = transformer.compare(wrong, doc, x, shrink=False)
        assert report["status"] == "disagree" and not report["agree"]


def test_fuzz_finds_a_constant_implementation_of_a_deep_model():
    doc = deep(24)
    found = transformer.fuzz(lambda x: np.full((len(x), 4), 7.0), doc, max_cases=3, max_tokens=4)
    assert found["status"] == "disagree" and found["failures"]


def test_a_true_tie_is_undecided_never_agree():
    # The relay's input after two LayerNorms is exactly its threshold 10/11: no precision decides it, so
    # the outputs that rest on it stay wider than the tolerance and compare says undecided, not agree.
    ln = {"eps": "21/100"}
    quiet = {"w_in": [0, 0], "w_out": [0, 0], "relays": [[100, 99, 1]]}
    model = {"d": 2, "pe": None, "layers": [
        {"heads": [quiet], "ln_mpal": ln, "mlp": None, "ln_mlp": {"eps": "21/121"}},
        {"heads": [{"w_in": [1, 0], "w_out": [1, 0], "relays": [["10/11", "-10/11", 1]]}], "ln_mpal": ln,
         "ln_mlp": ln}]}
    x = [[0, 0], [1, -1]]
    got = transformer.evaluate({"transformer": model}, x)
    assert np.isnan(got[1]).all() and not np.isnan(got[0]).any()
    assert {(u["token"], u["coordinate"]) for u in got.undetermined} == {(1, 0), (1, 1)}
    assert all("undecided relay at token 1, layer 1, head 0" in u["reason"] for u in got.undetermined)
    assert (1, 1, 0, 0) in [(u["token"], u["layer"], u["head"], u["relay"]) for u in got.undecided]
    assert got.bits > 64
    report = transformer.compare(np.asarray(got.lo), {"transformer": model}, x)
    assert report["status"] == "undecided" and not report["agree"]
    assert {(u["token"], u["coordinate"]) for u in report["undetermined"]} == {(1, 0), (1, 1)}


def threshold_model(alpha):
    """One layer, no PE, one head reading x_0 with one relay switching on at `alpha` (weight 1)."""
    head = {"w_in": [1, 0], "w_out": [1, 0], "relays": [[alpha, "-10", 1]]}
    return {"transformer": {"d": 2, "pe": None, "layers": [
        {"heads": [head], "ln_mpal": {"eps": "1/100"}, "ln_mlp": {"eps": "1/100"}}]}}


@pytest.mark.parametrize("text", ["1/3", "0.1", "2.5e-3"])
def test_tokens_are_read_exactly_as_written(text):
    # The first layer's head reads the token exactly: on the threshold `text` it switches on (the paper's
    # u >= alpha); the double nearest `text` lies on one side of it, so read as a double the relay can differ.
    doc = threshold_model(text)
    exact_value = Fraction(text)
    as_double = float(exact_value)
    expected_from_double = 1.0 if Fraction(as_double) >= exact_value else 0.0
    for x in ([[text, 0]], np.array([[text, 0]], dtype=object), [[exact_value, 0]]):
        assert transformer.evaluate(doc, x).layers[0]["heads"].mid[0, 0] == 1.0
    with_inputs = dict(doc, inputs=[[text, 0]])
    assert transformer.evaluate(with_inputs).layers[0]["heads"].mid[0, 0] == 1.0
    floats = transformer.evaluate(doc, np.array([[as_double, 0.0]]))
    assert floats.layers[0]["heads"].mid[0, 0] == expected_from_double


@pytest.mark.parametrize("text", ["١", "１", "1_000", "0x10", " nan"])
def test_a_token_that_is_no_exact_decimal_is_refused_naming_it(text):
    with pytest.raises(ValueError, match=r"x\[0\]\[0\]"):
        transformer.evaluate(threshold_model("1"), [[text, 0]])


def test_complex_tokens_and_outputs_are_refused():
    doc = threshold_model("1")
    with pytest.raises(ValueError, match="complex"):
        transformer.evaluate(doc, np.array([[1 + 2j, 0]]))
    with pytest.raises(ValueError, match="complex"):
        transformer.evaluate(doc, [[1 + 2j, 0]])
    with pytest.raises(ValueError, match="complex"):
        transformer.compare(np.array([[1 + 0j, 0]]), doc, np.array([[0.0, 0.0]]))


@pytest.mark.parametrize("budget", [dict(max_cases=0), dict(max_cases=-3), dict(max_tokens=0), dict(max_cases=1.5)])
def test_fuzz_refuses_a_budget_of_no_case(budget):
    with pytest.raises(ValueError, match=next(iter(budget))):
        transformer.fuzz(lambda x: x, EXAMPLE, **budget)


def test_results_are_snapshots_that_describe_only_their_own_values():
    x = np.array(EXAMPLE["inputs"], dtype=float)
    y = transformer.evaluate(EXAMPLE, x)
    first_lo, first_layers = np.array(y.lo), y.layers[0]["ln_mlp"].mid.copy()
    x[:] = 7.0  # the caller's array changes after the call: the result does not
    assert np.array_equal(y.layers[0]["ln_mlp"].mid, first_layers) and np.array_equal(y.lo, first_lo)
    with pytest.raises(ValueError):
        y.lo[0, 0] = 1.0
    for derived in (y[1:], y + 1, y.T, y.copy()):
        with pytest.raises(AttributeError):
            derived.lo
    again = pickle.loads(pickle.dumps(y))
    assert np.array_equal(again.lo, y.lo) and again.bits == y.bits and np.array_equal(again, y)


def test_the_witness_is_the_input_as_called_even_when_fn_changes_it():
    def mutating(x):
        out = transformer.evaluate(EXAMPLE, x)
        x[:] = 99.0  # an implementation that scribbles on its input
        return np.asarray(out) + 0.5

    f = transformer.compare(mutating, EXAMPLE)["failures"][0]
    assert 99.0 not in np.asarray(f["witness"])
    assert not transformer.compare(mutating, EXAMPLE, f["witness"])["agree"]


@pytest.mark.parametrize("atol", ["nan", -1, "-1e-9", "x", float("nan")])
def test_a_bad_tolerance_is_refused_naming_it(atol):
    with pytest.raises(ValueError, match=r"^atol: "):
        transformer.compare(transformer.evaluate(EXAMPLE), EXAMPLE, atol=atol)


def test_ctrl_c_stops_a_long_evaluate_within_a_second():
    import os
    import signal
    import threading
    import time

    doc = deep(64)
    x = np.random.default_rng(3).uniform(-2, 2, (20000, 4))  # some 30 s of work
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            transformer.evaluate(doc, x)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 0.5 + 1.0 + 1.0  # the signal, a second to stop, a loaded machine's slack


def test_fuzz_stops_at_its_time_budget_and_a_run_of_no_case_is_no_pass():
    import time

    doc = deep(20)
    start = time.monotonic()
    result = transformer.fuzz(lambda x: np.asarray(transformer.evaluate(doc, x)), doc, max_cases=10**6, seconds=2)
    assert result["stopped_by"] == "time" and result["cases"] >= 1 and time.monotonic() - start < 30
    assert result["status"] == "agree", result["failures"]
    none = transformer.fuzz(lambda x: x, EXAMPLE, seconds=0)
    assert none["cases"] == 0 and none["status"] == "nothing compared"
    with pytest.raises(ValueError, match="seconds"):
        transformer.fuzz(lambda x: x, EXAMPLE, seconds=-1)


def test_a_call_past_call_timeout_is_stopped_and_named():
    import time

    def slow(x):
        time.sleep(30)
        return np.asarray(transformer.evaluate(EXAMPLE, x))

    start = time.monotonic()
    with pytest.raises(transformer.CallTimeout, match="call_timeout=0.2"):
        transformer.compare(slow, EXAMPLE, call_timeout=0.2)
    with pytest.raises(transformer.CallTimeout):
        transformer.fuzz(slow, EXAMPLE, call_timeout=0.2, max_cases=2)
    assert time.monotonic() - start < 20
    for bad in (0, -1, "1", True):
        with pytest.raises(ValueError, match="call_timeout"):
            transformer.compare(slow, EXAMPLE, call_timeout=bad)


def test_compare_shrinks_only_within_its_seconds():
    def wrong(x):
        return np.asarray(transformer.evaluate(EXAMPLE, x)) + (np.asarray(x)[:, :1] > 1) * 0.5

    x = np.array(EXAMPLE["inputs"], dtype=float)
    unshrunk = transformer.compare(wrong, EXAMPLE, x, seconds=0)["failures"][0]
    shrunk = transformer.compare(wrong, EXAMPLE, x)["failures"][0]
    assert len(unshrunk["witness"]) == unshrunk["token"] + 1 > 1
    assert len(shrunk["witness"]) == 1


@pytest.mark.parametrize("eps, ln_mlp, inputs, beyond, expected", [
    ("1/100", {"eps": "1/100", "beta": ["1e400", 0]}, [[1, 0]], True, None),
    ("1/100", {"eps": "1/100", "gamma": ["1e309", 1]}, [[1, 0]], True, None),
    ("1/100", {"eps": "1/100", "gamma": ["1.8e308", 1]}, [[1, 0]], False, None),
    ("1e-40", {"eps": "1e-40", "beta": ["1/4", 0]}, [[3, 3]], False, [0.25, 0.0]),
    ("1e-1000", {"eps": "1e-1000", "beta": ["1/4", 0]}, [[3, 3]], False, [0.25, 0.0]),
    ("1/100", {"eps": "1/100"}, [["1e400", "-1e400"], ["1e308", 0]], False, None),
])
def test_no_number_crashes_the_interpreter(eps, ln_mlp, inputs, beyond, expected):
    # The head adds its relay's output to both coordinates, so a constant token stays constant for LN:
    # under any eps it is LN's beta exactly.
    head = {"w_in": [1, 0], "w_out": [1, 1], "relays": [[1, 0, 1]]}
    doc = {"transformer": {"d": 2, "pe": None, "layers": [
        {"heads": [head], "ln_mpal": {"eps": eps}, "ln_mlp": ln_mlp}]}, "inputs": inputs}
    y = transformer.evaluate(doc)
    assert bool(np.isnan(y[0, 0])) == beyond
    assert all("beyond the double range" in u["reason"] for u in y.undetermined) and bool(y.undetermined) == beyond
    if expected is not None:
        assert y[0].tolist() == expected


@pytest.mark.parametrize("smoothing", ["tanh:1e-308", "logistic:1e-1000"])
def test_a_tiny_temperature_compares_as_the_step_it_smooths(smoothing):
    import palcheck_oracle as oracle

    relays = np.array([[1.0, 0.0, 1.0]])
    u = np.array([0.0, 2.0, 0.5, -1.0])
    report = oracle.compare(np.array([0.0, 1.0, 1.0, 0.0]), u, relays=relays, smoothing=smoothing)
    assert report["status"] == "agree", report["differences"][:1]


def test_float64_rounding_at_a_threshold_is_named_placed_and_counted_as_expected_when_declared():
    """A correct float64 model written from the paper: the generators put a head's input on or within an
    ulp of a threshold, and float64's dot product lands on the other side of it. That is `rounding`, at
    the relay's own layer and head (not where the output shows it), within its bound; with
    rounding="expected" such cases are listed apart and the search agrees."""
    model = random_model(np.random.default_rng(2), 4, layers=2, heads=2)
    doc = {"transformer": model}
    found = transformer.fuzz(lambda x: paper_model(model, x), doc, seed=3, max_cases=200)
    assert found["status"] == "disagree"
    f = found["failures"][0]
    assert f["cause"] == "rounding", f
    place = f["rounding"]
    assert (f["layer"], f["part"]) == (place["layer"], f"head {place['head']}")
    assert place["dtype"] == "float64" and place["distance"] <= place["bound"] < 1e-12
    quiet = transformer.fuzz(lambda x: paper_model(model, x), doc, seed=3, max_cases=200, rounding="expected")
    assert quiet["status"] == "agree" and quiet["expected"], quiet["failures"]
    assert all(e["cause"] == "rounding" for e in quiet["expected"])
    # The same model one offset away is a defect, not rounding.
    off = transformer.fuzz(lambda x: paper_model(model, x) + 1e-3, doc, seed=3, max_cases=5, rounding="expected")
    assert off["status"] == "disagree" and off["failures"][0]["cause"] == "unexplained"


def test_the_tolerance_is_decided_exactly_on_the_doubles_at_its_edge():
    """compare's tolerance test on enclosures, against Fractions: the doubles next to the edge
    atol + rtol |x| on either side are told apart, and an enclosure straddling it is neither."""
    from palcheck_oracle.transformer import Enclosure, _within
    atol, rtol = Fraction(1, 10**9), Fraction(1, 10**6)
    rng = np.random.default_rng(4)
    for _ in range(200):
        x = float(rng.uniform(-3, 3))
        edge = float(Fraction(x) + atol + rtol * abs(Fraction(x)))
        for actual in (np.nextafter(edge, -np.inf), edge, np.nextafter(edge, np.inf)):
            got = _within(np.array([actual]), Enclosure(np.array([x]), np.array([x]), np.array([x])), atol, rtol)[0]
            exact = abs(Fraction(actual) - Fraction(x)) <= atol + rtol * abs(Fraction(x))
            assert got == (1 if exact else 0), (x, actual)
        both = Enclosure(np.array([x]), np.array([x]), np.array([2 * edge - x]))
        assert _within(np.array([edge]), both, atol, rtol)[0] in (-1, 1)
        far = Enclosure(np.array([x - 1]), np.array([x]), np.array([x + 1]))
        assert _within(np.array([x]), far, atol, rtol)[0] == -1
    assert _within(np.array([np.nan]), Enclosure(np.zeros(1), np.zeros(1), np.zeros(1)), atol, rtol)[0] == 0
