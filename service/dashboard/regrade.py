"""Regrade batches: the submissions of a course (or one challenge) not yet graded at the current
version, previewed before anything is stored.

A batch starts as a preview: each submission is graded again and its result kept on its item
(`regrade_items`), not among the results, so the instructor sees what would change (who goes up
or down, which LMS grades would move) with nothing stored and nothing sent. Confirming stores
those results (earlier ones stay: the results table keys by submission and challenge version) and
passes back the grades that changed. Progress is counted from the rows themselves, so a repeated
task is not counted twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, func, insert, literal, select
from sqlalchemy.orm import Session

from service.core.errors import Conflict, Invalid, NotFound
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import current_version, graded_submissions, not_graded_at_current
from service.dashboard.tables import Regrade, RegradeItem
from service.storage.tables import Course, GradingResult, Submission, now


@dataclass(frozen=True)
class Progress:
    id: int
    course: str
    challenge: str | None
    total: int
    previewed: int  # items whose preview result is kept
    stored: int  # items whose result is stored (after confirming)
    confirmed_at: datetime | None

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None

    @property
    def done(self) -> int:
        """What the current step has done: previewed before confirming, stored after."""
        return self.stored if self.confirmed else self.previewed

    @property
    def previewed_all(self) -> bool:
        return self.previewed >= self.total

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def percent(self) -> int:
        return 100 if not self.total else round(100 * self.done / self.total)


PREVIEWING_HOURS = 1  # a preview older than this no longer holds its course's next one


def previewing(session: Session, course: GrantedCourse) -> int | None:
    """The course's batch still being previewed (started within PREVIEWING_HOURS, not confirmed,
    some of its submissions not previewed yet), if any."""
    pending = select(RegradeItem.regrade_id).where(
        RegradeItem.regrade_id == Regrade.id, RegradeItem.score.is_(None)
    )
    query = select(Regrade.id).where(
        Regrade.platform_id == course.platform_id,
        Regrade.course == course.slug,
        Regrade.confirmed_at.is_(None),
        Regrade.created_at > now() - timedelta(hours=PREVIEWING_HOURS),
        pending.exists(),
    )
    return session.scalar(query.order_by(Regrade.id.desc()).limit(1))


def start(
    session: Session,
    course: GrantedCourse,
    challenge: str | None,
    versions: Mapping[str, int],
    instructor_id: int | None,
) -> Regrade:
    """Record a batch of the submissions to preview (the caller commits, then sends their tasks).
    Nothing graded at an older version: nothing to regrade, and no batch. One preview of a course
    at a time: each grades the course again, and a click repeated would queue it again."""
    if challenge is not None and challenge not in versions:
        raise Invalid(f"unknown challenge {challenge!r}")
    session.execute(  # starts of one course wait for each other here (SQLite: for the transaction)
        select(Course.id)
        .where(Course.platform_id == course.platform_id, Course.slug == course.slug)
        .with_for_update()
    )
    running = previewing(session, course)
    if running is not None:
        raise Conflict(f"regrade {running} of this course is being previewed: wait for it to finish")
    chosen = {c: v for c, v in versions.items() if challenge is None or c == challenge}
    batch = Regrade(
        platform_id=course.platform_id,
        course=course.slug,
        challenge=challenge,
        instructor_id=instructor_id,
        total=0,
    )
    session.add(batch)
    session.flush()
    todo = select(literal(batch.id), Submission.id, current_version(chosen)).where(
        graded_submissions(course), Submission.challenge.in_(list(chosen)), not_graded_at_current(chosen)
    )
    session.execute(
        insert(RegradeItem).from_select(["regrade_id", "submission_id", "challenge_version"], todo)
    )
    batch.total = session.scalar(select(func.count()).where(RegradeItem.regrade_id == batch.id)) or 0
    if batch.total == 0:  # raised inside the transaction: the empty batch is not kept
        raise Conflict("nothing to regrade: every result is of the current version of its challenge")
    return batch


def submission_ids(session: Session, regrade_id: int) -> list[str]:
    return list(
        session.scalars(select(RegradeItem.submission_id).where(RegradeItem.regrade_id == regrade_id))
    )


def _batch(session: Session, regrade_id: int, courses: tuple[GrantedCourse, ...]) -> Regrade:
    batch = session.get(Regrade, regrade_id)
    if batch is None or (batch.platform_id, batch.course) not in {(c.platform_id, c.slug) for c in courses}:
        raise NotFound(f"no regrade {regrade_id}")
    return batch


def progress(session: Session, regrade_id: int, courses: tuple[GrantedCourse, ...]) -> Progress:
    batch = _batch(session, regrade_id, courses)
    items = RegradeItem.regrade_id == regrade_id
    previewed = session.scalar(select(func.count()).where(items, RegradeItem.score.is_not(None)))
    stored = session.scalar(
        select(func.count())
        .select_from(RegradeItem)
        .join(
            GradingResult,
            and_(
                GradingResult.submission_id == RegradeItem.submission_id,
                GradingResult.challenge_version == RegradeItem.challenge_version,
            ),
        )
        .where(items)
    )
    return Progress(
        batch.id, batch.course, batch.challenge, batch.total, previewed or 0, stored or 0, batch.confirmed_at
    )


def confirm(
    session: Session, regrade_id: int, courses: tuple[GrantedCourse, ...], versions: Mapping[str, int]
) -> bool:
    """Mark a previewed batch confirmed (the caller commits, then sends its storing); False when it
    was confirmed already (a second click sends nothing twice)."""
    batch = _batch(session, regrade_id, courses)
    if batch.confirmed_at is not None:
        return False
    found = progress(session, regrade_id, courses)
    if not found.previewed_all:
        raise Conflict("the preview is not finished yet: confirm once every submission is previewed")
    moved_on = session.scalar(
        select(func.count())
        .select_from(RegradeItem)
        .join(Submission, Submission.id == RegradeItem.submission_id)
        .where(
            RegradeItem.regrade_id == regrade_id, RegradeItem.challenge_version != current_version(versions)
        )
    )
    if moved_on:
        raise Conflict("a challenge has a new version since this preview: preview the regrade again")
    batch.confirmed_at = now()
    return True
