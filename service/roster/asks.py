"""Asking a course's LMS for its roster again, for the dashboard's button and the platform's
`POST /v1/courses/{course}/roster/refresh` alike: an ask while a reading is on its way (queued or
running) joins it, and at most `per_hour` readings a course an hour are queued (counted like every
rate limit, `service.core.counting`); each reading is itself held to its budget by the worker."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from kombu.exceptions import OperationalError
from sqlalchemy import select

from service.core.counting import Counts, counts_for
from service.core.errors import NotReady
from service.core.settings import Settings
from service.messaging.enqueue import TaskQueue
from service.roster import store
from service.storage.db import Database
from service.storage.tables import Course
from service.submissions.rate_limits import Limit, enforce

HOUR = 3600


@dataclass(frozen=True)
class Asked:
    requested_at: datetime
    queued: bool  # False: a reading asked for before is on its way, and this ask joined it


@dataclass(frozen=True)
class RosterAsks:
    counts: Counts
    scope: str  # deployments sharing a Redis count apart (their queue names differ)
    per_hour: int

    @classmethod
    def from_settings(cls, settings: Settings) -> RosterAsks:
        return cls(counts_for(settings), settings.queue, settings.roster_reads_per_course_per_hour)

    def ask(self, db: Database, queue: TaskQueue, platform_id: int, course: str) -> Asked | None:
        """The reading asked for (or joined); None when no LMS ever offered the course's roster.
        RateLimited (429) past the course's readings this hour, NotReady (503) without a queue."""
        with db.transaction() as session:
            course_id = session.scalar(
                select(Course.id).where(Course.platform_id == platform_id, Course.slug == course)
            )
            row = store.locked_row(session, course_id) if course_id is not None else None
            if course_id is None or row is None:  # no row: no launch ever named a roster
                return None
            joined = store.on_its_way(row)
            if joined is not None:
                return Asked(joined, queued=False)
            limit = Limit(
                "for this course", f"{self.scope}:roster:{course_id}", self.per_hour, "roster readings asked"
            )
            enforce(self.counts, [limit], seconds=HOUR)
            store.ask(session, course_id)
            asked = row.requested_at
            # Sent before the commit, on the row's lock: a queue that is down leaves nothing marked
            # asked (that would hold every later ask until the mark grows old). The reading needs
            # only the course's LMS contexts, committed by the launches that named them.
            try:
                queue.roster(course_id)
            except (OperationalError, OSError) as error:
                raise NotReady("the queue is unavailable; ask for the roster again in a moment") from error
        assert asked is not None  # noqa: S101 narrows for mypy: `ask` just set it
        return Asked(asked, queued=True)
