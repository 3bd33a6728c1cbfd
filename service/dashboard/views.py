"""What the overview page shows of each challenge, in the challenge's own words and the page's language.

Hidden tests are named by their titles and diagnoses by the phrase of the challenge's error model
that says what the code did (`Choice.did`); ids stay beside them, for the instructor who knows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.challenge import Challenge
from grader.errormodel import GENERIC_DID
from grader.text import Lang
from service.dashboard import charts, i18n
from service.dashboard.aggregates.effect import DIAGNOSIS, STEP
from service.dashboard.queries.feedback_effect import MessageEffect
from service.dashboard.queries.overview import ChallengeStats, DiagnosisShare, TestRate


@dataclass(frozen=True)
class NamedTest:
    id: str
    title: str
    failed: int
    ran: int  # attempts where the code ran (the share's denominator)
    share: float


@dataclass(frozen=True)
class Effect:
    """What the students shown a message did next, as the page writes it."""

    told: int
    answered: int  # who made an attempt that ran since
    gone_next: int  # of them, those whose next attempt no longer has it
    next_share: float | None
    gone: int
    attempts: str | None  # the median number of attempts until it was gone, written: "1", "1.5"
    time: str | None  # the median time until it was gone, in words: "14 min"


@dataclass(frozen=True)
class NamedDiagnosis:
    id: str
    function: str  # the function whose code has the mistake
    did: str  # what that code does, as a phrase: "normalises by column (axis=0), …"
    message: str  # the longer explanation students read
    students: int  # who ever had it
    of: int  # who tried the challenge
    share: float
    holders: int  # who still has it: their latest graded attempt has it
    held_share: float
    effect: Effect | None = None


@dataclass(frozen=True)
class NamedStep:
    """A lesson step a localisation named, in the challenge's words, and what it did."""

    id: str
    words: str
    effect: Effect


@dataclass(frozen=True)
class DidNotRun:
    kind: str
    name: str
    attempts: int
    share: float  # of every attempt (newest result of each submission)


@dataclass(frozen=True)
class ChallengeCard:
    challenge: str
    title: str
    tried: int
    reached_100: int
    attempts: int
    version: int | None
    stale: int  # submissions whose newest result is of another version of the challenge
    did_not_run: tuple[DidNotRun, ...]
    histogram: charts.BarChart
    tests_chart: charts.BarChart
    tests: tuple[NamedTest, ...]
    diagnoses_chart: charts.BarChart
    diagnoses: tuple[NamedDiagnosis, ...]
    steps: tuple[NamedStep, ...] = ()

    @property
    def errored(self) -> int:
        return sum(d.attempts for d in self.did_not_run)


def words(identifier: str) -> str:
    return identifier.replace("_", " ")


def _tests(stats: ChallengeStats, challenge: Challenge | None, lang: Lang) -> tuple[NamedTest, ...]:
    titles = {t.id: t.title(lang) for t in challenge.tests} if challenge else {}
    return tuple(_test(rate, titles) for rate in stats.tests)


def _test(rate: TestRate, titles: dict[str, str]) -> NamedTest:
    title = titles.get(rate.test_id, words(rate.test_id))  # a test of an older version keeps its id
    return NamedTest(rate.test_id, title, rate.failed, rate.attempts, rate.rate)


@dataclass(frozen=True)
class Named:
    function: str
    did: str
    message: str


def diagnosis_names(challenge: Challenge | None, lang: Lang) -> dict[str, Named]:
    """Each choice of the challenge's error model by its id: its function, `did` phrase and message."""
    if challenge is None:
        return {}
    messages = {m.id: m.message(lang) for m in challenge.mistakes}
    names = {}
    for point in challenge.model.points:
        for choice in point.choices:
            if choice.spelling or choice.id in names:
                continue
            did = words(choice.id) if choice.did == GENERIC_DID else choice.did(lang)
            names[choice.id] = Named(point.function, did, messages.get(choice.id, ""))
    return names


def _number(value: float, lang: Lang) -> str:
    written = f"{value:g}"
    return written.replace(".", ",") if lang == "es" else written


