"""Grade one stored submission, exactly once per challenge version, as a plain function."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from grader.grade import Grader
from service.db import relaxed_commit, transaction
from service.results import record
from service.tables import GradingResult, Submission, now

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Graded:
    submission_id: str
    status: str
    stored: bool  # False when this submission already had its result (a repeated delivery)
    callback_url: str | None


def grade_submission(grader: Grader, submission_id: str) -> Graded | None:
    """Run the grader on a submission and store its result; None when there is no such submission."""
    with transaction() as session:
        submission = session.get(Submission, submission_id)
        if submission is None:
            log.warning("asked to grade unknown submission %s", submission_id)
            return None
        challenge = grader.challenges.get(submission.challenge)
        version = challenge.version if challenge else 0
        if _already_graded(session, submission_id, version) or challenge is None:
            return Graded(submission_id, submission.status, False, submission.callback_url)
        submission.status = "running"
        submission.started_at = now()
        submission.attempts += 1
        code, lang = submission.code, submission.lang
        relaxed_commit(session)  # if `running` is lost, the submission is still graded
    result = grader.grade(challenge.id, code, lang)  # type: ignore[arg-type]
    try:
        with transaction() as session:
            submission = session.get_one(Submission, submission_id)
            record(session, submission, version, result)
            callback_url = submission.callback_url
    except IntegrityError:
        log.info("submission %s was graded by another delivery; kept the first result", submission_id)
        return Graded(submission_id, result.status, False, None)
    return Graded(submission_id, result.status, True, callback_url)


def _already_graded(session: Session, submission_id: str, version: int) -> bool:
    found = session.scalar(
        select(GradingResult.id).where(
            GradingResult.submission_id == submission_id, GradingResult.challenge_version == version
        )
    )
    return found is not None
