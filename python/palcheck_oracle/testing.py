"""pytest helpers: assert_agrees (one comparison with the exact reference), assert_matches (a search that
must find nothing) and assert_finds (a search that must find a planted defect, named and small).

    from palcheck_oracle.testing import assert_agrees

    def test_my_pal():
        assert_agrees(my_pal, u, relays=R)              # a callable is applied to u
        assert_agrees(my_pal(u), u, relays=R, states="pm1", output_map=(2, 0.5, 0.25))

The AssertionError says what `palcheck compare` says: how many sequences differ, the first difference,
its cause and the readings or relays that explain it.
"""
from . import assert_matches, compare, fuzz, summarize

__all__ = ["assert_agrees", "assert_matches", "assert_finds"]


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


def _kinds(name):
    """The defect kinds a root cause's name joins ("first_token+ratchet": both)."""
    return set(str(name).split("+")) if name else set()


def assert_finds(fn, cause, *, relays, max_tokens=8, max_relays=3, short_of_thresholds=False, headline=False,
                 max_root_causes=None, only_causes=None, **options):
    """Raises AssertionError unless fuzz(fn, relays=relays, **options) names `cause` among the run's root
    causes, alone or joined with another ("first_token+ratchet" names both), with a witness of at most
    `max_tokens` tokens and `max_relays` relays (relays_per_call=True lets shrinking drop relays): the
    smallest failure whose cause or root cause names it, else that root cause's own witness. With
    headline=True, instead, the headline (first) failure must name it, and is the witness: its cause and
    the first of its ranked causes are `cause` (a defect named first, not only found). With
    max_root_causes=K the report names at most K root causes (one per planted defect). With only_causes=S
    (the causes of the k defects planted) the report names at most k root causes, each one of S or a pair
    of them, and every failure's root cause is one of S or a pair of them ("first_token+ratchet": a case
    both defects shape, counted as joint with each), never "unexplained". With short_of_thresholds=True
    some failure of that cause, as small, must also have inputs that never reach the thresholds of the
    relays it keeps (a ratchet below the threshold). `options` are fuzz()'s: seed=, max_cases=, relays_per_call= and the conventions.
    Returns the failure found. Checks that a planted defect (a mutant of one's own implementation) is found.
    """
    __tracebackhide__ = True
    report = fuzz(fn, relays=relays, progress=False, **options)
    failures = report["failures"]
    if not failures:
        raise AssertionError(f"fuzz found nothing in {report['cases']} cases (seed {report['seed']}); "
                             f"expected the cause {cause}")

    def small(f):
        return f["tokens"] <= max_tokens and f.get("relays_kept", len(relays)) <= max_relays

    def described(f):
        return (f"{f.get('property', 'a case')} with causes {f.get('causes')} (root cause {f.get('root_cause')}) "
                f"on inputs {f['inputs_double']} ({f['tokens']} tokens, {f.get('relays_kept', len(relays))} "
                f"relays); replay: {f['replay']}")

    roots = [r["cause"] for r in report.get("root_causes", [])]
    if max_root_causes is not None and len(roots) > max_root_causes:
        raise AssertionError(f"expected at most {max_root_causes} root cause(s), got {roots}")
    if only_causes is not None:
        if len(roots) > len(set(only_causes)):
            raise AssertionError(f"expected at most {len(set(only_causes))} root cause(s), one per planted defect; "
                                 f"got {roots}")

        def planted(name):
            return _kinds(name) <= set(only_causes)
        stray = [f"root cause {r}" for r in roots if not planted(r)]
        stray += [f"case {f['case']} with root cause {f.get('root_cause')}" for f in failures
                  if not planted(f.get("root_cause"))]
        if stray:
            raise AssertionError(f"expected every root cause to be one of {sorted(set(only_causes))} or a pair "
                                 f"of them; got root causes {roots}: " + "; ".join(stray))
    if headline:
        found = failures[0]
        what = "the first failure is " + described(found)
        if found["cause"] != cause or found["causes"][0] != cause:
            raise AssertionError(f"expected the cause {cause} first: {what}")
    else:
        if not any(cause in _kinds(r) for r in roots):
            raise AssertionError(f"no root cause names {cause}: the root causes are {roots}; the failures are "
                                 + "; ".join(described(f) for f in failures))
        named = [f for f in failures if cause in _kinds(f["cause"]) | _kinds(f.get("root_cause"))]
        # A root cause whose cases all went to failures of other slots shows it on its own witness.
        named = named or [r["witness"] for r in report["root_causes"] if cause in _kinds(r["cause"])]
        found = min(named, key=lambda f: (f["tokens"], f.get("relays_kept", len(relays))))
        what = "the smallest failure of that cause is " + described(found)
    if not small(found):
        raise AssertionError(f"expected a witness of at most {max_tokens} tokens and {max_relays} relays: {what}")
    if short_of_thresholds and not any(f["cause"] == cause and f["short_of_thresholds"] and small(f)
                                       for f in failures):
        raise AssertionError(f"no failure of cause {cause} stays short of the thresholds: {what}")
    return found
