"""The code the editor starts with runs as it is handed, and holds a right answer as it is.

A student who keeps the `def` lines given and fills in the bodies must be graded on the bodies:
the stub itself loads (a clear result, no load error), and the stub with the reference's bodies
pasted under its own `def` lines scores 100.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from grader.challenge import Challenge, ChallengeError, FunctionSpec, load_challenges
from grader.grade import Grader
from service.api.routes_challenges import get_challenge
from tests.conftest import ROOT

CHALLENGES = sorted(load_challenges(ROOT / "challenges"))


def with_reference_bodies(challenge: Challenge) -> str:
    """The starter with each `pass` replaced by the body of the reference's function."""
    source = challenge.reference_source
    lines = source.splitlines(keepends=True)
    bodies = {
        node.name: "".join(lines[node.body[0].lineno - 1 : node.end_lineno])
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef)
    }
    code = challenge.starter
    for spec in challenge.functions:
        stub = f"{spec.definition}\n    pass\n"
        assert stub in code, spec
        code = code.replace(stub, f"{spec.definition}\n{bodies[spec.name]}")
    return code


@pytest.mark.parametrize("challenge_id", CHALLENGES)
def test_the_starter_loads_and_is_graded(grader: Grader, challenge_id: str) -> None:
    result = grader.grade(challenge_id, grader.challenges[challenge_id].starter, "en")
    assert result.error is None, result.error
    assert result.status == "done"
    assert result.score == 0


@pytest.mark.parametrize("challenge_id", CHALLENGES)
def test_the_starter_with_the_reference_bodies_scores_100(grader: Grader, challenge_id: str) -> None:
    code = with_reference_bodies(grader.challenges[challenge_id])
    result = grader.grade(challenge_id, code, "en")
    assert result.error is None, result.error
    assert result.score == 100, [t.message for t in result.tests if not t.passed]


def test_a_signature_for_people_keeps_what_it_shows_after_the_parameters() -> None:
    spec = FunctionSpec("atencion", "atencion(Q, K, V, mascara=None) -> (salida, pesos)", returns=2)
    assert spec.definition == "def atencion(Q, K, V, mascara=None):"
    assert FunctionSpec("f", "f(X, eps=1e-5)").definition == "def f(X, eps=1e-5):"


def test_a_signature_that_is_no_python_is_refused(tmp_path: Path) -> None:
    folder = shutil.copytree(ROOT / "challenges" / "layer_norm", tmp_path / "layer_norm")
    manifest = folder / "challenge.toml"
    manifest.write_text(
        manifest.read_text().replace('"layer_norm(X, gamma, beta, eps=1e-5)"', '"layer_norm(X, γ β)"')
    )
    with pytest.raises(ChallengeError, match="is not Python"):
        load_challenges(tmp_path)


@pytest.mark.parametrize("challenge_id", CHALLENGES)
def test_the_api_hands_a_platform_the_starter_that_runs(challenge_id: str) -> None:
    known = load_challenges(ROOT / "challenges")
    detail = get_challenge(challenge_id, known, "en")
    assert detail.starter == known[challenge_id].starter
    namespace: dict[str, object] = {}
    exec(compile(detail.starter, "starter.py", "exec"), namespace)  # noqa: S102 our own starter
    assert all(callable(namespace[f.name]) for f in detail.functions)
