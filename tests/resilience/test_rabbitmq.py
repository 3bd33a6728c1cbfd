"""On RabbitMQ (the machine's shared server, a private queue), a worker killed whole is redelivered at once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.messaging.celery_app import GRADE_TASK
from service.messaging.enqueue import TaskQueue
from service.storage.db import Database
from tests.backend import KeyMaker
from tests.resilience.stack import Stack, Worker, auth, body, results_of, slow, status
from tests.servers import RABBITMQ, require
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def amqp(stack: Stack) -> Iterator[Stack]:
    """The stack with the machine's RabbitMQ as its broker (a queue of its own)."""
    require(5672, "RabbitMQ")
    on_rabbitmq = stack.with_settings(broker_url=RABBITMQ)
    try:
        yield on_rabbitmq
    finally:
        with TaskQueue.of(on_rabbitmq.settings).celery.connection_for_write() as connection:
            connection.default_channel.queue_delete(on_rabbitmq.settings.queue)  # none left behind


def test_kill_9_of_the_whole_worker_is_redelivered_by_rabbitmq_at_once(
    amqp: Stack, db: Database, new_key: KeyMaker
) -> None:
    from service.api.app import create_app

    headers = auth(new_key())
    first = Worker(amqp, amqp.folder / "first.log")
    first.wait_ready()
    with TestClient(create_app(amqp.settings)) as client:
        submitted = client.post("/v1/submissions", json=body(slow(2)), headers=headers).json()
        wait_until(lambda: status(db, submitted["id"]) == "running", 20)
        first.kill()  # its channel closes: RabbitMQ requeues the unacknowledged message
        second = Worker(amqp, amqp.folder / "second.log")
        try:
            second.wait_ready(beats=2)  # the killed worker's heartbeat row stays: the second adds one
            graded = client.get(f"/v1/submissions/{submitted['id']}?wait=30", headers=headers)
            assert graded.status_code == 200, graded.text
            assert graded.json()["status"] == "done", graded.text
            assert results_of(db, submitted["id"]) == 1
        finally:
            second.terminate()


def test_queue_depth_counts_waiting_tasks_on_rabbitmq(amqp: Stack) -> None:
    queue = TaskQueue.of(amqp.settings)
    for _ in range(3):
        queue.celery.send_task(GRADE_TASK, args=["no-such-submission"])
    wait_until(lambda: queue.depth() == 3, 10)
