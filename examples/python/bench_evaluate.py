"""def:pal, prop:complexity: the cost per token of palcheck_oracle.evaluate against `palcheck eval` on the
same grid and inputs (CPU seconds: evaluate in this process, eval as a child process with -j 1). Double
outputs against eval's .npy, exact ones (a list of Fraction) against eval's CSV; both are checked equal
before a ratio is printed. Inputs: uniform on the grid's range and a little beyond, seed shown.
Usage: bench_evaluate.py PALCHECK [--tokens N] [--L L] [--seed N]
"""
import argparse
import os
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

import numpy as np

import palcheck_oracle


def cpu(children=False):
    """CPU seconds (user + system) of this process or of its finished children."""
    t = os.times()
    return t.children_user + t.children_system if children else t.user + t.system


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("palcheck", help="the palcheck binary")
    parser.add_argument("--tokens", type=int, default=10**7)
    parser.add_argument("--L", type=int, default=256)
    parser.add_argument("--seed", type=int, default=5)
    a = parser.parse_args()
    rng = np.random.default_rng(a.seed)
    grid, delta = np.tril(rng.uniform(-1, 1, (a.L, a.L))), Fraction(1, 64)
    u = rng.uniform(-0.2, a.L / 64 + 0.2, a.tokens)
    print(f"seed {a.seed}; {a.tokens} tokens, L = {a.L}; replay: bench_evaluate.py PALCHECK --tokens {a.tokens} "
          f"--L {a.L} --seed {a.seed}")
    with tempfile.TemporaryDirectory() as folder:
        folder = Path(folder)
        np.save(folder / "grid.npy", grid)
        np.save(folder / "u.npy", u)
        for kind, out in (("double", "y.npy"), ("exact", "y.csv")):
            start = cpu()
            ours = palcheck_oracle.evaluate(u, grid=grid, delta=delta, exact=kind == "exact")
            module = cpu() - start
            start = cpu(children=True)
            subprocess.run([a.palcheck, "eval", "--measure", folder / "grid.npy", "--grid-delta", "1/64", "--inputs",
                            folder / "u.npy", "--values", kind, "-o", folder / out, "-j", "1"], check=True)
            command = cpu(children=True) - start
            if kind == "double":
                same = np.array_equal(np.load(folder / out), ours)
            else:
                same = (folder / out).read_text().strip().split(",") == [str(q) for q in ours]
            if not same:
                raise SystemExit(f"{kind}: evaluate and palcheck eval differ")
            ratio = f"{module / command:.2f}" if command > 0 else "not measured (below the clock's tick)"
            print(f"{kind}: evaluate {module:.3f} s, palcheck eval {command:.3f} s CPU, equal outputs, ratio {ratio}")


if __name__ == "__main__":
    main()
