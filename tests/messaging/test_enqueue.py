"""Tasks go to the broker and queues the Settings name, as the messages Celery itself would send."""

from __future__ import annotations

import uuid
from typing import Any

from service.core.settings import Settings
from service.messaging.celery_app import (
    GRADE_TASK,
    LTI_SCORE_TASK,
    REGRADE_CONFIRM_TASK,
    REGRADE_PREVIEW_TASK,
    WEBHOOK_TASK,
)
from service.messaging.enqueue import TaskQueue


def _queue(tag: str) -> TaskQueue:
    # a memory broker per test: its messages are read back in this process
    return TaskQueue.of(Settings(broker_url=f"memory://{tag}", queue=f"q-{tag}"))


def test_the_queue_is_built_on_the_given_settings() -> None:
    settings = Settings(broker_url="redis://127.0.0.1:6399/0", queue="given-queue")
    app = TaskQueue.of(settings).celery
    assert app.conf.task_default_queue == "given-queue"
    assert ":6399/" in str(app.conf.broker_url)
    for task in (WEBHOOK_TASK, LTI_SCORE_TASK):  # outgoing requests: the sender's queue
        assert app.conf.task_routes[task] == {"queue": "given-queue.webhooks"}


def _received(queue: TaskQueue) -> Any:
    with queue.celery.connection_for_read() as connection:
        simple = connection.SimpleQueue(queue.celery.conf.task_default_queue)
        message = simple.get(timeout=2)
        message.ack()
        simple.close()
        return message


def _comparable(message: Any) -> dict[str, object]:
    """What a worker reads of a message, without what differs from one send to the next."""
    headers = {k: v for k, v in message.headers.items() if k not in ("id", "root_id")}
    # reply_to: where send_task would have results sent; every task here ignores its result
    varying = ("correlation_id", "delivery_tag", "delivery_info", "reply_to")
    properties = {k: v for k, v in message.properties.items() if k not in varying}
    return {
        "headers": headers,
        "properties": properties,
        "body": message.decode(),
        "content_type": message.content_type,
        "content_encoding": message.content_encoding,
    }


def test_a_hand_built_grading_is_the_message_send_task_builds() -> None:
    """The lean send (`TaskQueue._publish`) hand-builds Celery's protocol-2 message: a Celery
    upgrade that changes what `send_task` sends fails here, not in the worker."""
    tag = uuid.uuid4().hex[:8]
    queue = _queue(tag)
    queue.grade("sub-1")
    hand_built = _comparable(_received(queue))
    queue.celery.send_task(GRADE_TASK, args=["sub-1"], ignore_result=True)
    celerys = _comparable(_received(queue))
    assert hand_built == celerys
    assert hand_built["headers"]["task"] == GRADE_TASK  # type: ignore[index]
    assert hand_built["body"] == [
        ["sub-1"],
        {},
        {"callbacks": None, "errbacks": None, "chain": None, "chord": None},
    ]


def test_a_regrade_preview_is_sent_one_per_submission_and_its_confirmation_once() -> None:
    queue = _queue(uuid.uuid4().hex[:8])
    queue.regrade_preview(7, ["a", "b"])
    queue.regrade_confirm(7)
    sent = [_received(queue) for _ in range(3)]
    assert [(m.headers["task"], m.decode()[0]) for m in sent] == [
        (REGRADE_PREVIEW_TASK, [7, "a"]),
        (REGRADE_PREVIEW_TASK, [7, "b"]),
        (REGRADE_CONFIRM_TASK, [7]),
    ]
