"""Celery tasks: they take ids, load what they need, and call plain functions.

`register(process)` puts them on the process's Celery app at the worker's boot: each task finds
the worker's Settings, grader, queue and policies in the `WorkerProcess` it was registered with.
"""

from __future__ import annotations

import random
from typing import Any

from celery import Task
from celery.exceptions import Retry
from celery.signals import worker_ready, worker_shutdown
from sqlalchemy.exc import DBAPIError

from service.lti import passback, regraded, roster
from service.messaging.celery_app import (
    GRADE_TASK,
    LTI_SCORE_TASK,
    REGRADE_CONFIRM_TASK,
    REGRADE_PASSBACK_TASK,
    REGRADE_PREVIEW_TASK,
    REGRADE_TASK,
    ROSTER_TASK,
    WEBHOOK_TASK,
)
from service.outbound.budget import Budget
from service.webhooks import delivery
from service.worker import regrading
from service.worker.grading import grade_submission
from service.worker.process import WorkerProcess

# A database outage while grading retries with backoff instead of dropping the task (acks_late
# acknowledges a task that raised); the sweeper re-sends whatever is still lost after that.
_RETRYING: dict[str, Any] = {
    "autoretry_for": (DBAPIError,),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "max_retries": 20,
}


def grade(process: WorkerProcess, submission_id: str) -> None:
    """Grade a platform's submission; its webhook goes out with its first result only."""
    _grade(process, submission_id, notify=True)


def regrade(process: WorkerProcess, submission_id: str) -> None:
    """Grade a submission again at its challenge's current version: the platform asked for nothing."""
    _grade(process, submission_id, notify=False)


def _grade(process: WorkerProcess, submission_id: str, notify: bool) -> None:
    with process.grading(submission_id):
        max_attempts = process.settings.grading_max_attempts
        graded = grade_submission(
            process.db, process.grader(), submission_id, max_attempts, on_stored=process.on_stored
        )
    if graded is None or not graded.stored:
        return
    process.publisher.graded(
        submission_id, graded.view.model_dump_json() if graded.view else graded.status, graded.course_id
    )
    if notify and graded.callback_url:
        process.queue.webhook(submission_id)
    if notify and graded.lti_linked:  # made through an LTI link: its gradebook hears of it
        process.queue.lti_score(submission_id)
    # A regrade's scores wait for the instructor, who sees its effect first (regrade_passback).


def regrade_preview(process: WorkerProcess, regrade_id: int, submission_id: str) -> None:
    """One submission of a batch graded into its preview: nothing stored, nobody told."""
    regrading.preview(process.db, process.grader(), regrade_id, submission_id)


def regrade_confirm(process: WorkerProcess, regrade_id: int) -> None:
    """A confirmed batch's results stored, the pages that show them told, then its changed
    grades sent to the LMSs (after the storing: a passback reads the stored scores)."""
    for stored in regrading.confirm(process.db, regrade_id, process.on_stored):
        process.publisher.graded(stored.submission_id, stored.status, stored.course_id)
    process.queue.regrade_passback(regrade_id)


WAIT_SECONDS = (0.5, 2.0)  # a task whose kind or destination is full is taken again this soon


def _later(task: Task, waited: int) -> Retry:
    """The task again in a moment, counting the wait (not an attempt, and never past a task's
    retry limit: that one is for failures)."""
    kwargs = {**(task.request.kwargs or {}), "waited": waited + 1}
    later = random.uniform(*WAIT_SECONDS)  # noqa: S311 a jitter, so that waiting tasks spread out
    return task.retry(kwargs=kwargs, countdown=later, max_retries=task.request.retries + 1)


def deliver_webhook(process: WorkerProcess, task: Task, submission_id: str, waited: int = 0) -> None:
    """On the webhook queue, taken by the sender process: a slow receiver never holds a grading,
    and holds at most its destination's share of the sender."""
    attempt = task.request.retries - waited + 1
    with process.gates.slot("webhooks", delivery.destination(process.db, submission_id)) as taken:
        if not taken:
            raise _later(task, waited)
        outcome = delivery.deliver(process.db, submission_id, attempt, process.delivery_policy)
    if outcome.retry and attempt < process.settings.webhook_attempts:
        raise task.retry(countdown=min(2**attempt, 300))


