"""Is the service usable: database, broker, and at least one live worker with its sandbox layers."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError

from service.messaging.enqueue import TaskQueue
from service.storage.db import Database
from service.storage.tables import WorkerBeat
from service.submissions import schemas

WORKER_STALE_SECONDS = 30
# A worker takes tens of seconds to start its sandbox on a small machine: until one has reported,
# a new API process says "starting" (still 503) rather than look broken; longer than this, it is not.
STARTING_SECONDS = 180


class _Startup:
    """This process's start, whether it has seen a worker since, and since when it is not usable."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.seen_worker = False
        self.waiting_since: datetime | None = datetime.now(UTC)


_STARTUP = _Startup()


def _database(db: Database) -> bool:
    try:
        with db.transaction() as session:
            session.execute(text("SELECT 1"))
        return True
    except SQLAlchemyError:
        return False


def _workers(db: Database) -> list[WorkerBeat]:
    since = datetime.now(UTC) - timedelta(seconds=WORKER_STALE_SECONDS)
    try:
        with db.transaction() as session:
            return list(session.scalars(select(WorkerBeat).where(WorkerBeat.seen_at >= since)))
    except SQLAlchemyError:
        return []


def check(db: Database, queue: TaskQueue) -> schemas.Health:
    database, broker = _database(db), queue.reachable()
    workers = _workers(db) if database else []
    layers = [schemas.Layer(**layer) for layer in json.loads(workers[0].layers)] if workers else []
    sandbox = bool(workers)
    waiting = _waiting_for(database, broker, sandbox)
    if not waiting:
        _STARTUP.waiting_since = None
    elif _STARTUP.waiting_since is None:
        _STARTUP.waiting_since = datetime.now(UTC)
    return schemas.Health(
        status=_status(database and broker, sandbox),
        database=database,
        broker=broker,
        sandbox=sandbox,
        workers=len(workers),
        layers=layers,
        warming=sorted({c for worker in workers for c in worker.warming.split(",") if c}),
        waiting_for=waiting,
        since=_STARTUP.waiting_since if waiting else None,
    )


def _waiting_for(database: bool, broker: bool, sandbox: bool) -> list[str]:
    """What is not usable yet, in the words an operator acts on."""
    waiting = [] if database else ["the database: it does not answer"]
    waiting += [] if broker else ["the broker: it does not answer"]
    if not sandbox:
        starting = " (a worker starting prepares its sandbox first)" if not _STARTUP.seen_worker else ""
        waiting.append(f"a grading worker: none has reported in the last {WORKER_STALE_SECONDS} s{starting}")
    return waiting


def _status(reachable: bool, sandbox: bool) -> schemas.HealthStatus:
    """ "starting" while no worker has reported since this process started (only for a while)."""
    _STARTUP.seen_worker = _STARTUP.seen_worker or sandbox
    if reachable and sandbox:
        return "ok"
    if not _STARTUP.seen_worker and time.monotonic() - _STARTUP.began < STARTING_SECONDS:
        return "starting"
    return "unavailable"
