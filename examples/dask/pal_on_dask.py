"""palcheck_oracle at scale on Dask: a chunked array of sequences evaluated and compared chunk by chunk, and
a fuzz campaign split by seed, on a LocalCluster of worker processes; each result is checked equal to what
one process computes (exit 1 when one differs).

The oracle's functions are module-level and picklable, and release the GIL while they compute, so they go
to Dask as they are: `functools.partial(palcheck_oracle.evaluate, relays=RELAYS)` is a `map_blocks`
function, and a fuzz campaign is a `client.map` over seeds. A chunk holds whole sequences (one per row).

Run: PYTHONPATH=build/python python3 examples/dask/pal_on_dask.py   (ctest: python_dask_route)
"""
import argparse
import functools
import logging
import sys
import tempfile

import dask.array as da
import numpy as np
from dask.distributed import Client, LocalCluster

import palcheck_oracle

RELAYS = np.array([[0.5, 0.2, 1.0], [0.0, 0.0, 0.5], [0.9, -0.3, 2.0], [1.0, 0.1, 1.5]])  # alpha, beta, weight


def float32_pal(u, relays=RELAYS):
    """The implementation under test: a PAL loop that rounds inputs and thresholds to float32."""
    alpha, beta, weight = np.asarray(relays, dtype=np.float32).T
    state, out = np.zeros(len(weight), dtype=np.float32), []
    for x in np.asarray(u, dtype=np.float32):
        state = np.where(x >= alpha, 1, np.where(x <= beta, 0, state)).astype(np.float32)
        out.append(float(state @ weight))
    return np.array(out)


def implementation_rows(inputs):
    """float32_pal on every row (sequence) of a chunk."""
    return np.array([float32_pal(row) for row in inputs])


def first_differences(actual, inputs):
    """Per sequence of a chunk: the first token where `actual` departs from the exact PAL, -1 where it agrees."""
    report = palcheck_oracle.compare(actual, inputs, relays=RELAYS, explain=0)
    first = np.full((len(inputs), 1), -1)
    for difference in report["differences"]:
        first[difference["sequence"], 0] = difference["token"]
    return first


def fuzz_seed(seed, max_cases):
    """One part of a fuzz campaign: the search of seed `seed`."""
    return palcheck_oracle.fuzz(float32_pal, relays=RELAYS, seed=seed, max_cases=max_cases, progress=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--sequences", type=int, default=32)
    parser.add_argument("--tokens", type=int, default=200)
    parser.add_argument("--chunk", type=int, default=8, help="sequences per chunk")
    parser.add_argument("--seeds", type=int, default=4, help="fuzz seeds 1..N")
    parser.add_argument("--max-cases", type=int, default=25, help="fuzz cases per seed")
    args = parser.parse_args()

    # Inputs on a lattice of 1/10 (the thresholds' own values among them), a few a billionth off it: float32
    # rounds those onto a threshold, which is where the implementation departs.
    rng = np.random.default_rng(7)
    u = rng.integers(-5, 15, size=(args.sequences, args.tokens)) / 10
    u += np.where(rng.random(u.shape) < 0.01, rng.choice([-1e-9, 1e-9], size=u.shape), 0)
    inputs = da.from_array(u, chunks=(args.chunk, args.tokens))
    seeds = list(range(1, args.seeds + 1))

    with tempfile.TemporaryDirectory() as scratch, \
            LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                         dashboard_address=None, local_directory=scratch, silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        exact = inputs.map_blocks(functools.partial(palcheck_oracle.evaluate, relays=RELAYS), dtype=float)
        actual = inputs.map_blocks(implementation_rows, dtype=float)
        first = da.map_blocks(first_differences, actual, inputs, chunks=(args.chunk, 1), dtype=int)
        exact, actual, first = client.compute([exact, actual, first], sync=True)
        reports = client.gather(client.map(fuzz_seed, seeds, max_cases=args.max_cases, pure=False))
        workers = len(client.scheduler_info()["workers"])

    # One process, the same work.
    alone_first = first_differences(implementation_rows(u), u)
    alone_reports = [fuzz_seed(seed, args.max_cases) for seed in seeds]
    checks = [workers == args.workers, np.array_equal(exact, palcheck_oracle.evaluate(u, relays=RELAYS)),
              np.array_equal(first, alone_first), reports == alone_reports]

    print(f"dask: {workers} worker processes, {inputs.numblocks[0]} chunks of {args.chunk} sequences")
    print(f"evaluate: {u.size} tokens, {'equal' if checks[1] else 'NOT equal'} to one process")
    print(f"compare: {int((first >= 0).sum())} of {len(u)} sequences differ, first differences "
          f"{'equal' if checks[2] else 'NOT equal'} to one process")
    causes = sorted({failure["cause"] for report in reports for failure in report["failures"]})
    print(f"fuzz: seeds 1..{len(seeds)}, {sum(r['cases'] for r in reports)} cases, "
          f"{sum(not r['passed'] for r in reports)} seeds failing, causes {causes}, "
          f"reports {'equal' if checks[3] else 'NOT equal'} to one process")
    return 0 if all(checks) else 1


if __name__ == "__main__":
    sys.exit(main())
