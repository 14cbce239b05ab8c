"""def:pal_transformer: the cost of palcheck_oracle.transformer.evaluate on the worked example's model
(examples/torch_transformer/two_layer.json: two layers, two heads each, d = 4, its layers repeated to
--layers), CPU seconds in this process, beside the plain float64 torch.nn implementation of the same model
(examples/torch_transformer/pal_transformer.py, relays run token by token) timed in the same process, with
the precision the oracle needed and the undecided relays counted. Tokens: uniform in [-2, 2] on a grid of
2^-20, seed shown.
Usage: bench_transformer.py [--tokens N] [--layers N] [--seed N]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from palcheck_oracle import transformer

EXAMPLE = Path(__file__).parents[1] / "torch_transformer"


def cpu_seconds(run):
    start = time.process_time()
    result = run()
    return result, time.process_time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=10000)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    a = parser.parse_args()
    document = json.loads((EXAMPLE / "two_layer.json").read_text())
    layers = document["transformer"]["layers"]
    document["transformer"]["layers"] = [layers[k % len(layers)] for k in range(a.layers)]
    x = np.round(np.random.default_rng(a.seed).uniform(-2, 2, (a.tokens, 4)) * 2**20) / 2**20
    y, seconds = cpu_seconds(lambda: transformer.evaluate(document, x))
    sys.path.insert(0, str(EXAMPLE))
    import torch
    from pal_transformer import PalTransformer

    torch.set_num_threads(1)
    model = PalTransformer(document["transformer"])
    theirs, torch_seconds = cpu_seconds(lambda: model(x)["output"].numpy())
    print(f"seed {a.seed}; {a.tokens} tokens, {a.layers} layers, 2 heads, d = 4: oracle {seconds:.2f} s CPU "
          f"({1e6 * seconds / a.tokens:.0f} us per token, {1e6 * seconds / a.tokens / a.layers:.0f} per token "
          f"and layer) at {y.bits} bits; float64 torch {torch_seconds:.2f} s CPU; ratio "
          f"{seconds / max(torch_seconds, 1e-9):.2f}; {len(y.undecided)} undecided relays, {len(y.undetermined)} outputs "
          f"undetermined, widest enclosure {float(np.max(y.hi - y.lo)):.1e}, largest difference from torch "
          f"{float(np.max(np.abs(theirs - y))):.1e}")


if __name__ == "__main__":
    main()
