"""The whole PAL-Transformer (def:pal_transformer) as a test oracle: evaluate, compare and fuzz.

The model is the document of `palcheck eval` ({"transformer": {"d", "pe", "layers"}, "inputs",
"conventions"}, docs/oracle.md), as a dict; numbers are ints, exact decimal strings, fractions.Fraction or
floats (a float at its exact binary value). The reference runs on rigorous enclosures: each value is an
interval (lo, hi) holding the exact one, computed at the precision that settles it, and `evaluate` gives the
double nearest each value (NaN where no precision up to the cap determines it). A relay whose input still
straddles a threshold at the cap is reported by token, layer and head, its state carried as "0 or 1", never
guessed.

An implementation's conventions are keyword arguments (ln_variance=, ln_eps=, ln_placement=, pe_start=,
pe_layout=, pe_into=, residual=, tie_rule=, states=, initial_state=; atol=, rtol= for compare): declared,
a convention stops being a difference; undeclared, it is what compare names as the cause. compare's
dtype= (float64, float32, float16, bfloat16; default: the dtype of what fn returns) bounds the rounding
it may name as a cause, and rounding="expected" reports such a divergence apart, not as a failure.
"""
import numbers
import signal
import threading
import time

import numpy as np

from . import _core, transformer_cases
from .transformer_run import Enclosure, _conventions, _rounding, _run, _tokens, _tolerance, convention_values

__all__ = ["evaluate", "compare", "fuzz", "convention_values", "Enclosure", "TransformerOutputs", "PARTS",
           "CallTimeout"]

#: The parts of one layer, in the order they are computed ("heads" are the heads' PAL values).
PARTS = ("heads", "mpal", "ln_mpal", "mlp", "ln_mlp")


class TransformerOutputs(np.ndarray):
    """evaluate's result: the n x d doubles nearest each output (NaN where not determined), with the run.

    .lo and .hi bound the exact outputs; .pe and .layers hold every part's Enclosure (.layers[l]["heads"]
    is n x H, the rest n x d; "inputs" the heads' input, n x H); .undecided lists the relays no precision
    decided; undecided_at(token=, layer=, head=) selects from it; .undetermined the outputs with no double
    (token, coordinate, reason); .bits the precision used; .conventions the ones applied.
    """

    def __array_finalize__(self, obj):
        # Only evaluate's own result carries the run: a slice, a copy, a transpose or y + 1 holds other
        # values (or the same in another place), which the run does not describe.
        self.run = None

    def __reduce__(self):
        constructor, args, state = super().__reduce__()
        return constructor, args, (state, self.run)

    def __setstate__(self, state):
        array_state, self.run = state
        super().__setstate__(array_state)

    def _part(self, key):
        if self.run is None:
            raise AttributeError(f"{key}: this array is derived from evaluate's result (a slice, a copy, a "
                                 "sum...); read it from the result itself")
        return self.run[key]

    @property
    def lo(self):
        return self._part("output").lo

    @property
    def hi(self):
        return self._part("output").hi

    @property
    def pe(self):
        return self._part("pe")

    @property
    def layers(self):
        if self._part("layers") is None:  # evaluate kept the output only: the parts are run again once
            self.run["layers"] = _run(self.run["spec"], self.run["source"], self.run["declared"])["layers"]
        return self.run["layers"]

    @property
    def undecided(self):
        return self._part("undecided")

    @property
    def undetermined(self):
        return self._part("undetermined")

    @property
    def bits(self):
        return self._part("bits")

    @property
    def conventions(self):
        return self._part("conventions")

    def undecided_at(self, token=None, layer=None, head=None):
        """The undecided relays at a token, layer and head (None: any)."""
        return [u for u in self.undecided
                if (token is None or u["token"] == token) and (layer is None or u["layer"] == layer)
                and (head is None or u["head"] == head)]


def evaluate(spec, x=None, **conventions):
    """The PAL-Transformer `spec` on tokens x (n x d; default: the document's "inputs"), in the declared
    conventions: a TransformerOutputs (the n x d doubles nearest each output, NaN where the balls do not
    determine it at the cap, with .lo, .hi, .layers, .pe, .undecided, .undetermined and .bits). ValueError
    naming the field on a bad spec or convention."""
    declared, _ = _conventions(spec, conventions)
    source = _tokens(spec, x)
    run = _run(spec, source, declared, parts=False)
    nearest = np.array(run["output"].mid)
    for u in run["undetermined"]:  # no double its balls do not determine
        nearest[u["token"], u["coordinate"]] = np.nan
    out = nearest.view(TransformerOutputs)
    out.run = dict(run, spec=spec, source=source, declared=declared)
    return out


