"""The tenancy migration gives each instructor's course its platform, where the data says which (15.1)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Connection, create_engine, text

from service.core.settings import Settings
from service.storage.migrations import alembic_config
from service.storage.sealing import Sealer

BEFORE = "0004_result_document"
NOW = datetime(2026, 11, 1, tzinfo=UTC)


def _insert(connection: Connection, table: str, **values: object) -> None:
    columns = ", ".join(values)
    connection.execute(text(f"INSERT INTO {table} ({columns}) VALUES (:{', :'.join(values)})"), values)  # noqa: S608 the test's own table names


def _platforms(connection: Connection, *names: str) -> None:
    for number, name in enumerate(names, start=1):
        _insert(connection, "platforms", id=number, name=name, created_at=NOW)


def _course(connection: Connection, course_id: int, platform_id: int, slug: str) -> None:
    _insert(connection, "courses", id=course_id, platform_id=platform_id, slug=slug, created_at=NOW)


def _instructor(connection: Connection, instructor_id: int, *courses: str) -> None:
    email = f"i{instructor_id}@x.example"
    _insert(connection, "instructors", id=instructor_id, email=email, password_hash="h", created_at=NOW)
    for course in courses:
        _insert(connection, "instructor_courses", instructor_id=instructor_id, course=course)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """No service runs here: the migrations' own Settings."""
    return Settings(data_dir=tmp_path)


@contextmanager
def _old_database(settings: Settings, url: str) -> Iterator[Connection]:
    """A connection to a database at the schema before tenancy (committed when the block ends)."""
    command.upgrade(alembic_config(settings, url), BEFORE)
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            yield connection
    finally:
        engine.dispose()


def _grants(url: str) -> set[tuple[int, str, str]]:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT g.instructor_id, p.name, g.course FROM instructor_courses g"
                " JOIN platforms p ON p.id = g.platform_id"
            )
        )
        found = {(row[0], row[1], row[2]) for row in rows}
    engine.dispose()
    return found


def test_each_grant_goes_to_the_one_platform_that_has_the_course_and_ambiguous_ones_are_dropped(
    database_url: str,
    settings: Settings,
) -> None:
    with _old_database(settings, database_url) as connection:
        _platforms(connection, "uni-a", "uni-b", "evil")
        _course(connection, 1, 1, "algebra")
        _course(connection, 2, 2, "nlp")
        _course(connection, 3, 3, "nlp")  # another platform's course of the same name
        _insert(
            connection,
            "api_keys",
            id=1,
            platform_id=2,
            prefix="p" * 12,
            key_hash="h",
            webhook_secret="w",
            created_at=NOW,
        )
        _insert(connection, "key_scopes", key_id=1, course="stats")  # uni-b's key names a course not yet used
        _instructor(connection, 1, "algebra", "nlp", "stats", "ghost")
        _instructor(connection, 2, "nlp")
        _insert(connection, "regrades", id=1, course="algebra", challenge=None, total=0, created_at=NOW)
        _insert(connection, "regrades", id=2, course="nlp", challenge=None, total=0, created_at=NOW)
    command.upgrade(alembic_config(settings, database_url, Sealer.with_new_key()), "head")
    assert _grants(database_url) == {(1, "uni-a", "algebra"), (1, "uni-b", "stats")}
    engine = create_engine(database_url)
    with engine.connect() as connection:
        regrades = connection.execute(text("SELECT id, platform_id FROM regrades ORDER BY id")).all()
        instructors = connection.execute(text("SELECT count(*) FROM instructors")).scalar()
    engine.dispose()
    assert [tuple(r) for r in regrades] == [(1, 1)]  # nlp's batch could be either platform's
    assert instructors == 2  # accounts stay; only the ambiguous grants go


def test_with_a_single_platform_every_grant_is_its_own(database_url: str, settings: Settings) -> None:
    with _old_database(settings, database_url) as connection:
        _platforms(connection, "only")
        _course(connection, 1, 1, "algebra")
        _instructor(connection, 1, "algebra", "not-yet-used")
    command.upgrade(alembic_config(settings, database_url), "head")
    assert _grants(database_url) == {(1, "only", "algebra"), (1, "only", "not-yet-used")}
