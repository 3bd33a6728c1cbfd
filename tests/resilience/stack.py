"""The service on private servers: configuration, worker processes, keys and submissions."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path

import psutil  # type: ignore[import-untyped]
from sqlalchemy import func, select

from service.core.settings import PROJECT_ROOT, Settings
from service.storage.db import Database
from service.storage.migrations import upgrade
from service.storage.sealing import sealer_for
from service.storage.tables import GradingResult, Submission, WorkerBeat
from service.submissions.keys import CreatedKey, create_key
from tests.backend import environment
from tests.resilience.servers import PrivatePostgres, PrivateRedis
from tests.waiting import wait_until

REFERENCE = (PROJECT_ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


def slow(seconds: float) -> str:
    """A correct submission whose import takes `seconds`: long enough to kill or stop a worker mid-grading."""
    return f"import time\ntime.sleep({seconds})\n{REFERENCE}"


@dataclass(frozen=True)
class Stack:
    postgres: PrivatePostgres
    redis: PrivateRedis
    folder: Path
    settings: Settings  # what the test's service runs on: the private servers, a queue of its own
    db: Database

    def env(self) -> dict[str, str]:
        """The environment a process of this stack's service starts with."""
        return environment(self.settings)

    def with_settings(self, **changes: object) -> Stack:
        return replace(self, settings=self.settings.model_copy(update=changes))


@contextmanager
def configured(
    postgres: PrivatePostgres, database_url: str, redis: PrivateRedis, folder: Path
) -> Iterator[Stack]:
    """The private servers' Settings (a fresh database and queue), its schema made."""
    settings = Settings(
        database_url=database_url,
        broker_url=redis.url,
        queue=f"resilience-{uuid.uuid4().hex[:8]}",
        data_dir=folder,
    )
    upgrade(settings)
    database = Database.of(settings)
    try:
        yield Stack(postgres, redis, folder, settings, database)
    finally:
        with suppress(Exception):  # cleanup after a server was stopped on purpose
            database.close()


def make_key(stack: Stack, name: str = "platform-a", courses: list[str] | None = None) -> CreatedKey:
    with stack.db.transaction() as session:
        return create_key(session, name, courses or [], sealer_for(stack.settings))


def auth(created: CreatedKey) -> dict[str, str]:
    return {"Authorization": f"Bearer {created.key}"}


def body(code: str, student: str = "ana", **extra: str) -> dict[str, str]:
    return {"challenge": "layer_norm", "code": code, "student": student, "course": "ia-2026", **extra}


class Worker:
    """`autograder worker` as a real process group, with its log in a file."""

    def __init__(self, stack: Stack, log: Path, concurrency: int = 1) -> None:
        self.log = log
        self.db = stack.db
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "service.cli", "worker", "--concurrency", str(concurrency)],
                env=stack.env(),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                process_group=0,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    def children(self) -> list[int]:
        return [child.pid for child in _children(self.pid)]

    def grading_children(self) -> list[int]:
        """The supervised grading processes (not the webhook sender beside them)."""
        return [child.pid for child in _children(self.pid) if "--webhooks" not in _cmdline(child)]

    def wait_ready(self, beats: int = 1, seconds: float = 60) -> None:
        wait_until(lambda: self._beats() >= beats, seconds, self._tail)

    def _beats(self) -> int:
        assert self.process.poll() is None, self._tail()
        with self.db.transaction() as session:
            warm = select(func.count()).select_from(WorkerBeat).where(WorkerBeat.warming == "")
            return session.scalar(warm) or 0  # gradings that search the error models, as tests expect

    def _tail(self) -> str:
        return f"worker log:\n{self.log.read_text(errors='replace')[-4000:]}"

    def terminate(self, seconds: float = 30) -> int | None:
        """SIGTERM (warm shutdown), then SIGKILL to the group after `seconds`; the exit status of SIGTERM."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None
        finally:
            self.kill()

    def kill(self) -> None:
        """Kill the whole process group (the worker and its pool children)."""
        if self.process.poll() is None or self.children():
            with suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


def status(db: Database, submission_id: str) -> str | None:
    with db.transaction() as session:
        return session.scalar(select(Submission.status).where(Submission.id == submission_id))


def results_of(db: Database, submission_id: str) -> int:
    with db.transaction() as session:
        query = (
            select(func.count())
            .select_from(GradingResult)
            .where(GradingResult.submission_id == submission_id)
        )
        return session.scalar(query) or 0


def _children(pid: int, recursive: bool = False) -> list[psutil.Process]:
    try:
        return list(psutil.Process(pid).children(recursive=recursive))
    except psutil.NoSuchProcess:
        return []


def _cmdline(process: psutil.Process) -> str:
    try:
        return " ".join(process.cmdline())
    except psutil.NoSuchProcess:
        return ""


def descendants(pid: int) -> list[int]:
    """Every process below `pid`, at this moment."""
    return [child.pid for child in _children(pid, recursive=True)]


def alive(pids: list[int]) -> list[int]:
    """Those of `pids` still running (zombies count as gone)."""
    running = []
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                running.append(pid)
        except psutil.NoSuchProcess:
            continue
    return running
