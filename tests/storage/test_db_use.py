"""The process's database is the one its entry point's Settings name, not the environment's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from service.core.settings import Settings
from service.storage import db


@pytest.fixture
def given(tmp_path: Path) -> Iterator[Path]:
    db.forget()
    yield tmp_path
    db.forget()  # later tests read the environment again


def _settings(folder: Path, name: str) -> Settings:
    return Settings(database_url=f"sqlite:///{folder / name}", data_dir=folder / "data")


def test_the_engine_opens_the_database_of_the_given_settings(given: Path) -> None:
    db.use(_settings(given, "first.db"))
    with db.transaction() as session:
        session.execute(text("CREATE TABLE marker (id INTEGER)"))
    assert (given / "first.db").is_file()


def test_other_settings_move_the_process_to_their_database(given: Path) -> None:
    db.use(_settings(given, "first.db"))
    first = db.engine()
    db.use(_settings(given, "second.db"))
    assert db.engine() is not first
    assert db.engine().url.database == str(given / "second.db")


def test_settings_naming_the_same_database_keep_the_engine(given: Path) -> None:
    db.use(_settings(given, "first.db"))
    first = db.engine()
    db.use(_settings(given, "first.db").model_copy(update={"queue": "another"}))
    assert db.engine() is first