def duration(seconds: float, lang: Lang) -> str:
    """A time as a person says it: `40 s`, `14 min`, `3 h 20 min`, `5 days`."""
    minutes = round(seconds / 60)
    if seconds < 60:
        return f"{round(seconds)} s"
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {rest} min" if rest else f"{hours} h"
    return i18n.PHRASES.translator(lang)("{n} days", n=round(seconds / 86_400))


def _effect(effect: MessageEffect, lang: Lang) -> Effect:
    attempts, seconds = effect.median_attempts, effect.median_seconds
    return Effect(
        effect.told,
        effect.answered,
        effect.gone_next,
        effect.next_share,
        effect.gone,
        _number(attempts, lang) if attempts is not None else None,
        duration(seconds, lang) if seconds is not None else None,
    )


def _effects(stats: ChallengeStats, kind: str, lang: Lang) -> dict[str, Effect]:
    return {e.message_id: _effect(e, lang) for e in stats.effects if e.kind == kind}


def _steps(stats: ChallengeStats, challenge: Challenge | None, lang: Lang) -> tuple[NamedStep, ...]:
    """The steps named, most told first, in the challenge's words (an older version's by name)."""
    effects = _effects(stats, STEP, lang)
    return tuple(
        NamedStep(name, message_words(challenge, STEP, name, lang), effect)
        for name, effect in effects.items()
    )


def message_words(challenge: Challenge | None, kind: str, message_id: str, lang: Lang) -> str:
    """A message as the overview names it: a diagnosis by what the code did, a step by its words."""
    if kind == STEP:
        said = challenge.steps.get(message_id) if challenge else None
        return said(lang) if said else words(message_id)
    named = diagnosis_names(challenge, lang).get(message_id)
    return named.did if named else words(message_id)


def _diagnoses(stats: ChallengeStats, challenge: Challenge | None, lang: Lang) -> tuple[NamedDiagnosis, ...]:
    names = diagnosis_names(challenge, lang)
    effects = _effects(stats, DIAGNOSIS, lang)
    return tuple(
        _diagnosis(share, names, stats.tried, effects.get(share.diagnosis_id)) for share in stats.diagnoses
    )


def _diagnosis(
    share: DiagnosisShare, names: dict[str, Named], tried: int, effect: Effect | None
) -> NamedDiagnosis:
    named = names.get(share.diagnosis_id, Named("", words(share.diagnosis_id), ""))
    return NamedDiagnosis(
        share.diagnosis_id,
        named.function,
        named.did,
        named.message,
        share.students,
        tried,
        share.share,
        share.holders,
        share.held_share,
        effect,
    )


def _did_not_run(stats: ChallengeStats, lang: Lang) -> tuple[DidNotRun, ...]:
    return tuple(DidNotRun(e.kind, error_kind(e.kind, lang), e.attempts, e.share) for e in stats.errors)


def card(stats: ChallengeStats, challenge: Challenge | None, lang: Lang) -> ChallengeCard:
    t = i18n.PHRASES.translator(lang)
    tests = _tests(stats, challenge, lang)
    diagnoses = _diagnoses(stats, challenge, lang)
    return ChallengeCard(
        challenge=stats.challenge,
        title=challenge.title(lang) if challenge else stats.challenge,
        tried=stats.tried,
        reached_100=stats.reached_100,
        attempts=stats.attempts,
        version=challenge.version if challenge else None,
        stale=stats.stale,
        did_not_run=_did_not_run(stats, lang),
        histogram=charts.histogram(
            t("Best scores in {challenge}", challenge=stats.challenge), stats.histogram, t("students")
        ),
        tests_chart=charts.shares(
            t(
                "Share of the attempts that ran failing each hidden test of {challenge}",
                challenge=stats.challenge,
            ),
            [charts.Share(x.title, x.id, x.share) for x in tests],
        ),
        tests=tests,
        diagnoses_chart=charts.shares(
            t(
                "Share of students whose latest attempt still has each mistake in {challenge}",
                challenge=stats.challenge,
            ),
            [charts.Share(d.did, d.id, d.held_share) for d in diagnoses],
        ),
        diagnoses=diagnoses,
        steps=_steps(stats, challenge, lang),
    )


def error_kind(kind: str, lang: Lang) -> str:
    """How an attempt that did not run is named: its `error.kind` in words."""
    known = i18n.ERROR_KINDS.get(kind)
    return known(lang) if known else kind.replace("_", " ")
