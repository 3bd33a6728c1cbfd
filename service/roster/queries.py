"""A course's roster (its LMS's enrolled learners) beside what each did: their best score per
challenge, or nothing where they never submitted. Read whole: a roster is capped (20,000)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from service.roster import store
from service.roster.tables import RosterMember, RosterSync
from service.storage.tables import Course

# (student, challenge, best score) of the course's students the select lists, for the challenges
# each submitted to: the dashboard's aggregates (it hands them in, the roster knows no scores).
Bests = Callable[[Session, int, Select[str]], Iterable[tuple[str, str, float]]]

Show = Literal["all", "not_started", "not_100"]
FULL = 100.0 - 1e-9


@dataclass
class Enrolled:
    student: str
    name: str | None
    status: str  # active or inactive
    best: dict[str, float] = field(default_factory=dict)  # only the challenges they submitted to

    def started(self, challenge: str) -> bool:
        return challenge in self.best

    def shown(self, show: Show, challenge: str) -> bool:
        if show == "not_started":
            return not self.started(challenge)
        if show == "not_100":
            return self.best.get(challenge, 0.0) < FULL
        return True


@dataclass(frozen=True)
class Sync:
    requested_at: datetime | None
    synced_at: datetime | None
    members: int
    skipped: int
    error: str | None
    reading: bool  # a reading asked for is on its way (queued or running)


@dataclass(frozen=True)
class Tally:
    """A challenge across the roster: how many never submitted, how many are below 100."""

    challenge: str
    not_started: int
    not_100: int
    members: int


@dataclass(frozen=True)
class Roster:
    sync: Sync | None  # None: no LMS ever offered this course's roster
    members: list[Enrolled]

    def tally(self, challenge: str) -> Tally:
        return Tally(
            challenge,
            sum(1 for m in self.members if not m.started(challenge)),
            sum(1 for m in self.members if m.shown("not_100", challenge)),
            len(self.members),
        )


def course_roster(session: Session, platform_id: int, course: str, bests: Bests) -> Roster:
    course_id = session.scalar(
        select(Course.id).where(Course.platform_id == platform_id, Course.slug == course)
    )
    if course_id is None:
        return Roster(None, [])
    sync_row = session.get(RosterSync, course_id)
    listed = select(RosterMember).where(RosterMember.course_id == course_id).order_by(RosterMember.student)
    members = {row.student: Enrolled(row.student, row.name, row.status) for row in session.scalars(listed)}
    students = select(RosterMember.student).where(RosterMember.course_id == course_id)
    for student, challenge, best in bests(session, course_id, students):
        if student in members:
            members[student].best[challenge] = best
    return Roster(_sync(sync_row), list(members.values()))


def _sync(row: RosterSync | None) -> Sync | None:
    if row is None:
        return None
    reading = store.on_its_way(row) is not None
    return Sync(_utc(row.requested_at), _utc(row.synced_at), row.members, row.skipped, row.error, reading)


def _utc(moment: datetime | None) -> datetime | None:
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)
