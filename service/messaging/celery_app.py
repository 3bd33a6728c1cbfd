"""The Celery application: the same configuration for the API (which sends) and the workers."""

from __future__ import annotations

from functools import lru_cache

from celery import Celery

from service.core.settings import Settings, get_settings
from service.messaging.kombu_redis import transport_for

GRADE_TASK = "autograder.grade"
REGRADE_TASK = "autograder.regrade"
WEBHOOK_TASK = "autograder.deliver_webhook"
LTI_SCORE_TASK = "autograder.send_lti_score"  # AGS passback: outgoing, like a webhook
REGRADE_PASSBACK_TASK = "autograder.regrade_passback"  # a regrade's changed grades, to the LMSs


def make_celery(settings: Settings) -> Celery:
    app = Celery("autograder", broker=settings.broker, include=["service.worker.tasks"])
    app.conf.update(
        broker_transport=transport_for(settings.broker),
        task_default_queue=settings.queue,
        # the sender process's, retries too: a slow receiver never holds a grading
        task_routes={
            t: {"queue": settings.webhook_queue}
            for t in (WEBHOOK_TASK, LTI_SCORE_TASK, REGRADE_PASSBACK_TASK)
        },
        task_acks_late=True,  # a worker killed mid-grading leaves the task to be delivered again
        task_reject_on_worker_lost=True,
        task_ignore_result=True,  # results live in the database
        worker_prefetch_multiplier=1,
        worker_proc_alive_timeout=60,  # a pool child starts its sandbox before it says it is up
        worker_hijack_root_logger=False,
        worker_send_task_events=False,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": 300},
        task_publish_retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 0.2},
        broker_pool_limit=20,
    )
    return app


_given: Settings | None = None  # what the process's entry point passed to `use`


def use(settings: Settings) -> None:
    """The broker and queues of these Settings from now on (the app factory's, the worker boot's)."""
    global _given
    if (settings.broker, settings.queue) != _broker_and_queue(_given or get_settings()):
        celery.cache_clear()
    _given = settings


def forget() -> None:
    """Forget the app and the Settings given: the next use reads the environment again."""
    global _given
    _given = None
    celery.cache_clear()


def _broker_and_queue(settings: Settings) -> tuple[str, str]:
    return settings.broker, settings.queue


@lru_cache(maxsize=1)
def celery() -> Celery:
    """The process's Celery app, on its entry point's Settings (a script that gave none: the
    environment's)."""
    return make_celery(_given if _given is not None else get_settings())