def _as_array(value, where):
    if hasattr(value, "detach"):
        value = value.detach().cpu().numpy()
    if np.iscomplexobj(value):  # numpy would drop the imaginary part with a warning
        raise ValueError(f"{where}: complex values are not outputs; give real numbers")
    try:
        return np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: expected an array of numbers") from None


def _within(actual, enc, atol, rtol):
    """Per element, decided exactly on the doubles: 1 where every point of the enclosure is within the
    tolerance of `actual`, 0 where none is (NaN included), -1 where some are."""
    return _core.within_tolerance(np.asarray(actual, dtype=np.float64), enc.lo, enc.hi, str(atol), str(rtol))


def _outside(actual, enc, atol, rtol):
    """Where no point of the enclosure is within the tolerance of `actual` (NaN is outside)."""
    return _within(actual, enc, atol, rtol) == 0


def _first(mask):
    """The first (token, coordinate) where mask holds, or None."""
    hits = np.argwhere(mask)
    return None if len(hits) == 0 else tuple(int(v) for v in hits[0])


def _dtype(value):
    """The floating-point format of an array or tensor ("float32"), None for anything else."""
    name = str(getattr(value, "dtype", "")).removeprefix("torch.")
    return name if name in ("float64", "float32", "float16", "bfloat16") else None


def _implementation(fn_or_outputs, x, dtypes=None):
    """The implementation's output (n x d) and its per-layer parts (or None); the output's dtype is
    appended to `dtypes` when given."""
    # fn gets a copy: one that changes its input leaves the witness as it was called.
    got = fn_or_outputs(np.array(x)) if callable(fn_or_outputs) else fn_or_outputs
    layers = None
    if isinstance(got, dict):
        if "output" not in got:
            raise ValueError("outputs: a dict needs \"output\" (and may give \"layers\")")
        layers = got.get("layers")
        got = got["output"]
    if dtypes is not None:
        dtypes.append(_dtype(got))
    return _as_array(got, "output"), layers


def _first_divergence(run, output, layers, atol, rtol):
    """The first (layer, part, token, coordinate) where the implementation leaves the reference: its
    per-layer parts in order when given, else the output (layer None)."""
    for l, parts in enumerate(layers or []):
        if l >= len(run["layers"]):
            break
        for part in PARTS:
            if part not in parts or parts[part] is None:
                continue
            actual = _as_array(parts[part], f"layers[{l}].{part}")
            enc = run["layers"][l][part]
            if actual.shape != enc.mid.shape:
                raise ValueError(f"layers[{l}].{part}: expected shape {enc.mid.shape}, got {actual.shape}")
            hit = _first(_outside(actual, enc, atol, rtol))
            if hit is not None:
                name = f"head {hit[1]}" if part == "heads" else part
                return l, name, hit[0], hit[1], part
    hit = _first(_outside(output, run["output"], atol, rtol))
    return None if hit is None else (None, None, hit[0], hit[1], "output")


def _where_runs_differ(a, b, atol, rtol):
    """The first layer and part where two reference runs differ (pe first, then each layer's parts)."""
    if a["pe"] is not None and _first(_outside(b["pe"].mid, a["pe"], atol, rtol)) is not None:
        return 0, "pe"
    for l, (pa, pb) in enumerate(zip(a["layers"], b["layers"])):
        for part in ("inputs",) + PARTS:
            hit = _first(_outside(pb[part].mid, pa[part], atol, rtol))
            if hit is not None:
                return l, f"head {hit[1]}" if part in ("inputs", "heads") else part
    return None, None


def _alternatives(declared):
    """Every single change of one convention from the declared ones: (key, value)."""
    for key, values in convention_values.items():
        current = declared.get(key, values[0])
        for value in values:
            if value != current:
                yield key, value


def _agrees(output, run, atol, rtol):
    return output.shape == run["output"].mid.shape and _first(_outside(output, run["output"], atol, rtol)) is None


