"""pytest helpers: assert_agrees (one comparison with the exact reference) and assert_matches (a search).

    from palcheck_oracle.testing import assert_agrees

    def test_my_pal():
        assert_agrees(my_pal, u, relays=R)              # a callable is applied to u
        assert_agrees(my_pal(u), u, relays=R, states="pm1", output_map=(2, 0.5, 0.25))

The AssertionError says what `palcheck compare` says: how many sequences differ, the first difference,
its cause and the readings or relays that explain it.
"""
from ._core import assert_matches, compare, summarize

__all__ = ["assert_agrees", "assert_matches"]


def assert_agrees(actual, inputs, **options):
    """Raises AssertionError unless `actual` agrees with the exact PAL on `inputs`.

    `actual` is another implementation's outputs (inputs' shape; numpy, torch or anything with
    __array__) or a callable returning them for `inputs`. `options` are compare()'s: the measure
    (relays=, grid= with delta=, heads=), initial_state=, tolerances and conventions. Returns the
    comparison report when they agree.
    """
    __tracebackhide__ = True  # pytest shows the caller's line
    outputs = actual(inputs) if callable(actual) else actual
    report = compare(outputs, inputs, **options)
    if not report["agree"]:
        raise AssertionError(summarize(report).rstrip())
    return report
