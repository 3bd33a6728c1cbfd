"""Celery tasks: they take ids, load what they need, and call plain functions."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from celery import Task
from celery.signals import worker_ready, worker_shutdown
from sqlalchemy.exc import DBAPIError

from service.lti import passback
from service.messaging import graded_pubsub
from service.messaging.celery_app import (
    GRADE_TASK,
    LTI_SCORE_TASK,
    REGRADE_PASSBACK_TASK,
    REGRADE_TASK,
    WEBHOOK_TASK,
    celery,
)
from service.outbound.session import Outbound
from service.webhooks import delivery
from service.worker import process_state
from service.worker.grading import grade_submission

app = celery()


def grade(submission_id: str) -> None:
    """Grade a platform's submission; its webhook goes out with its first result only."""
    _grade(submission_id, notify=True)


def regrade(submission_id: str) -> None:
    """Grade a submission again at its challenge's current version: the platform asked for nothing."""
    _grade(submission_id, notify=False)


def _grade(submission_id: str, notify: bool) -> None:
    with process_state.grading(submission_id):
        max_attempts = process_state.settings().grading_max_attempts
        graded = grade_submission(process_state.grader(), submission_id, max_attempts)
    if graded is None or not graded.stored:
        return
    _publisher(process_state.settings().events).graded(
        submission_id, graded.view.model_dump_json() if graded.view else graded.status, graded.course_id
    )
    if notify and graded.callback_url:
        app.send_task(WEBHOOK_TASK, args=[submission_id])
    if notify and graded.lti_linked:  # made through an LTI link: its gradebook hears of it
        app.send_task(LTI_SCORE_TASK, args=[submission_id])
    # A regrade's scores wait for the instructor, who sees its effect first (regrade_passback).


@lru_cache(maxsize=1)
def _publisher(events_url: str | None) -> graded_pubsub.Publisher:
    return graded_pubsub.Publisher(events_url)


@lru_cache(maxsize=1)
def _delivery_policy() -> delivery.DeliveryPolicy:
    return delivery.DeliveryPolicy.from_settings(process_state.settings())


@lru_cache(maxsize=1)
def _outbound() -> Outbound:
    return Outbound.from_settings(process_state.settings())


def deliver_webhook(task: Task, submission_id: str) -> None:
    """On the webhook queue, taken by the sender process: a slow receiver never holds a grading."""
    attempt = task.request.retries + 1
    outcome = delivery.deliver(submission_id, attempt, _delivery_policy())
    if outcome.retry and attempt < process_state.settings().webhook_attempts:
        raise task.retry(countdown=min(2**attempt, 300))


def send_lti_score(task: Task, submission_id: str) -> None:
    """On the webhook queue too: an LMS that answers slowly never holds a grading."""
    attempt, attempts = task.request.retries + 1, process_state.settings().webhook_attempts
    outcome = passback.post(submission_id, attempt, attempts, _outbound())
    if outcome.retry and attempt < attempts:
        raise task.retry(countdown=min(2**attempt, passback.MAX_BACKOFF_SECONDS))


def regrade_passback(regrade_id: int) -> None:
    """On the webhook queue: a regrade's grades to the LMSs, only those that changed; sent again,
    it sends nothing twice (each is compared with what its gradebook last got)."""
    attempts = process_state.settings().webhook_attempts
    passback.pass_back_regrade(regrade_id, attempts, _outbound())


def _ready(**_: Any) -> None:
    if process_state.grades():  # not the webhook sender
        process_state.grader()  # the sandbox is up before the first task, not during it


def _done(**_: Any) -> None:
    if process_state.grades():
        process_state.shutdown()


# A database outage while grading retries with backoff instead of dropping the task (acks_late
# acknowledges a task that raised); the sweeper re-sends whatever is still lost after that.
_RETRYING: dict[str, Any] = {
    "autoretry_for": (DBAPIError,),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "max_retries": 20,
}
app.task(name=GRADE_TASK, **_RETRYING)(grade)
app.task(name=REGRADE_TASK, **_RETRYING)(regrade)
app.task(name=WEBHOOK_TASK, bind=True, max_retries=None)(deliver_webhook)
app.task(name=LTI_SCORE_TASK, bind=True, max_retries=None)(send_lti_score)
app.task(name=REGRADE_PASSBACK_TASK, **_RETRYING)(regrade_passback)
worker_ready.connect(_ready, weak=False)
worker_shutdown.connect(_done, weak=False)
