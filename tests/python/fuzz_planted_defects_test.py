"""palcheck_oracle.fuzz against numpy PAL implementations written for this test.

def:relay, def:pal, prop:wiping. One correct implementation must pass; each defective one has one
planted defect (tie rule, initial state, rate independence, return-point memory, wiping-out,
congruency) that fuzz must find within its default budget, naming the property. Also checks the
conventions (states in {-1, +1}, an affine output, a smoothed switch) through compare(), and MPAL
(def:mpal) through heads=.
Run: PYTHONPATH=build/python python3 tests/python/fuzz_planted_defects_test.py   (ctest runs it).
"""
import sys

import numpy as np

import palcheck_oracle as oracle

RELAYS = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0], [1.5, -0.5, 0.25], [0.5, 0.5, 2.0], [2.0, 1.25, 1.0]])


def relay_pal(u, relays, strict=False, initial=0.0):
    """eq:relay over a sequence; returns the state sum per token and the states."""
    alpha, beta, w = relays[:, 0], relays[:, 1], relays[:, 2]
    state = np.full(len(alpha), initial)
    out = np.empty(len(u))
    for n, x in enumerate(u):
        on = x > alpha if strict else x >= alpha
        off = x < beta if strict else x <= beta
        state = np.where(on, 1.0, np.where(off, 0.0, state))
        out[n] = state @ w
    return out


def correct(u):
    return relay_pal(u, RELAYS)


def strict_ties(u):  # tie rule: u > alpha, u < beta
    return relay_pal(u, RELAYS, strict=True)


def starts_on(u):  # initial state: every relay on before u_0
    return relay_pal(u, RELAYS, initial=1.0)


def debounced(u):  # rate independence: switches on only after two tokens at or above alpha
    alpha, beta, w = RELAYS[:, 0], RELAYS[:, 1], RELAYS[:, 2]
    state, previous, out = np.zeros(len(alpha)), np.full(len(alpha), -np.inf), np.empty(len(u))
    for n, x in enumerate(u):
        state = np.where((x >= alpha) & (previous >= alpha), 1.0, np.where(x <= beta, 0.0, state))
        previous = np.full(len(alpha), x)
        out[n] = state @ w
    return out


def leaky(u):  # return-point memory: six reversals inside a relay's dead band switch it off
    alpha, beta, w = RELAYS[:, 0], RELAYS[:, 1], RELAYS[:, 2]
    state, reversals, out = np.zeros(len(alpha)), np.zeros(len(alpha)), np.empty(len(u))
    direction = 0.0
    for n, x in enumerate(u):
        step = np.sign(x - u[n - 1]) if n else 0.0
        turned = step != 0 and direction != 0 and step != direction
        direction = step if step != 0 else direction
        inside = (x > beta) & (x < alpha)
        reversals = np.where(inside, reversals + (1 if turned else 0), 0)
        state = np.where(x >= alpha, 1.0, np.where(x <= beta, 0.0, state))
        state = np.where(reversals >= 6, 0.0, state)
        out[n] = state @ w
    return out


def over_wiping(u):  # wiping-out: a wipe also removes the next older pair of extrema
    alpha, beta, w = RELAYS[:, 0], RELAYS[:, 1], RELAYS[:, 2]
    memory, out = [-np.inf], np.empty(len(u))
    for n, x in enumerate(u):
        if len(memory) > 1 and x == memory[-1]:
            pass
        elif len(memory) > 1 and (memory[-1] - memory[-2]) * (x - memory[-1]) > 0:
            memory[-1] = x
        else:
            memory.append(x)
        wiped = False
        while len(memory) >= 4 and (x - memory[-3]) * (memory[-3] - memory[-2]) >= 0:
            del memory[-3:-1]
            wiped = True
        if wiped and len(memory) >= 4:
            del memory[-3:-1]
        out[n] = relay_pal(np.array(memory[1:]), RELAYS)[-1]
    return out


def curved(u):  # congruency: the output is a nonlinear function of the Preisach sum
    s = relay_pal(u, RELAYS)
    return s + s * s / 8


def pm1_affine(u):  # states in {-1, +1}, output 2*S + 1/2 + u/4: correct under its conventions
    return 2 * (2 * relay_pal(u, RELAYS) - RELAYS[:, 2].sum()) + 0.5 + 0.25 * u


def raises(u):  # an exception is a failure of its own
    if np.any(u == 1.5):
        raise RuntimeError("cannot handle 1.5")
    return correct(u)


failed = False


def check(condition, message):
    global failed
    print(("ok   " if condition else "FAIL ") + message)
    failed = failed or not condition


for fn, kwargs in [(correct, {}), (pm1_affine, dict(states="pm1", output_map=(2, 0.5, 0.25)))]:
    report = oracle.fuzz(fn, relays=RELAYS, progress=False, **kwargs)
    check(report["passed"], f"{fn.__name__} passes {report['cases']} cases (seed {report['seed']})")

