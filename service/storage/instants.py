"""The column type of every stored moment: an instant, written in UTC, read back aware in UTC.

`Instant()` alone is an instant on PostgreSQL (`timestamptz`) but not on SQLite,
which keeps the wall clock it is given and drops the offset: `00:00-10:00` would come back as
`00:00Z`, ten hours early. So the moment is converted to UTC before the database sees it, and a
moment without a zone is refused (nobody can tell which instant it meant); what comes back is
aware UTC on both. The column stays `Instant()` underneath: the same DDL, and on
SQLite the same text, so stored values keep comparing and sorting as text in time order.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, Dialect
from sqlalchemy.types import TypeDecorator


class NaiveInstant(ValueError):
    """A datetime without a time zone, given where an instant is stored."""


class Instant(TypeDecorator[datetime]):
    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime):
            raise TypeError(f"an instant must be a datetime with its time zone, not {type(value).__name__}")
        return utc(value)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        # SQLite gives back the UTC wall clock it was given (no zone); a value another writer left
        # with its offset comes back aware and is converted like any other
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)

    @property
    def python_type(self) -> type[datetime]:
        return datetime


def utc(moment: datetime) -> datetime:
    """The same instant in UTC; a naive datetime is refused: which instant it means is unknown."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise NaiveInstant(
            f"{moment.isoformat()} has no time zone: an instant needs one (e.g. 2026-12-20T23:59:00+01:00)"
        )
    return moment.astimezone(UTC)
