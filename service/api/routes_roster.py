"""`/v1/courses/{course}/roster`: the platform reads a course's roster as its LMS last listed it
(LTI NRPS), with each learner's best per challenge, and asks the LMS for it again."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from service.api.contract import errors
from service.core.errors import NotFound
from service.dashboard.aggregates.bests import bests
from service.roster.asks import RosterAsks
from service.roster.queries import course_roster
from service.submissions.keys import course_of
from service.web.deps import CurrentCaller, Db, Tasks

router = APIRouter(prefix="/v1/courses/{course}", tags=["roster"])


class RosterMember(BaseModel):
    student: str = Field(description="the student id this learner's LTI launches submit under")
    name: str | None = Field(description="as the LMS gives it, when it does")
    status: str = Field(description="`active` or `inactive`, as the LMS says")
    best: dict[str, float] = Field(description="best score per challenge submitted to; absent: not started")


class CourseRoster(BaseModel):
    course: str
    offered: bool = Field(description="an LMS launch named this course's roster (NRPS); false: none ever did")
    requested_at: datetime | None = Field(description="when the roster was last asked for")
    synced_at: datetime | None = Field(description="when the LMS's list was last read whole")
    skipped: int = Field(description="entries of that list left out as not valid")
    error: str | None = Field(
        description="why the last reading failed (the members are then the earlier list's)"
    )
    reading: bool = Field(description="a reading asked for is on its way (queued or running)")
    members: list[RosterMember]


class RosterAsked(BaseModel):
    course: str
    requested_at: datetime = Field(description="when the reading on its way was asked for")
    queued: bool = Field(
        description="false: a reading asked for before was still queued or running, and this ask joined it"
    )


@router.get("/roster", responses=errors(401, 403, 422, 503))
def get_course_roster(course: str, caller: CurrentCaller, db: Db) -> CourseRoster:
    """Every learner the course's LMS lists, those who never submitted included."""
    slug = course_of(caller, course)
    with db.reading() as session:
        found = course_roster(session, caller.platform_id, slug, bests)
    sync = found.sync
    members = [
        RosterMember(student=m.student, name=m.name, status=m.status, best=m.best) for m in found.members
    ]
    return CourseRoster(
        course=slug,
        offered=sync is not None,
        requested_at=sync.requested_at if sync else None,
        synced_at=sync.synced_at if sync else None,
        skipped=sync.skipped if sync else 0,
        error=sync.error if sync else None,
        reading=sync.reading if sync else False,
        members=members,
    )


@router.post("/roster/refresh", status_code=202, responses=errors(401, 403, 404, 422, 429, 503))
def refresh_course_roster(
    course: str, caller: CurrentCaller, queue: Tasks, db: Db, request: Request
) -> RosterAsked:
    """Ask the course's LMS for its roster again; read in the background (`synced_at` moves).
    An ask while a reading is on its way joins it (`queued` false); a course's readings are
    limited per hour (429 with `Retry-After` beyond)."""
    slug = course_of(caller, course)
    asks: RosterAsks = request.app.state.dashboard.state.roster_asks
    asked = asks.ask(db, queue, caller.platform_id, slug)
    if asked is None:
        raise NotFound(f"no LMS has offered the roster of course {slug!r}: launch it from one first")
    return RosterAsked(course=slug, requested_at=asked.requested_at, queued=asked.queued)
