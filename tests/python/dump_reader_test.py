"""The change-log dump of `palcheck eval --dump --trace` rebuilt by palcheck_dump.py equals, token by
token, the memory and relay states of the exact reference (palcheck_oracle.trace), for nested zig-zags (deep
memory, every wipe) and random sequences with ties, both initial states; its size grows linearly in n."""
import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

import numpy as np

import palcheck_dump
import palcheck_oracle

palcheck = sys.argv[1]
rng = np.random.default_rng(15)
relays = np.array([[a, b, w] for a, b, w in rng.integers(-6, 7, size=(24, 3)) if a >= b] + [[2, 2, 1]], dtype=float)
relays[:, :2] /= 2  # half-integer thresholds: inputs on thresholds and between them


def zigzag(n):
    return np.array([(n - k) * (1 if k % 2 == 0 else -1) / 4 for k in range(n)])


def batch(n):
    rows = [zigzag(n), zigzag(n)[::-1], rng.integers(-8, 9, size=n) / 2, rng.integers(-2, 3, size=n) / 1.0]
    return np.stack(rows)


def run(u, initial, folder):
    np.save(os.path.join(folder, "u.npy"), u)
    measure = os.path.join(folder, "mu.csv")
    with open(measure, "w") as f:
        f.write("alpha,beta,weight\n" + "".join(f"{a!r},{b!r},{w!r}\n" for a, b, w in relays))
    dump, out = os.path.join(folder, "dump.json"), os.path.join(folder, "out.json")
    subprocess.run([palcheck, "eval", "--measure", measure, "--inputs", os.path.join(folder, "u.npy"), "--trace",
                    "--initial-state", str(initial), "--dump", dump, "-o", out], check=True)
    with open(out) as o:
        return palcheck_dump.load(dump), json.load(o), os.path.getsize(dump)


checked = 0
with tempfile.TemporaryDirectory() as folder:
    for initial in (0, 1):
        u = batch(300)
        dump, out, _ = run(u, initial, folder)
        for s, seq in enumerate(dump["sequences"]):
            assert out["memory_changes"][s] == seq["memory_changes"] and out["relay_changes"][s] == seq["relay_changes"]
            steps = palcheck_oracle.trace(u[s], relays=relays, initial_state=initial)
            states = [initial] * len(relays)
            rebuilt = list(palcheck_dump.memories(seq["memory_changes"]))
            bits = list(palcheck_dump.relay_states(seq["relay_changes"], len(relays), initial))
            for n, step in enumerate(steps):
                expected = [Fraction(e) for e in step["memory"]]
                assert rebuilt[n] == expected, (initial, s, n, rebuilt[n], expected)
                for r in step["switched_on"]:
                    states[r] = 1
                for r in step["switched_off"]:
                    states[r] = 0
                assert bits[n] == "".join(map(str, states)), (initial, s, n)
                checked += 1
            for n in (0, 151, len(steps) - 1):
                assert palcheck_dump.memory_at(seq["memory_changes"], n) == [Fraction(e) for e in steps[n]["memory"]]
                assert palcheck_dump.relay_states_at(seq["relay_changes"], len(relays), n, initial) == bits[n]
        deepest = max(len(m) for m in palcheck_dump.memories(dump["sequences"][0]["memory_changes"]))
        assert deepest >= 250, deepest  # the zig-zag nests: the memory holds nearly every token

    # O(n + changes): ten times the tokens, at most about ten times the bytes (the full memory would be 100x).
    sizes = [run(batch(n)[:1], 0, folder)[2] for n in (300, 3000)]
    assert sizes[1] < 12 * sizes[0], sizes

print(f"dump reader: {checked} tokens rebuilt equal to the reference; sizes {sizes} bytes for 300 and 3000 tokens")
