"""Is the service usable: database, broker, and at least one live worker with its sandbox layers."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError

from service.messaging.enqueue import TaskQueue
from service.storage.db import transaction
from service.storage.tables import WorkerBeat
from service.submissions import schemas

WORKER_STALE_SECONDS = 30


def _database() -> bool:
    try:
        with transaction() as session:
            session.execute(text("SELECT 1"))
        return True
    except SQLAlchemyError:
        return False


def _workers() -> list[WorkerBeat]:
    since = datetime.now(UTC) - timedelta(seconds=WORKER_STALE_SECONDS)
    try:
        with transaction() as session:
            return list(session.scalars(select(WorkerBeat).where(WorkerBeat.seen_at >= since)))
    except SQLAlchemyError:
        return []


def check(queue: TaskQueue) -> schemas.Health:
    database, broker = _database(), queue.reachable()
    workers = _workers() if database else []
    layers = [schemas.Layer(**layer) for layer in json.loads(workers[0].layers)] if workers else []
    sandbox = bool(workers)
    ok = database and broker and sandbox
    return schemas.Health(
        status="ok" if ok else "unavailable",
        database=database,
        broker=broker,
        sandbox=sandbox,
        workers=len(workers),
        layers=layers,
    )
