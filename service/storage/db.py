"""The database: a `Database` holds one URL's engines and sessions, built once by an entry point
(`Database.of(settings)`) and handed down (`app.state.db`, the worker process, a command's
`open_database()`); no module keeps one."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

from service.core.settings import Settings
from service.storage.idle_ping import ping_when_idle

READ_ONLY = "autograder_read_only"
T = TypeVar("T")


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


def _relaxed_url(url: str) -> str:
    """The URL with PostgreSQL's `synchronous_commit` off for every transaction of its connections."""
    parsed = make_url(url)
    options = parsed.query.get("options", ())
    given = [options] if isinstance(options, str) else list(options)
    relaxed = parsed.update_query_dict({"options": " ".join([*given, "-csynchronous_commit=off"])})
    return relaxed.render_as_string(hide_password=False)


class Database:
    """One database's pools (made on first use) and the ways to work in it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.RLock()  # a pool made may ask for another (sessions: the engine)
        self._made: dict[str, Any] = {}
        # A Database dropped unclosed (a command's, an app never started) closes its pools
        # rather than leaving their connections to the garbage collector, open.
        weakref.finalize(self, _dispose, self._made)

    @classmethod
    def of(cls, settings: Settings) -> Database:
        """The database these Settings name (the embedded default's file in a private data folder)."""
        if settings.database_url is None:
            settings.data_folder()
        return cls(settings.database)

    def _once(self, name: str, make: Callable[[], T]) -> T:
        with self._lock:
            if name not in self._made:
                self._made[name] = make()
            made: T = self._made[name]
            return made

    @property
    def engine(self) -> Engine:
        return self._once("engine", lambda: make_engine(self.url))

    @property
    def relaxed_engine(self) -> Engine:
        """The engine of writes whose commit need not wait for the disk, for state that is
        re-derived if a database crash loses it: a grading's `running` and its result (the sweeper
        grades the submission again). PostgreSQL: its own pool, `synchronous_commit` off, in
        autocommit; SQLite: the engine."""
        bind = self.engine
        if bind.dialect.name != "postgresql":
            return bind
        return self._once("relaxed", lambda: make_engine(_relaxed_url(self.url), autocommit=True))

    def _sessions(self, reading: bool) -> sessionmaker[Session]:
        def make() -> sessionmaker[Session]:
            bind = self.engine.execution_options(**{READ_ONLY: True}) if reading else self.engine
            return sessionmaker(bind, expire_on_commit=False)

        return self._once("reading" if reading else "sessions", make)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed at the end of the block, or rolled back on error."""
        with self._sessions(False).begin() as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session that only reads: on SQLite it does not queue behind writers for the write lock."""
        with self._sessions(True).begin() as session:
            yield session

    @contextmanager
    def single_statements(self, bind: Engine | None = None) -> Iterator[Connection]:
        """A connection for work whose statements each stand alone: on PostgreSQL each one is its
        own transaction, committed (durably) as it runs, which saves the BEGIN and COMMIT round
        trips; on SQLite the block is one transaction, as with `transaction()`. `bind`: another
        engine than this database's."""
        with self._statements(bind or self.engine) as connection:
            yield connection

    @contextmanager
    def _statements(self, bind: Engine) -> Iterator[Connection]:
        if bind.dialect.name != "postgresql":
            with bind.begin() as connection:
                yield connection
            return
        autocommit = self._once(
            f"autocommit:{id(bind)}", lambda: bind.execution_options(isolation_level="AUTOCOMMIT")
        )
        with autocommit.connect() as connection:
            yield connection

    @contextmanager
    def relaxed_statements(self) -> Iterator[Connection]:
        """As `single_statements`, each statement committed without waiting for the disk."""
        bind = self.relaxed_engine
        if bind.dialect.name != "postgresql":
            with self._statements(bind) as connection:
                yield connection
            return
        # Made in autocommit: used as it is, with no isolation level set at each checkout and
        # reset at each return.
        with bind.connect() as connection:
            yield connection

    @contextmanager
    def relaxed_transaction(self) -> Iterator[Connection]:
        """One transaction on the relaxed engine: committed at the end of the block without waiting
        for the disk (PostgreSQL), rolled back on error."""
        bind = self.relaxed_engine
        if bind.dialect.name != "postgresql":
            with bind.begin() as connection:
                yield connection
            return
        # The relaxed engine is in autocommit: this block asks for a real transaction on its
        # connection, reset when the connection returns to the pool.
        with bind.connect() as connection:
            transactional = connection.execution_options(isolation_level="READ COMMITTED")
            with transactional.begin():
                yield transactional

    def close(self) -> None:
        """Close every pool; the next use opens new ones."""
        with self._lock:
            made = dict(self._made)
            self._made.clear()
        _dispose(made)


def _dispose(made: dict[str, Any]) -> None:
    for value in made.values():
        if isinstance(value, Engine):
            value.dispose()
