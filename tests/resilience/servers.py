"""Private PostgreSQL and Redis servers for outage tests: stopping them disturbs nobody else.

Each runs from this machine's own binaries on a free loopback port, with its data in a
temporary folder, and is always stopped (and its folder removed) at the end.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import redis

from tests.http_server import free_port
from tests.waiting import wait_until

PG_BIN = Path("/usr/lib/postgresql")


def _pg_bin(tool: str) -> str:
    versions = sorted(PG_BIN.glob("*/bin/" + tool))
    if not versions:
        raise RuntimeError(f"no PostgreSQL {tool} under {PG_BIN}")
    return str(versions[-1])


def _as_postgres(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its tools as the `postgres` user when we are root."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _wait(ready: object, what: str, seconds: float = 20) -> None:
    assert callable(ready)
    wait_until(ready, seconds, lambda: f"{what} did not become ready")


class PrivatePostgres:
    """A throwaway PostgreSQL cluster (trust auth) on a free port; stop() and start() for outages."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ag-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        subprocess.run(
            _as_postgres(
                [_pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]
            ),
            check=True,
            capture_output=True,
        )

    def _ctl(self, *args: str) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        command = [
            _pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "log"),
            "-o",
            options,
            *args,
        ]
        subprocess.run(_as_postgres(command), check=True, capture_output=True)

    def new_database(self) -> str:
        """Create an empty database on this server; its SQLAlchemy URL."""
        name = f"t_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self._dsn, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + "/" + name

    @property
    def _dsn(self) -> str:
        return f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres"

    def answers(self) -> bool:
        try:
            with psycopg.connect(
                f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", connect_timeout=1
            ):
                return True
        except psycopg.Error:
            return False

    def start(self) -> None:
        self._ctl("start", "-w")
        _wait(self.answers, "private PostgreSQL")

    def stop(self) -> None:
        self._ctl("stop", "-m", "fast", "-w")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


class PrivateRedis:
    """A redis-server of our own on a free port, no persistence; stop() and start() for outages."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def answers(self) -> bool:
        try:
            return bool(redis.Redis(port=self.port, socket_timeout=0.5).ping())
        except (redis.RedisError, OSError):
            return False

    def start(self) -> None:
        command = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        _wait(self.answers, "private Redis")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@contextlib.contextmanager
def private_postgres() -> Iterator[PrivatePostgres]:
    server = PrivatePostgres()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@contextlib.contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    try:
        server.start()
        yield server
    finally:
        server.stop()
