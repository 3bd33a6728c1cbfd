"""Stored times are UTC; SQLite returns them without a zone."""

from __future__ import annotations

from datetime import UTC, datetime


def utc(moment: datetime | None) -> datetime | None:
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)
