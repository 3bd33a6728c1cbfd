"""Database engine and sessions: one engine per process, created on first use from the Settings
its entry point gave `use` (the app factory, the worker's boot, a command)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

from service.core.settings import Settings, get_settings
from service.storage.idle_ping import ping_when_idle

READ_ONLY = "autograder_read_only"
_given: Settings | None = None  # what the process's entry point passed to `use`


def use(settings: Settings) -> None:
    """The database of these Settings from now on; engines made for another one are closed."""
    global _given
    if settings.database != _settings().database:
        forget()
    _given = settings


def _settings() -> Settings:
    # A process whose entry point passed nothing (a script, a benchmark) reads the environment.
    return _given if _given is not None else get_settings()


def make_engine(url: str, *, autocommit: bool = False) -> Engine:
    """`autocommit`: PostgreSQL connections that are always in autocommit (each statement its
    own transaction), for an engine used only through `single_statements`-like blocks."""
    if url.startswith("sqlite"):
        return _sqlite_engine(url)
    options: dict[str, Any] = {"isolation_level": "AUTOCOMMIT"} if autocommit else {}
    made = create_engine(url, pool_size=10, max_overflow=20, **options)
    ping_when_idle(made)
    return made


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _configure(dbapi_connection: Any, _record: Any) -> None:
        # WAL lets readers go on while one process writes; BEGIN IMMEDIATE (below) takes the
        # write lock up front so concurrent writers wait for it instead of failing to upgrade.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        reading = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

    return engine


@lru_cache(maxsize=1)
def engine() -> Engine:
    settings = _settings()
    if settings.database_url is None:
        settings.data_folder()
    return make_engine(settings.database)


@lru_cache(maxsize=1)
def sessions() -> sessionmaker[Session]:
    return sessionmaker(engine(), expire_on_commit=False)


@lru_cache(maxsize=2)
def _reading_sessions(bind: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind.execution_options(**{READ_ONLY: True}), expire_on_commit=False)


def reading_sessions() -> sessionmaker[Session]:
    return _reading_sessions(engine())


@contextmanager
def transaction() -> Iterator[Session]:
    """A session whose work is committed at the end of the block, or rolled back on error."""
    with sessions().begin() as session:
        yield session


@lru_cache(maxsize=2)
def _autocommit(bind: Engine) -> Engine:
    return bind.execution_options(isolation_level="AUTOCOMMIT")


@contextmanager
def single_statements(bind: Engine | None = None) -> Iterator[Connection]:
    """A connection for work whose statements each stand alone: on PostgreSQL each one is its own
    transaction, committed (durably) as it runs, which saves the BEGIN and COMMIT round trips;
    on SQLite the block is one transaction, as with `transaction()`. `bind`: another engine than
    the configured one's."""
    with _statements(bind or engine()) as connection:
        yield connection


@contextmanager
def _statements(bind: Engine) -> Iterator[Connection]:
    if bind.dialect.name == "postgresql":
        with _autocommit(bind).connect() as connection:
            yield connection
    else:
        with bind.begin() as connection:
            yield connection


@contextmanager
def reading() -> Iterator[Session]:
    """A session that only reads: on SQLite it does not queue behind writers for the write lock."""
    with reading_sessions().begin() as session:
        yield session


def _relaxed_url(url: str) -> str:
    """The URL with PostgreSQL's `synchronous_commit` off for every transaction of its connections."""
    parsed = make_url(url)
    options = parsed.query.get("options", ())
    given = [options] if isinstance(options, str) else list(options)
    relaxed = parsed.update_query_dict({"options": " ".join([*given, "-csynchronous_commit=off"])})
    return relaxed.render_as_string(hide_password=False)


@lru_cache(maxsize=1)
def relaxed_engine() -> Engine:
    """The engine of writes whose commit need not wait for the disk, for state that is re-derived
    if a database crash loses it: a grading's `running` and its result (the sweeper grades the
    submission again). PostgreSQL: its own pool, `synchronous_commit` off; SQLite: the engine."""
    bind = engine()
    if bind.dialect.name != "postgresql":
        return bind
    return make_engine(_relaxed_url(_settings().database), autocommit=True)


@contextmanager
def relaxed_statements() -> Iterator[Connection]:
    """As `single_statements`, each statement committed without waiting for the disk."""
    bind = relaxed_engine()
    if bind.dialect.name != "postgresql":
        with _statements(bind) as connection:
            yield connection
        return
    # Made in autocommit: used as it is, with no isolation level set at each checkout and reset
    # at each return (two per graded submission).
    with bind.connect() as connection:
        yield connection


def forget() -> None:
    """Close every pool and forget the engines and the Settings given: the next use reads the
    environment again, unless `use` is given others."""
    global _given
    _given = None
    engines = {id(e): e for e in (c() for c in (relaxed_engine, engine) if c.cache_info().currsize)}
    for cached in (relaxed_engine, engine, sessions, _reading_sessions, _autocommit):
        cached.cache_clear()
    for bind in engines.values():
        bind.dispose()


@contextmanager
def relaxed_transaction() -> Iterator[Connection]:
    """One transaction on the relaxed engine: committed at the end of the block without waiting
    for the disk (PostgreSQL), rolled back on error."""
    bind = relaxed_engine()
    if bind.dialect.name != "postgresql":
        with bind.begin() as connection:
            yield connection
        return
    # The relaxed engine is in autocommit (see `relaxed_statements`): this block asks for a real
    # transaction on its connection, reset when the connection returns to the pool.
    with bind.connect() as connection:
        transactional = connection.execution_options(isolation_level="READ COMMITTED")
        with transactional.begin():
            yield transactional
