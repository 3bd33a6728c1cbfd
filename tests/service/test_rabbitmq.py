"""Production with RabbitMQ as the broker: same code path, waiting requests poll the database."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.core.settings import get_settings
from service.submissions.keys import CreatedKey
from tests.service.conftest import (
    IN_CI,
    RABBITMQ,
    Backend,
    auth,
    reachable,
    reset_caches,
    start_worker,
    stop,
    wait_for_workers,
    worker_count,
)


@pytest.fixture
def rabbitmq(clean: Backend, tmp_path: Path) -> Iterator[Backend]:
    if not reachable(5672):
        if IN_CI:
            pytest.fail("CI=true: RabbitMQ must answer on 127.0.0.1:5672")
        pytest.skip("no RabbitMQ on 127.0.0.1:5672")
    saved, running = dict(os.environ), worker_count()
    os.environ.update(
        AUTOGRADER_BROKER_URL=RABBITMQ, AUTOGRADER_QUEUE=f"autograder-amqp-{uuid.uuid4().hex[:8]}"
    )
    os.environ.pop("AUTOGRADER_EVENTS_URL", None)
    reset_caches()
    worker = start_worker(dict(os.environ), tmp_path / "worker.log")
    try:
        wait_for_workers(worker, tmp_path / "worker.log", more_than=running)
        yield clean
    finally:
        stop(worker)
        os.environ.clear()
        os.environ.update(saved)
        reset_caches()


def test_grading_through_rabbitmq_with_polling_wait(rabbitmq: Backend, key: CreatedKey) -> None:
    from service.api.app import create_app

    app = create_app(get_settings())
    with TestClient(app) as client:
        assert app.state.waiter.mode == "poll"
        payload = {"challenge": "layer_norm", "code": "x = 1\n", "student": "s", "course": "c"}
        response = client.post("/v1/submissions?wait=30", json=payload, headers=auth(key))
        assert response.status_code == 200, response.text
        assert response.json()["result"]["error"]["kind"] == "missing_function"
        assert client.get("/healthz").json()["broker"] is True
