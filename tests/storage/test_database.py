"""A Database is the one its entry point's Settings name, not the environment's; nothing else keeps one."""

from __future__ import annotations

import gc
from pathlib import Path

from sqlalchemy import text

from service.core.settings import Settings
from service.storage.db import Database


def _settings(folder: Path, name: str) -> Settings:
    return Settings(database_url=f"sqlite:///{folder / name}", data_dir=folder / "data")


def test_the_engine_opens_the_database_of_the_given_settings(tmp_path: Path) -> None:
    with Database.of(_settings(tmp_path, "first.db")).transaction() as session:
        session.execute(text("CREATE TABLE marker (id INTEGER)"))
    assert (tmp_path / "first.db").is_file()


def test_other_settings_open_their_own_database(tmp_path: Path) -> None:
    first, second = (
        Database.of(_settings(tmp_path, "first.db")),
        Database.of(_settings(tmp_path, "second.db")),
    )
    assert first.engine is not second.engine
    assert second.engine.url.database == str(tmp_path / "second.db")
    assert first.engine.url.database == str(tmp_path / "first.db")


def test_a_database_keeps_its_engine_until_closed(tmp_path: Path) -> None:
    database = Database.of(_settings(tmp_path, "first.db"))
    first = database.engine
    assert database.engine is first
    database.close()
    assert database.engine is not first  # the next use opens new pools


def test_a_database_dropped_unclosed_closes_its_pools(tmp_path: Path) -> None:
    """A command's Database, or an app's never started, leaves no connection open to the garbage
    collector (psycopg warns of each one, and warnings are errors in tests)."""
    database = Database.of(_settings(tmp_path, "first.db"))
    with database.reading() as session:
        session.execute(text("SELECT 1"))
    pool = database.engine.pool
    assert pool.checkedin() == 1  # type: ignore[attr-defined]
    del database
    gc.collect()
    assert pool.checkedin() == 0  # type: ignore[attr-defined]
