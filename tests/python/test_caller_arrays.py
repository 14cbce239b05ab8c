"""evaluate() reads the caller's arrays where they are and runs the keyed machine-integer path (def:pal).

Every output is checked against trace(), the reference's relay-by-relay PAL (eq:relay over the measure,
reference/trace.cpp), which shares no code with the keyed path: doubles as the nearest double of the
exact value (Python's Fraction -> float is correctly rounded), exact outputs as the same Fractions.
Inputs: float64 and float32, strided and reversed views, integers (beyond 2^53 exactly), bools,
torch tensors (DLPack, also with requires_grad), objects with only __dlpack__ or __array__, lists.
Run: PYTHONPATH=build/python python3 -m pytest tests/python/test_caller_arrays.py   (ctest runs it).
"""
from fractions import Fraction

import numpy as np
import pytest

import palcheck_oracle as oracle

RELAYS = np.array([[1.0, 0.25, 0.5], [0.75, 0.5, 1.0], [1.5, -0.5, 0.25], [0.5, 0.5, 2.0], [2.0, 1.25, 1.0]])


def reference(u, initial_state=0, **measure):
    """Exact outputs of one sequence by trace() (relay by relay)."""
    return [step["output"] for step in oracle.trace(np.asarray(u), initial_state=initial_state, **measure)]


def grid_measure(L=12, seed=3):
    rng = np.random.default_rng(seed)
    return dict(grid=np.tril(rng.normal(size=(L, L))), delta="1/4")


def tie_heavy_inputs(n, seed, top=3.0):
    """Inputs on a lattice of 1/8 (every threshold above is on it) mixed with random doubles."""
    rng = np.random.default_rng(seed)
    u = rng.integers(-8, int(8 * top) + 8, size=n) / 8.0
    mixed = rng.random(n) < 0.3
    u[mixed] = rng.uniform(-1, top + 1, size=mixed.sum())
    return u


@pytest.mark.parametrize("initial_state", [0, 1])
@pytest.mark.parametrize("measure", [dict(relays=RELAYS), grid_measure()], ids=["relays", "grid"])
def test_doubles_and_fractions_equal_the_reference(measure, initial_state):
    for seed in range(4):
        u = tie_heavy_inputs(300, seed)
        expected = reference(u, initial_state, **measure)
        exact = oracle.evaluate(u, exact=True, initial_state=initial_state, **measure)
        assert exact == expected
        assert all(type(x) is Fraction and x.denominator > 0 for x in exact)
        assert [str(x) for x in exact] == [str(x) for x in expected]
        doubles = oracle.evaluate(u, initial_state=initial_state, **measure)
        assert doubles.dtype == np.float64 and doubles.shape == u.shape
        assert doubles.tolist() == [float(x) for x in expected]


def test_a_batch_is_its_rows():
    u = np.stack([tie_heavy_inputs(50, seed) for seed in range(5)])
    batch = oracle.evaluate(u, relays=RELAYS)
    assert batch.shape == u.shape
    for row, outputs in zip(u, batch):
        assert outputs.tolist() == [float(x) for x in reference(row, relays=RELAYS)]
    assert oracle.evaluate(u, relays=RELAYS, exact=True) == [reference(row, relays=RELAYS) for row in u]


def test_weights_beyond_128_bits_take_the_exact_rational_path():
    relays = np.array([[1.0, 0.0, 2.0**900], [0.5, 0.25, 2.0**-900], [0.75, 0.5, 3.0]])
    u = tie_heavy_inputs(100, 7, top=1.0)
    assert oracle.evaluate(u, relays=relays, exact=True) == reference(u, relays=relays)
    assert oracle.evaluate(u, relays=relays).tolist() == [float(x) for x in reference(u, relays=relays)]


def same_outputs(inputs, like):
    """evaluate(inputs) equals evaluate of the float64 copy `like`, doubles and exact."""
    assert oracle.evaluate(inputs, relays=RELAYS).tobytes() == oracle.evaluate(like, relays=RELAYS).tobytes()
    assert oracle.evaluate(inputs, relays=RELAYS, exact=True) == oracle.evaluate(like, relays=RELAYS, exact=True)


def test_views_are_read_in_place():
    base = tie_heavy_inputs(400, 11)
    same_outputs(base[::3], np.ascontiguousarray(base[::3]))
    same_outputs(base[::-1], np.ascontiguousarray(base[::-1]))
    grid = base[:300].reshape(20, 15)
    same_outputs(grid.T, np.ascontiguousarray(grid.T))  # Fortran order: each row strided
    same_outputs(grid[::2, 1::3], np.ascontiguousarray(grid[::2, 1::3]))
    readonly = base.copy()
    readonly.setflags(write=False)
    same_outputs(readonly, base)
    same_outputs(memoryview(base), base)


def test_element_types():
    u = tie_heavy_inputs(200, 5)
    f32 = u.astype(np.float32)
    same_outputs(f32, f32.astype(np.float64))
    same_outputs(f32[::2], f32[::2].astype(np.float64))
    ints = np.array([0, 1, 2, -1, 3, 1, 0, 2])
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        same_outputs(ints.astype(dtype) if np.issubdtype(dtype, np.signedinteger) else np.abs(ints).astype(dtype),
                     (ints if np.issubdtype(dtype, np.signedinteger) else np.abs(ints)).astype(np.float64))
    same_outputs(np.array([True, False, True]), np.array([1.0, 0.0, 1.0]))
    same_outputs(u.astype(np.float16), u.astype(np.float16).astype(np.float64))
    same_outputs(u.astype(">f8"), u)  # another byte order: numpy converts it
    same_outputs(u.tolist(), u)


def test_integers_beyond_2_to_the_53_are_exact():
    relays = np.array([[float(2**62), 0.0, 1.0]])  # a double rounds 2^62 - 1 up to the threshold
    u = np.array([2**62 - 1, 2**62 + 1], dtype=np.int64)
    assert oracle.evaluate(u, relays=relays, exact=True) == [Fraction(0), Fraction(1)]
    assert oracle.evaluate(np.array([2**64 - 1], dtype=np.uint64), relays=relays, exact=True) == [Fraction(1)]


class OnlyDlpack:
    """A tensor that offers nothing but DLPack (as JAX arrays and others do)."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


class OnlyArray:
    def __init__(self, array):
        self.array = array

    def __array__(self, dtype=None):
        return self.array


def test_dlpack_and_array_interface():
    u = tie_heavy_inputs(100, 9)
    same_outputs(OnlyDlpack(u), u)
    same_outputs(OnlyArray(u), u)
    torch = pytest.importorskip("torch")
    same_outputs(torch.tensor(u), u)
    same_outputs(torch.tensor(u, requires_grad=True), u)
    same_outputs(torch.tensor(u, dtype=torch.float32), u.astype(np.float32).astype(np.float64))
    same_outputs(torch.tensor(u)[::2], u[::2])
    batch = torch.tensor(u[:96]).reshape(8, 12)
    same_outputs(batch.T, np.ascontiguousarray(u[:96].reshape(8, 12).T))


def test_compare_takes_tensors():
    torch = pytest.importorskip("torch")
    u = tie_heavy_inputs(60, 2)
    theirs = torch.tensor(oracle.evaluate(u, relays=RELAYS), requires_grad=True) * 1.0
    assert oracle.compare(theirs, torch.tensor(u), relays=RELAYS)["agree"]


@pytest.mark.parametrize("bad, message", [
    (np.array([0.0, np.nan]), r"inputs: element \[1\] is not finite"),
    (np.array([[0.0, 1.0], [np.inf, 0.0]]), r"inputs: element \[1, 0\] is not finite"),
    (np.array([0.5 + 1j]), "inputs: complex numbers are not inputs of PAL"),
    (np.zeros((2, 2, 2)), "inputs: expected a 1-D or 2-D array, got 3 dimensions"),
    (["a", "b"], "inputs: cannot be read as an array of numbers"),
])
def test_bad_inputs_are_value_errors(bad, message):
    with pytest.raises(ValueError, match=message):
        oracle.evaluate(bad, relays=RELAYS)


def test_bad_grids_are_named_as_before():
    with pytest.raises(ValueError, match="above the diagonal"):
        oracle.evaluate(np.array([0.5]), grid=np.array([[1.0, 2.0], [0.0, 1.0]]), delta=0.5)
    with pytest.raises(ValueError, match="a grid needs an L x L weight matrix"):
        oracle.evaluate(np.array([0.5]), grid=np.array([1.0, 2.0]), delta=0.5)
    with pytest.raises(ValueError, match="grid= needs delta="):
        oracle.evaluate(np.array([0.5]), grid=np.eye(2))
    with pytest.raises(ValueError, match="give exactly one of"):
        oracle.evaluate(np.array([0.5]))
