"""Resilience tests run on a private PostgreSQL cluster and a private Redis, started once per session.

Stopping them to simulate an outage disturbs no other test. Each test gets a new empty database
and its own queue through `stack`; `client` is the API in this process (its sweeper included).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.core.settings import Settings
from service.storage.db import Database
from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker
from tests.resilience.servers import PrivatePostgres, PrivateRedis, private_postgres, private_redis
from tests.resilience.stack import Stack, Worker, configured, make_key


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:
        yield server


@pytest.fixture(scope="session")
def redis_server() -> Iterator[PrivateRedis]:
    with private_redis() as server:
        yield server


@pytest.fixture
def stack(pg_server: PrivatePostgres, redis_server: PrivateRedis, tmp_path: Path) -> Iterator[Stack]:
    if not pg_server.answers():
        pg_server.start()
    if not redis_server.answers():
        redis_server.start()
    with configured(pg_server, pg_server.new_database(), redis_server, tmp_path) as ready:
        yield ready


@pytest.fixture
def settings(stack: Stack) -> Settings:
    return stack.settings


@pytest.fixture
def db(stack: Stack) -> Database:
    return stack.db


@pytest.fixture
def new_key(stack: Stack) -> KeyMaker:
    """Makes a platform's API key on the stack: `new_key("platform-b", ["course"])`."""

    def made(name: str = "platform-a", courses: list[str] | None = None) -> CreatedKey:
        return make_key(stack, name, courses)

    return made


FAST_SWEEPER = {"sweep_every_seconds": 0.2, "sweep_stale_seconds": 2.0}


@pytest.fixture
def fast_sweeper(stack: Stack) -> Stack:
    """With it, `client`'s sweeper looks every 0.2 s and re-sends what has waited 2 s."""
    return stack


@pytest.fixture
def client(request: pytest.FixtureRequest, stack: Stack) -> Iterator[TestClient]:
    """The API on the stack's settings (the sweeper's made fast by `fast_sweeper`)."""
    from service.api.app import create_app

    settings = stack.settings
    if "fast_sweeper" in request.fixturenames:
        settings = settings.model_copy(update=FAST_SWEEPER)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def worker(stack: Stack) -> Iterator[Worker]:
    """One real `autograder worker` (one grading process), ready to grade."""
    started = Worker(stack, stack.folder / "worker.log")
    try:
        started.wait_ready()
        yield started
    finally:
        started.terminate()
