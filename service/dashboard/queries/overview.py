"""The course overview: per challenge, who tried, who reached 100, best scores, tests, diagnoses."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import ColumnElement, Subquery, case, distinct, func, select
from sqlalchemy.orm import Session

from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import (
    course_ids,
    graded_submissions,
    latest_result_ids,
    not_graded_at_current,
)
from service.storage.tables import DiagnosisRow, GradingResult, Submission, TestOutcome

BUCKETS = 11  # 0-9, 10-19, ..., 90-99, and 100 alone


@dataclass(frozen=True)
class TestRate:
    test_id: str
    category: str
    attempts: int
    failed: int  # of the attempts that ran: an attempt that did not run (syntax, timeout...) is no failure
    errored: int = 0  # attempts that did not run

    @property
    def ran(self) -> int:
        return self.attempts - self.errored

    @property
    def rate(self) -> float:
        return self.failed / self.ran if self.ran else 0.0


@dataclass(frozen=True)
class DiagnosisShare:
    diagnosis_id: str
    students: int
    share: float  # of the students who tried the challenge


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
    errors: dict[str, int] = field(default_factory=dict)  # attempts that did not run, by error kind


def _best_per_student(course: GrantedCourse) -> Subquery:
    return (
        select(
            Submission.challenge.label("challenge"),
            Submission.student_id.label("student_id"),
            func.max(Submission.score).label("best"),
            func.count().label("attempts"),
        )
        .where(graded_submissions(course))
        .group_by(Submission.challenge, Submission.student_id)
        .subquery()
    )


def _bucket(best: ColumnElement[float]) -> ColumnElement[int]:
    steps = [(best >= 100, 10)] + [(best >= 10 * b, b) for b in range(9, 0, -1)]
    return case(*steps, else_=0)


def course_overview(
    session: Session, course: GrantedCourse, versions: Mapping[str, int]
) -> dict[str, ChallengeStats]:
    """Every challenge the course has graded submissions of, with its statistics.

    `versions` are the current versions of the known challenges (a challenge missing there is never stale).
    """
    stats: dict[str, ChallengeStats] = defaultdict(lambda: ChallengeStats(""))
    best = _best_per_student(course)
    _totals(session, best, stats)
    _histograms(session, best, stats)
    _test_rates(session, course, stats)
    _diagnoses(session, course, stats)
    _errors(session, course, stats)
    _stale(session, course, versions, stats)
    for name, entry in stats.items():
        entry.challenge = name
    return dict(sorted(stats.items()))


def _totals(session: Session, best: Subquery, stats: dict[str, ChallengeStats]) -> None:
    c = best.c
    query = select(
        c.challenge,
        func.count(),
        func.sum(case((c.best >= 100, 1), else_=0)),
        func.sum(c.attempts),
    ).group_by(c.challenge)
    for challenge, tried, reached, attempts in session.execute(query):
        entry = stats[challenge]
        entry.tried, entry.reached_100, entry.attempts = tried, int(reached or 0), int(attempts or 0)


def _histograms(session: Session, best: Subquery, stats: dict[str, ChallengeStats]) -> None:
    c = best.c
    bucket = _bucket(c.best).label("bucket")
    query = select(c.challenge, bucket, func.count()).group_by(c.challenge, bucket)
    for challenge, index, count in session.execute(query):
        stats[challenge].histogram[int(index)] = count


def _test_rates(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    did_not_run = GradingResult.status == "error"
    failed = func.sum(case((TestOutcome.passed.is_(False) & ~did_not_run, 1), else_=0))
    errored = func.sum(case((did_not_run, 1), else_=0))
    query = (
        select(
            TestOutcome.challenge,
            TestOutcome.test_id,
            func.min(TestOutcome.category),
            func.count(),
            failed,
            errored,
        )
        .join(GradingResult, TestOutcome.result_id == GradingResult.id)
        .where(TestOutcome.result_id.in_(latest_result_ids(course)))
        .group_by(TestOutcome.challenge, TestOutcome.test_id)
        .order_by(TestOutcome.challenge, func.min(TestOutcome.position))
    )
    for challenge, test_id, category, attempts, fails, errors in session.execute(query):
        rate = TestRate(test_id, category, attempts, int(fails or 0), int(errors or 0))
        stats[challenge].tests.append(rate)


def _errors(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    """Attempts whose newest result says the code did not run, by kind (no kind stored: internal)."""
    kind = func.coalesce(GradingResult.error_kind, "internal")
    query = (
        select(GradingResult.challenge, kind, func.count())
        .where(GradingResult.id.in_(latest_result_ids(course)), GradingResult.status == "error")
        .group_by(GradingResult.challenge, kind)
    )
    for challenge, error_kind, count in session.execute(query):
        stats[challenge].errors[error_kind] = count


def _diagnoses(session: Session, course: GrantedCourse, stats: dict[str, ChallengeStats]) -> None:
    students = func.count(distinct(Submission.student_id))
    query = (
        select(DiagnosisRow.challenge, DiagnosisRow.diagnosis_id, students)
        .join(GradingResult, DiagnosisRow.result_id == GradingResult.id)
        .join(Submission, GradingResult.submission_id == Submission.id)
        .where(DiagnosisRow.result_id.in_(latest_result_ids(course)))
        .group_by(DiagnosisRow.challenge, DiagnosisRow.diagnosis_id)
        .order_by(students.desc(), DiagnosisRow.diagnosis_id)
    )
    for challenge, diagnosis_id, count in session.execute(query):
        tried = stats[challenge].tried
        stats[challenge].diagnoses.append(
            DiagnosisShare(diagnosis_id, count, count / tried if tried else 0.0)
        )


def _stale(
    session: Session, course: GrantedCourse, versions: Mapping[str, int], stats: dict[str, ChallengeStats]
) -> None:
    query = (
        select(Submission.challenge, func.count())
        .where(
            graded_submissions(course),
            Submission.challenge.in_(list(versions)),
            not_graded_at_current(versions),
        )
        .group_by(Submission.challenge)
    )
    for challenge, count in session.execute(query):
        stats[challenge].stale = count


def activity_mark(session: Session, course: GrantedCourse) -> str:
    """Changes whenever a submission of the course is added or graded (pages poll it)."""
    query = select(func.count(Submission.id), func.max(Submission.finished_at)).where(
        Submission.course_id.in_(course_ids(course))
    )
    count, finished = session.execute(query).one()
    graded = session.scalar(
        select(func.count(GradingResult.id)).where(GradingResult.course_id.in_(course_ids(course)))
    )
    return f"{count}:{graded}:{finished}"
