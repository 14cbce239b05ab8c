"""Inputs that reach the PAL-Transformer's hard places, for palcheck_oracle.transformer.fuzz.

Each generator is make(spec, rng, conventions, max_tokens) -> an n x d float64 array of tokens:
first_token_on_threshold (post-LN: the first token's head input exactly on a threshold, PE(0) being
rational; pre-LN: within 1e-12 of it), near_threshold_after_ln (the last token's head input in a later
layer, after LayerNorm, within 1e-12 of a threshold), zigzag (a long zig-zag in one coordinate around a
first-layer relay's thresholds, shrinking), through_layer0 (a first-layer relay switched, then a
second-layer relay's input brought to its threshold by the last token: it flips only through layer 0's
output) and random tokens.
"""
import fractions

import numpy as np

from . import transformer_run as _t

#: How close to a threshold near_threshold_after_ln brings a head's input.
NEAR = 1e-12


def _model(spec):
    return _t._model(spec)


def _heads(spec, layer):
    return _model(spec)["layers"][layer]["heads"]


def _relays(head):
    """A head's (alpha, beta) as Fractions (relays as rows or objects; a grid as its thresholds)."""
    if "relays" in head:
        out = []
        for r in head["relays"]:
            a, b = (r[0], r[1]) if isinstance(r, (list, tuple)) or hasattr(r, "tolist") else (r["alpha"], r["beta"])
            out.append((fractions.Fraction(_t._exact(a, "alpha")), fractions.Fraction(_t._exact(b, "beta"))))
        return out
    grid = head["grid"]  # {"delta", "L", "weights": [[i, j, mu_ij], ...]}: relays at (i delta, j delta)
    delta = fractions.Fraction(_t._exact(grid["delta"], "delta"))
    return [(int(i) * delta, int(j) * delta) for i, j, _ in grid["weights"]] or [(delta, delta)]


def _threshold(spec, rng, layer):
    """A random head of `layer`, and one of its relays' thresholds."""
    heads = _heads(spec, layer)
    h = int(rng.integers(len(heads)))
    alpha, beta = _relays(heads[h])[int(rng.integers(len(_relays(heads[h]))))]
    return h, alpha if rng.random() < 0.5 else beta


def _scale(spec):
    """A size for random tokens: the first layer's thresholds over its heads' input weights."""
    biggest = 1.0
    for head in _heads(spec, 0):
        for a, b in _relays(head):
            biggest = max(biggest, abs(float(a)), abs(float(b)))
    return 2 * biggest


def _random_tokens(spec, rng, n):
    d = int(_model(spec)["d"])
    return np.round(rng.uniform(-1, 1, size=(n, d)) * _scale(spec) * 8) / 8


def _head_input(spec, x, conventions, layer, head, token):
    run = _t._run(spec, x[:token + 1], conventions)
    return float(run["layers"][layer]["inputs"].mid[token, head])


def _place(spec, x, conventions, token, layer, head, target, rng):
    """x with token `token` moved along a random direction until head `head` of `layer` reads within NEAR
    of `target` there (bisection on the reference); x unchanged when no sign change is found."""
    d = x.shape[1]
    direction = rng.normal(size=d)
    direction /= np.linalg.norm(direction)
    base = x[token].copy()

    def f(s):
        y = x.copy()
        y[token] = base + s * direction
        return _head_input(spec, y, conventions, layer, head, token) - target, y

    reach = 4 * _scale(spec)
    points = np.linspace(-reach, reach, 9)
    values = [f(s)[0] for s in points]
    bracket = next(((points[i], points[i + 1], values[i]) for i in range(len(points) - 1)
                    if np.sign(values[i]) != np.sign(values[i + 1])), None)
    if bracket is None:
        return x
    lo, hi, f_lo = bracket
    best = x
    for _ in range(80):
        mid = (lo + hi) / 2
        value, y = f(mid)
        best = y
        if abs(value) < NEAR:
            break
        if np.sign(value) == np.sign(f_lo):
            lo, f_lo = mid, value
        else:
            hi = mid
    return best


