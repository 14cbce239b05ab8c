"""The cost of palcheck_oracle.fuzz against a 45-relay Python implementation: CPU seconds in all and within
the implementation, cases, calls and tokens. The implementations are the worked examples' (the numpy loop
of examples/numpy, the PyTorch module of examples/torch), as written or with a planted defect, under their
declared conventions, with the root causes the report names. Measure on one core:
taskset -c 0 python3 examples/python/bench_fuzz.py --impl numpy
Usage: bench_fuzz.py [--impl numpy|torch] [--defect NAME] [--relays-per-call] [--max-cases N] [--seed N]
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

import palcheck_oracle

EXAMPLES = Path(__file__).resolve().parent.parent


def relays_45():
    """A triangular grid of 9 x 10 / 2 relays in [0, 1] with weights in [1, 1.5]: 10 distinct thresholds."""
    L = 9
    return np.array([[a / L, b / L, 1 + ((3 * a + b) % 5) / 8] for a in range(1, L + 1) for b in range(a)])


def implementation(kind, defect):
    """fn(u, relays) and its conventions."""
    sys.path.insert(0, str(EXAMPLES / kind))
    if kind == "numpy":
        from preisach_loop import preisach
        return (lambda u, relays: preisach(u, relays, defect)), dict(states="pm1", output_map=(0.5, 1, 0))
    import torch
    from preisach_module import SmoothPreisach

    def fn(u, relays):
        with torch.no_grad():
            return SmoothPreisach(relays, temperature=1e-3, defect=defect)(torch.from_numpy(u))
    return fn, dict(smoothing="tanh:1/1000", domain=(0, 1))


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--impl", choices=("numpy", "torch"), default="numpy")
    parser.add_argument("--defect")
    parser.add_argument("--relays-per-call", action="store_true")
    parser.add_argument("--max-cases", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    relays = relays_45()
    fn, conventions = implementation(args.impl, args.defect)
    inside = {"seconds": 0.0, "calls": 0, "tokens": 0}

    def timed(u, relays_now=relays):
        start = time.process_time()
        out = fn(u, relays_now)
        inside["seconds"] += time.process_time() - start
        inside["calls"] += 1
        inside["tokens"] += len(u)
        return out

    start = time.process_time()
    report = palcheck_oracle.fuzz(timed, relays=relays, seed=args.seed, max_cases=args.max_cases, progress=False,
                                  relays_per_call=args.relays_per_call, **conventions)
    total = time.process_time() - start
    causes = sorted({f["cause"] for f in report["failures"]})
    roots = [r["cause"] for r in report.get("root_causes", [])]
    print(f"{args.impl} {args.defect or 'as written'}{' relays_per_call' if args.relays_per_call else ''}: "
          f"{len(relays)} relays, {report['cases']} cases, {inside['calls']} calls, {inside['tokens']} tokens; "
          f"CPU {total:.2f} s, of which {inside['seconds']:.2f} s in the implementation; "
          f"passed {report['passed']}, causes {causes}, root causes {roots}")


if __name__ == "__main__":
    main()
