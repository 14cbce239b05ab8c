"""A Preisach layer as a PyTorch module with tanh-smoothed relays, the kind palcheck's differential tester
meets in the wild (def:relay, def:pal, rem:backprop): relays in states 0/1, output sum_r w_r s_r, a relay's
shown state (1 + tanh((u - theta) / T)) / 2 with theta the threshold its state waits for (alpha while
off, beta while on), inputs in [0, 1]. Defects can be planted on purpose with defect= (two or more at once
joined by "+", e.g. "ratchet+skip-first"):
    ratchet          the stateful relaxation: a smoothed state carried from token to token, so a relay
                     creeps on under repeated excursions towards its threshold that never reach it
    skip-first       the first input never reaches the relays
    undefined-start  the output is NaN until every relay has met one of its thresholds
"""
import torch

DEFECTS = ("ratchet", "skip-first", "undefined-start")


class SmoothPreisach(torch.nn.Module):
    """relays: R x 3 (alpha, beta, weight); forward(u) maps a 1-D input tensor to the outputs."""

    def __init__(self, relays, temperature=1e-3, defect=None):
        super().__init__()
        defects = set(defect.split("+")) if defect else set()
        for name in defects - set(DEFECTS):
            raise ValueError(f"unknown defect {name!r}; one of {', '.join(DEFECTS)}")
        relays = torch.as_tensor(relays, dtype=torch.float64).reshape(-1, 3)
        self.register_buffer("alpha", relays[:, 0].clone())
        self.register_buffer("beta", relays[:, 1].clone())
        self.weight = torch.nn.Parameter(relays[:, 2].clone())
        self.temperature = temperature
        self.defects = defects

    def switch(self, x):
        return (1 + torch.tanh(x / self.temperature)) / 2

    def forward(self, u):
        u = torch.as_tensor(u, dtype=torch.float64)
        on = torch.zeros_like(self.alpha, dtype=torch.bool)  # the sharp state before the token
        met = torch.zeros_like(on)  # whether the input has reached one of the relay's thresholds
        soft = torch.zeros_like(self.alpha)  # the ratchet's carried state
        outputs = []
        for n, x in enumerate(u):
            if "skip-first" in self.defects and n == 0:
                outputs.append(torch.dot(self.weight, on.to(torch.float64)))
                continue
            shown = self.switch(x - torch.where(on, self.beta, self.alpha))
            if "ratchet" in self.defects:
                soft = soft * (1 - self.switch(self.beta - x)) + (1 - soft) * self.switch(x - self.alpha)
                shown = soft
            met = met | (x >= self.alpha) | (x <= self.beta)
            on = (x >= self.alpha) | (on & (x > self.beta))
            y = torch.dot(self.weight, shown)
            if "undefined-start" in self.defects and not bool(met.all()):
                y = torch.full_like(y, float("nan"))
            outputs.append(y)
        return torch.stack(outputs)
