"""A float32 PAL written in numpy, checked against palcheck's exact reference (def:pal, def:relay).

Run: PYTHONPATH=build/python python3 examples/python/float32_pal.py   (ctest runs it).
The first implementation follows eq:relay as printed (u >= alpha switches on first, then u <= beta
off); it agrees with the oracle within float32 tolerances. The second uses strict comparisons, a
typical bug: `compare` names the first token where it differs, the memory there, the reading it
follows and the relay whose threshold the input sits on.
"""
import numpy as np

import palcheck_oracle as oracle


def pal_float32(alpha, beta, weight, u, strict=False):
    """PAL over a batch u (sequences x tokens), relays as float32 arrays, state starting at 0."""
    out = np.zeros(u.shape, dtype=np.float32)
    for s in range(u.shape[0]):
        state = np.zeros(alpha.shape, dtype=np.float32)
        for n, x in enumerate(u[s]):
            on = x > alpha if strict else x >= alpha
            off = x < beta if strict else x <= beta
            state = np.where(on, 1.0, np.where(off, 0.0, state)).astype(np.float32)
            out[s, n] = np.dot(state, weight)
    return out


rng = np.random.default_rng(2024)
L, delta = 8, 0.25
grid = np.tril(rng.normal(size=(L, L))).astype(np.float32)  # mu_ij, row i-1 = alpha_i, col j-1 = beta_j
i, j = np.nonzero(grid)
alpha = ((i + 1) * delta).astype(np.float32)
beta = ((j + 1) * delta).astype(np.float32)
weight = grid[i, j]
u = (rng.integers(0, 4 * L // 2 + 2, size=(16, 64)) * 0.125).astype(np.float32)  # lands on thresholds often

tolerances = dict(atol="1e-4", rtol="1e-5")  # float32 sums of up to 36 weights

right = pal_float32(alpha, beta, weight, u)
report = oracle.compare(right, u, grid=grid, delta=delta, **tolerances)
print("as printed:", "agree" if report["agree"] else "DIFFER", "max |difference|", report["max_abs_difference"])
assert report["agree"], report["differences"][:1]

exact = oracle.evaluate(u[0], grid=grid, delta=delta, exact=True)
assert abs(float(exact[5]) - float(right[0, 5])) < 1e-4

wrong = pal_float32(alpha, beta, weight, u, strict=True)
report = oracle.compare(wrong, u, grid=grid, delta=delta, **tolerances)
assert not report["agree"]
first = report["differences"][0]
print(f"strict tie rule: {report['differing_sequences']} of {report['sequences']} sequences differ; "
      f"first at sequence {first['sequence']}, token {first['token']}: expected {first['expected']}, "
      f"got {first['actual_double']:.6g}; memory {first['memory']}")
best = first["diagnosis"]["causes"][0]["evidence"]
print("explained by reading:", best["reading"], "- whole sequence:", best["matches_whole_sequence"])
for relay in best["relays"]:
    print(f"  relay {relay['index']}: alpha {relay['alpha']}, beta {relay['beta']}, weight {relay['weight']}: "
          f"reference {relay['reference_state']}, other {relay['other_state']} ({relay['why']})")
assert best["reading"] == "tie_rule=strict"
assert all(r["why"].startswith("tie") for r in best["relays"])

# The first differing token is where a relay's threshold is met exactly for the first time in a
# way the strict rule reads differently: check it independently, token by token.
s, n = first["sequence"], first["token"]
steps = oracle.trace(u[s], grid=grid, delta=delta)
assert all(abs(float(steps[k]["output"]) - float(wrong[s, k])) <= 1e-4 for k in range(n))
assert abs(float(steps[n]["output"]) - float(wrong[s, n])) > 1e-4
print("ok")
