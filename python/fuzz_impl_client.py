"""A PAL implementation speaking palcheck fuzz-impl's JSON-lines protocol (docs/oracle.md: fuzz-impl).
Run: palcheck fuzz-impl --command "python3 python/fuzz_impl_client.py" --measure relays.csv
With --strict its tie rule is u > alpha, u < beta (a planted defect fuzz-impl names "tie rule")."""
import json, sys
import numpy as np

strict = "--strict" in sys.argv
for line in sys.stdin:
    req = json.loads(line)
    alpha, beta, w = np.array(req["relays"], dtype=float).reshape(-1, 3).T
    state, out = np.full(len(alpha), float(req["initial_state"])), []
    for x in req["inputs"]:
        on, off = (x > alpha, x < beta) if strict else (x >= alpha, x <= beta)
        state = np.where(on, 1.0, np.where(off, 0.0, state))
        s = state @ w if req["states"] == "01" else (2 * state - 1) @ w
        a, b, c = req["output_map"]
        out.append(a * s + b + c * x)
    print(json.dumps({"outputs": out}), flush=True)
