"""Asking for a course's roster: each ask is marked on its `RosterSync` row (the launches', the
instructor's and the platform's alike), so that launches in a row ask the LMS once, and an ask
while a reading is on its way (queued or running) joins it instead of queueing another."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, exists, select
from sqlalchemy.orm import Session

from service.roster.tables import RosterMember, RosterSync
from service.storage.db import Database
from service.storage.tables import Course, Student, now


@dataclass(frozen=True)
class Member:
    student: str  # the student id this user's launches submit under
    name: str | None
    status: str  # active or inactive


@dataclass(frozen=True)
class Listing:
    members: dict[str, Member]
    skipped: int  # entries refused (malformed, or not of a member)


@dataclass(frozen=True)
class Refreshed:
    members: int
    skipped: int
    error: str | None


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


def knows(session: Session, platform_id: int, course: str, student: str) -> bool:
    """Whether the course knows the student: they submitted, or its LMS's roster lists them."""
    course_id = (
        select(Course.id).where(Course.platform_id == platform_id, Course.slug == course).scalar_subquery()
    )
    submitted = exists().where(Student.course_id == course_id, Student.external_id == student)
    enrolled = exists().where(RosterMember.course_id == course_id, RosterMember.student == student)
    return bool(session.scalar(select(submitted | enrolled)))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def store_listing(session: Session, course_id: int, listing: Listing) -> None:
    """The course's roster becomes this list: members gone from the LMS are gone here too."""
    kept = {
        row.student: row
        for row in session.scalars(select(RosterMember).where(RosterMember.course_id == course_id))
    }
    gone = [student for student in kept if student not in listing.members]
    if gone:
        session.execute(
            delete(RosterMember).where(RosterMember.course_id == course_id, RosterMember.student.in_(gone))
        )
    moment = now()
    for student, found in listing.members.items():
        row = kept.get(student)
        if row is None:
            session.add(
                RosterMember(
                    course_id=course_id, student=student, name=found.name, status=found.status, seen_at=moment
                )
            )
        else:
            row.name, row.status, row.seen_at = found.name, found.status, moment


def record(db: Database, course_id: int, listing: Listing | None, error: str | None) -> Refreshed:
    """A reading's end: the list read (None: it failed, and the roster stays as it was) and why
    it failed, kept for the dashboard."""
    with db.transaction() as session:
        row = sync_row(session, course_id)
        row.error, row.read_at = error, now()
        if listing is not None:
            store_listing(session, course_id, listing)
            row.synced_at, row.members, row.skipped = now(), len(listing.members), listing.skipped
        return Refreshed(row.members, row.skipped, error)
