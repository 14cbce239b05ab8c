"""The reference's run of a PAL-Transformer document (def:pal_transformer), as transformer.py and
transformer_cases.py both read it: a spec's numbers as palcheck reads them exactly, the declared
conventions, the tokens, and one call into the compiled oracle at the precision a caller needs."""
import fractions
import json
import numbers
from collections import namedtuple

import numpy as np

from . import _core

#: An enclosure of an array of values: lo <= exact <= hi, and mid the double nearest the midpoint.
Enclosure = namedtuple("Enclosure", "lo mid hi")

#: Each convention's spellings, the paper's first.
convention_values = dict(_core.transformer_convention_values())

#: compare's own keys, not the model's conventions: the tolerance, the implementation's dtype (default:
#: its outputs' own) and whether a divergence rounding accounts for is a failure or expected.
_TOLERANCES = ("atol", "rtol", "dtype", "rounding")


def _exact(value, where):
    """A spec's number as palcheck reads it: an int, an exact string, or 'p/q' for a float or Fraction."""
    if isinstance(value, bool):
        raise ValueError(f"{where}: expected a number, got a bool")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (fractions.Fraction, numbers.Real)):
        try:
            f = fractions.Fraction(value)
        except (ValueError, OverflowError):
            raise ValueError(f"{where}: not finite: {value!r}") from None
        return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"
    raise ValueError(f"{where}: expected a number, got {type(value).__name__}")


def _tolerance(value, name):
    """A tolerance as an exact Fraction, refused by name unless it is an exact number >= 0."""
    try:
        exact = fractions.Fraction(_exact(value, name))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{name}: expected an exact number >= 0, got {value!r}") from None
    if exact < 0:
        raise ValueError(f"{name}: expected an exact number >= 0, got {value!r}")
    return exact


def _numbers_as_text(value, where):
    if isinstance(value, dict):
        return {k: _numbers_as_text(v, f"{where}.{k}") for k, v in value.items()}
    if hasattr(value, "tolist") and not isinstance(value, (numbers.Number, str)):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [_numbers_as_text(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if value is None:
        return None
    if where.endswith(".d") and isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return _exact(value, where)


def _model(spec):
    """The model under "transformer" (a whole document) or the model itself."""
    if not isinstance(spec, dict):
        raise ValueError(f"spec: expected a dict (the transformer document), got {type(spec).__name__}")
    return spec["transformer"] if "transformer" in spec else spec


def _conventions(spec, conventions):
    """The document's conventions overridden by the keyword arguments, tolerances apart."""
    declared = dict(spec.get("conventions", {})) if "transformer" in spec else {}
    if "transformer" in spec and "initial_state" in spec:
        declared.setdefault("initial_state", spec["initial_state"])
    declared.update(conventions)
    tolerances = {k: declared.pop(k) for k in _TOLERANCES if k in declared}
    for key, value in declared.items():
        if key not in convention_values:
            raise ValueError(f"conventions: unknown key {key!r} (the transformer's keys: "
                             f"{', '.join(convention_values)})")
        declared[key] = str(value)
    return declared, tolerances


def _tokens(spec, x):
    """The tokens as palcheck reads them: a float array (floats are exact binary values) or, for exact
    numbers (the document's inputs, lists, integer or object arrays: ints, exact decimal strings,
    Fractions), their JSON text, which the reference reads exactly."""
    if x is None:
        if "inputs" not in spec:
            raise ValueError("x: give the tokens, or a document with \"inputs\"")
        return json.dumps(_numbers_as_text(spec["inputs"], "inputs"))
    if hasattr(x, "detach"):
        x = x.detach().cpu().numpy()
    if isinstance(x, np.ndarray) and x.dtype.kind == "f":
        if x.ndim == 1 and x.size == 0:
            x = x.reshape(0, int(_model(spec).get("d", 1)))
        return np.array(x, dtype=np.float64)  # a copy: the caller changing x later changes no result
    if isinstance(x, np.ndarray) and x.dtype.kind == "c" or isinstance(x, complex):
        raise ValueError("x: complex values are not tokens; give real numbers")
    if isinstance(x, np.ndarray) and x.dtype.kind not in "iuO":
        raise ValueError(f"x: expected numbers, got an array of {x.dtype}")
    if isinstance(x, np.ndarray):
        x = x.tolist()
    if not isinstance(x, (list, tuple)):
        raise ValueError(f"x: expected an n x d array of tokens, got {type(x).__name__}")
    return json.dumps(_numbers_as_text(list(x), "x"))


def _run(spec, x, conventions, parts=True, width=None):
    """The reference's run, at the precision that makes every output (and part, with parts) at most
    `width` wide (None: its nearest double determined), up to the cap: every part as Enclosure arrays
    (layers None unless parts), the undecided relays, the outputs still undetermined, the bits used and
    the conventions, and the tokens as the doubles nearest them ("x", what an implementation is called with).
    x is _tokens's: a float array or exact JSON text."""
    model = _model(spec)
    text = json.dumps(_numbers_as_text(model, "transformer"))
    goal = "" if width is None else str(_exact(width, "atol"))
    raw = _core.transformer_run(text, x, json.dumps(conventions), parts, goal)
    if not isinstance(x, str):
        raw["x"] = x  # the caller's own array: its floats are the tokens exactly

    def enclosure(a):
        if a is None:
            return None
        a.setflags(write=False)  # a result is a snapshot: its parts cannot be changed behind it
        return Enclosure(a[..., 0], a[..., 1], a[..., 2])

    return {"pe": enclosure(raw["pe"]),
            "layers": [{k: enclosure(v) for k, v in layer.items()} for layer in raw["layers"]] if parts else None,
            "output": enclosure(raw["output"]), "undecided": raw["undecided"],
            "undetermined": raw["undetermined"], "bits": raw["bits"], "conventions": raw["conventions"],
            "x": raw["x"]}


def _rounding(spec, x, y, conventions, atol, rtol, dtype):
    """Rounding as the cause of outputs y on tokens x (n x d): the place of the first relay within dtype's
    rounding of a threshold which, read on its other side at that token, makes the reference agree with
    every output (token, layer, head, relay, threshold, distance, bound, moved_input), else None."""
    text = json.dumps(_numbers_as_text(_model(spec), "transformer"))
    return _core.transformer_rounding(text, np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64),
                                      json.dumps(conventions), str(_exact(atol, "atol")), str(_exact(rtol, "rtol")),
                                      dtype)
