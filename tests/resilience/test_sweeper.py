"""The sweeper re-sends stale submissions once per period, and two sweepers never claim the same one."""

from __future__ import annotations

import threading
from datetime import timedelta

import redis
from fastapi.testclient import TestClient
from sqlalchemy import update

from service.api import sweeper
from service.core.settings import Settings
from service.messaging.enqueue import TaskQueue
from service.storage.db import Database
from service.storage.tables import Submission, now
from tests.backend import KeyMaker
from tests.resilience.stack import REFERENCE, Stack, auth, body


def _submit(client: TestClient, new_key: KeyMaker, count: int) -> list[str]:
    headers = auth(new_key())
    return [
        client.post("/v1/submissions", json=body(REFERENCE, student=f"s{i}"), headers=headers).json()["id"]
        for i in range(count)
    ]


def _age(db: Database, ids: list[str], seconds: float, status: str = "queued") -> None:
    past = now() - timedelta(seconds=seconds)
    with db.transaction() as session:
        session.execute(
            update(Submission)
            .where(Submission.id.in_(ids))
            .values(status=status, created_at=past, started_at=past if status == "running" else None)
        )


def test_stale_queued_and_running_are_claimed_once_fresh_and_final_ones_never(
    client: TestClient, db: Database, new_key: KeyMaker
) -> None:
    stale_queued, stale_running, done, fresh = (_submit(client, new_key, 3) for _ in range(4))
    _age(db, stale_queued, 600)
    _age(db, stale_running, 600, "running")
    _age(db, done, 600, "done")
    assert sorted(sweeper.claim(db, 120, 100)) == sorted(stale_queued + stale_running)
    assert sweeper.claim(db, 120, 100) == []  # claimed: not again within the period
    later = now() + timedelta(seconds=121)  # a period later the fresh ones are stale too
    assert sorted(sweeper.claim(db, 120, 100, later)) == sorted(stale_queued + stale_running + fresh)


def test_concurrent_sweepers_claim_disjoint_sets(client: TestClient, db: Database, new_key: KeyMaker) -> None:
    ids = _submit(client, new_key, 40)
    _age(db, ids, 600)
    start = threading.Barrier(4)
    claimed: list[list[str]] = []

    def sweep() -> None:
        start.wait()
        for _ in range(5):
            claimed.append(sweeper.claim(db, 120, 3))

    threads = [threading.Thread(target=sweep) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    every = [i for batch in claimed for i in batch]
    assert len(every) == len(set(every)) == 40


def test_queued_ones_waiting_in_the_broker_queue_are_not_re_sent_lost_ones_are(
    stack: Stack, client: TestClient, settings: Settings, db: Database, new_key: KeyMaker
) -> None:
    queue: TaskQueue = client.app.state.queue  # type: ignore[attr-defined]
    ids = _submit(client, new_key, 2)  # no worker: their messages wait in the queue
    _age(db, ids, 600)
    assert queue.depth() == 2
    assert sweeper.sweep_once(db, queue, 120, 100) == 0  # a backlog: waiting, not lost
    redis.Redis.from_url(stack.redis.url).delete(settings.queue)  # the broker loses them
    assert queue.depth() == 0
    assert sweeper.sweep_once(db, queue, 120, 100) == 2
    assert queue.depth() == 2
    assert sweeper.sweep_once(db, queue, 120, 100) == 0


def test_stale_running_ones_are_re_sent_even_during_a_backlog(
    client: TestClient, db: Database, new_key: KeyMaker
) -> None:
    running, waiting = _submit(client, new_key, 1), _submit(client, new_key, 1)
    _age(db, running, 600, "running")  # its worker died holding the message
    _age(db, waiting, 600)
    assert sweeper.sweep_once(db, client.app.state.queue, 120, 100) == 1  # type: ignore[attr-defined]
    assert sweeper.claim(db, 120, 100, queued=True) == waiting
