"""Send tasks to the workers; only ever after the transaction that stored their subject committed."""

from __future__ import annotations

import logging

from kombu.exceptions import OperationalError

from service.core.errors import NotReady
from service.worker.celery_app import GRADE_TASK, REGRADE_TASK, celery

log = logging.getLogger(__name__)


def send_grade(submission_id: str) -> None:
    try:
        celery().send_task(GRADE_TASK, args=[submission_id])
    except (OperationalError, OSError) as error:
        log.error("broker unavailable, submission %s stays queued: %s", submission_id, error)
        raise NotReady(
            f"the grading queue is unavailable; submission {submission_id} is stored: "
            "retry with the same Idempotency-Key"
        ) from error


def send_regrades(submission_ids: list[str]) -> None:
    """Queue one regrade per submission; only after the batch that lists them is committed."""
    app = celery()
    try:
        for submission_id in submission_ids:
            app.send_task(REGRADE_TASK, args=[submission_id])
    except (OperationalError, OSError) as error:
        log.error("broker unavailable: regrade not queued: %s", error)
        raise NotReady("the grading queue is unavailable; the regrade can be started again") from error
