"""palcheck_oracle.transformer on pal_transformer.py, a two-layer PAL-Transformer in torch.nn idiom: as
written it passes fuzz with no failure; each planted defect is found with its cause (the convention it
amounts to) named by every failure, the first divergent layer and part named, from the outputs alone and
from the per-layer intermediates; two defects planted at once are named as at most two causes. Run: PYTHONPATH=build/python python3 -m pytest examples/torch_transformer   (ctest runs it).
"""
import json
import pathlib

import pytest

from palcheck_oracle import transformer
from pal_transformer import PalTransformer

DOCUMENT = json.loads((pathlib.Path(__file__).parent / "two_layer.json").read_text())


def model(defect=None, parts=True):
    """fuzz's fn(x): the module's dict (output and per-layer parts), or its output alone."""
    module = PalTransformer(DOCUMENT["transformer"], defect=defect)
    return (lambda x: module(x)) if parts else (lambda x: module(x)["output"])


def test_as_written_it_passes_fuzz():
    result = transformer.fuzz(model(), DOCUMENT, seed=1, max_cases=40)
    print(result["cases"], "cases", result["case_kinds"], result["undecided"], "undecided relays")
    assert result["failures"] == []
    assert result["cases"] == 40


def test_as_written_it_agrees_on_the_documents_inputs():
    assert transformer.compare(model(), DOCUMENT)["agree"]


@pytest.mark.parametrize("parts", [True, False], ids=["with-parts", "output-only"])
@pytest.mark.parametrize("defect, cause, layer, part", [
    ("unbiased-ln", "ln_variance", 0, "ln_mpal"),
    ("eps-outside", "ln_eps", 0, "ln_mpal"),
    ("pe-from-1", "pe_start", 0, "pe"),
    ("pe-halves", "pe_layout", 0, "pe"),
    ("no-residual", "residual", 0, "ln_mlp"),
    ("strict", "tie_rule", 0, "head"),
])
def test_a_planted_defect_is_found_and_named(defect, cause, layer, part, parts):
    result = transformer.fuzz(model(defect, parts), DOCUMENT, seed=1, max_cases=60)
    assert result["failures"], f"{defect}: no failure in {result['cases']} cases"
    found = result["failures"][0]
    print(f"{defect}: cause {found['cause']} ({found['conventions']}), layer {found['layer']}, part "
          f"{found['part']}, token {found['token']}, witness of {len(found['witness'])} token(s)")
    assert all(f["cause"] == cause for f in result["failures"]), result["failures"]
    assert (found["cause"], found["layer"]) == (cause, layer)
    assert found["part"].startswith(part)
    assert len(found["witness"]) <= found["token"] + 1


def test_two_planted_defects_are_named_as_at_most_two_causes():
    planted = {"tie_rule", "pe_start"}
    result = transformer.fuzz(model("strict+pe-from-1"), DOCUMENT, seed=1, max_cases=60)
    assert result["failures"], f"strict+pe-from-1: no failure in {result['cases']} cases"
    causes = {part for f in result["failures"] for part in f["cause"].split("+")}
    print(f"strict+pe-from-1: causes {[f['cause'] for f in result['failures']]}")
    assert causes <= planted and len({f["cause"] for f in result["failures"]}) <= len(planted), result["failures"]
