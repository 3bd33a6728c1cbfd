"""Grade one stored submission, exactly once per challenge version, as a plain function.

Few round trips: one query reads the submission, its course, its student and the versions it
was already graded at; one statement marks it `running`; one statement stores the result and
finishes the submission on PostgreSQL (`service.results_postgres`; a transaction elsewhere).
Both writes are committed without waiting for the disk (`db.relaxed_*`): if a database crash
loses them, the submission is left `queued` or `running` and the sweeper grades it again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, bindparam, select, update
from sqlalchemy.exc import IntegrityError

from grader.challenge import Challenge
from grader.grade import Grader
from grader.models import Result
from grader.text import Lang
from service import schemas
from service.db import relaxed_statements
from service.poison import gave_up
from service.results import Stored, store_graded
from service.settings import get_settings
from service.submissions import utc
from service.tables import Course, GradingResult, Student, Submission, now

log = logging.getLogger(__name__)

_FIND = (
    select(
        Submission.challenge,
        Submission.course_id,
        Submission.status,
        Submission.code,
        Submission.lang,
        Submission.callback_url,
        Submission.attempts,
        Submission.created_at,
        Course.slug,
        Student.external_id,
        GradingResult.challenge_version,
    )
    .join(Course, Submission.course_id == Course.id)
    .join(Student, Submission.student_id == Student.id)
    .outerjoin(GradingResult, GradingResult.submission_id == Submission.id)
    .where(Submission.id == bindparam("id"))
)
_START = (
    update(Submission)
    .where(Submission.id == bindparam("submission_id"))
    .values(status="running", started_at=bindparam("started"), attempts=Submission.attempts + 1)
)


@dataclass(frozen=True)
class Found:
    """What grading needs of a stored submission."""

    challenge: str
    course_id: int
    status: str
    code: str
    lang: Lang
    callback_url: str | None
    attempts: int
    created_at: datetime
    slug: str
    external_id: str
    graded_at: frozenset[int]  # the challenge versions it already has a result for


@dataclass(frozen=True)
class Graded:
    submission_id: str
    status: str
    stored: bool  # False when this submission already had its result (a repeated delivery)
    callback_url: str | None
    view: schemas.Submission | None = None  # the graded Submission, as the API shows it


def grade_submission(grader: Grader, submission_id: str) -> Graded | None:
    """Run the grader on a submission and store its result; None when there is no such submission."""
    with relaxed_statements() as connection:
        row = _find(connection, submission_id)
        if row is None:
            log.warning("asked to grade unknown submission %s", submission_id)
            return None
        challenge = grader.challenges.get(row.challenge)
        if challenge is None or challenge.version in row.graded_at:
            return Graded(submission_id, row.status, False, row.callback_url)
        connection.execute(_START, {"submission_id": submission_id, "started": now()})
    result = _grade(grader, challenge, row, submission_id)
    try:
        with relaxed_statements() as connection:
            stored = Stored(submission_id, row.course_id, row.challenge)
            finished_at = store_graded(connection, stored, challenge.version, result)
    except IntegrityError:
        log.info("submission %s was graded by another delivery; kept the first result", submission_id)
        return Graded(submission_id, result.status, False, None)
    return Graded(
        submission_id, result.status, True, row.callback_url, _view(submission_id, row, result, finished_at)
    )


def _find(connection: Connection, submission_id: str) -> Found | None:
    rows = connection.execute(_FIND, {"id": submission_id}).all()
    if not rows:
        return None
    first = rows[0]
    return Found(
        challenge=first.challenge,
        course_id=first.course_id,
        status=first.status,
        code=first.code,
        lang="en" if first.lang == "en" else "es",
        callback_url=first.callback_url,
        attempts=first.attempts,
        created_at=first.created_at,
        slug=first.slug,
        external_id=first.external_id,
        graded_at=frozenset(r.challenge_version for r in rows if r.challenge_version is not None),
    )


def _grade(grader: Grader, challenge: Challenge, row: Found, submission_id: str) -> Result:
    if row.attempts >= get_settings().grading_max_attempts:
        return gave_up(challenge, row.lang, submission_id, row.attempts + 1)
    return grader.grade(challenge.id, row.code, row.lang)


def _view(submission_id: str, row: Found, result: Result, finished_at: datetime) -> schemas.Submission:
    return schemas.Submission(
        id=submission_id,
        status=result.status,
        challenge=row.challenge,
        student=row.external_id,
        course=row.slug,
        created_at=utc(row.created_at),
        finished_at=finished_at,
        result=result,
    )
