"""Broker and database outages: never 202-then-lost; 503 meanwhile; recovery without restarts."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

from service.storage.db import Database
from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker
from tests.resilience.stack import (
    REFERENCE,
    Stack,
    Worker,
    auth,
    body,
    results_of,
    slow,
    status,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.slow
MARKER = "marca_del_alumno_3b9d"
CODE = f"# {MARKER}\n{REFERENCE}"
RETRY = "] retry: Retry in"  # Celery's line for a task that raised and is sent again
BROKER_LOST = "Connection to broker lost"  # Celery's consumer, when Redis goes away


def _logged_no_secret(caplog: pytest.LogCaptureFixture, key: CreatedKey) -> None:
    logged = caplog.text
    assert "stale submissions" in logged or "database unavailable" in logged  # the outage was logged
    for secret in (key.key, key.secret, key.webhook_secret, MARKER):
        assert secret not in logged


def test_broker_down_answers_503_and_every_stored_submission_is_graded_once_it_is_back(
    fast_sweeper: Stack, client: TestClient, caplog: pytest.LogCaptureFixture, db: Database, new_key: KeyMaker
) -> None:
    caplog.set_level(logging.DEBUG)
    key = new_key()
    headers = auth(key)
    accepted = [client.post("/v1/submissions", json=body(CODE), headers=headers) for _ in range(3)]
    assert [r.status_code for r in accepted] == [202] * 3
    fast_sweeper.redis.stop()  # no persistence: the three queued messages are lost with it
    try:
        refused = [client.post("/v1/submissions", json=body(CODE), headers=headers) for _ in range(3)]
        assert [r.status_code for r in refused] == [503] * 3, [r.text for r in refused]
        assert all("stored" in r.json()["detail"] for r in refused)
    finally:
        fast_sweeper.redis.start()
    worker = Worker(fast_sweeper, fast_sweeper.folder / "worker.log")
    try:
        ids = [r.json()["id"] for r in accepted] + [r.json()["detail"].split()[-8] for r in refused]
        wait_until(lambda: all(status(db, i) == "done" for i in ids), 60, worker.log.read_text)
        assert [results_of(db, i) for i in ids] == [1] * 6
    finally:
        worker.terminate()
    _logged_no_secret(caplog, key)


def test_postgres_restart_answers_503_meanwhile_then_recovers_without_restarts(
    stack: Stack, client: TestClient, worker: Worker, caplog: pytest.LogCaptureFixture, new_key: KeyMaker
) -> None:
    caplog.set_level(logging.DEBUG)
    key = new_key()
    headers = auth(key)
    before = client.post("/v1/submissions?wait=20", json=body(CODE), headers=headers)
    assert before.status_code == 200
    stack.postgres.stop()
    try:
        assert client.post("/v1/submissions", json=body(CODE), headers=headers).status_code == 503
        assert client.get(f"/v1/submissions/{before.json()['id']}", headers=headers).status_code == 503
        assert client.get("/v1/submissions", headers=headers).status_code == 503
        assert client.get("/healthz").status_code == 503
    finally:
        stack.postgres.start()
    after = client.post("/v1/submissions?wait=20", json=body(CODE), headers=headers)
    assert after.status_code == 200, after.text
    assert after.json()["result"]["score"] == 100
    assert client.get(f"/v1/submissions/{before.json()['id']}", headers=headers).status_code == 200
    _logged_no_secret(caplog, key)


def test_a_worker_whose_database_restarts_mid_grading_stores_its_result_once_it_is_back(
    stack: Stack, client: TestClient, worker: Worker, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    submitted = client.post("/v1/submissions", json=body(slow(1.5)), headers=headers).json()
    wait_until(lambda: status(db, submitted["id"]) == "running", 20)
    retries = worker.log.read_text().count(RETRY)
    stack.postgres.stop()
    try:
        # the grading ends while the database is down: storing its result fails, and is retried
        wait_until(lambda: worker.log.read_text().count(RETRY) > retries, 45, worker.log.read_text)
    finally:
        stack.postgres.start()
    wait_until(lambda: status(db, submitted["id"]) == "done", 45, worker.log.read_text)
    assert results_of(db, submitted["id"]) == 1


def test_a_running_worker_reconnects_after_a_redis_restart_and_grades_what_was_refused(
    fast_sweeper: Stack, client: TestClient, worker: Worker, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    assert client.post("/v1/submissions?wait=20", json=body(CODE), headers=headers).status_code == 200
    fast_sweeper.redis.stop()
    try:
        refused = client.post("/v1/submissions", json=body(CODE), headers=headers)
        assert refused.status_code == 503
        wait_until(lambda: BROKER_LOST in worker.log.read_text(), 45, worker.log.read_text)
    finally:
        fast_sweeper.redis.start()
    submission_id = refused.json()["detail"].split()[-8]
    # the worker's consumer reconnects with backoff: slower on a loaded machine
    wait_until(lambda: status(db, submission_id) == "done", 90, worker.log.read_text)
    assert results_of(db, submission_id) == 1
    after = client.post("/v1/submissions?wait=20", json=body(CODE), headers=headers)
    assert after.status_code == 200, after.text
