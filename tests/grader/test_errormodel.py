"""The error model: choices at named points render programs; any combination is one."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from grader.authoring import Choice, ErrorModel, Point, text
from grader.calls import call
from grader.challenge import Challenge, ChallengeError, load_challenge
from grader.errormodel import Deviation
from grader.prepared import prepare
from grader.replay import Program
from tests.conftest import ROOT

SAID = text("", "")
MODEL = ErrorModel(
    template="import numpy as np\n\n\ndef f(X):\n    return {body}\n",
    points=(
        Point("body", "f", "{scale} * X.sum(axis={axis})", (Choice("whole", "X", SAID, SAID),)),
        Point("axis", "f", "1", (Choice("by_column", "0", SAID, SAID),)),
        Point(
            "scale",
            "f",
            "2",
            (Choice("tripled", "3", SAID, SAID), Choice("fixed", "{value}", SAID, SAID, value=5.0)),
        ),
    ),
)


def _run(deviations: frozenset[Deviation]) -> np.ndarray:
    source = MODEL.render(deviations)
    assert source is not None
    outcome = Program(source, "").answer(call("f", np.arange(6.0).reshape(2, 3)))
    return outcome.outputs[0]


def test_choices_at_different_points_make_one_program() -> None:
    both = frozenset({Deviation("axis", "by_column"), Deviation("scale", "tripled")})
    assert np.array_equal(_run(both), 3 * np.arange(6.0).reshape(2, 3).sum(axis=0))
    assert np.array_equal(_run(frozenset({Deviation("scale", "fixed", 7.0)})), 7 * np.array([3.0, 12.0]))


def test_a_choice_inside_a_replaced_part_cannot_be_made() -> None:
    assert MODEL.render(frozenset({Deviation("body", "whole"), Deviation("axis", "by_column")})) is None
    pairs = list(MODEL.sets(MODEL.deviations("f"), 2))
    assert all(len({d.point for d in s}) == 2 for s in pairs)  # never two choices at one point
    assert len(pairs) == 1 + 2 + 2  # body×axis, body×scale (2), axis×scale (2)


def test_layer_norm_eps_is_fitted_from_the_students_numbers(challenges: dict[str, Challenge]) -> None:
    model = challenges["layer_norm"].model
    family = model.choice_by_id("eps_fixed")
    assert family.fit is not None
    X = np.random.default_rng(0).normal(scale=3e-3, size=(4, 8))
    c = call("layer_norm", X, np.ones(8), np.zeros(8))
    student = Program(
        "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
        "    return (X - X.mean(axis=1, keepdims=True)) / np.sqrt(X.var(axis=1, keepdims=True) + 3e-6)\n",
        "",
    )
    assert 3e-6 in (family.fit([c], [student.answer(c)]) or [])  # candidates: population or sample variance


def test_a_finite_minus_infinity_is_fitted(challenges: dict[str, Challenge]) -> None:
    family = challenges["atencion_causal"].model.choice_by_id("finite_mask_value")
    assert family.fit is not None
    c = call("mascara_causal", 4)
    student = Program(
        "import numpy as np\n\ndef mascara_causal(T):\n    return np.triu(np.full((T, T), -1e4), k=1)\n", ""
    )
    assert family.fit([c], [student.answer(c)]) == [-1e4]


def test_a_model_written_apart_from_the_reference_is_refused(tmp_path: Path) -> None:
    """A folder's own MODEL (a second copy of the reference) must still be the reference."""
    folder = tmp_path / "layer_norm"
    shutil.copytree(ROOT / "challenges" / "layer_norm", folder)
    reference = (folder / "reference.py").read_text()
    (folder / "mistakes.py").write_text(
        "from grader.authoring import ErrorModel\n\n"
        f"MODEL = ErrorModel(template={reference.replace('+ beta', '- beta')!r}, points=())\n"
    )
    with pytest.raises(ChallengeError, match="error model"):
        prepare(load_challenge(folder))


def test_the_kit_s_model_is_the_reference_whatever_it_becomes(tmp_path: Path) -> None:
    """Built from reference.py itself: changing the reference changes the model, never splits them."""
    folder = tmp_path / "layer_norm"
    shutil.copytree(ROOT / "challenges" / "layer_norm", folder)
    reference = folder / "reference.py"
    reference.write_text(reference.read_text().replace("scaled = gamma * x_hat", "scaled = x_hat * gamma"))
    challenge = load_challenge(folder)
    assert challenge.model.reference() == reference.read_text()
    assert prepare(challenge).expected


SPELT = ErrorModel(
    template="def f(X):\n    return {a} + {b} + {c}\n",
    points=(
        Point("a", "f", "X", (Choice("a1", "1", SAID, SAID), Choice("a1", "2", SAID, SAID, spelling="two"))),
        Point("b", "f", "X", (Choice("b1", "{value}", SAID, SAID, value=3.0),)),
        Point("c", "f", "X", (Choice("c1", "4", SAID, SAID),)),
    ),
)


def test_sets_of_three_hold_only_usual_choices() -> None:
    fitted = Deviation("b", "b1", 7.0)
    candidates = [*SPELT.deviations("f"), fitted]
    triples = list(SPELT.searched_sets(candidates, 3))
    assert triples == [frozenset({Deviation("a", "a1"), Deviation("b", "b1", 3.0), Deviation("c", "c1")})]
    pairs = list(SPELT.searched_sets(candidates, 2))
    assert frozenset({Deviation("a", "a1", None, "two"), fitted}) in pairs
    assert not list(SPELT.searched_sets(candidates, 2, frozenset({fitted})))
    assert list(SPELT.searched_sets(candidates, 1, frozenset({fitted})))
