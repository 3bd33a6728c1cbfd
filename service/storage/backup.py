"""A consistent copy of the database while the service runs, and putting one back.

The embedded default's SQLite file is copied with SQLite's online backup API in a single step:
one read transaction, so the copy is the database as of one moment however many writers go on
(WAL lets them). A configured PostgreSQL is copied with `pg_dump` (one snapshot too) in its
custom format, restored with `pg_restore`; only the schema the URL's `search_path` names, when
it names one. A backup is a folder: the database, the data folder's secrets, and a manifest with
each file's SHA-256, checked before anything is restored.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import URL, create_engine, inspect, make_url, text

MANIFEST = "manifest.json"
SQLITE_COPY = "autograder.db"
POSTGRES_DUMP = "database.dump"
FORMAT = 1


class BackupError(Exception):
    """The backup or the restore cannot be done; the message says why, in one line."""


@dataclass(frozen=True)
class Manifest:
    database: str  # "sqlite" or "postgresql"
    schema: str | None  # the PostgreSQL schema dumped, when the URL named one
    revision: str | None  # the Alembic revision of the copied database
    made_at: str
    files: dict[str, str]  # name in the backup folder -> SHA-256

    def write(self, folder: Path) -> None:
        document = {"format": FORMAT, **self.__dict__}
        (folder / MANIFEST).write_text(json.dumps(document, indent=2, sort_keys=True) + "\n")

    @classmethod
    def read(cls, folder: Path) -> Manifest:
        try:
            document = json.loads((folder / MANIFEST).read_text())
        except (OSError, ValueError) as error:
            raise BackupError(f"{folder} is not a backup of autograder (no readable {MANIFEST})") from error
        if document.pop("format", None) != FORMAT:
            raise BackupError(f"{folder}/{MANIFEST} has a format this version does not read")
        return cls(**document)


def digest(path: Path) -> str:
    sha = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up")
    return Path(database)


def copy_sqlite(source: Path, target: Path) -> None:
    """`source` copied into the new file `target`, as of one moment, in rollback-journal mode
    (one file, nothing beside it)."""
    if not source.exists():
        raise BackupError(f"no database at {source}")
    with closing(sqlite3.connect(source, timeout=30)) as origin, closing(sqlite3.connect(target)) as copy:
        origin.backup(copy)  # pages=-1: every page in one step, one read transaction
        copy.execute("PRAGMA journal_mode=DELETE")
        if copy.execute("PRAGMA quick_check").fetchone() != ("ok",):
            raise BackupError(f"the copy of {source} does not pass SQLite's check")


def revision_of(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            if not inspect(connection).has_table("alembic_version"):
                return None
            found = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
            return str(found) if found is not None else None
    finally:
        engine.dispose()


def tables_in(url: str) -> list[str]:
    """The tables a database (its URL's schema) already holds."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return inspect(connection).get_table_names()
    finally:
        engine.dispose()


@dataclass(frozen=True)
class _Libpq:
    """A SQLAlchemy PostgreSQL URL as libpq's tools take it: the password in the environment."""

    uri: str
    env: dict[str, str]
    schema: str | None


def _libpq(url: str) -> _Libpq:
    parsed = make_url(url)
    env = dict(os.environ)
    if parsed.password is not None:
        env["PGPASSWORD"] = str(parsed.password)
    plain: URL = parsed.set(drivername="postgresql", password=None)
    return _Libpq(plain.render_as_string(hide_password=False), env, schema_of(parsed))


def schema_of(url: URL) -> str | None:
    """The schema the URL's `options=-csearch_path=...` puts first, if any."""
    options = url.query.get("options", ())
    for option in [options] if isinstance(options, str) else list(options):
        for word in option.split():
            if word.startswith("-csearch_path="):
                return word.removeprefix("-csearch_path=").split(",")[0].strip() or None
    return None


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed: PostgreSQL's client tools are needed")
    return found


def dump_postgres(url: str, target: Path) -> str | None:
    """`pg_dump` of the URL's database (its schema only, when it names one) into `target`;
    answers the schema dumped."""
    libpq = _libpq(url)
    command = [_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", f"--file={target}"]
    if libpq.schema is not None:
        command.append(f"--schema={libpq.schema}")
    _run([*command, f"--dbname={libpq.uri}"], libpq.env)
    return libpq.schema


def restore_postgres(dump: Path, url: str, schema: str | None) -> None:
    """The dump restored into the URL's database, which must hold no table; the schema dumped
    is made first when missing (an empty one may already exist), so the dump's own is skipped."""
    libpq = _libpq(url)
    if libpq.schema != schema:
        raise BackupError(
            f"the backup is of the schema {schema or '(default)'}; the configured database names "
            f"{libpq.schema or '(default)'}: restore into a URL whose search_path is the same"
        )
    restore = [
        _tool("pg_restore"),
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
    ]
    with tempfile.TemporaryDirectory() as scratch:
        if schema is not None:
            create = f'CREATE SCHEMA IF NOT EXISTS "{schema}"'
            _run([_tool("psql"), "-q", "-v", "ON_ERROR_STOP=1", "-c", create, libpq.uri], libpq.env)
            contents = _run([_tool("pg_restore"), "--list", str(dump)], libpq.env)
            listing = Path(scratch) / "contents.list"
            listing.write_text("\n".join(line for line in contents.splitlines() if " SCHEMA - " not in line))
            restore.append(f"--use-list={listing}")
        _run([*restore, f"--dbname={libpq.uri}", str(dump)], libpq.env)


def _run(command: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BackupError(f"{Path(command[0]).name} failed: {last}")
    return done.stdout


def moment() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
