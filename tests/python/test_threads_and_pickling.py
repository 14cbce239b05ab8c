"""palcheck_oracle at scale: its functions and results pickle (Dask, multiprocessing and concurrent.futures
send them to other processes), and its functions release the GIL while they compute, so that other Python
threads run meanwhile.

The GIL is seen from a second thread: while a call runs in a worker thread, the main thread keeps
noting the time; a call that holds the GIL while it computes leaves a gap as long as its computation, one
that releases it leaves gaps of the interpreter's switch interval. Run:
PYTHONPATH=build/python python3 -m pytest tests/python/test_threads_and_pickling.py   (ctest runs it).
"""
import functools
import pathlib
import pickle
import sys
import threading
import time

import numpy as np
import pytest

import palcheck_oracle as oracle
from palcheck_oracle import strategies, testing

# The implementation under test and its relays are the Dask example's (float32 inputs and thresholds).
sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "examples/dask"))
from pal_on_dask import RELAYS, float32_pal  # noqa: E402

HEADS = [{"w_in": [1, 0.5], "w_out": [0.25, 1], "relays": RELAYS}, {"w_in": [-1, 1], "w_out": [1, 0], "relays": RELAYS}]


def inputs(shape, seed=3):
    return np.random.default_rng(seed).integers(-5, 15, size=shape) / 10


@pytest.mark.parametrize("function", [getattr(oracle, name) for name in oracle.__all__] +
                         [testing.assert_agrees, testing.assert_finds, strategies.sequences])
def test_every_public_function_pickles_as_itself(function):
    assert pickle.loads(pickle.dumps(function)) is function


def test_a_partial_of_evaluate_pickles_and_computes_the_same():
    u = inputs((3, 50))
    bound = pickle.loads(pickle.dumps(functools.partial(oracle.evaluate, relays=RELAYS)))
    assert np.array_equal(bound(u), oracle.evaluate(u, relays=RELAYS))


@pytest.mark.parametrize("call", [
    lambda: oracle.evaluate(inputs(40), relays=RELAYS, exact=True),
    lambda: oracle.evaluate(inputs((5, 2)), heads=HEADS, exact=True),
    lambda: oracle.trace(inputs(20), relays=RELAYS),
    lambda: oracle.compare(float32_pal(inputs(40)), inputs(40), relays=RELAYS),
    lambda: oracle.fuzz(float32_pal, relays=RELAYS, max_cases=20, progress=False),
], ids=["evaluate-exact", "evaluate-heads", "trace", "compare", "fuzz"])
def test_results_survive_pickling(call):
    result = call()
    assert pickle.loads(pickle.dumps(result)) == result


def longest_pause(call):
    """(seconds call() took in a worker thread, the longest the main thread waited meanwhile)."""
    done = threading.Event()
    spent = []

    def worker():
        start = time.perf_counter()
        call()
        spent.append(time.perf_counter() - start)
        done.set()

    thread = threading.Thread(target=worker)
    last = time.perf_counter()
    longest = 0.0
    thread.start()
    while not done.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    thread.join()
    return spent[0], longest


def prepared(function, *args, **kwargs):
    """function(*args, **kwargs) as a call of no arguments, its inputs made before it is timed."""
    return lambda: function(*args, **kwargs)


def compare_call(m):
    u = inputs((4 * m, 40_000))
    return prepared(oracle.compare, oracle.evaluate(u, relays=RELAYS), u, relays=RELAYS)


# Each call, at scale m, computes for about m/5 s or more on one core; holding the GIL would stall the
# main thread as long. The scale doubles until the call is long enough to tell, whatever the machine.
GIL_CALLS = {
    "evaluate-double": lambda m: prepared(oracle.evaluate, inputs((40 * m, 100_000)), relays=RELAYS),
    "evaluate-exact": lambda m: prepared(oracle.evaluate, inputs((2 * m, 200_000)), relays=RELAYS * 3 / 7, exact=True),
    "evaluate-heads": lambda m: prepared(oracle.evaluate, inputs((20_000 * m, 2)), heads=HEADS),
    "trace": lambda m: prepared(oracle.trace, inputs(40_000 * m), relays=RELAYS),
    "compare": compare_call,
}


@pytest.mark.parametrize("name", GIL_CALLS)
def test_the_gil_is_released_while_it_computes(name):
    m = 1
    spent, longest = longest_pause(GIL_CALLS[name](m))
    while spent <= 0.2 and m < 16:
        m *= 2
        spent, longest = longest_pause(GIL_CALLS[name](m))
    assert spent > 0.2, f"{name} took {spent:.3f} s at scale {m}: too short to tell"
    # On a loaded machine the main thread may also wait for a core, once in a while; a call that holds the GIL
    # stalls it on every try, so a stall seen three times running is the call's.
    for _ in range(2):
        if longest < spent / 3:
            break
        spent, longest = longest_pause(GIL_CALLS[name](m))
    assert longest < spent / 3, f"{name} took {spent:.3f} s and stalled the main thread {longest:.3f} s"


def test_fuzz_in_two_threads_gives_each_its_own_report():
    alone = [oracle.fuzz(float32_pal, relays=RELAYS, seed=seed, max_cases=30, progress=False) for seed in (1, 2)]
    together = [None, None]

    def run(k):
        together[k] = oracle.fuzz(float32_pal, relays=RELAYS, seed=k + 1, max_cases=30, progress=False)

    threads = [threading.Thread(target=run, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone
