"""Reads the change logs of `palcheck eval --dump` files (and of `eval --trace` JSON in the test-oracle mode):
rebuilds the Preisach memory and every relay's state at any token. Pure Python, exact values as Fraction.

A dump holds, per sequence (per head for MPAL), `memory_changes`: one [removed, appended] per token (drop the
last `removed` extrema, then append `appended` unless None; the memory starts empty) and, with --trace,
`relay_changes`: per token the indices of the relays that switched (every relay starts at initial_state).
"""
import json
from fractions import Fraction


def load(path):
    """The dump file as a dict; refuses files of another dump format."""
    with open(path, encoding="utf-8") as f:
        dump = json.load(f)
    if dump.get("palcheck_dump") != 2:
        raise ValueError(f"{path}: not a palcheck dump of format 2 (memory as change log)")
    return dump


def memories(changes):
    """Yields the memory (dominant extrema, oldest first, as Fractions) after each token of a change log."""
    memory = []
    for n, (removed, appended) in enumerate(changes):
        if removed > len(memory):
            raise ValueError(f"token {n}: removes {removed} of {len(memory)} entries")
        del memory[len(memory) - removed:]
        if appended is not None:
            memory.append(Fraction(appended))
        yield list(memory)


def memory_at(changes, n):
    """The memory after token n (from 0)."""
    if not 0 <= n < len(changes):
        raise IndexError(f"token {n} outside 0..{len(changes) - 1}")
    memory = []
    for memory in memories(changes[: n + 1]):
        pass
    return memory


def relay_states(changes, relays, initial_state=0):
    """Yields every relay's state after each token as a string of 0/1 in measure order."""
    state = [initial_state] * relays
    for switched in changes:
        for r in switched:
            state[r] ^= 1
        yield "".join(map(str, state))


def relay_states_at(changes, relays, n, initial_state=0):
    """The relay states after token n (from 0) as a string of 0/1 in measure order."""
    if not 0 <= n < len(changes):
        raise IndexError(f"token {n} outside 0..{len(changes) - 1}")
    states = ""
    for states in relay_states(changes[: n + 1], relays, initial_state):
        pass
    return states
