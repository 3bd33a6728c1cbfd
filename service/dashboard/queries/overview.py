"""The course overview: per challenge, who tried, who reached 100, best scores, tests, diagnoses,
and the attempts that did not run, read from the aggregates kept as results are stored
(`service.dashboard.aggregates.keep`): a handful of small reads whatever the size of the class."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.dashboard.aggregates.tables import (
    AggBucket,
    AggChallenge,
    AggDiagnosis,
    AggError,
    AggTest,
    AggVersion,
)
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.feedback_effect import MessageEffect, feedback_effects
from service.dashboard.queries.scope import course_ids
from service.storage.tables import GradingResult, Submission

BUCKETS = 11  # 0-9, 10-19, ..., 90-99, and 100 alone


@dataclass(frozen=True)
class TestRate:
    """A hidden test over the newest result of each attempt: `attempts` is where it ran (the
    failure rate's denominator), `errored` where the attempt ended in an error before it could."""

    test_id: str
    category: str
    attempts: int
    failed: int
    errored: int = 0

    @property
    def rate(self) -> float:
        return self.failed / self.attempts if self.attempts else 0.0


@dataclass(frozen=True)
class DiagnosisShare:
    """A diagnosis among the students who tried the challenge: those who ever had it (in the
    newest result of some attempt) and those who still have it (in their current attempt)."""

    diagnosis_id: str
    students: int
    share: float  # of the students who tried the challenge
    holders: int = 0
    held_share: float = 0.0  # likewise


@dataclass(frozen=True)
class ErrorShare:
    """Attempts that did not run, by kind (syntax, timeout...), as a share of all attempts."""

    kind: str
    attempts: int
    share: float


@dataclass
class ChallengeStats:
    challenge: str
    tried: int = 0
    reached_100: int = 0
    attempts: int = 0
    histogram: list[int] = field(default_factory=lambda: [0] * BUCKETS)
    tests: list[TestRate] = field(default_factory=list)
    diagnoses: list[DiagnosisShare] = field(default_factory=list)
    stale: int = 0  # graded submissions without a result for the current version of the challenge
    errored: int = 0  # attempts whose newest result is an error: they did not run
    errors: list[ErrorShare] = field(default_factory=list)  # errored by kind, most frequent first
    effects: list[MessageEffect] = field(default_factory=list)  # what each message told did next


def course_overview(
    session: Session, course: GrantedCourse, versions: Mapping[str, int]
) -> dict[str, ChallengeStats]:
    """Every challenge the course has graded submissions of, with its statistics.

    `versions` are the current versions of the known challenges (a challenge missing there is never stale).
    """
    stats: dict[str, ChallengeStats] = {}
    ids = course_ids(course)
    for row in session.scalars(
        select(AggChallenge).where(AggChallenge.course_id.in_(ids), AggChallenge.attempts > 0)
    ):
        stats[row.challenge] = ChallengeStats(
            row.challenge, row.tried, row.reached_100, row.attempts, errored=row.errored
        )
    if not stats:
        return {}
    _histograms(session, course, stats)
    _tests(session, course, stats)
    _diagnoses(session, course, stats)
    _errors(session, course, stats)
    _stale(session, course, versions, stats)
    for effect in feedback_effects(session, course):
        if effect.challenge in stats:
            stats[effect.challenge].effects.append(effect)
    return dict(sorted(stats.items()))


def _histograms(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    query = select(AggBucket.challenge, AggBucket.bucket, AggBucket.students).where(
        AggBucket.course_id.in_(course_ids(course)), AggBucket.students > 0
    )
    for challenge, index, count in session.execute(query):
        if challenge in stats:
            stats[challenge].histogram[int(index)] = count


def _tests(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    query = (
        select(AggTest)
        .where(AggTest.course_id.in_(course_ids(course)), (AggTest.ran > 0) | (AggTest.errored > 0))
        .order_by(AggTest.challenge, AggTest.position, AggTest.test_id)
    )
    for row in session.scalars(query):
        if row.challenge in stats:
            rate = TestRate(row.test_id, row.category, row.ran, row.failed, row.errored)
            stats[row.challenge].tests.append(rate)


def _diagnoses(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    """Those still held first: what the class has to fix now, then what it has fixed."""
    query = (
        select(AggDiagnosis.challenge, AggDiagnosis.diagnosis_id, AggDiagnosis.students, AggDiagnosis.holders)
        .where(AggDiagnosis.course_id.in_(course_ids(course)), AggDiagnosis.students > 0)
        .order_by(AggDiagnosis.holders.desc(), AggDiagnosis.students.desc(), AggDiagnosis.diagnosis_id)
    )
    for challenge, diagnosis_id, count, holders in session.execute(query):
        if challenge in stats:
            tried = stats[challenge].tried
            share = DiagnosisShare(
                diagnosis_id,
                count,
                count / tried if tried else 0.0,
                holders,
                holders / tried if tried else 0.0,
            )
            stats[challenge].diagnoses.append(share)


def _errors(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    query = (
        select(AggError.challenge, AggError.kind, AggError.attempts)
        .where(AggError.course_id.in_(course_ids(course)), AggError.attempts > 0)
        .order_by(AggError.attempts.desc(), AggError.kind)
    )
    for challenge, kind, count in session.execute(query):
        if challenge in stats:
            total = stats[challenge].attempts
            stats[challenge].errors.append(ErrorShare(kind, count, count / total if total else 0.0))


def _stale(
    session: Session, course: GrantedCourse, versions: Mapping[str, int], stats: dict[str, ChallengeStats]
) -> None:
    """Graded submissions without a result at the current version: all of them but those with one."""
    current: dict[str, int] = defaultdict(int)
    query = select(AggVersion.challenge, AggVersion.version, AggVersion.submissions).where(
        AggVersion.course_id.in_(course_ids(course))
    )
    for challenge, version, count in session.execute(query):
        if versions.get(challenge) == version:
            current[challenge] = count
    for name, entry in stats.items():
        if name in versions:
            entry.stale = max(0, entry.attempts - current[name])


def activity_mark(session: Session, course: GrantedCourse) -> str:
    """Changes whenever a submission of the course is added or graded (pages without live updates poll it)."""
    query = select(func.count(Submission.id), func.max(Submission.finished_at)).where(
        Submission.course_id.in_(course_ids(course))
    )
    count, finished = session.execute(query).one()
    graded = session.scalar(
        select(func.count(GradingResult.id)).where(GradingResult.course_id.in_(course_ids(course)))
    )
    return f"{count}:{graded}:{finished}"


def challenges_of(session: Session, course: GrantedCourse) -> list[str]:
    """The challenges the course has graded attempts of."""
    query = select(AggChallenge.challenge).where(
        AggChallenge.course_id.in_(course_ids(course)), AggChallenge.attempts > 0
    )
    return sorted(session.scalars(query))
