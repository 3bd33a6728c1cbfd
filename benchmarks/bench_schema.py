"""A benchmark's private schema in the machine's PostgreSQL, and the sweep of those left behind.

A benchmark that is killed cannot drop its schema. So each schema says in its comment who made
it (the machine's boot, the PID namespace, the PID and that process's start time), and every
benchmark, before it makes its own, drops the schemas whose maker cannot still be running: made
before the machine last booted, or in this PID namespace by a process that is gone (its PID free,
or taken by a later process). A schema whose maker lives in another PID namespace, or that has no
such comment, is kept: nothing here can tell that its maker is gone.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

import psycopg
from psycopg import sql
from psycopg.rows import TupleRow

ADMIN = "host=127.0.0.1 user=postgres dbname=test"
PREFIX = "bench_"
# bench_fill named its schemas ag_bench_ before it made them here
SWEPT = ("bench\\_%", "ag\\_bench\\_%")
SWEEP_LOCK = 0x62656E6368  # one sweep at a time: two would drop the same schema


@dataclass(frozen=True)
class Maker:
    """The process that made a schema, told apart from any later process with its PID."""

    boot: str
    pid_namespace: str
    pid: int
    started: int | None  # clock ticks after boot, from /proc/PID/stat

    @classmethod
    def of(cls, pid: int) -> Maker:
        return cls(_boot(), os.readlink("/proc/self/ns/pid"), pid, started(pid))

    @classmethod
    def read(cls, comment: str | None) -> Maker | None:
        """The maker a comment names; None for a comment this module did not write."""
        try:
            return cls(**json.loads(comment or ""))
        except (ValueError, TypeError):
            return None

    def comment(self) -> str:
        return json.dumps(asdict(self))

    def may_be_running(self) -> bool:
        here = Maker.of(os.getpid())
        if self.boot != here.boot:
            return False
        if self.pid_namespace != here.pid_namespace:
            return True
        return self.started is not None and started(self.pid) == self.started


def started(pid: int) -> int | None:
    """When process `pid` started, in clock ticks after boot; None when there is no such process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return None
    # the name in parentheses may hold spaces: the fields are counted after its closing one
    return int(stat.rsplit(")", 1)[1].split()[19])


def _boot() -> str:
    return Path("/proc/sys/kernel/random/boot_id").read_text().strip()


def url(schema: str) -> str:
    """The SQLAlchemy URL of `schema`; its connections carry the schema's name, to be counted apart."""
    return (
        f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
        f"&application_name={schema}"
    )


def sweep(connection: psycopg.Connection[TupleRow]) -> list[str]:
    """Drops the benchmarks' schemas whose maker cannot still be running; answers their names."""
    dropped = []
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (SWEEP_LOCK,))
        found = connection.execute(
            "SELECT nspname, obj_description(oid, 'pg_namespace') FROM pg_namespace"
            " WHERE nspname LIKE ANY(%s)",
            (list(SWEPT),),
        ).fetchall()
        for name, comment in found:
            maker = Maker.read(comment)
            if maker is not None and not maker.may_be_running():
                connection.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(name)))
                dropped.append(name)
    return dropped


def create(connection: psycopg.Connection[TupleRow], schema: str, maker: Maker) -> None:
    """An empty schema with its maker in its comment, both at once: a sweep never sees it bare."""
    with connection.transaction():
        connection.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        connection.execute(
            sql.SQL("COMMENT ON SCHEMA {} IS {}").format(sql.Identifier(schema), sql.Literal(maker.comment()))
        )


@contextmanager
def private_schema() -> Iterator[str]:
    """A new empty schema of this process's, dropped afterwards; the stale ones swept first."""
    schema = f"{PREFIX}{uuid.uuid4().hex[:8]}"
    with psycopg.connect(ADMIN, autocommit=True) as connection:
        sweep(connection)
        create(connection, schema, Maker.of(os.getpid()))
    try:
        yield schema
    finally:
        with psycopg.connect(ADMIN, autocommit=True) as connection:
            connection.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))
