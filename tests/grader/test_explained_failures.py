"""One misconception, one story: failed tests the diagnosis accounts for say what the code did."""

from __future__ import annotations

import pytest

from grader.challenge import Challenge
from grader.grade import Grader
from grader.models import Result
from tests.conftest import CORPORA


def _grade(grader: Grader, name: str, lang: str = "en") -> Result:
    challenge, file = name.split("/")
    path = CORPORA / challenge / "catalogue" / file
    return grader.grade(challenge, path.read_text(), lang=lang)  # type: ignore[arg-type]


def _failed(result: Result) -> dict[str, str]:
    return {t.id: t.message for t in result.tests if not t.passed}


def test_every_failure_of_one_mistake_tells_that_mistake(grader: Grader) -> None:
    result = _grade(grader, "layer_norm/sample_std.py")
    failed = _failed(result)
    assert [d.id for d in result.diagnoses] == ["sample_deviation"]
    assert sorted(result.diagnoses[0].explains) == sorted(failed)
    assert all(
        "not met, because your layer_norm uses the sample deviation (ddof=1" in m for m in failed.values()
    )
    assert "ε goes inside the root" not in failed["constant_row"]  # the test's own hint would mislead
    assert all(t.explained_by == ["sample_deviation"] for t in result.tests if not t.passed)


def test_a_fixed_epsilon_is_told_with_the_students_own_value(grader: Grader) -> None:
    """The issue's pile: a fixed 1e-6 used to bring hints about ddof, gamma/beta and constant rows."""
    result = _grade(grader, "layer_norm/eps_1e6_fixed.py")
    assert [d.id for d in result.diagnoses] == ["eps_fixed"]
    assert "always use 1e-06" in result.diagnoses[0].message
    failed = _failed(result)
    assert failed
    assert all("always uses ε = 1e-06 instead of the eps it receives" in m for m in failed.values())
    assert not any("ddof" in m or "gamma ⊙" in m for m in failed.values())


def test_each_test_names_only_the_mistakes_it_needs(grader: Grader) -> None:
    result = _grade(grader, "bloque/sample_std_and_pre_norm.py")
    messages = _failed(result)
    assert "your layer_norm uses the sample deviation" in messages["ln_population_deviation"]
    assert "your bloque" not in messages["ln_population_deviation"]
    both = messages["block_random_reference"]
    assert "your layer_norm uses the sample deviation" in both
    assert "your bloque normalises before the sublayer" in both


def test_block_tests_broken_upstream_say_which_upstream_failure(grader: Grader) -> None:
    result = _grade(grader, "bloque/ln_column_block_ok.py")
    assert [d.id for d in result.diagnoses] == ["normalizes_by_column"]
    messages = _failed(result)
    for test_id in ("ffn_biases", "norm_parameter_pairs", "block_random_reference"):
        assert "not met, because your layer_norm normalises by column" in messages[test_id]


def test_a_missing_residual_does_not_bring_relu_bias_or_pair_hints(grader: Grader) -> None:
    result = _grade(grader, "bloque/missing_second_residual_only.py")
    assert [d.id for d in result.diagnoses] == ["missing_second_residual"]
    messages = _failed(result)
    assert messages
    assert all("second residual connection is missing" in m for m in messages.values())


def test_two_mistakes_in_one_function_are_both_named(grader: Grader) -> None:
    result = _grade(grader, "layer_norm/column_stats_and_ddof.py")
    assert sorted(d.id for d in result.diagnoses) == ["normalizes_by_column", "sample_deviation"]


def test_unexplained_behaviour_shows_what_was_seen_and_no_hint(grader: Grader) -> None:
    """No diagnosis: each failed test says what it checked and what it saw, never a hint about a
    mistake (ddof, ε outside the root, E[x²] − μ²) the code may not have made."""
    code = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X * 0.5\n"
    result = grader.grade("layer_norm", code, lang="en")
    assert result.diagnoses == []
    challenge = grader.challenges["layer_norm"]
    hints = {t.id: t.hint("en") for t in challenge.tests}
    failed = [t for t in result.tests if not t.passed]
    assert failed
    assert all(hints[t.id] not in t.message for t in failed)
    assert "row means [1.367" in next(t for t in result.tests if t.id == "rows_mean0_std1").message


def test_a_slightly_perturbed_result_reads_no_accusation(grader: Grader) -> None:
    """The issue's pile: a correct layer_norm plus 1e-4 read ten hints about ddof, ε and E[x²]."""
    code = (
        "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n"
        "    mu = X.mean(axis=1, keepdims=True)\n    s = X.std(axis=1, keepdims=True)\n"
        "    return gamma * (X - mu) / np.sqrt(s**2 + eps) + beta + 1e-4\n"
    )
    result = grader.grade("layer_norm", code, lang="en")
    titles = {t.id: t.title("en") for t in grader.challenges["layer_norm"].tests}
    failed = [t for t in result.tests if not t.passed]
    assert len(failed) >= 8
    told = " ".join(t.message.removeprefix(titles[t.id]) for t in failed)  # what each said it saw
    for accusation in ("ddof", "inside the root", "E[x²]", "axis=1", "gamma ⊙"):
        assert accusation not in told


def test_spanish_tells_the_same_story(grader: Grader) -> None:
    result = _grade(grader, "layer_norm/batch_norm.py", lang="es")
    messages = _failed(result)
    assert all(
        "no se cumple porque tu layer_norm normaliza por columnas (axis=0)" in m for m in messages.values()
    )


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_internal_id_in_any_student_facing_text(
    grader: Grader, challenges: dict[str, Challenge], lang: str
) -> None:
    ids = {m.id for c in challenges.values() for m in c.mistakes} | {
        t.id for c in challenges.values() for t in c.tests
    }
    for path in sorted(CORPORA.glob("*/catalogue/*.py"))[::3]:
        result = grader.grade(path.parent.parent.name, path.read_text(), lang=lang)  # type: ignore[arg-type]
        shown = (
            [t.message for t in result.tests] + [d.message for d in result.diagnoses] + [result.note or ""]
        )
        shown += [c.message for c in result.causes]
        leaked = {i for i in ids if any(i in text for text in shown) and "_" in i}
        assert not leaked, (path.name, leaked)
