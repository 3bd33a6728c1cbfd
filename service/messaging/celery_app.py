"""The Celery application: the same configuration for the API (which sends) and the workers.

Built by each entry point from its Settings (`TaskQueue.of`), never a module global."""

from __future__ import annotations

from celery import Celery

from service.core.settings import Settings
from service.messaging.kombu_redis import broker_for

GRADE_TASK = "autograder.grade"
# A submission graded again and stored at once: no longer sent, still taken (one queued by an
# earlier release during an upgrade is graded as it asked, not dropped as unknown).
REGRADE_TASK = "autograder.regrade"
REGRADE_PREVIEW_TASK = "autograder.regrade_preview"  # one submission of a batch, into its preview
REGRADE_CONFIRM_TASK = "autograder.regrade_confirm"  # a confirmed batch's previewed results, stored
WEBHOOK_TASK = "autograder.deliver_webhook"
LTI_SCORE_TASK = "autograder.send_lti_score"  # AGS passback: outgoing, like a webhook
REGRADE_PASSBACK_TASK = "autograder.regrade_passback"  # a regrade's changed grades, to the LMSs
ROSTER_TASK = "autograder.refresh_roster"  # a course's roster read from its LMS (NRPS)


def make_celery(settings: Settings) -> Celery:
    """A Celery app on these Settings' broker and queues; the worker registers its tasks on it
    (`service.worker.tasks.register`), the API only sends."""
    url, transport = broker_for(settings.broker)
    app = Celery("autograder", broker=url)
    app.conf.update(
        broker_transport=transport,
        task_default_queue=settings.queue,
        # the sender process's, retries too: a slow receiver never holds a grading
        task_routes={
            t: {"queue": settings.webhook_queue}
            for t in (WEBHOOK_TASK, LTI_SCORE_TASK, REGRADE_PASSBACK_TASK, ROSTER_TASK)
        },
        task_acks_late=True,  # a worker killed mid-grading leaves the task to be delivered again
        task_reject_on_worker_lost=True,
        task_ignore_result=True,  # results live in the database
        worker_prefetch_multiplier=1,
        worker_proc_alive_timeout=60,  # a pool child starts its sandbox before it says it is up
        worker_hijack_root_logger=False,
        worker_send_task_events=False,
        # Nothing in the service sends remote-control commands, and with it on every poll of the
        # Redis transport also listens on the workers' fan-out channel.
        worker_enable_remote_control=False,
        worker_disable_rate_limits=True,  # no task has a rate limit: skip checking for one per task
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": 300},
        task_publish_retry_policy={"max_retries": 2, "interval_start": 0, "interval_step": 0.2},
        broker_pool_limit=20,
    )
    return app