for fn, planted in [(strict_ties, "tie rule"), (starts_on, "initial state"), (debounced, "rate independence"),
                    (leaky, "return-point memory"), (over_wiping, "wiping-out"), (curved, "congruency"),
                    (raises, "exception")]:
    report = oracle.fuzz(fn, relays=RELAYS, progress=False)
    found = {f["property"]: f for f in report["failures"]}
    hit = found.get(planted)
    sizes = f"{hit['tokens_before_shrinking']} -> {hit['tokens']} tokens, relays {[r['index'] for r in hit['relays']]}" if hit else ""
    check(hit is not None, f"{fn.__name__}: {planted} found at case {hit['case'] if hit else '-'} of "
          f"{report['cases']} ({sizes}); all properties named: {sorted(found)}")
    if hit:
        again = oracle.fuzz(fn, relays=RELAYS, progress=False, case=hit["case"])
        check(any(f["property"] == planted and f["inputs"] == hit["inputs"] for f in again["failures"]),
              f"{fn.__name__}: replay {hit['replay']} reproduces the shrunk case")



def inside_domain(u):  # accepts only [-1/2, 2]: generated inputs stay inside, thresholds included
    if np.any(u < -0.5) or np.any(u > 2.0):
        raise ValueError(f"input outside the domain: {u}")
    return correct(u)


report = oracle.fuzz(inside_domain, relays=RELAYS, domain=(-0.5, 2.0), progress=False)
check(report["passed"], f"inside_domain passes {report['cases']} cases with domain=(-0.5, 2.0)")

try:
    oracle.assert_matches(strict_ties, relays=RELAYS)
    check(False, "assert_matches raises on strict_ties")
except AssertionError as e:
    check("tie rule" in str(e) and "replay" in str(e), f"assert_matches raises: {str(e)[:100]}...")
oracle.assert_matches(correct, relays=RELAYS)

# Conventions: the pm1/affine implementation compared with compare(), with and without them.
u = np.array([[0.0, 1.0, 0.5, 0.75, 2.0, 1.25, 0.0, 1.5, -1.0], [0.5, 0.5, 1.0, 0.25, 0.75, 2.0, 1.0, 1.5, 0.25]])
theirs = np.array([pm1_affine(row) for row in u])
plain = oracle.compare(theirs, u, relays=RELAYS)
check(not plain["agree"], "pm1/affine outputs differ without conventions")
declared = oracle.compare(theirs, u, relays=RELAYS, states="pm1", output_map=(2, 0.5, 0.25))
check(declared["agree"], "pm1/affine outputs agree with states='pm1', output_map=(2, 0.5, 0.25)")


def half_switched(u):  # a smoothed switch: a relay whose threshold equals the input sits at 1/2
    alpha, beta, w = RELAYS[:, 0], RELAYS[:, 1], RELAYS[:, 2]
    state, out = np.zeros(len(alpha)), np.empty(len(u))
    for n, x in enumerate(u):
        state = np.where(x > alpha, 1.0, np.where(x < beta, 0.0, state))
        shown = np.where((x == alpha) | (x == beta), 0.5, state)
        state = np.where(x == alpha, 1.0, np.where(x == beta, 0.0, state))
        out[n] = shown @ w
    return out


smooth = np.array([half_switched(row) for row in u])
report = oracle.compare(smooth, u, relays=RELAYS)
runs = [r for d in report["differences"] for r in d["runs"]]
check(runs and all(r["cause"] == "fractional_states" for r in runs), f"half-switched relays: causes {report['causes']}")
ok = True
for d in report["differences"]:
    for r in d["runs"]:
        fractional = next(c for c in r["diagnosis"]["causes"] if c["cause"] == "fractional_states")
        for relay in fractional["evidence"]["relays"]:
            k = relay["index"]
            for t in relay["tokens"]:
                x = u[d["sequence"]][t]
                ok = ok and relay["state"] == "1/2" and (RELAYS[k, 0] == x or RELAYS[k, 1] == x)
check(ok, "every relay with a fractional state is tied with the input at its tokens, at state 1/2")
banded = oracle.compare(smooth, u, relays=RELAYS, smoothing="band:1/8")
check(banded["agree"] and banded["smoothing_tokens"] > 0,
      f"with smoothing=band:1/8 it is smoothing, not a failure ({banded['smoothing_tokens']} tokens)")

# MPAL (def:mpal) through heads=: evaluate equals a numpy MPAL, and compare names the head and relay.
heads = [dict(w_in=np.array([1.0, 0.0]), w_out=np.array([1.0, 2.0]), relays=RELAYS[:3]),
         dict(w_in=np.array([0.5, 0.5]), w_out=np.array([-1.0, 1.0]), relays=RELAYS[3:])]
x = np.array([[0.0, 0.0], [0.5, 0.5], [1.0, 0.5], [2.0, 1.0], [0.25, 0.0]])


def numpy_mpal(x, strict_head=None):
    return sum(np.outer(relay_pal(x @ h["w_in"], h["relays"], strict=k == strict_head), h["w_out"]) for k, h in enumerate(heads))


check(np.allclose(oracle.evaluate(x, heads=heads), numpy_mpal(x)), "MPAL evaluate(heads=...) equals numpy MPAL")
report = oracle.compare(numpy_mpal(x, strict_head=1), x, heads=heads)
run = report["differences"][0]["runs"][0]
check(run["cause"] == "tie_rule" and run["diagnosis"]["heads"][0]["head"] == 1,
      f"MPAL divergence explained per head: {run['cause']}, head {run['diagnosis']['heads'][0]['head'] if run['diagnosis']['heads'] else '-'}")

sys.exit(1 if failed else 0)