def _explains(spec, changes, cases, declared, atol, rtol):
    """The run of the witness under `changes` when it agrees with the implementation on every case."""
    runs = [_run(spec, x, {**declared, **dict(changes)}) for x, _ in cases]
    return runs[0] if all(_agrees(out, r, atol, rtol) for (_, out), r in zip(cases, runs)) else None


def _cause(spec, cases, declared, atol, rtol):
    """The change of one convention (else of two) that explains the implementation's outputs on every case,
    the witness first (several explain a short witness: the other cases tell them apart), with the
    witness's run under it; (None, None) when none does."""
    singles = [[change] for change in _alternatives(declared)]
    pairs = [a + b for i, a in enumerate(singles) for b in singles[i + 1:] if a[0][0] != b[0][0]]
    for candidates in (singles, pairs):
        for changes in candidates:
            if _explains(spec, changes, cases[:1], declared, atol, rtol) is not None:
                run = _explains(spec, changes, cases, declared, atol, rtol)
                if run is not None:
                    return changes, run
    return None, None


def _probes(fn, spec, declared, x, output):
    """The cases a cause must explain besides the witness: the failing input, and when fn can be called,
    a few random ones (a cause that only fits the witness fails on them)."""
    cases = [(x, output)]
    if callable(fn):
        rng = np.random.default_rng(0)
        for _ in range(3):
            probe = transformer_cases.random_tokens(spec, rng, declared, 8)
            cases.append((probe, _implementation(fn, probe)[0]))
    return cases


def _fails(fn, spec, x, declared, atol, rtol):
    """Whether fn leaves the reference on tokens x (a shrink step's test)."""
    if len(x) == 0:
        return False
    try:
        output, layers = _implementation(fn, x)
    except Exception:  # an implementation that breaks on a shorter input does not witness this failure
        return False
    run = _run(spec, x, declared)
    return output.shape != run["output"].mid.shape or _first_divergence(run, output, layers, atol, rtol) is not None


def _shrink(fn, spec, x, token, declared, atol, rtol, deadline):
    """The smallest witness found by the deadline (time.monotonic()): the prefix up to the divergent token,
    then tokens dropped one at a time while fn still fails (positions shift, so PE changes with them)."""
    x = x[:token + 1]
    if not callable(fn):
        return x
    if not _fails(fn, spec, x, declared, atol, rtol):
        return x
    i = 0
    while i < len(x) and len(x) > 1 and time.monotonic() < deadline:
        shorter = np.delete(x, i, axis=0)
        if _fails(fn, spec, shorter, declared, atol, rtol):
            x = shorter
        else:
            i += 1
    return x


class CallTimeout(Exception):
    """An implementation's call that took longer than call_timeout."""


def _limited(fn, call_timeout):
    """fn, each call stopped after call_timeout seconds with CallTimeout (None: no limit). The limit is
    SIGALRM's, so it holds in the main thread, and inside a call that returns to Python now and then."""
    if call_timeout is None or not callable(fn):
        return fn
    if isinstance(call_timeout, bool) or not isinstance(call_timeout, numbers.Real) or not 0 < call_timeout <= 86400:
        raise ValueError(f"call_timeout: expected a number of seconds in (0, 86400], got {call_timeout!r}")
    if threading.current_thread() is not threading.main_thread():
        raise ValueError("call_timeout: a limit per call needs the main thread (SIGALRM); give None elsewhere")

    def expire(signum, frame):
        raise CallTimeout(f"the implementation gave no result within call_timeout={call_timeout} s")

    def call(x):
        previous = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, call_timeout)
        try:
            return fn(x)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    return call


def _seconds(seconds, name="seconds"):
    if isinstance(seconds, bool) or not isinstance(seconds, numbers.Real) or not 0 <= seconds <= 31536000:
        raise ValueError(f"{name}: expected a number in [0, 31536000], got {seconds!r}")
    return float(seconds)


