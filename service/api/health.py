"""Is the service usable: database, broker, and at least one live worker with its sandbox layers."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import select, text
from sqlalchemy.exc import SQLAlchemyError

from service.messaging.enqueue import TaskQueue
from service.storage.db import transaction
from service.storage.tables import WorkerBeat
from service.submissions import schemas

WORKER_STALE_SECONDS = 30
# A worker takes tens of seconds to start its sandbox on a small machine: until one has reported,
# a new API process says "starting" (still 503) rather than look broken; longer than this, it is not.
STARTING_SECONDS = 180


class _Startup:
    """This process's start, and whether it has seen a worker since."""

    def __init__(self) -> None:
        self.began = time.monotonic()
        self.seen_worker = False


_STARTUP = _Startup()


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
    return schemas.Health(
        status=_status(database and broker, sandbox),
        database=database,
        broker=broker,
        sandbox=sandbox,
        workers=len(workers),
        layers=layers,
    )


def _status(reachable: bool, sandbox: bool) -> schemas.HealthStatus:
    """ "starting" while no worker has reported since this process started (only for a while)."""
    _STARTUP.seen_worker = _STARTUP.seen_worker or sandbox
    if reachable and sandbox:
        return "ok"
    if not _STARTUP.seen_worker and time.monotonic() - _STARTUP.began < STARTING_SECONDS:
        return "starting"
    return "unavailable"