def first_token_on_threshold(spec, rng, conventions, max_tokens):
    """A few tokens, the first one's first-layer head input on a threshold: exactly, when the heads read
    x_0 + PE(0) directly (post-LN, PE(0) = (0, 1, 0, 1, ...) or none) and the numbers are dyadic."""
    x = _random_tokens(spec, rng, int(rng.integers(1, min(4, max_tokens) + 1)))
    h, target = _threshold(spec, rng, 0)
    w = [fractions.Fraction(_t._exact(v, "w_in")) for v in _heads(spec, 0)[h]["w_in"]]
    if conventions.get("ln_placement", "post") == "pre":
        return _place(spec, x, conventions, 0, 0, h, float(target), rng)
    run = _t._run(spec, x[:1], conventions)
    u = fractions.Fraction(float(run["layers"][0]["inputs"].mid[0, h]))
    j = int(np.argmax([abs(v) for v in w]))
    if w[j] == 0:
        return x
    # The heads read x_0 + PE(0) (or x_0): the input moves by w_j per unit of x_0[j].
    x[0, j] = float(fractions.Fraction(x[0, j]) + (target - u) / w[j])
    return x


def near_threshold_after_ln(spec, rng, conventions, max_tokens):
    """The last token's input to a head of a later layer (after LayerNorm) within 1e-12 of a threshold."""
    layers = len(_model(spec)["layers"])
    layer = int(rng.integers(1, layers)) if layers > 1 else 0
    x = _random_tokens(spec, rng, int(rng.integers(1, min(6, max_tokens) + 1)))
    h, target = _threshold(spec, rng, layer)
    return _place(spec, x, conventions, len(x) - 1, layer, h, float(target), rng)


def zigzag(spec, rng, conventions, max_tokens):
    """A long zig-zag in one coordinate: a first-layer head's input alternately above and below a relay's
    thresholds, by amounts shrinking towards them."""
    n = max(2, max_tokens)
    heads = _heads(spec, 0)
    h = int(rng.integers(len(heads)))
    alpha, beta = _relays(heads[h])[int(rng.integers(len(_relays(heads[h]))))]
    w = np.array([float(fractions.Fraction(_t._exact(v, "w_in"))) for v in heads[h]["w_in"]])
    j = int(np.argmax(np.abs(w)))
    x = np.tile(_random_tokens(spec, rng, 1), (n, 1))
    x[:, j] = 0
    if w[j] == 0:
        return x
    base = _t._run(spec, x, conventions)["layers"][0]["inputs"].mid[:, h]
    amount = 2.0 ** -np.arange(n)
    target = np.where(np.arange(n) % 2 == 0, float(alpha) + amount, float(beta) - amount)
    x[:, j] = (target - base) / w[j]
    return x


def through_layer0(spec, rng, conventions, max_tokens):
    """A first-layer relay switched on by an early token and the stream then held, before the last token
    brings a second-layer head's input to its threshold: its relay flips only through layer 0's output."""
    if len(_model(spec)["layers"]) < 2:
        return near_threshold_after_ln(spec, rng, conventions, max_tokens)
    x = zigzag(spec, rng, conventions, min(max_tokens, 6))
    h, target = _threshold(spec, rng, 1)
    return _place(spec, x, conventions, len(x) - 1, 1, h, float(target), rng)


def random_tokens(spec, rng, conventions, max_tokens):
    """Plain random tokens on a grid of 1/8, of about the first layer's thresholds' size."""
    return _random_tokens(spec, rng, int(rng.integers(1, max_tokens + 1)))


#: Every generator with its name, in the order fuzz takes them.
GENERATORS = [("first_token_on_threshold", first_token_on_threshold),
              ("near_threshold_after_ln", near_threshold_after_ln), ("zigzag", zigzag),
              ("through_layer0", through_layer0), ("random", random_tokens)]
