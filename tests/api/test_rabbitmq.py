"""Production with RabbitMQ as the broker: same code path, waiting requests poll the database."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import Backend, auth, replaced, start_worker, stop, wait_for_workers, worker_count
from tests.servers import IN_CI, RABBITMQ, reachable


@pytest.fixture
def rabbitmq(clean: Backend, tmp_path: Path) -> Iterator[Backend]:
    """The backend with RabbitMQ as the broker (no events Redis: waiting requests poll), and a
    worker of its own on a queue of its own."""
    if not reachable(5672):
        if IN_CI:
            pytest.fail("CI=true: RabbitMQ must answer on 127.0.0.1:5672")
        pytest.skip("no RabbitMQ on 127.0.0.1:5672")
    running = worker_count(clean.db)
    amqp = replaced(
        clean, broker_url=RABBITMQ, queue=f"autograder-amqp-{uuid.uuid4().hex[:8]}", events_url=None
    )
    worker = start_worker(amqp.settings, tmp_path / "worker.log")
    try:
        wait_for_workers(clean.db, worker, tmp_path / "worker.log", more_than=running)
        yield amqp
    finally:
        stop(worker)


def test_grading_through_rabbitmq_with_polling_wait(rabbitmq: Backend, key: CreatedKey) -> None:
    from service.api.app import create_app

    app = create_app(rabbitmq.settings)
    with TestClient(app) as client:
        assert app.state.waiter.mode == "poll"
        payload = {"challenge": "layer_norm", "code": "x = 1\n", "student": "s", "course": "c"}
        response = client.post("/v1/submissions?wait=30", json=payload, headers=auth(key))
        assert response.status_code == 200, response.text
        assert response.json()["result"]["error"]["kind"] == "missing_function"
        assert client.get("/healthz").json()["broker"] is True
