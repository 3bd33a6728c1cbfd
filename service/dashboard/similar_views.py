"""The similar-submissions view of a course's challenge, as the page and the API ask for it:
read from the stored prints, compared within a budget, off the event loop, one computation per
(course, challenge, which) at a time, and kept in a cache bounded by bytes.

A view reads each student's print (its smallest hashes, as many as the budget gives each
program), never the programs; only the programs a page shows are read whole. Submissions
graded before prints were kept have none: a view makes a few, within `backfill_seconds`,
stores them for the next views and says how many are left out meanwhile.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

import anyio
import anyio.to_thread
import numpy as np
from sqlalchemy import func, select

from grader.challenge import Challenge
from service.dashboard import fingerprints, similarity, stored_prints
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import GRADED, course_ids
from service.dashboard.queries.submitted import MAX_CLASS, Printed, Which, class_size, one_per_student
from service.storage.db import Database
from service.storage.tables import Submission

CACHE_BYTES = 32 * 1024 * 1024
COMPUTING = 2  # views computed at once in a process, whatever the courses asking


@dataclass(frozen=True)
class ViewBudget:
    compare: similarity.Budget = field(default_factory=similarity.Budget)
    backfill_seconds: float = 0.5  # prints a view makes of programs graded before they were kept


@dataclass(frozen=True)
class View:
    report: similarity.Report
    capped: bool  # the class was larger than MAX_CLASS


_Key = tuple[int, str, str, int, str]
_Stamp = tuple[int, datetime | None]


class SizedCache:
    """Least recently used views, as many as fit in `capacity` bytes (each counted by its
    report's `size`): a class of thousands costs its bytes, not one entry."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.held = 0
        self._views: OrderedDict[tuple[_Key, _Stamp], tuple[View, int]] = OrderedDict()

    def get(self, key: tuple[_Key, _Stamp]) -> View | None:
        found = self._views.get(key)
        if found is None:
            return None
        self._views.move_to_end(key)
        return found[0]

    def put(self, key: tuple[_Key, _Stamp], view: View) -> None:
        size = view.report.size()
        if size > self.capacity:
            return
        self._drop(key)
        self._views[key] = (view, size)
        self.held += size
        while self.held > self.capacity:
            self._drop(next(iter(self._views)))

    def _drop(self, key: tuple[_Key, _Stamp]) -> None:
        gone = self._views.pop(key, None)
        if gone is not None:
            self.held -= gone[1]

    def clear(self) -> None:
        self._views.clear()
        self.held = 0


_EVERY: weakref.WeakSet[SimilarViews] = weakref.WeakSet()  # a process's apps, for `forget_everywhere`


def forget_everywhere() -> None:
    """Empty the caches of every app of this process: a student was erased (their ids and the
    evidence taken from their code are in the views)."""
    for views in list(_EVERY):
        views.cache.clear()


def held_everywhere() -> int:
    """The bytes the views of this process's apps hold."""
    return sum(views.cache.held for views in list(_EVERY))


class SimilarViews:
    """A process's similar-submissions views: see the module's docstring."""

    def __init__(self, budget: ViewBudget | None = None, cache_bytes: int = CACHE_BYTES) -> None:
        self.budget = budget or ViewBudget()
        self.cache = SizedCache(cache_bytes)
        _EVERY.add(self)
        self._flights: dict[_Key, asyncio.Task[View]] = {}
        self._limiter: anyio.CapacityLimiter | None = None
        self.computed = 0  # views computed (not taken from the cache or another's flight)

    async def view(self, db: Database, course: GrantedCourse, challenge: Challenge, which: Which) -> View:
        key: _Key = (course.platform_id, course.slug, challenge.id, challenge.version, which)
        stamp = await anyio.to_thread.run_sync(partial(_stamp, db, course, challenge.id))
        cached = self.cache.get((key, stamp))
        if cached is not None:
            return cached
        flight = self._flights.get(key)
        if flight is None:
            flight = asyncio.get_running_loop().create_task(self._compute(db, course, challenge, which))
            self._flights[key] = flight
            flight.add_done_callback(lambda done: self._landed(key, stamp, done))
        return await asyncio.shield(flight)

    async def _compute(self, db: Database, course: GrantedCourse, challenge: Challenge, which: Which) -> View:
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(COMPUTING)
        job = partial(build, db, course, challenge, which, self.budget)
        self.computed += 1
        return await anyio.to_thread.run_sync(job, limiter=self._limiter)

    def _landed(self, key: _Key, stamp: _Stamp, done: asyncio.Task[View]) -> None:
        self._flights.pop(key, None)
        if not done.cancelled() and done.exception() is None:
            self.cache.put((key, stamp), done.result())


def _stamp(db: Database, course: GrantedCourse, challenge: str) -> _Stamp:
    """What changes when the class's programs or scores do: a view cached under another is stale."""
    query = select(func.count(), func.max(Submission.finished_at)).where(
        Submission.course_id.in_(course_ids(course)),
        Submission.challenge == challenge,
        Submission.status.in_(GRADED),
    )
    with db.reading() as session:
        count, last = session.execute(query).one()
    return int(count), last


def build(
    db: Database, course: GrantedCourse, challenge: Challenge, which: Which, budget: ViewBudget
) -> View:
    """The view computed now, in the calling thread."""
    with db.reading() as session:
        size = class_size(session, course, challenge.id, which)
        each = min(fingerprints.MAX_PRINTS, max(1, budget.compare.prints // max(1, min(size, MAX_CLASS))))
        rows = one_per_student(session, course, challenge.id, which, 4 * each)
    programs, left = _programs(db, rows, budget.backfill_seconds)
    handed = similarity.given(challenge.starter, challenge.reference_source)
    report = similarity.compare_programs(programs, handed, budget.compare, partial(_spans, db, programs))
    if left:
        report.cuts.append(similarity.Cut("not_fingerprinted", left))
    if size > MAX_CLASS:
        report.cuts.append(similarity.Cut("class", MAX_CLASS))
    return View(report, size > MAX_CLASS)


def _programs(db: Database, rows: Sequence[Printed], seconds: float) -> tuple[list[similarity.Program], int]:
    """The class's programs with a print; those without one get it made and stored while the
    time lasts. How many are left without one."""
    programs, made = [], []
    deadline = time.monotonic() + seconds
    left = 0
    for row in rows:
        if row.hashes is not None:
            hashes = fingerprints.hashes_of(row.hashes)
            programs.append(
                similarity.Program(
                    row.key, row.student, hashes, fingerprints.features_of(row.features), row.cut
                )
            )
        elif time.monotonic() < deadline:
            found = fingerprints.fingerprint(row.code or "")
            made.append((row.key, fingerprints.pack(found)))
            programs.append(similarity.program(row.key, row.student, found))
        else:
            left += 1
    if made:
        with db.transaction() as session:
            for key, packed in made:
                stored_prints.store(session.connection(), key, packed)
    return programs, left


def _spans(
    db: Database, programs: Sequence[similarity.Program], indices: Sequence[int]
) -> Mapping[int, similarity.Spans]:
    with db.reading() as session:
        found = stored_prints.spans(session, [programs[i].key for i in indices])
    nothing = (np.empty(0, dtype=np.uint32), np.empty((0, 2), dtype=np.uint16))
    return {i: found.get(programs[i].key, nothing) for i in indices}
