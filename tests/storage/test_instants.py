"""Every moment a person or an LMS gives is stored as its instant, on SQLite as on PostgreSQL: a due
date, an extension or a line item's end written in any offset or zone (across daylight-saving
changes too) reads back as the same instant, in UTC, and sorts in SQL by its instant; a moment
without a zone is refused."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import TypeVar
from zoneinfo import ZoneInfo

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlalchemy.exc import StatementError

from service.core.settings import Settings
from service.policies import store
from service.policies.tables import DueExtension
from service.storage.db import Database
from service.storage.migrations import upgrade
from service.storage.tables import Platform

Test = TypeVar("Test", bound=Callable[..., None])
MADRID = ZoneInfo("Europe/Madrid")
NEW_YORK = ZoneInfo("America/New_York")
LORD_HOWE = ZoneInfo("Australia/Lord_Howe")  # half an hour of daylight saving


@pytest.fixture
def db(database_url: str, tmp_path: Path) -> Iterator[Database]:
    configured = Settings(database_url=database_url, data_dir=tmp_path / "data")
    upgrade(configured, database_url)
    database = Database.of(configured)
    with database.transaction() as session:
        session.add(Platform(name="moodle"))
    yield database
    database.close()


def _course(db: Database) -> tuple[int, int]:
    """The platform's id and its course c1's."""
    with db.transaction() as session:
        platform_id = session.scalars(select(Platform.id)).one()
        return platform_id, store.course_id(session, platform_id, "c1")


offsets = st.builds(
    lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-23 * 60 - 59, 23 * 60 + 59)
)
zones = st.one_of(st.timezones(), offsets)
moments = st.datetimes(min_value=datetime(1980, 1, 1), max_value=datetime(2200, 1, 1), timezones=zones)
# the days the clocks change: a time the clocks skip, one they repeat (both folds), an offset's extremes
TRANSITIONS = [
    datetime(2026, 3, 29, 2, 30, tzinfo=MADRID),
    datetime(2026, 10, 25, 2, 30, tzinfo=MADRID),
    datetime(2026, 10, 25, 2, 30, fold=1, tzinfo=MADRID),
    datetime(2026, 11, 1, 1, 30, fold=1, tzinfo=NEW_YORK),
    datetime(2026, 4, 5, 1, 45, fold=1, tzinfo=LORD_HOWE),
    datetime(2030, 1, 1, tzinfo=timezone(timedelta(hours=-10))),
    datetime(2030, 1, 1, tzinfo=timezone(timedelta(hours=14))),
]


def _with_transitions(test: Test) -> Test:
    for moment in TRANSITIONS:
        test = example(moment)(test)
    return test


def _same_instant(read: datetime | None, written: datetime) -> None:
    assert read is not None
    assert read.tzinfo is UTC
    assert read == written.astimezone(UTC)  # compared in UTC: an instant in a fold is never `==` across zones


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moment=moments)
@_with_transitions
def test_a_due_date_an_extension_and_a_line_item_s_end_keep_their_instant(
    db: Database, moment: datetime
) -> None:
    platform_id, course_id = _course(db)
    with db.transaction() as session:
        store.put(session, course_id, "layer_norm", store.Rules(due_at=moment))
        store.extend(session, course_id, "ana", "bloque", moment)
        store.lms_due(session, course_id, "atencion_causal", moment)
    with db.reading() as session:
        _same_instant(store.of_course(session, course_id)["layer_norm"].due_at, moment)
        _same_instant(store.extensions(session, course_id)[0].due_at, moment)
    with db.single_statements() as connection:
        for student, challenge in (("ben", "layer_norm"), ("ana", "bloque"), ("ben", "atencion_causal")):
            _same_instant(store.due(connection, platform_id, "c1", student, challenge).at, moment)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=moments, second=moments)
@example(first=TRANSITIONS[-2], second=datetime(2030, 1, 1, 5, tzinfo=UTC))  # 10:00Z after 05:00Z
@example(first=TRANSITIONS[1], second=TRANSITIONS[2])  # the same wall clock, an hour apart
def test_moments_sort_in_sql_by_their_instant(db: Database, first: datetime, second: datetime) -> None:
    _, course_id = _course(db)
    with db.transaction() as session:
        store.extend(session, course_id, "first", "*", first)
        store.extend(session, course_id, "second", "*", second)
    with db.reading() as session:
        query = select(DueExtension.student).where(DueExtension.course_id == course_id)
        ordered = list(session.scalars(query.order_by(DueExtension.due_at, DueExtension.student)))
        earlier = session.scalars(query.where(DueExtension.due_at < second)).all()
    expected = sorted(
        ["first", "second"], key=lambda s: ((first if s == "first" else second).astimezone(UTC), s)
    )
    assert ordered == expected
    assert earlier == (["first"] if first.astimezone(UTC) < second.astimezone(UTC) else [])


def test_a_moment_without_its_zone_is_refused(db: Database) -> None:
    _, course_id = _course(db)
    with pytest.raises(StatementError, match="has no time zone"), db.transaction() as session:
        session.add(
            DueExtension(course_id=course_id, student="ana", challenge="*", due_at=datetime(2030, 1, 1))
        )
    with db.reading() as session:
        assert store.extensions(session, course_id) == []
