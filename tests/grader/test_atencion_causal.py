"""The decoder lesson's challenge: a new folder, listed everywhere, with feedback in the lesson's terms.

The correct and wrong submissions under tests/corpora/atencion_causal/solutions/ and
tests/corpora/atencion_causal/catalogue/ are graded by tests/grader/test_solutions.py; this file checks what is
particular to this challenge: the tuple (salida, pesos), the lesson's numbers and the causality cell.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from grader.challenge import Challenge
from grader.grade import Grader
from grader.models import Result
from service.api.routes_challenges import get_challenge, list_challenges
from service.cli.main import app
from tests.conftest import solutions

CORRECT = sorted((solutions("atencion_causal")).glob("*.py"))
MASK = (
    "import numpy as np\n\n\ndef mascara_causal(T):\n    return np.triu(np.full((T, T), -np.inf), k=1)\n\n\n"
)
SOFTMAX = "    Z = np.exp(E - E.max(axis=1, keepdims=True))\n    pesos = Z / Z.sum(axis=1, keepdims=True)\n"


def _grade(grader: Grader, atencion: str, lang: str = "en") -> Result:
    return grader.grade("atencion_causal", MASK + atencion, lang=lang)  # type: ignore[arg-type]


def _test(result: Result, test_id: str) -> tuple[bool, str]:
    found = next(t for t in result.tests if t.id == test_id)
    return found.passed, found.message


def test_a_variety_of_correct_solutions_is_stored() -> None:
    assert len(CORRECT) >= 6


@pytest.mark.parametrize("path", CORRECT, ids=lambda p: p.stem)
def test_every_correct_solution_scores_100(grader: Grader, path: Path) -> None:
    result = grader.grade("atencion_causal", path.read_text())
    assert (result.status, result.score, result.diagnoses) == ("done", 100, [])


def test_returning_only_salida_is_explained(grader: Grader) -> None:
    code = "def atencion(Q, K, V, mascara=None):\n    E = Q @ K.T / np.sqrt(Q.shape[1])\n" + SOFTMAX
    for lang, said in [
        ("en", "returned a single array, but atencion must return a tuple of 2 arrays (salida, pesos)"),
        ("es", "devolvió un solo array, pero atencion debe devolver una tupla de 2 arrays (salida, pesos)"),
    ]:
        result = _grade(grader, code + "    return pesos @ V\n", lang)
        atencion_tests = [t for t in result.tests if not t.id.startswith("mask_")]
        assert all(said in t.message for t in atencion_tests)
        assert all(t.passed for t in result.tests if t.id.startswith("mask_"))


def test_zeroing_after_the_softmax_quotes_the_lessons_row_sums(grader: Grader) -> None:
    code = (
        "def atencion(Q, K, V, mascara=None):\n    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
        + SOFTMAX
        + "    if mascara is not None:\n        pesos = pesos * np.isfinite(mascara)\n    return pesos @ V, pesos\n"
    )
    result = _grade(grader, code)
    passed, message = _test(result, "rows_sum_to_one")
    assert not passed
    assert "the rows of pesos sum to [0." in message
    assert [d.id for d in result.diagnoses] == ["zeroes_weights_after_softmax"]
    assert "0.085, 0.291, 0.871" in result.diagnoses[0].message
    spanish = _grade(grader, code, lang="es")
    assert "0.085, 0.291, 0.871" in spanish.diagnoses[0].message
    assert "encogida" in spanish.diagnoses[0].message


def test_a_zero_in_the_score_is_named_with_the_lessons_0525(grader: Grader) -> None:
    code = (
        "def atencion(Q, K, V, mascara=None):\n    E = Q @ K.T / np.sqrt(Q.shape[1])\n"
        "    if mascara is not None:\n        E[np.isinf(mascara)] = 0\n"
        + SOFTMAX
        + "    return pesos @ V, pesos\n"
    )
    result = _grade(grader, code)
    assert not _test(result, "first_row_one_hot")[0]
    assert "15" in _test(result, "masked_cells_dead")[1]
    assert [d.id for d in result.diagnoses] == ["zero_score_not_inf"]
    assert "0.525" in result.diagnoses[0].message


def test_ignoring_the_mask_moves_the_past_and_fails_the_lessons_cell(grader: Grader) -> None:
    code = "def atencion(Q, K, V, mascara=None):\n    E = Q @ K.T / np.sqrt(Q.shape[1])\n" + SOFTMAX
    result = _grade(grader, code + "    return pesos @ V, pesos\n")
    passed, message = _test(result, "causality")
    assert not passed
    assert "not by exactly 0.0" in message
    assert _test(result, "cross_attention_unmasked")[0]


def test_the_reference_passes_the_causality_cell_exactly(
    grader: Grader, challenges: dict[str, Challenge]
) -> None:
    result = grader.grade("atencion_causal", challenges["atencion_causal"].reference_source)
    assert _test(result, "causality")[0]


def test_the_challenge_declares_a_tuple_of_two(challenges: dict[str, Challenge]) -> None:
    challenge = challenges["atencion_causal"]
    returns = {f.name: (f.returns, f.outputs) for f in challenge.functions}
    assert returns == {"mascara_causal": (1, ()), "atencion": (2, ("salida", "pesos"))}
    categories = {t.category for t in challenge.tests}
    assert {"shape", "mask", "normalization", "causality", "stability", "scaling", "purity"} <= categories
    for lang in ("es", "en"):
        assert "mascara_causal(T)" in challenge.statement(lang)
        assert "(salida, pesos)" in challenge.statement(lang)
        assert all(m.message(lang) for m in challenge.mistakes)


def test_listed_by_the_command_line_and_the_api(challenges: dict[str, Challenge]) -> None:
    listed = CliRunner().invoke(app, ["challenges"])
    assert listed.exit_code == 0
    assert "La máscara causal" in listed.output
    summary = {c.id: c for c in list_challenges(challenges)}["atencion_causal"]
    assert [f.name for f in summary.functions] == ["mascara_causal", "atencion"]
    detail = get_challenge("atencion_causal", challenges, lang="en")
    assert detail.statement.startswith("# The causal mask")
    assert detail.max_points == challenges["atencion_causal"].max_points
