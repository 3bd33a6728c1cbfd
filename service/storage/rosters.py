"""Asking for a course's roster: each ask is marked on its `RosterSync` row (the launches', the
instructor's and the platform's alike), so that launches in a row ask the LMS once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy.orm import Session

from service.storage.roster_tables import RosterSync
from service.storage.tables import now


def sync_row(session: Session, course_id: int) -> RosterSync:
    row = session.get(RosterSync, course_id)
    if row is None:
        row = RosterSync(course_id=course_id, members=0, skipped=0)
        session.add(row)
    return row


def ask(session: Session, course_id: int, unless_within: float = 0.0) -> bool:
    """Mark the course's roster asked for now, unless it was within `unless_within` seconds
    (then False: an ask is on its way already)."""
    row = sync_row(session, course_id)
    asked = row.requested_at
    if asked is not None and _aware(asked) > now() - timedelta(seconds=unless_within):
        return False
    row.requested_at = now()
    session.flush()
    return True


def offered(session: Session, course_id: int) -> bool:
    """Whether an LMS ever offered this course's roster (a launch named its memberships URL)."""
    return session.get(RosterSync, course_id) is not None


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
