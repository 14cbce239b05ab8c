"""palcheck's exact Preisach Attention Layer (def:pal, def:relay, def:mpal) as a test oracle for Python.

evaluate, compare, trace, fuzz and assert_matches run the same engine as `palcheck eval`, `compare` and
`fuzz-impl`, in process, on numpy arrays, torch tensors (DLPack) or anything with __array__, read where
the caller keeps them. palcheck_oracle.testing holds assert_agrees, assert_matches and assert_finds for
pytest and palcheck_oracle.strategies the Hypothesis strategies of near-threshold inputs (needs
hypothesis). palcheck_oracle.transformer is the oracle for the whole PAL-Transformer (def:pal_transformer):
evaluate, compare and fuzz, its conventions named as causes.
"""
from ._core import assert_matches, compare, evaluate, fuzz, summarize, trace

__all__ = ["evaluate", "compare", "summarize", "trace", "fuzz", "assert_matches"]
