"""The retention period (`AUTOGRADER_RETENTION_DAYS`): the code of submissions older than that
is erased (with its print for the similar-submissions views), their scores, results and the
dashboard's numbers kept. The API's sweeper erases one
bounded batch a round, so no transaction holds the submissions table for long however much is
due; each batch is recorded as an `Erasure` of kind "retention" (a count, never whose)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select, update

from service.dashboard.fingerprint_tables import SubmissionFingerprint
from service.policies.tables import RefusedAttempt
from service.privacy.tables import Erasure
from service.storage.db import Database
from service.storage.tables import Submission, now

ERASED = ""  # the code of a submission past the retention period


def erase_old_code(db: Database, days: float, batch: int, moment: datetime | None = None) -> int:
    """One batch (at most `batch` submissions and `batch` refused attempts) of code older than
    `days` erased; the number of rows erased. Submissions still queued or running keep theirs."""
    cutoff = (moment or now()) - timedelta(days=days)
    with db.transaction() as session:
        due = list(
            session.scalars(
                select(Submission.id)
                .where(
                    Submission.created_at < cutoff,
                    Submission.code != ERASED,
                    Submission.status.in_(("done", "error")),
                )
                .order_by(Submission.created_at)
                .limit(batch)
                .with_for_update(skip_locked=True)
            )
        )
        if due:
            session.execute(update(Submission).where(Submission.id.in_(due)).values(code=ERASED))
            # A print keeps the code's own names, strings and comment words: it goes with the code.
            session.execute(delete(SubmissionFingerprint).where(SubmissionFingerprint.submission_id.in_(due)))
        refused = list(
            session.scalars(
                select(RefusedAttempt.id)
                .where(RefusedAttempt.created_at < cutoff, RefusedAttempt.code != ERASED)
                .order_by(RefusedAttempt.created_at)
                .limit(batch)
                .with_for_update(skip_locked=True)
            )
        )
        if refused:
            session.execute(update(RefusedAttempt).where(RefusedAttempt.id.in_(refused)).values(code=ERASED))
        if due or refused:
            session.add(
                Erasure(
                    kind="retention",
                    asked_by=f"retention of {days:g} days",
                    submissions=len(due),
                    refused_attempts=len(refused),
                )
            )
    return len(due) + len(refused)
