"""Pooled connections are pinged only after sitting idle, and a dead idle one is replaced unseen."""

from __future__ import annotations

import psycopg
import pytest
from sqlalchemy import text

from service.storage import idle_ping
from service.storage.db import Database
from tests.backend import Backend


@pytest.fixture
def postgres(backend: Backend) -> Backend:
    if backend.name != "postgres+redis":
        pytest.skip("SQLite connections are not pinged")
    return backend


def test_a_connection_used_a_moment_ago_is_not_pinged(
    postgres: Backend, monkeypatch: pytest.MonkeyPatch, db: Database
) -> None:
    with db.reading() as session:
        session.execute(text("SELECT 1"))
    dialect = db.engine.dialect
    pings: list[object] = []
    real = dialect.do_ping

    def counted(connection: object) -> bool:
        pings.append(connection)
        return real(connection)  # type: ignore[arg-type]

    monkeypatch.setattr(dialect, "do_ping", counted)
    with db.reading() as session:
        session.execute(text("SELECT 2"))
    assert pings == []


def test_an_idle_connection_whose_server_end_died_is_replaced(
    postgres: Backend, monkeypatch: pytest.MonkeyPatch, db: Database
) -> None:
    with db.reading() as session:
        pid = session.execute(text("SELECT pg_backend_pid()")).scalar_one()
    with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    monkeypatch.setattr(idle_ping, "IDLE_SECONDS", 0.0)  # every checked-in connection counts as idle
    for _ in range(3):  # whichever pooled connection comes out, the statement runs
        with db.reading() as session:
            assert session.execute(text("SELECT pg_backend_pid()")).scalar_one() != pid
