"""One student's attempts in a course, oldest first, each with its newest result."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from grader.models import Result
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import GRADED, course_ids
from service.dashboard.timezones import utc
from service.policies import late, store
from service.policies.late import Counted, Due
from service.storage.results import latest_results, to_result, to_translation
from service.storage.tables import GradingResult, Student, Submission

MAX_ATTEMPTS = 500
NOT_LATE = Counted(False, 0, None)


@dataclass(frozen=True)
class Attempt:
    submission_id: str
    challenge: str
    created_at: datetime
    status: str
    score: float | None
    code: str
    version: int | None
    result: Result | None  # in the language the platform asked for
    lang: str = "es"  # that language
    translation: Result | None = None  # the same result in the other language, when it was kept
    counted: Counted = NOT_LATE  # what it counts for under the student's due date


def attempts(session: Session, course: GrantedCourse, student: str) -> list[Attempt]:
    """The student found first, then their submissions by the student's own index: a lookup
    whatever the size of the course (filtering the course's submissions by student scans them)."""
    found = session.scalar(
        select(Student.id).where(Student.course_id.in_(course_ids(course)), Student.external_id == student)
    )
    if found is None:
        return []
    query = (
        select(Submission, *store.submission_due_columns())
        .where(Submission.student_id == found)
        .order_by(Submission.created_at, Submission.id)
        .limit(MAX_ATTEMPTS)
    )
    rows = list(session.execute(query))
    results = latest_results(session, (row.Submission.id for row in rows))
    return [_attempt(row.Submission, results.get(row.Submission.id), store.due_of(row)) for row in rows]


def _attempt(submission: Submission, row: GradingResult | None, due: Due) -> Attempt:
    created_at = utc(submission.created_at)
    assert created_at is not None  # noqa: S101 a stored submission has its creation time: narrows for mypy
    graded = submission.status in GRADED
    return Attempt(
        submission_id=submission.id,
        challenge=submission.challenge,
        created_at=created_at,
        status=submission.status,
        score=submission.score,
        code=submission.code,
        version=row.challenge_version if row else None,
        result=to_result(row) if row else None,
        lang=submission.lang,
        translation=to_translation(row) if row else None,
        counted=late.counted(created_at, submission.score if graded else None, due),
    )
