"""The machine's real servers the tests use, and whether they answer.

With CI=true (`IN_CI`) a test that needs one fails when it is unreachable instead of skipping.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"
RABBITMQ = "amqp://guest:guest@127.0.0.1:5672//"
IN_CI = os.environ.get("CI", "").lower() == "true"
ADMIN = "host=127.0.0.1 user=postgres dbname=test"  # where test schemas are made and dropped


def reachable(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def require(port: int, what: str) -> None:
    """Skip the test when `what` does not listen on `port` (fail under CI=true)."""
    if reachable(port):
        return
    if IN_CI:
        pytest.fail(f"CI=true: {what} must be reachable on 127.0.0.1:{port}")
    pytest.skip(f"{what} is not reachable on 127.0.0.1:{port}")


def create_schema(prefix: str = "ag_test") -> str:
    """A new empty schema in the machine's PostgreSQL; `schema_url` connects to it."""
    schema = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(ADMIN, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    return schema


def schema_url(schema: str) -> str:
    return f"{POSTGRES}?options=-csearch_path%3D{schema}"


def drop_schema(schema: str) -> None:
    with psycopg.connect(ADMIN, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A SQLAlchemy URL on a schema of its own in the machine's PostgreSQL, dropped afterwards
    (skips the test without PostgreSQL, fails it under CI=true)."""
    require(5432, "PostgreSQL")
    schema = create_schema()
    try:
        yield schema_url(schema)
    finally:
        drop_schema(schema)
