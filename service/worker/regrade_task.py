"""The Celery task of a regrade: grade one submission at its challenge's current version."""

from __future__ import annotations

import logging

from kombu.exceptions import OperationalError

from service.core.errors import NotReady
from service.worker import graded_pubsub, process_state
from service.worker.celery_app import celery
from service.worker.grading import grade_submission

REGRADE_TASK = "autograder.regrade"
log = logging.getLogger(__name__)


def regrade(submission_id: str) -> None:
    """Like a first grading, but no webhook: the platform asked for nothing."""
    graded = grade_submission(process_state.grader(), submission_id)
    if graded is not None and graded.stored:
        graded_pubsub.publish_graded(submission_id, graded.status)


def send_regrades(submission_ids: list[str]) -> None:
    """Queue one task per submission; only after the batch that lists them is committed."""
    app = celery()
    try:
        for submission_id in submission_ids:
            app.send_task(REGRADE_TASK, args=[submission_id])
    except (OperationalError, OSError) as error:
        log.error("broker unavailable: regrade not queued: %s", error)
        raise NotReady("the grading queue is unavailable; the regrade can be started again") from error


celery().task(name=REGRADE_TASK)(regrade)
