"""Every challenge proves itself: the reference scores 100, every known mistake is caught and named."""

from __future__ import annotations

import pytest

from grader.authoring import PROMISE_CAP
from grader.challenge import Challenge, load_challenges
from grader.grade import Grader
from tests.conftest import ROOT

CHALLENGES = load_challenges(ROOT / "challenges")
MISTAKES = [(c.id, m.id) for c in CHALLENGES.values() for m in c.mistakes]


@pytest.mark.parametrize("challenge_id", sorted(CHALLENGES))
def test_reference_scores_100(grader: Grader, challenge_id: str) -> None:
    result = grader.grade(challenge_id, CHALLENGES[challenge_id].reference_source)
    assert result.status == "done"
    assert result.score == 100
    assert result.diagnoses == []


@pytest.mark.parametrize(("challenge_id", "mistake_id"), MISTAKES)
def test_known_mistake_is_rejected_and_named(grader: Grader, challenge_id: str, mistake_id: str) -> None:
    challenge: Challenge = CHALLENGES[challenge_id]
    mistake = next(m for m in challenge.mistakes if m.id == mistake_id)
    result = grader.grade(challenge_id, challenge.reference_source + "\n\n" + mistake.code)
    assert result.score < 100
    assert [d.id for d in result.diagnoses] == [mistake_id]
    promises = {t.id for t in challenge.tests if t.promise}
    if any(t.id in promises and not t.passed for t in result.tests):
        assert result.score <= PROMISE_CAP  # breaking the lesson's promise cannot pass


@pytest.mark.parametrize("challenge_id", sorted(CHALLENGES))
def test_a_challenge_of_several_pieces_tests_its_promise_with_them_together(challenge_id: str) -> None:
    """The lesson's promise with the student's own functions together, weighted so that failing
    it alone leaves at most PROMISE_CAP (the loader refuses a lighter one)."""
    challenge = CHALLENGES[challenge_id]
    promises = [t for t in challenge.tests if t.promise]
    if len(challenge.functions) > 1:
        assert promises
    for test in promises:
        assert 100 * (challenge.max_points - test.points) <= PROMISE_CAP * challenge.max_points


@pytest.mark.parametrize("challenge_id", sorted(CHALLENGES))
def test_every_test_has_both_languages_and_points(challenge_id: str) -> None:
    for test in CHALLENGES[challenge_id].tests:
        assert test.points > 0
        for lang in ("es", "en"):
            assert test.title(lang)
            assert test.hint(lang)


@pytest.mark.parametrize(("challenge_id", "mistake_id"), MISTAKES)
def test_mistake_leaves_challenges_it_does_not_touch_at_100(
    grader: Grader, challenge_id: str, mistake_id: str
) -> None:
    """A mistake in `bloque` alone still scores 100 on `layer_norm`, and so on."""
    challenge = CHALLENGES[challenge_id]
    mistake = next(m for m in challenge.mistakes if m.id == mistake_id)
    source = challenge.reference_source + "\n\n" + mistake.code
    for other in CHALLENGES.values():
        untouched = not set(mistake.functions) & set(other.required)
        if other.id != challenge_id and untouched and set(other.required) <= set(challenge.required):
            assert grader.grade(other.id, source).score == 100, other.id
