"""Asking for a course's roster: each ask is marked on its `RosterSync` row (the launches', the
instructor's and the platform's alike), so that launches in a row ask the LMS once, and an ask
while a reading is on its way (queued or running) joins it instead of queueing another."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.storage.roster_tables import RosterSync
from service.storage.tables import now

# An ask not followed by the end of a reading for this long was lost (its task, or its worker):
# the next ask queues a reading again. Longer than a reading may take, with its wait in the queue.
ON_ITS_WAY_AT_MOST_SECONDS = 900


def sync_row(session: Session, course_id: int) -> RosterSync:
    row = session.get(RosterSync, course_id)
    if row is None:
        row = RosterSync(course_id=course_id, members=0, skipped=0)
        session.add(row)
    return row


def locked_row(session: Session, course_id: int) -> RosterSync | None:
    """The course's row, locked until the transaction ends (asks for one course take turns)."""
    return session.scalars(
        select(RosterSync).where(RosterSync.course_id == course_id).with_for_update()
    ).first()


def on_its_way(row: RosterSync) -> datetime | None:
    """When the reading still on its way was asked for; None when none is (never asked, read
    since the last ask, or that ask was lost)."""
    asked = _aware(row.requested_at) if row.requested_at is not None else None
    if asked is None or asked < now() - timedelta(seconds=ON_ITS_WAY_AT_MOST_SECONDS):
        return None
    if row.read_at is not None and _aware(row.read_at) >= asked:
        return None
    return asked


def ask(session: Session, course_id: int, unless_within: float = 0.0) -> bool:
    """Mark the course's roster asked for now, unless a reading is on its way or it was asked
    within `unless_within` seconds (then False: nothing is to be queued)."""
    row = sync_row(session, course_id)
    asked = row.requested_at
    if on_its_way(row) is not None:
        return False
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