def compare(fn_or_outputs, spec, x=None, *, shrink=True, seconds=120, call_timeout=None, **conventions):
    """Compares an implementation with the reference on tokens x: fn_or_outputs is fn (called as fn(x)) or
    its result, the n x d outputs or a dict {"output", "layers": [{"mpal", "ln_mpal", "mlp", "ln_mlp"}
    (and "heads", n x H, if it has them)]}. Returns {"agree", "status", "tokens", "bits", "undecided",
    "undetermined", "failures"}: status is "agree" (agree True: every output determined to within the
    tolerance and inside it, decided exactly on the doubles), "disagree", "undecided" (no output outside, but
    some not determined to within atol at the cap, listed in undetermined by token and coordinate, or one
    whose enclosure straddles the tolerance's edge) or "nothing compared" (no tokens); each
    failure names its cause (the convention whose other value explains the outputs; else "rounding" when
    one relay within the dtype's rounding of a threshold, read on its other side at that token, explains
    them, with its place in "rounding"; "unexplained" when nothing does), the first divergent layer
    (0-based) and part (pe, head h, mpal, ln_mpal, mlp, ln_mlp: for rounding, the relay's own head), the
    token and coordinate, the expected enclosure and the actual value, and its smallest witness (shrunk for
    at most `seconds`). With rounding="expected" a rounding failure is listed in "expected" instead, and
    is no disagreement. Each call of fn is limited to call_timeout seconds (None: no limit; CallTimeout
    when one takes longer)."""
    deadline = time.monotonic() + _seconds(seconds)
    fn_or_outputs = _limited(fn_or_outputs, call_timeout)
    declared, tolerances = _conventions(spec, conventions)
    atol = _tolerance(tolerances.get("atol", "1e-9"), "atol")
    rtol = _tolerance(tolerances.get("rtol", "1e-6"), "rtol")
    # The reference runs until every value it compares is narrower than atol (or to the cap), on the tokens
    # as given; the implementation is called with the doubles nearest them.
    run = _run(spec, _tokens(spec, x), declared, width=str(atol) if atol > 0 else None)
    x = run["x"]
    seen = []
    output, layers = _implementation(fn_or_outputs, x, seen)
    dtype = str(tolerances.get("dtype") or seen[0] or "float64")
    rounding = str(tolerances.get("rounding", "failure"))
    if rounding not in ("failure", "expected"):
        raise ValueError(f"rounding: expected failure or expected, got {rounding!r}")
    report = {"agree": False, "status": "agree", "tokens": int(len(x)), "bits": run["bits"],
              "undecided": run["undecided"], "undetermined": run["undetermined"], "failures": []}
    if output.shape != run["output"].mid.shape:
        raise ValueError(f"output: expected shape {run['output'].mid.shape}, got {output.shape}")
    divergence = _first_divergence(run, output, layers, atol, rtol)
    if divergence is None:
        # Agree only on what the reference determined: an output still wider than the tolerance at the
        # cap (or one resting on a relay no precision decides, or on the tolerance's edge) is undecided.
        if len(x) == 0:
            report["status"] = "nothing compared"
        elif run["undetermined"] or (_within(output, run["output"], atol, rtol) < 0).any():
            report["status"] = "undecided"
        report["agree"] = report["status"] == "agree"
        return report
    report["status"] = "disagree"
    layer, part, token, coordinate, where = divergence
    seen_at = layer  # the layer of the implementation's part that diverged (None: its output)
    witness = _shrink(fn_or_outputs, spec, x, token, declared, atol, rtol, deadline) if shrink else x[:token + 1]
    if callable(fn_or_outputs):
        witness_output = _implementation(fn_or_outputs, witness)[0]
    else:
        witness_output = output[:token + 1]
    probes = _probes(fn_or_outputs, spec, declared, x, output)
    changes, cause_run = _cause(spec, [(witness, witness_output)] + probes, declared, atol, rtol)
    base = _run(spec, witness, declared)
    if changes is None:  # the whole input may need what the witness lost
        changes, cause_run = _cause(spec, probes, declared, atol, rtol)
        base = run
    rounded = None
    if changes is None:  # no convention: rounding at a relay near a threshold, shown by re-running it
        rounded = _rounding(spec, witness, witness_output, declared, atol, rtol, dtype)
    if rounded is not None:
        layer, part = rounded["layer"], f"head {rounded['head']}"
    elif changes is not None and any(k.startswith("pe_") for k, _ in changes):
        layer, part = 0, "pe"  # no implementation's part shows PE: its first reader diverges first
    elif changes is not None and layer is None:
        layer, part = _where_runs_differ(base, cause_run, atol, rtol)
    if part is None:  # the output alone, no convention explaining it: the last layer is all we know
        layer, part = len(run["layers"]) - 1, "output"
    enc = run["output"] if where == "output" else run["layers"][seen_at][where]
    actual = output if where == "output" else _as_array(layers[seen_at][where], where)
    report["agree"] = False
    failure = {
        "cause": "rounding" if rounded is not None else "unexplained" if changes is None else "+".join(k for k, _ in changes),
        "conventions": {} if changes is None else dict(changes),
        "layer": layer, "part": part, "token": token, "coordinate": coordinate,
        "expected": float(enc.mid[token, coordinate]), "lo": float(enc.lo[token, coordinate]),
        "hi": float(enc.hi[token, coordinate]), "actual": float(actual[token, coordinate]),
        "witness": witness.tolist()}
    if rounded is not None:
        failure["rounding"] = rounded
    if rounded is not None and rounding == "expected" and _rounding(spec, x, output, declared, atol, rtol, dtype):
        # Counted as expected only when the rounding accounts for every output of the input, not only the
        # witness's: reported, not a failure; agree only if nothing else stays open.
        report["expected"] = [failure]
        report["status"] = "undecided" if run["undetermined"] else "agree"
        report["agree"] = report["status"] == "agree"
        return report
    report["failures"].append(failure)
    return report


