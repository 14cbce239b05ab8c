"""palcheck's exact Preisach Attention Layer (def:pal, def:relay, def:mpal) as a test oracle for Python.

evaluate, compare, trace, fuzz and assert_matches run the same engine as `palcheck eval`, `compare` and
`fuzz-impl`, in process, on numpy arrays, torch tensors (DLPack) or anything with __array__, read where
the caller keeps them. palcheck_oracle.testing holds assert_agrees, assert_matches and assert_finds for
pytest and palcheck_oracle.strategies the Hypothesis strategies of near-threshold inputs (needs
hypothesis). palcheck_oracle.transformer is the oracle for the whole PAL-Transformer (def:pal_transformer):
evaluate, compare and fuzz, its conventions named as causes.

Each function is a module-level function of this package, so it pickles by name (Dask, multiprocessing),
and each releases the GIL while it computes (docs/python.md: At scale).
"""
import functools

from . import _core

__all__ = ["evaluate", "compare", "summarize", "trace", "fuzz", "assert_matches"]


def _module_level(name):
    """_core's function `name` as a function of this package: pybind11's own functions do not pickle
    (their __self__ is a capsule), a function found by module and name does."""
    compiled = getattr(_core, name)

    @functools.wraps(compiled)
    def function(*args, **kwargs):
        return compiled(*args, **kwargs)

    function.__module__, function.__qualname__ = __name__, name
    return function


evaluate = _module_level("evaluate")
compare = _module_level("compare")
summarize = _module_level("summarize")
trace = _module_level("trace")
fuzz = _module_level("fuzz")
assert_matches = _module_level("assert_matches")
