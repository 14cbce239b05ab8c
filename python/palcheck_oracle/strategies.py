"""Hypothesis strategies of the inputs where Preisach implementations break (def:relay, def:pal).

Real implementations go wrong next to thresholds: a tie read the other way, a smoothed relay that moves a
little on every approach and ratchets over hundreds of sub-threshold cycles, a plateau on a threshold.
These strategies draw there, from the measure's own thresholds:

    from hypothesis import given
    from palcheck_oracle import strategies
    from palcheck_oracle.testing import assert_agrees

    @given(strategies.sequences(relays=R))
    def test_my_pal(u):
        assert_agrees(my_pal, u, relays=R)

near_thresholds: one number at a threshold or within a relative 1e-3, 1e-6, 1e-9 or 1e-12 of it, or a
few doubles away (down to the next double), either side. one_sided_cycles: hundreds of periods that
approach a threshold from one side without reaching it. ramps: evenly spaced runs across thresholds.
plateaus: a threshold held for several tokens. sequences: a few such segments joined. Every strategy
takes the measure as relays= (R x 2|3: alpha, beta[, weight]) or grid= with delta=, or thresholds=
directly; domain=(lo, hi) keeps the values inside; dtype=numpy.float32 draws float32 values (the
neighbours are float32 neighbours). Needs Debian's python3-hypothesis.
"""
from fractions import Fraction

import numpy as np
from hypothesis import strategies as st

__all__ = ["thresholds_of", "near_thresholds", "one_sided_cycles", "ramps", "plateaus", "sequences"]

RELATIVE_SCALES = (1e-3, 1e-6, 1e-9, 1e-12)  # relative distances to a threshold, then a few doubles
MAX_ULPS = 3


class DrawnSequence(np.ndarray):
    """A drawn input sequence: a numpy array that prints as one, in Hypothesis's falsifying examples too
    (not as the strategy's function applied to its parts)."""

    def __repr__(self):
        return repr(np.asarray(self))

    def _repr_pretty_(self, p, cycle):
        p.text(repr(self))


def _drawn(values):
    return np.asarray(values).view(DrawnSequence)


def thresholds_of(relays=None, grid=None, delta=None, thresholds=None):
    """The distinct thresholds of a measure, increasing, as doubles."""
    if thresholds is not None:
        values = np.asarray(thresholds, dtype=np.float64).ravel()
    elif relays is not None:
        r = np.asarray(relays, dtype=np.float64)
        if r.ndim != 2 or r.shape[1] not in (2, 3):
            raise ValueError("relays: expected R x 2|3 (alpha, beta[, weight])")
        values = r[:, :2].ravel()
    elif grid is not None:
        if delta is None:
            raise ValueError("grid= needs delta=")
        step = float(Fraction(delta)) if isinstance(delta, str) else float(delta)
        values = step * np.arange(1, np.asarray(grid).shape[0] + 1)
    else:
        raise ValueError("give relays=, grid= with delta=, or thresholds=")
    values = np.unique(values)
    if values.size == 0:
        raise ValueError("the measure has no threshold")
    return values


class _Space:
    """The thresholds, the span around them and the value type: what every strategy draws from."""

    def __init__(self, relays, grid, delta, thresholds, domain, dtype):
        self.dtype = np.dtype(dtype)
        if self.dtype not in (np.float64, np.float32):
            raise ValueError("dtype: numpy.float64 or numpy.float32")
        self.thresholds = [self.dtype.type(t) for t in thresholds_of(relays, grid, delta, thresholds)]
        low, high = float(self.thresholds[0]), float(self.thresholds[-1])
        spread = max(1.0, high - low)
        self.low, self.high = low - spread, high + spread
        self.domain = None if domain is None else (float(domain[0]), float(domain[1]))
        if self.domain is not None:
            if self.domain[1] < self.domain[0]:
                raise ValueError("domain: lo > hi")
            self.low, self.high = max(self.low, self.domain[0]), min(self.high, self.domain[1])
            if self.high < self.low:
                self.low, self.high = self.domain

    def clip(self, values):
        values = np.asarray(values, dtype=self.dtype)
        return values if self.domain is None else np.clip(values, *self.domain).astype(self.dtype)

    def threshold(self):
        return st.sampled_from(self.thresholds)

    def offset(self, t, side, scale):
        """t moved to `side` (+1, -1) by `scale`: a relative distance (float) or a number of ulps (int)."""
        t = self.dtype.type(t)
        if isinstance(scale, int):
            value = t
            for _ in range(scale):
                value = np.nextafter(value, self.dtype.type(side * np.inf))
            return value
        magnitude = abs(float(t)) if t != 0 else 1.0
        value = self.dtype.type(float(t) + side * scale * magnitude)
        return value if value != t else np.nextafter(t, self.dtype.type(side * np.inf))

    def scale(self):
        return st.one_of(st.sampled_from(RELATIVE_SCALES), st.integers(1, MAX_ULPS))

    def point(self):
        return st.floats(self.low, self.high, allow_nan=False, allow_infinity=False,
                         width=32 if self.dtype == np.float32 else 64).map(self.dtype.type)