def send_lti_score(process: WorkerProcess, task: Task, submission_id: str, waited: int = 0) -> None:
    """On the webhook queue too: an LMS that answers slowly never holds a grading, nor more than
    its share of the sender."""
    attempt, attempts = task.request.retries - waited + 1, process.settings.webhook_attempts
    with process.gates.slot("grades", passback.destination(process.db, submission_id)) as taken:
        if not taken:
            raise _later(task, waited)
        outcome = passback.post(
            process.db, submission_id, attempt, attempts, process.outbound, process.lti_tokens
        )
    if outcome.retry and attempt < attempts:
        raise task.retry(countdown=min(2**attempt, passback.MAX_BACKOFF_SECONDS))


def regrade_passback(process: WorkerProcess, task: Task, regrade_id: int, waited: int = 0) -> None:
    """On the webhook queue: a regrade's grades to the LMSs, only those that changed; sent again,
    it sends nothing twice (each is compared with what its gradebook last took)."""
    with process.gates.slot("grades", None) as taken:
        if not taken:
            raise _later(task, waited)
        attempts = process.settings.webhook_attempts
        regraded.pass_back_regrade(process.db, regrade_id, attempts, process.outbound, process.lti_tokens)


def refresh_roster(process: WorkerProcess, task: Task, course_id: int, waited: int = 0) -> None:
    """On the webhook queue: a course's roster read again from its LMS; a failure is kept for the
    dashboard to show, and the next launch or the instructor asks again."""
    settings = process.settings
    with process.gates.slot("rosters", roster.destination(process.db, course_id)) as taken:
        if not taken:
            raise _later(task, waited)
        budget = Budget(settings.roster_read_seconds, settings.roster_read_bytes)
        roster.refresh(process.db, course_id, process.outbound, budget, process.lti_tokens)


def register(process: WorkerProcess) -> None:
    """The tasks on `process`'s Celery app only (not shared with every app made later), and its
    start and end on the worker's signals."""
    app = process.queue.celery

    @app.task(name=GRADE_TASK, shared=False, **_RETRYING)  # type: ignore[untyped-decorator]
    def grade_task(submission_id: str) -> None:
        grade(process, submission_id)

    @app.task(name=REGRADE_TASK, shared=False, **_RETRYING)  # type: ignore[untyped-decorator]
    def regrade_task(submission_id: str) -> None:
        regrade(process, submission_id)

    @app.task(name=REGRADE_PREVIEW_TASK, shared=False, **_RETRYING)  # type: ignore[untyped-decorator]
    def regrade_preview_task(regrade_id: int, submission_id: str) -> None:
        regrade_preview(process, regrade_id, submission_id)

    @app.task(name=REGRADE_CONFIRM_TASK, shared=False, **_RETRYING)  # type: ignore[untyped-decorator]
    def regrade_confirm_task(regrade_id: int) -> None:
        regrade_confirm(process, regrade_id)

    @app.task(name=WEBHOOK_TASK, bind=True, shared=False, max_retries=None)  # type: ignore[untyped-decorator]
    def webhook_task(task: Task, submission_id: str, waited: int = 0) -> None:
        deliver_webhook(process, task, submission_id, waited)

    @app.task(name=LTI_SCORE_TASK, bind=True, shared=False, max_retries=None)  # type: ignore[untyped-decorator]
    def lti_score_task(task: Task, submission_id: str, waited: int = 0) -> None:
        send_lti_score(process, task, submission_id, waited)

    @app.task(name=REGRADE_PASSBACK_TASK, bind=True, shared=False, **_RETRYING)  # type: ignore[untyped-decorator]
    def regrade_passback_task(task: Task, regrade_id: int, waited: int = 0) -> None:
        regrade_passback(process, task, regrade_id, waited)

    @app.task(name=ROSTER_TASK, bind=True, shared=False, **_RETRYING)  # type: ignore[untyped-decorator]
    def roster_task(task: Task, course_id: int, waited: int = 0) -> None:
        refresh_roster(process, task, course_id, waited)

    def ready(**_: Any) -> None:
        process.ready()

    def done(**_: Any) -> None:
        if not process.sends_only:
            process.shutdown()

    worker_ready.connect(ready, weak=False)
    worker_shutdown.connect(done, weak=False)
