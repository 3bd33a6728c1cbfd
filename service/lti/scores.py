"""An attempt made through an LTI link and what became of its score, as the tool records them: the
link remembered when the attempt is made (`record`), its sending queued (`send`) and queued again
by the API's sweeper when its task was lost (`resend_lost`), the student page's gradebook
(`LmsGradebook`) and the CLI's list (`listing`). Sending it is the worker's (`service.lti.passback`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from kombu.exceptions import OperationalError
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from service.lti.passback import MAX_BACKOFF_SECONDS
from service.lti.tables import LtiContext, LtiLink, LtiScore
from service.messaging.enqueue import TaskQueue
from service.storage.db import Database
from service.storage.tables import Submission, now
from service.submissions.schemas import FINAL_STATUSES

log = logging.getLogger(__name__)


def record(db: Database, submission_id: str, link_id: int, student: str) -> bool:
    """Remember the attempt's link; True when it is graded already (its score is to be sent now)."""
    # The submission's row is locked before the link is written, and the worker reads the link in
    # the transaction that finishes that row: one waits for the other, so either the worker sees
    # the link or this sees the final status, and the score is sent once, never left unsent.
    with db.transaction() as session:
        status = session.scalar(
            select(Submission.status).where(Submission.id == submission_id).with_for_update()
        )
        session.merge(LtiScore(submission_id=submission_id, link_id=link_id, student=student))
    return status in FINAL_STATUSES


def send(queue: TaskQueue, submission_id: str) -> None:
    """Queue the score's sending; a broker outage leaves it to the sweeper (`resend_lost`)."""
    try:
        queue.lti_score(submission_id)
    except (OperationalError, OSError) as error:
        log.error("broker unavailable, the score of %s waits for the sweeper: %s", submission_id, error)


def resend_lost(db: Database, queue: TaskQueue, stale_seconds: float, batch: int) -> int:
    """Send again the scores of graded attempts not tried for a while (their task was lost).

    A task being retried tries at least every `MAX_BACKOFF_SECONDS`: only rows quiet for longer
    (and `stale_seconds`) are claimed, each by one sweeper (`FOR UPDATE SKIP LOCKED`)."""
    cutoff = now() - timedelta(seconds=max(stale_seconds, 2 * MAX_BACKOFF_SECONDS))
    quiet = or_(LtiScore.tried_at.is_(None), LtiScore.tried_at < cutoff)
    query = (
        select(LtiScore)
        .join(Submission, Submission.id == LtiScore.submission_id)
        .where(
            LtiScore.state == "waiting",
            Submission.status.in_(FINAL_STATUSES),
            Submission.finished_at < cutoff,
            quiet,
        )
        .limit(batch)
        .with_for_update(skip_locked=True, of=LtiScore)
    )
    with db.transaction() as session:
        rows = list(session.scalars(query))
        for row in rows:
            row.tried_at = now()
        ids = [row.submission_id for row in rows]
    for submission_id in ids:
        send(queue, submission_id)
    if ids:
        log.warning("re-sent %d scores to LMS gradebooks", len(ids))
    return len(ids)


class LmsGradebook:
    """The student pages' gradebook (`service.students.gradebook.Gradebook`): the LMS's, through AGS."""

    def __init__(self, db: Database, queue: TaskQueue) -> None:
        self.db = db
        self.queue = queue

    def link(self, submission_id: str, link_id: int, student: str) -> None:
        if record(self.db, submission_id, link_id, student):
            send(self.queue, submission_id)  # graded before it was recorded: the worker did not see the link

    def states(self, submission_ids: list[str]) -> dict[str, tuple[str, float | None]]:
        return states(self.db, submission_ids)


def states(db: Database, submission_ids: list[str]) -> dict[str, tuple[str, float | None]]:
    """What became of these attempts' scores: (state, score sent) by submission id."""
    if not submission_ids:
        return {}
    query = select(LtiScore.submission_id, LtiScore.state, LtiScore.score_sent).where(
        LtiScore.submission_id.in_(submission_ids)
    )
    with db.transaction() as session:
        return {row.submission_id: (row.state, row.score_sent) for row in session.execute(query)}


@dataclass(frozen=True)
class AttemptScore:
    """One attempt through an LTI link and its passback, as the CLI lists it."""

    submission: str
    course: str
    student: str
    challenge: str
    state: str  # waiting, sent, failed
    score_sent: float | None
    tries: int
    error: str | None


def listing(session: Session, course: str | None, limit: int = 200) -> list[AttemptScore]:
    query = (
        select(LtiScore, LtiLink.challenge, LtiContext.course)
        .join(LtiLink, LtiLink.id == LtiScore.link_id)
        .join(LtiContext, LtiContext.id == LtiLink.context_id)
        .order_by(LtiScore.created_at.desc())
        .limit(limit)
    )
    if course is not None:
        query = query.where(LtiContext.course == course)
    return [
        AttemptScore(
            row.submission_id, slug, row.student, challenge, row.state, row.score_sent, row.tries, row.error
        )
        for row, challenge, slug in session.execute(query)
    ]
