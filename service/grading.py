"""Grade one stored submission, exactly once per challenge version, as a plain function."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from grader.grade import Grader
from service import schemas
from service.db import relaxed_commit, transaction
from service.poison import gave_up
from service.results import Stored, finish, store
from service.settings import get_settings
from service.submissions import utc
from service.tables import Course, GradingResult, Student, Submission, now

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Graded:
    submission_id: str
    status: str
    stored: bool  # False when this submission already had its result (a repeated delivery)
    callback_url: str | None
    view: schemas.Submission | None = None  # the graded Submission, as the API shows it


def grade_submission(grader: Grader, submission_id: str) -> Graded | None:
    """Run the grader on a submission and store its result; None when there is no such submission."""
    with transaction() as session:
        row = session.execute(
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
            )
            .join(Course, Submission.course_id == Course.id)
            .join(Student, Submission.student_id == Student.id)
            .where(Submission.id == submission_id)
        ).first()
        if row is None:
            log.warning("asked to grade unknown submission %s", submission_id)
            return None
        challenge = grader.challenges.get(row.challenge)
        version = challenge.version if challenge else 0
        if challenge is None or _already_graded(session, submission_id, version):
            return Graded(submission_id, row.status, False, row.callback_url)
        session.execute(
            update(Submission)
            .where(Submission.id == submission_id)
            .values(status="running", started_at=now(), attempts=Submission.attempts + 1)
        )
        relaxed_commit(session)  # if `running` is lost, the submission is still graded
    if row.attempts >= get_settings().grading_max_attempts:
        result = gave_up(challenge, row.lang, submission_id, row.attempts + 1)
    else:
        result = grader.grade(challenge.id, row.code, row.lang)
    try:
        with transaction() as session:
            store(session, Stored(submission_id, row.course_id, row.challenge), version, result)
            finished_at = finish(session, submission_id, result)
            # Lost in a database crash, the submission is left `running` and the sweeper grades it again.
            relaxed_commit(session)
    except IntegrityError:
        log.info("submission %s was graded by another delivery; kept the first result", submission_id)
        return Graded(submission_id, result.status, False, None)
    view = schemas.Submission(
        id=submission_id,
        status=result.status,
        challenge=row.challenge,
        student=row.external_id,
        course=row.slug,
        created_at=utc(row.created_at),
        finished_at=finished_at,
        result=result,
    )
    return Graded(submission_id, result.status, True, row.callback_url, view)


def _already_graded(session: Session, submission_id: str, version: int) -> bool:
    found = session.scalar(
        select(GradingResult.id).where(
            GradingResult.submission_id == submission_id, GradingResult.challenge_version == version
        )
    )
    return found is not None