def fuzz(fn, spec, *, seed=0, max_cases=100, max_tokens=24, seconds=120, call_timeout=None, **conventions):
    """Searches for tokens on which fn(x) leaves the reference, with the generators of
    palcheck_oracle.transformer_cases (first tokens on a threshold, projections after LN within 1e-12
    of a threshold, long zig-zags in one coordinate, relays of layer 1 flipped only through layer 0's
    output, and plain random tokens), for at most max_cases cases and about `seconds` (no case starts
    after it). Returns {"status", "cases", "stopped_by", "undecided", "undetermined", "failures",
    "case_kinds"}: the first failing case's failure (as compare's), shrunk; status "agree" only when fn
    agreed on every case and every output was determined ("undecided" lists the cases that were not),
    "nothing compared" when the time ran out before the first case; with rounding="expected" the cases
    rounding accounts for are listed in "expected" and the search goes on. Shrinking spends the same budget; each
    call of fn is limited to call_timeout seconds, as compare's."""
    for name, value in (("max_cases", max_cases), ("max_tokens", max_tokens)):
        # A budget of no case would be a pass that checked nothing.
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
            raise ValueError(f"{name}: expected an integer >= 1, got {value!r}")
    _seconds(seconds)
    fn = _limited(fn, call_timeout)
    declared, _ = _conventions(spec, conventions)
    rng = np.random.default_rng(seed)
    kinds, undecided, undetermined, expected = {}, 0, [], []
    deadline = time.monotonic() + seconds
    cases, stopped_by = 0, "cases"
    for case in range(max_cases):
        if time.monotonic() >= deadline:
            stopped_by = "time"
            break
        kind, make = transformer_cases.GENERATORS[case % len(transformer_cases.GENERATORS)]
        x = make(spec, rng, declared, max_tokens)
        kinds[kind] = kinds.get(kind, 0) + 1
        report = compare(fn, spec, x, seconds=max(0.0, deadline - time.monotonic()), **conventions)
        cases = case + 1
        undecided += len(report["undecided"])
        expected += [dict(f, case=case, case_kind=kind) for f in report.get("expected", [])]
        if report["status"] == "disagree":
            failure = dict(report["failures"][0], case=case, case_kind=kind)
            return {"status": "disagree", "cases": cases, "stopped_by": "failure", "undecided": undecided,
                    "failures": [failure], "undetermined": undetermined, "case_kinds": kinds,
                    "expected": expected}
        if report["status"] == "undecided":
            undetermined.append({"case": case, "case_kind": kind, "tokens": x.tolist(),
                                 "outputs": report["undetermined"]})
    status = "nothing compared" if cases == 0 else "undecided" if undetermined else "agree"
    return {"status": status, "cases": cases, "stopped_by": stopped_by, "undecided": undecided, "failures": [],
            "undetermined": undetermined, "case_kinds": kinds, "expected": expected}
