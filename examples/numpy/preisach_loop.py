"""A Preisach model as a plain numpy loop, the kind palcheck's differential tester meets in the wild:
relays in states -1/+1, output 0.5 * sum_r w_r s_r + 1 (def:relay, def:pal in other conventions).
preisach(u, relays) takes a 1-D input array and an R x 3 array of (alpha, beta, weight) and returns the
outputs. Defects can be planted on purpose with defect= (two or more at once joined by "+", e.g.
"strict+skip-first"):
    skip-first       the first input never reaches the relays
    strict           strict comparisons: u > alpha switches on, u < beta off
    half-tie         a relay whose threshold equals the input shows state 0, half way between -1 and +1
    undefined-start  a relay's state is NaN until the input first reaches one of its thresholds
"""
import numpy as np

DEFECTS = ("skip-first", "strict", "half-tie", "undefined-start")


def planted(defect):
    """The set of defects named by defect= (None: none; "a+b": both), each checked against DEFECTS."""
    names = set(defect.split("+")) if defect else set()
    for name in names - set(DEFECTS):
        raise ValueError(f"unknown defect {name!r}; one of {', '.join(DEFECTS)}")
    return names


def preisach(u, relays, defect=None):
    defects = planted(defect)
    u = np.asarray(u, dtype=np.float64)
    alpha, beta, weight = np.asarray(relays, dtype=np.float64).reshape(-1, 3).T
    state = np.full(alpha.shape, np.nan if "undefined-start" in defects else -1.0)
    outputs = np.empty(u.shape)
    for n, x in enumerate(u):
        if not ("skip-first" in defects and n == 0):
            on = x > alpha if "strict" in defects else x >= alpha
            off = x < beta if "strict" in defects else x <= beta
            state = np.where(on, 1.0, np.where(off, -1.0, state))
        shown = state
        if "half-tie" in defects:
            shown = np.where((x == alpha) | (x == beta), 0.0, state)
        outputs[n] = 0.5 * np.dot(weight, shown) + 1
    return outputs
