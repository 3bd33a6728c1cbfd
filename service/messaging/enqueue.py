"""Send tasks to the workers; only ever after the transaction that stored their subject committed.

A `TaskQueue` is built once by an entry point from its Settings (`TaskQueue.of`) and handed to
whatever sends: the API's intake and sweeper, the dashboard's regrades, the worker's webhooks.

A grading is sent once per submission, so its send is kept lean: the message Celery's own
`send_task` would build (`as_task_v2`, protocol 2; `tests/messaging` checks the two agree),
published by a pooled producer straight to the grading queue (the anonymous exchange, as Celery
routes a direct queue), declared once per connection, without `send_task`'s routing, options
and signals, which the service does not use.
"""

from __future__ import annotations

import logging
import uuid

from celery import Celery
from kombu.entity import Queue
from kombu.exceptions import ChannelError, OperationalError
from kombu.messaging import Producer

from service.core.errors import NotReady
from service.core.settings import Settings
from service.messaging.celery_app import (
    GRADE_TASK,
    LTI_SCORE_TASK,
    REGRADE_CONFIRM_TASK,
    REGRADE_PASSBACK_TASK,
    REGRADE_PREVIEW_TASK,
    ROSTER_TASK,
    WEBHOOK_TASK,
    make_celery,
)

log = logging.getLogger(__name__)
PERSISTENT = 2  # the delivery mode Celery gives a task on a durable queue


class TaskQueue:
    """The broker's queues of one deployment, as the senders see them."""

    def __init__(self, celery: Celery) -> None:
        self.celery = celery

    @classmethod
    def of(cls, settings: Settings) -> TaskQueue:
        return cls(make_celery(settings))

    def grade(self, submission_id: str) -> None:
        """Queue a submission's grading; NotReady (503) when the broker is unavailable."""
        try:
            self._publish(GRADE_TASK, submission_id)
        except (OperationalError, OSError) as error:
            log.error("broker unavailable, submission %s stays queued: %s", submission_id, error)
            raise NotReady(
                f"the grading queue is unavailable; submission {submission_id} is stored: "
                "retry with the same Idempotency-Key"
            ) from error

    def regrade_preview(self, regrade_id: int, submission_ids: list[str]) -> None:
        """Queue the preview of each submission of a batch; only after the batch that lists them
        is committed."""
        try:
            for submission_id in submission_ids:
                self._publish(REGRADE_PREVIEW_TASK, regrade_id, submission_id)
        except (OperationalError, OSError) as error:
            log.error("broker unavailable: regrade preview not queued: %s", error)
            raise NotReady("the grading queue is unavailable; the regrade can be started again") from error

    def regrade_confirm(self, regrade_id: int) -> None:
        """Queue the storing of a confirmed batch's results (its passback follows them)."""
        try:
            self._publish(REGRADE_CONFIRM_TASK, regrade_id)
        except (OperationalError, OSError) as error:
            log.error("broker unavailable: regrade confirmation not queued: %s", error)
            raise NotReady("the grading queue is unavailable; confirm again in a moment") from error

    def webhook(self, submission_id: str) -> None:
        """Queue the delivery of a graded submission's webhook (on the sender's queue)."""
        self.celery.send_task(WEBHOOK_TASK, args=[submission_id])

    def lti_score(self, submission_id: str) -> None:
        """Queue the sending of an LMS attempt's score (on the sender's queue)."""
        self.celery.send_task(LTI_SCORE_TASK, args=[submission_id])

    def regrade_passback(self, regrade_id: int) -> None:
        """Queue the passback of a regrade's changed grades (the instructor saw its effect first)."""
        try:
            self.celery.send_task(REGRADE_PASSBACK_TASK, args=[regrade_id])
        except (OperationalError, OSError) as error:
            log.error("broker unavailable: regrade passback not queued: %s", error)
            raise NotReady("the queue is unavailable; send the grades again in a moment") from error

    def roster(self, course_id: int) -> None:
        """Queue the reading of a course's roster from its LMS (on the sender's queue); the
        broker's errors propagate (the caller says whether that matters)."""
        self.celery.send_task(ROSTER_TASK, args=[course_id])

    def depth(self) -> int:
        """Messages waiting in the grading queue (not those a worker holds); NotReady when the
        broker is down."""
        try:
            with self.celery.connection_for_write() as connection:
                connection.ensure_connection(max_retries=1, timeout=2)
                queue = self.celery.conf.task_default_queue
                declared = connection.default_channel.queue_declare(queue=queue, passive=True)
                return int(declared.message_count)
        except ChannelError:
            return 0  # the queue was never declared: nothing waits in it
        except (OperationalError, OSError) as error:
            raise NotReady("the grading queue is unavailable") from error

    def reachable(self) -> bool:
        """Whether the broker answers now."""
        try:
            with self.celery.connection_for_write() as connection:
                connection.ensure_connection(max_retries=1, timeout=2)
            return True
        except Exception:  # noqa: BLE001 whatever the transport raises, the broker is not usable
            return False

    def _publish(self, task: str, *args: str | int) -> None:
        """One task taking `args` (ids), on the grading queue (the broker's errors propagate)."""
        app = self.celery
        queue: Queue = app.amqp.queues[app.conf.task_default_queue]  # the app's own: it follows settings
        task_id = str(uuid.uuid4())
        # argsrepr and kwargsrepr: what Celery's saferepr writes for one id, without its walk.
        headers, properties, body, _ = app.amqp.as_task_v2(
            task_id,
            task,
            args=list(args),
            ignore_result=True,
            argsrepr=repr(list(args)),
            kwargsrepr="{}",
        )
        with app.producer_pool.acquire(block=True) as producer:
            producer.publish(
                body,
                exchange="",
                routing_key=queue.name,
                declare=_undeclared(producer, queue),
                serializer="json",
                headers=headers,
                delivery_mode=PERSISTENT,
                retry=True,
                retry_policy=app.conf.task_publish_retry_policy,
                **properties,
            )


def _undeclared(producer: Producer, queue: Queue) -> list[Queue]:
    """The queue when this producer's connection has not declared it yet: kombu binds a copy of
    every entity to declare at each publish before it looks in that same cache."""
    declared = producer.connection.declared_entities if producer.connection else ()
    return [] if hash(queue) in declared else [queue]
