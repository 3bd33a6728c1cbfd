"""A worker killed (kill -9) or stopped (SIGTERM) in the middle of a grading loses nothing."""

from __future__ import annotations

import os
import signal

import pytest
from fastapi.testclient import TestClient

from service.messaging.celery_app import GRADE_TASK
from service.storage.db import Database
from tests.backend import KeyMaker
from tests.resilience.stack import (
    Stack,
    Worker,
    alive,
    auth,
    body,
    descendants,
    results_of,
    slow,
    status,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


def _graded_once(db: Database, client: TestClient, headers: dict[str, str], submission_id: str) -> None:
    graded = client.get(f"/v1/submissions/{submission_id}?wait=30", headers=headers)
    assert graded.status_code == 200, graded.text
    assert graded.json()["status"] == "done"
    assert graded.json()["result"]["score"] == 100
    assert results_of(db, submission_id) == 1


def test_kill_9_of_the_grading_process_regrades_once(
    client: TestClient, worker: Worker, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    submitted = client.post("/v1/submissions", json=body(slow(2)), headers=headers).json()
    wait_until(lambda: status(db, submitted["id"]) == "running", 20)
    [child] = worker.grading_children()
    os.kill(child, signal.SIGKILL)
    _graded_once(db, client, headers, submitted["id"])


def test_kill_9_of_the_whole_worker_is_regraded_by_another_through_the_sweeper(
    fast_sweeper: Stack, client: TestClient, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    first = Worker(fast_sweeper, fast_sweeper.folder / "first.log")
    first.wait_ready()
    submitted = client.post("/v1/submissions", json=body(slow(2)), headers=headers).json()
    wait_until(lambda: status(db, submitted["id"]) == "running", 20)
    first.kill()  # its unacknowledged message waits for the broker's visibility timeout (minutes)
    second = Worker(fast_sweeper, fast_sweeper.folder / "second.log")
    try:
        _graded_once(db, client, headers, submitted["id"])
    finally:
        second.terminate()


def test_sigterm_finishes_the_current_grading_then_exits_leaving_no_process(
    stack: Stack, client: TestClient, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    worker = Worker(stack, stack.folder / "worker.log")
    worker.wait_ready()
    submitted = client.post("/v1/submissions", json=body(slow(2)), headers=headers).json()
    wait_until(lambda: status(db, submitted["id"]) == "running", 20)
    family = descendants(worker.pid)
    assert family, "the worker has its grading process (and sandbox) below it"
    worker.process.send_signal(signal.SIGTERM)
    assert worker.process.wait(timeout=30) == 0
    assert status(db, submitted["id"]) == "done"
    assert results_of(db, submitted["id"]) == 1
    wait_until(lambda: not alive(family), 10, lambda: f"left running: {alive(family)}")


def test_the_same_task_delivered_many_times_stores_one_result(
    stack: Stack, client: TestClient, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    worker = Worker(stack, stack.folder / "worker.log", concurrency=2)
    try:
        worker.wait_ready(beats=2)
        submitted = client.post("/v1/submissions", json=body(slow(0.5)), headers=headers).json()
        for _ in range(5):
            client.app.state.queue.celery.send_task(GRADE_TASK, args=[submitted["id"]])  # type: ignore[attr-defined]
        _graded_once(db, client, headers, submitted["id"])
        wait_until(lambda: worker.log.read_text().count("succeeded") >= 6, 30, worker.log.read_text)
        assert results_of(db, submitted["id"]) == 1
    finally:
        worker.terminate()
