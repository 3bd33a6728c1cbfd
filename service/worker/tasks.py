"""Celery tasks: they take ids, load what they need, and call plain functions."""

from __future__ import annotations

from typing import Any

from celery import Task
from celery.signals import (
    worker_init,
    worker_process_init,
    worker_process_shutdown,
    worker_ready,
    worker_shutdown,
)
from sqlalchemy.exc import DBAPIError

from service.core.settings import get_settings
from service.worker import graded_pubsub, process_state, webhooks
from service.worker.celery_app import GRADE_TASK, WEBHOOK_TASK, celery
from service.worker.grading import grade_submission

app = celery()


def grade(submission_id: str) -> None:
    with process_state.grading(submission_id):
        graded = grade_submission(process_state.grader(), submission_id)
    if graded is None or not graded.stored:
        return
    graded_pubsub.publish_graded(
        submission_id, graded.view.model_dump_json() if graded.view else graded.status
    )
    if graded.callback_url:
        app.send_task(WEBHOOK_TASK, args=[submission_id])


def deliver_webhook(task: Task, submission_id: str) -> None:
    settings = get_settings()
    attempt = task.request.retries + 1
    outcome = webhooks.deliver(submission_id, attempt, settings.webhook_timeout_seconds)
    if not outcome.delivered and attempt < settings.webhook_attempts:
        raise task.retry(countdown=min(2**attempt, 300))


def _in_process_pool() -> bool:
    return str(app.conf.worker_pool) in ("threads", "solo")


def _main_starting(**_: Any) -> None:
    process_state.preload()


def _child_ready(**_: Any) -> None:
    process_state.after_fork()


def _child_done(**_: Any) -> None:
    process_state.shutdown()


def _ready(**_: Any) -> None:
    if _in_process_pool():
        process_state.grader()


def _done(**_: Any) -> None:
    if _in_process_pool():
        process_state.shutdown()


# A database outage while grading retries with backoff instead of dropping the task (acks_late
# acknowledges a task that raised); the sweeper re-sends whatever is still lost after that.
app.task(name=GRADE_TASK, autoretry_for=(DBAPIError,), retry_backoff=1, retry_backoff_max=30, max_retries=20)(
    grade
)
app.task(name=WEBHOOK_TASK, bind=True, max_retries=None)(deliver_webhook)
worker_init.connect(_main_starting, weak=False)
worker_process_init.connect(_child_ready, weak=False)
worker_process_shutdown.connect(_child_done, weak=False)
worker_ready.connect(_ready, weak=False)
worker_shutdown.connect(_done, weak=False)
