"""Resilience tests run on a private PostgreSQL cluster and a private Redis, started once per session.

Stopping them to simulate an outage disturbs no other test. Each test gets a new empty database
and its own queue through `stack`; `client` is the API in this process (its sweeper included).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from service.core.settings import get_settings
from tests.resilience.servers import PrivatePostgres, PrivateRedis, private_postgres, private_redis
from tests.resilience.stack import Stack, Worker, configured


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
def fast_sweeper(stack: Stack) -> Stack:
    """The API's sweeper looks every 0.2 s and re-sends what has waited 2 s (set before `client`)."""
    os.environ.update(AUTOGRADER_SWEEP_EVERY_SECONDS="0.2", AUTOGRADER_SWEEP_STALE_SECONDS="2")
    get_settings.cache_clear()
    return stack


@pytest.fixture
def client(stack: Stack) -> Iterator[TestClient]:
    from service.api.app import create_app

    with TestClient(create_app()) as test_client:
        yield test_client


@pytest.fixture
def worker(stack: Stack) -> Iterator[Worker]:
    """One real `autograder worker` (one grading process), ready to grade."""
    started = Worker(stack.folder / "worker.log")
    try:
        started.wait_ready()
        yield started
    finally:
        started.terminate()
