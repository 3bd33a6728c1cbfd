"""A course's roster (its LMS's enrolled learners) beside what each did: their best score per
challenge, or nothing where they never submitted. Read whole: a roster is capped (20,000)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.dashboard.aggregates.tables import AggStudentChallenge
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import course_ids
from service.dashboard.timezones import utc
from service.storage import rosters
from service.storage.roster_tables import RosterMember, RosterSync

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


def course_roster(session: Session, course: GrantedCourse) -> Roster:
    course_id = course_ids(course).scalar_subquery()
    sync_row = session.scalars(select(RosterSync).where(RosterSync.course_id == course_id)).first()
    members = {
        row.student: Enrolled(row.student, row.name, row.status)
        for row in session.scalars(
            select(RosterMember).where(RosterMember.course_id == course_id).order_by(RosterMember.student)
        )
    }
    bests = select(
        AggStudentChallenge.external_id, AggStudentChallenge.challenge, AggStudentChallenge.best
    ).where(
        AggStudentChallenge.course_id == course_id,
        AggStudentChallenge.external_id.in_(
            select(RosterMember.student).where(RosterMember.course_id == course_id)
        ),
    )
    for student, challenge, best in session.execute(bests):
        if student in members:
            members[student].best[challenge] = best
    return Roster(_sync(sync_row), list(members.values()))


def _sync(row: RosterSync | None) -> Sync | None:
    if row is None:
        return None
    reading = rosters.on_its_way(row) is not None
    return Sync(utc(row.requested_at), utc(row.synced_at), row.members, row.skipped, row.error, reading)
