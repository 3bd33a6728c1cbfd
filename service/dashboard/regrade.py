"""Regrade batches: the submissions of a course (or one challenge) not yet graded at the current version.

Earlier results stay: the results table keys by (submission, challenge version), so a regrade
adds rows. Progress is counted from the results themselves, so a repeated task is not counted twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import and_, func, insert, literal, select
from sqlalchemy.orm import Session

from service.core.errors import Invalid, NotFound
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import current_version, graded_submissions, not_graded_at_current
from service.dashboard.tables import Regrade, RegradeItem
from service.storage.tables import GradingResult, Submission


@dataclass(frozen=True)
class Progress:
    id: int
    course: str
    challenge: str | None
    total: int
    done: int

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    @property
    def percent(self) -> int:
        return 100 if not self.total else round(100 * self.done / self.total)


def start(
    session: Session,
    course: GrantedCourse,
    challenge: str | None,
    versions: Mapping[str, int],
    instructor_id: int | None,
) -> Regrade:
    """Record a batch of the submissions to regrade (the caller commits, then sends their tasks)."""
    if challenge is not None and challenge not in versions:
        raise Invalid(f"unknown challenge {challenge!r}")
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
    return batch


def submission_ids(session: Session, regrade_id: int) -> list[str]:
    return list(
        session.scalars(select(RegradeItem.submission_id).where(RegradeItem.regrade_id == regrade_id))
    )


def progress(session: Session, regrade_id: int, courses: tuple[GrantedCourse, ...]) -> Progress:
    batch = session.get(Regrade, regrade_id)
    if batch is None or (batch.platform_id, batch.course) not in {(c.platform_id, c.slug) for c in courses}:
        raise NotFound(f"no regrade {regrade_id}")
    done = session.scalar(
        select(func.count())
        .select_from(RegradeItem)
        .join(
            GradingResult,
            and_(
                GradingResult.submission_id == RegradeItem.submission_id,
                GradingResult.challenge_version == RegradeItem.challenge_version,
            ),
        )
        .where(RegradeItem.regrade_id == regrade_id)
    )
    return Progress(batch.id, batch.course, batch.challenge, batch.total, done or 0)
