"""def:pal_transformer: the cost of palcheck_oracle.transformer.evaluate on the worked example's model
(examples/torch_transformer/two_layer.json: two layers, two heads each, d = 4), CPU seconds in this
process, with the undecided relays counted. Tokens: uniform in [-2, 2] on a grid of 2^-20, seed shown.
Usage: bench_transformer.py [--tokens N] [--seed N]
"""
import argparse
import json
import os
from pathlib import Path

import numpy as np

from palcheck_oracle import transformer

MODEL = Path(__file__).parents[1] / "torch_transformer" / "two_layer.json"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=5)
    a = parser.parse_args()
    document = json.loads(MODEL.read_text())
    x = np.round(np.random.default_rng(a.seed).uniform(-2, 2, (a.tokens, 4)) * 2**20) / 2**20
    start = os.times()
    y = transformer.evaluate(document, x)
    end = os.times()
    seconds = (end.user + end.system) - (start.user + start.system)
    print(f"seed {a.seed}; {a.tokens} tokens, 2 layers, 2 heads, d = 4: {seconds:.2f} s CPU "
          f"({1e6 * seconds / a.tokens:.0f} us per token), {len(y.undecided)} undecided relays, "
          f"widest enclosure {float(np.max(y.hi - y.lo)):.1e}")


if __name__ == "__main__":
    main()
