"""The service under test, on real servers: PostgreSQL + Redis in CI (required there), else the embedded default.

TEST_BACKEND=embedded forces the embedded default outside CI. One database per test package (a
private PostgreSQL schema, or a SQLite file), queue and real worker process (`autograder
worker`); every test starts from empty tables. The tests build the `Settings` they run on
(`Backend.settings`) and hand them to what they start: the app (`create_app(settings)`), the
worker (its environment, from `environment(settings)`), the command line (`command_env`).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete
from sqlalchemy.exc import OperationalError

from service.cli.embedded_broker import EmbeddedBroker
from service.core.settings import Settings
from service.storage.db import Database
from service.storage.migrations import upgrade
from service.storage.registry import metadata
from service.storage.sealing import sealer_for
from service.storage.tables import WorkerBeat
from service.submissions.keys import CreatedKey, create_key
from tests.servers import IN_CI, REDIS, create_schema, drop_schema, reachable, schema_url
from tests.waiting import wait_until

KeyMaker = Callable[..., CreatedKey]  # new_key(name="platform-a", courses=None)
# The settings the tests give the service, as the environment variables a process reads them from.
_PASSED = ("database_url", "broker_url", "events_url", "queue", "data_dir", "webhook_allowed_networks")


@dataclass(frozen=True)
class Backend:
    name: str  # "postgres+redis" or "embedded"
    settings: Settings
    db: Database
    worker_log: Path | None = None  # the package's worker process writes here

    @property
    def database_url(self) -> str:
        return self.settings.database

    @property
    def broker_url(self) -> str:
        return self.settings.broker

    @property
    def queue(self) -> str:
        return self.settings.queue


def environment(settings: Settings, base: dict[str, str] | None = None) -> dict[str, str]:
    """A process environment (of `base`, default this one's) that gives another process these
    Settings: every AUTOGRADER_ variable of `base` but the challenges' folder replaced."""
    kept = {
        name: value
        for name, value in (os.environ if base is None else base).items()
        if not name.startswith("AUTOGRADER_") or name == "AUTOGRADER_CHALLENGES_DIR"
    }
    for field in _PASSED:
        value = getattr(settings, field)
        if value is not None and value != "":
            kept[f"AUTOGRADER_{field.upper()}"] = str(value)
    return kept


def command_env(settings: Settings) -> dict[str, str | None]:
    """What `CliRunner.invoke(env=...)` sets for one command run in this process: these Settings,
    every other AUTOGRADER_ variable unset (the runner restores the environment afterwards)."""
    given: dict[str, str | None] = {n: None for n in os.environ if n.startswith("AUTOGRADER_")}
    given.pop("AUTOGRADER_CHALLENGES_DIR", None)
    for name, value in environment(settings, {}).items():
        given[name] = value
    return given


def _choose(tmp: Path) -> tuple[str, Settings, str | None]:
    queue = f"autograder-test-{uuid.uuid4().hex[:8]}"
    servers = reachable(5432) and reachable(6379)
    if os.environ.get("TEST_BACKEND") == "embedded" and not IN_CI:
        servers = False  # a laptop can try the embedded default even with servers around
    if IN_CI and not servers:
        pytest.fail(
            "CI=true: the service tests need PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379"
        )
    schema = create_schema() if servers else None
    settings = Settings(
        database_url=schema_url(schema) if schema else f"sqlite:///{tmp / 'test.db'}",
        broker_url=REDIS if schema else f"redis+socket://{tmp / 'broker.sock'}",
        queue=queue,
        data_dir=tmp,
        webhook_allowed_networks="127.0.0.0/8",  # the webhook tests' receivers listen on loopback
    )
    return ("postgres+redis" if schema else "embedded"), settings, schema


def start_worker(settings: Settings, log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "service.cli", "worker", "--concurrency", "2"],
            env=environment(settings),
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )


def worker_count(db: Database) -> int:
    """The workers whose error models are warm: each grading then searches them (the tests
    compare diagnoses)."""
    with db.transaction() as session:
        return session.query(WorkerBeat).filter(WorkerBeat.warming == "").count()


def wait_for_workers(
    db: Database, process: subprocess.Popen[bytes], log: Path, seconds: float = 180, more_than: int = 0
) -> None:
    def ready() -> bool:
        assert process.poll() is None, f"worker exited:\n{log.read_text()[-3000:]}"
        return worker_count(db) > more_than

    wait_until(ready, seconds, lambda: f"no worker ready:\n{log.read_text()[-3000:]}", every=0.1)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="package")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Backend]:
    tmp = tmp_path_factory.mktemp("service")
    name, settings, schema = _choose(tmp)
    broker = EmbeddedBroker(tmp / "broker.sock") if name == "embedded" else None
    if broker is not None:
        broker.start()
    database = Database.of(settings)
    upgrade(settings)
    worker = start_worker(settings, tmp / "worker.log")
    try:
        wait_for_workers(database, worker, tmp / "worker.log")
        yield Backend(name, settings, database, tmp / "worker.log")
    finally:
        stop(worker)
        database.close()
        if broker is not None:
            broker.stop()
        if schema is not None:
            drop_schema(schema)


@pytest.fixture
def clean(backend: Backend) -> Iterator[Backend]:
    """Every test starts from empty tables (the workers' heartbeats stay)."""
    yield backend
    for attempt in range(10):
        try:
            _empty_tables(backend.db)
            return
        except OperationalError:  # a grading still storing its result took a lock we need: again
            if attempt == 9:
                raise


def _empty_tables(db: Database) -> None:
    with db.transaction() as session:
        for table in reversed(metadata().sorted_tables):
            if table.name != "workers":
                session.execute(delete(table))


@pytest.fixture
def settings(clean: Backend) -> Settings:
    """The Settings the package's service runs on (a test changes a copy: `model_copy`)."""
    return clean.settings


@pytest.fixture
def db(clean: Backend) -> Database:
    """The package's database (tables emptied after the test)."""
    return clean.db


@pytest.fixture
def client(clean: Backend) -> Iterator[TestClient]:
    from service.api.app import create_app

    with TestClient(create_app(clean.settings)) as test_client:
        yield test_client


def make_key(backend: Backend, name: str = "platform-a", courses: list[str] | None = None) -> CreatedKey:
    with backend.db.transaction() as session:
        return create_key(session, name, courses or [], sealer_for(backend.settings))


@pytest.fixture
def new_key(clean: Backend) -> KeyMaker:
    """Makes a platform's API key: `new_key("platform-b", ["course"])`."""
    return lambda name="platform-a", courses=None: make_key(clean, name, courses)


@pytest.fixture
def key(clean: Backend) -> CreatedKey:
    return make_key(clean)


def auth(created: CreatedKey) -> dict[str, str]:
    return {"Authorization": f"Bearer {created.key}"}


def replaced(backend: Backend, **changes: object) -> Backend:
    """The backend with other Settings (same database)."""
    return dataclasses.replace(backend, settings=backend.settings.model_copy(update=changes))
