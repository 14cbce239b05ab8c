"""A two-layer PAL-Transformer (def:pal_transformer) in the idiom of torch.nn, as an ML engineer writes
it: z0 = x + PE(n), then per layer LN(z + MPAL(z)) and LN(z + MLP(z)), MPAL heads of sharp relays
(def:relay, def:mpal) read along w_in and written back along w_out, float64 throughout. It is built from
the same document palcheck reads (its numbers as floats). Defects of the kinds real code has can be
planted with defect= (two or more at once joined by "+", e.g. "strict+pe-from-1"):
    unbiased-ln   LayerNorm with torch.var's default, the unbiased variance (divides by d - 1)
    eps-outside   LayerNorm's eps added after the square root
    pe-from-1     positions counted from 1
    pe-halves     PE laid out as all sines, then all cosines
    no-residual   the MLP sub-layer's residual sum dropped: LN(MLP(z)) for LN(z + MLP(z))
    strict        the relays switch on u > alpha and off on u < beta (a tie holds the state)
forward(x) returns {"output", "layers": [{"heads", "mpal", "ln_mpal", "mlp", "ln_mlp"}]}.
"""
from fractions import Fraction

import torch
from torch import nn

DEFECTS = ("unbiased-ln", "eps-outside", "pe-from-1", "pe-halves", "no-residual", "strict")


def _tensor(values):
    return torch.tensor([[float(Fraction(str(v))) for v in row] for row in values] if isinstance(values[0], list)
                        else [float(Fraction(str(v))) for v in values], dtype=torch.float64)


class PositionalEncoding(nn.Module):
    """Sinusoidal PE: (sin w_0 n, cos w_0 n, sin w_1 n, ...)."""

    def __init__(self, d, frequencies, defects):
        super().__init__()
        self.d, self.defects = d, defects
        self.register_buffer("frequencies", _tensor(frequencies))

    def forward(self, n):
        position = torch.arange(n, dtype=torch.float64) + (1 if "pe-from-1" in self.defects else 0)
        angles = position[:, None] * self.frequencies[None, :]
        if "pe-halves" in self.defects:
            return torch.cat([torch.sin(angles), torch.cos(angles)], dim=1)[:, :self.d]
        pe = torch.stack([torch.sin(angles), torch.cos(angles)], dim=2).reshape(n, -1)
        return pe[:, :self.d]


class LayerNorm(nn.Module):
    """gamma * (z - mean) / sqrt(var + eps) + beta over the last dimension."""

    def __init__(self, spec, d, defects):
        super().__init__()
        self.eps, self.defects = float(Fraction(str(spec["eps"]))), defects
        self.gamma = nn.Parameter(_tensor(spec.get("gamma", [1] * d)))
        self.beta = nn.Parameter(_tensor(spec.get("beta", [0] * d)))

    def forward(self, z):
        mean = z.mean(dim=-1, keepdim=True)
        var = z.var(dim=-1, keepdim=True, unbiased="unbiased-ln" in self.defects)
        sd = var.sqrt() + self.eps if "eps-outside" in self.defects else (var + self.eps).sqrt()
        return self.gamma * (z - mean) / sd + self.beta


class PalHead(nn.Module):
    """One MPAL head: u = w_in . z per token, relays stepped in order, PAL = sum of on relays' weights."""

    def __init__(self, spec, defects):
        super().__init__()
        self.defects = defects
        self.register_buffer("w_in", _tensor(spec["w_in"]))
        self.register_buffer("w_out", _tensor(spec["w_out"]))
        relays = _tensor(spec["relays"])
        self.register_buffer("alpha", relays[:, 0])
        self.register_buffer("beta", relays[:, 1])
        self.weight = nn.Parameter(relays[:, 2])

    def forward(self, z):
        state = torch.zeros_like(self.alpha)
        pal = []
        for u in z @ self.w_in:
            on = u > self.alpha if "strict" in self.defects else u >= self.alpha
            off = u < self.beta if "strict" in self.defects else u <= self.beta
            state = torch.where(on, 1.0, torch.where(off, 0.0, state))
            pal.append(torch.dot(self.weight, state))
        return torch.stack(pal)


class PalLayer(nn.Module):
    """LN(z + MPAL(z)), then LN(z + MLP(z))."""

    def __init__(self, spec, d, defects):
        super().__init__()
        self.defects = defects
        self.heads = nn.ModuleList(PalHead(h, defects) for h in spec["heads"])
        self.ln_mpal = LayerNorm(spec["ln_mpal"], d, defects)
        mlp = spec["mlp"]
        self.mlp = nn.Sequential(nn.Linear(d, len(mlp["w1"])), nn.ReLU(), nn.Linear(len(mlp["w1"]), d)).double()
        with torch.no_grad():
            self.mlp[0].weight.copy_(_tensor(mlp["w1"]))
            self.mlp[0].bias.copy_(_tensor(mlp["b1"]))
            self.mlp[2].weight.copy_(_tensor(mlp["w2"]))
            self.mlp[2].bias.copy_(_tensor(mlp["b2"]))
        self.ln_mlp = LayerNorm(spec["ln_mlp"], d, defects)

    def forward(self, z):
        heads = torch.stack([head(z) for head in self.heads], dim=1)
        mpal = sum(heads[:, h, None] * head.w_out for h, head in enumerate(self.heads))
        ln_mpal = self.ln_mpal(z + mpal)
        mlp = self.mlp(ln_mpal)
        ln_mlp = self.ln_mlp(mlp if "no-residual" in self.defects else ln_mpal + mlp)
        return ln_mlp, {"heads": heads, "mpal": mpal, "ln_mpal": ln_mpal, "mlp": mlp, "ln_mlp": ln_mlp}


class PalTransformer(nn.Module):
    """The PAL-Transformer of a palcheck transformer document's "transformer" object."""

    def __init__(self, spec, defect=None):
        super().__init__()
        defects = frozenset(defect.split("+")) if defect else frozenset()
        for name in defects - set(DEFECTS):
            raise ValueError(f"unknown defect {name!r}; one of {', '.join(DEFECTS)}")
        d = spec["d"]
        self.pe = PositionalEncoding(d, spec["pe"]["frequencies"], defects)
        self.layers = nn.ModuleList(PalLayer(layer, d, defects) for layer in spec["layers"])

    @torch.no_grad()
    def forward(self, x):
        z = torch.as_tensor(x, dtype=torch.float64)
        z = z + self.pe(z.shape[0])
        parts = []
        for layer in self.layers:
            z, part = layer(z)
            parts.append(part)
        return {"output": z, "layers": parts}
