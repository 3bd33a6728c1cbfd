"""Send tasks to the workers; only ever after the transaction that stored their subject committed.

A grading is sent once per submission, so its send is kept lean: the message Celery's own
`send_task` would build (`as_task_v2`, protocol 2), published by a pooled producer straight to
the grading queue (the anonymous exchange, as Celery routes a direct queue), declared once per
connection. `send_task` spends half as much CPU again on routing, options and signals the
service does not use.
"""

from __future__ import annotations

import logging
import uuid

from kombu.entity import Queue
from kombu.exceptions import OperationalError

from service.core.errors import NotReady
from service.messaging.celery_app import GRADE_TASK, REGRADE_PASSBACK_TASK, REGRADE_TASK, celery

log = logging.getLogger(__name__)
PERSISTENT = 2  # the delivery mode Celery gives a task on a durable queue


def _publish(task: str, submission_id: str) -> None:
    """One task taking `submission_id`, on the grading queue (the broker's errors propagate)."""
    app = celery()
    queue: Queue = app.amqp.queues[app.conf.task_default_queue]  # the app's own: it follows settings
    task_id = str(uuid.uuid4())
    headers, properties, body, _ = app.amqp.as_task_v2(
        task_id, task, args=[submission_id], ignore_result=True
    )
    with app.producer_pool.acquire(block=True) as producer:
        producer.publish(
            body,
            exchange="",
            routing_key=queue.name,
            declare=[queue],
            serializer="json",
            headers=headers,
            delivery_mode=PERSISTENT,
            retry=True,
            retry_policy=app.conf.task_publish_retry_policy,
            **properties,
        )


def send_grade(submission_id: str) -> None:
    try:
        _publish(GRADE_TASK, submission_id)
    except (OperationalError, OSError) as error:
        log.error("broker unavailable, submission %s stays queued: %s", submission_id, error)
        raise NotReady(
            f"the grading queue is unavailable; submission {submission_id} is stored: "
            "retry with the same Idempotency-Key"
        ) from error


def send_regrades(submission_ids: list[str]) -> None:
    """Queue one regrade per submission; only after the batch that lists them is committed."""
    try:
        for submission_id in submission_ids:
            _publish(REGRADE_TASK, submission_id)
    except (OperationalError, OSError) as error:
        log.error("broker unavailable: regrade not queued: %s", error)
        raise NotReady("the grading queue is unavailable; the regrade can be started again") from error


def send_regrade_passback(regrade_id: int) -> None:
    """Queue the passback of a regrade's changed grades (the instructor saw its effect first)."""
    try:
        celery().send_task(REGRADE_PASSBACK_TASK, args=[regrade_id])
    except (OperationalError, OSError) as error:
        log.error("broker unavailable: regrade passback not queued: %s", error)
        raise NotReady("the queue is unavailable; send the grades again in a moment") from error