def near_thresholds(relays=None, *, grid=None, delta=None, thresholds=None, domain=None, dtype=np.float64):
    """One value: a threshold, or next to one (relative 1e-3 down to the next double), either side."""
    s = _Space(relays, grid, delta, thresholds, domain, dtype)

    @st.composite
    def near(draw):
        t = draw(s.threshold())
        if draw(st.booleans()):
            return s.clip([t])[0]
        return s.clip([s.offset(t, draw(st.sampled_from((-1, 1))), draw(s.scale()))])[0]

    return near()


def one_sided_cycles(relays=None, *, grid=None, delta=None, thresholds=None, domain=None, dtype=np.float64,
                     max_periods=300):
    """Zig-zags between a far point and a point just short of a threshold, on one side of it, for up to
    max_periods periods: a relay with return-point memory never switches; a smoothed one may creep."""
    s = _Space(relays, grid, delta, thresholds, domain, dtype)

    @st.composite
    def cycles(draw):
        t = draw(s.threshold())
        side = draw(st.sampled_from((-1, 1)))  # the side the cycle stays on
        near = s.offset(t, side, draw(s.scale()))
        span = max(float(s.high) - float(s.low), 1.0)
        far = s.dtype.type(float(t) + side * span * draw(st.sampled_from((0.05, 0.25, 0.5, 1.0))))
        periods = draw(st.integers(2, max(2, max_periods)))
        start = [] if draw(st.booleans()) else [draw(s.point())]
        return _drawn(s.clip(start + [far, near] * periods))

    return cycles()


def ramps(relays=None, *, grid=None, delta=None, thresholds=None, domain=None, dtype=np.float64, max_size=64):
    """Evenly spaced runs from one value to another, usually across thresholds, ends next to thresholds."""
    s = _Space(relays, grid, delta, thresholds, domain, dtype)
    end = st.one_of(near_thresholds(thresholds=s.thresholds, domain=domain, dtype=dtype), s.point())

    @st.composite
    def ramp(draw):
        a, b = draw(end), draw(end)
        return _drawn(s.clip(np.linspace(float(a), float(b), draw(st.integers(2, max(2, max_size))))))

    return ramp()


def plateaus(relays=None, *, grid=None, delta=None, thresholds=None, domain=None, dtype=np.float64, max_size=16):
    """A threshold held for several tokens, after a value on either side of it."""
    s = _Space(relays, grid, delta, thresholds, domain, dtype)

    @st.composite
    def plateau(draw):
        t = draw(s.threshold())
        before = draw(st.lists(st.one_of(s.point(), near_thresholds(thresholds=s.thresholds, domain=domain,
                                                                     dtype=dtype)), max_size=2))
        return _drawn(s.clip(before + [t] * draw(st.integers(2, max(2, max_size)))))

    return plateau()


def sequences(relays=None, *, grid=None, delta=None, thresholds=None, domain=None, dtype=np.float64,
              max_segments=4, max_periods=300, max_size=64):
    """Input sequences of one to max_segments segments: near-threshold values, one-sided cycles, ramps and
    plateaus, joined. A 1-D array of dtype (printed as one: a numpy array subclass with that repr)."""
    measure = dict(thresholds=thresholds_of(relays, grid, delta, thresholds), domain=domain, dtype=dtype)
    segment = st.one_of(
        st.lists(near_thresholds(**measure), min_size=1, max_size=max_size).map(lambda v: np.asarray(v, dtype)),
        one_sided_cycles(max_periods=max_periods, **measure),
        ramps(max_size=max_size, **measure),
        plateaus(**measure),
    )
    return st.lists(segment, min_size=1, max_size=max(1, max_segments)).map(
        lambda parts: _drawn(np.concatenate(parts).astype(dtype)))
