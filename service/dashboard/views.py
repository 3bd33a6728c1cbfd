"""What the overview page shows of each challenge: numbers, charts and the lesson's own words."""

from __future__ import annotations

from dataclasses import dataclass

from grader.challenge import Challenge
from grader.text import Lang
from service.dashboard import charts
from service.dashboard.queries.overview import ChallengeStats, DiagnosisShare, TestRate

LANG: Lang = "en"


@dataclass(frozen=True)
class Described:
    """A test or a diagnosis with its rate, and what it means in the challenge's words."""

    id: str
    text: str
    count: int
    of: int
    share: float


@dataclass(frozen=True)
class ChallengeCard:
    challenge: str
    title: str
    tried: int
    reached_100: int
    attempts: int
    version: int | None
    stale: int  # submissions whose newest result is of another version of the challenge
    histogram: charts.BarChart
    tests_chart: charts.BarChart
    tests: tuple[Described, ...]
    diagnoses_chart: charts.BarChart
    diagnoses: tuple[Described, ...]


def words(identifier: str) -> str:
    return identifier.replace("_", " ")


def _tests(stats: ChallengeStats, challenge: Challenge | None) -> tuple[Described, ...]:
    titles = {t.id: t.title(LANG) for t in challenge.tests} if challenge else {}
    return tuple(_test(rate, titles) for rate in stats.tests)


def _test(rate: TestRate, titles: dict[str, str]) -> Described:
    text = titles.get(rate.test_id, rate.category)
    return Described(rate.test_id, text, rate.failed, rate.attempts, rate.rate)


def _diagnoses(stats: ChallengeStats, challenge: Challenge | None) -> tuple[Described, ...]:
    messages = {m.id: m.message(LANG) for m in challenge.mistakes} if challenge else {}
    return tuple(_diagnosis(share, messages, stats.tried) for share in stats.diagnoses)


def _diagnosis(share: DiagnosisShare, messages: dict[str, str], tried: int) -> Described:
    text = messages.get(share.diagnosis_id, words(share.diagnosis_id))
    return Described(share.diagnosis_id, text, share.students, tried, share.share)


def card(stats: ChallengeStats, challenge: Challenge | None) -> ChallengeCard:
    version = challenge.version if challenge else None
    tests = _tests(stats, challenge)
    diagnoses = _diagnoses(stats, challenge)
    return ChallengeCard(
        challenge=stats.challenge,
        title=challenge.title(LANG) if challenge else stats.challenge,
        tried=stats.tried,
        reached_100=stats.reached_100,
        attempts=stats.attempts,
        version=version,
        stale=stats.stale,
        histogram=charts.histogram(f"Best scores in {stats.challenge}", stats.histogram),
        tests_chart=charts.shares(
            f"Share of attempts failing each hidden test of {stats.challenge}",
            [(t.id, t.share) for t in tests],
        ),
        tests=tests,
        diagnoses_chart=charts.shares(
            f"Share of students diagnosed with each mistake in {stats.challenge}",
            [(words(d.id), d.share) for d in diagnoses],
        ),
        diagnoses=diagnoses,
    )
