"""On RabbitMQ (the machine's shared server, a private queue), a worker killed whole is redelivered at once."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from service.core.settings import get_settings
from service.messaging.celery_app import GRADE_TASK
from service.messaging.enqueue import TaskQueue
from tests.resilience.stack import Stack, Worker, auth, body, new_key, results_of, slow, status, wait_until

pytestmark = pytest.mark.slow
RABBITMQ = "amqp://guest:guest@127.0.0.1:5672//"


def _reachable() -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", 5672)) == 0


@pytest.fixture
def amqp(stack: Stack) -> Iterator[Stack]:
    if not _reachable():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true: RabbitMQ must answer on 127.0.0.1:5672")
        pytest.skip("no RabbitMQ on 127.0.0.1:5672")
    os.environ["AUTOGRADER_BROKER_URL"] = RABBITMQ
    get_settings.cache_clear()
    try:
        yield stack
    finally:
        with TaskQueue.of(
            get_settings()
        ).celery.connection_for_write() as connection:  # leave no queue behind on the shared server
            connection.default_channel.queue_delete(get_settings().queue)


def test_kill_9_of_the_whole_worker_is_redelivered_by_rabbitmq_at_once(amqp: Stack) -> None:
    from service.api.app import create_app

    headers = auth(new_key())
    first = Worker(amqp.folder / "first.log")
    first.wait_ready()
    with TestClient(create_app(get_settings())) as client:
        submitted = client.post("/v1/submissions", json=body(slow(2)), headers=headers).json()
        wait_until(lambda: status(submitted["id"]) == "running", 20)
        first.kill()  # its channel closes: RabbitMQ requeues the unacknowledged message
        second = Worker(amqp.folder / "second.log")
        try:
            second.wait_ready(beats=2)  # the killed worker's heartbeat row stays: the second adds one
            graded = client.get(f"/v1/submissions/{submitted['id']}?wait=30", headers=headers)
            assert graded.status_code == 200, graded.text
            assert graded.json()["status"] == "done", graded.text
            assert results_of(submitted["id"]) == 1
        finally:
            second.terminate()


def test_queue_depth_counts_waiting_tasks_on_rabbitmq(amqp: Stack) -> None:
    queue = TaskQueue.of(get_settings())
    for _ in range(3):
        queue.celery.send_task(GRADE_TASK, args=["no-such-submission"])
    wait_until(lambda: queue.depth() == 3, 10)
