"""What a regrade changes: each student's best score on a challenge before it (their attempts'
results at the earlier version) and after it (the batch's results at the version regraded to,
kept on its items from the preview on), who goes up or down and by how much; and which grades of
an LMS gradebook would move. Read from stored rows alone, so it is the same whenever it is asked,
before confirming and after."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from service.dashboard.tables import RegradeItem
from service.storage.tables import GradingResult, Student, Submission


@dataclass(frozen=True, order=True)
class Change:
    student: str
    challenge: str
    before: float
    after: float

    @property
    def delta(self) -> float:
        return round(self.after - self.before, 2)


@dataclass(frozen=True)
class Effect:
    changes: tuple[Change, ...]  # every student and challenge of the batch, moved or not

    @property
    def up(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.delta > 0)

    @property
    def down(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.delta < 0)

    @property
    def unchanged(self) -> int:
        return sum(1 for c in self.changes if c.delta == 0)

    @property
    def moved(self) -> tuple[Change, ...]:
        return tuple(sorted((*self.up, *self.down), key=lambda c: (-abs(c.delta), c.student)))


def effect(session: Session, regrade_id: int) -> Effect:
    """The batch's effect; a submission not previewed yet has no `after` and is left out."""
    earlier = aliased(GradingResult)
    newest_earlier = (
        select(func.max(GradingResult.challenge_version))
        .where(
            GradingResult.submission_id == RegradeItem.submission_id,
            GradingResult.challenge_version < RegradeItem.challenge_version,
        )
        .correlate(RegradeItem)
        .scalar_subquery()
    )
    before = (
        select(earlier.score)
        .where(
            earlier.submission_id == RegradeItem.submission_id, earlier.challenge_version == newest_earlier
        )
        .correlate(RegradeItem)
    )
    rows = session.execute(
        select(Student.external_id, Submission.challenge, before.scalar_subquery(), RegradeItem.score)
        .select_from(RegradeItem)
        .join(Submission, Submission.id == RegradeItem.submission_id)
        .join(Student, Student.id == Submission.student_id)
        .where(RegradeItem.regrade_id == regrade_id, RegradeItem.score.is_not(None))
    ).all()
    best: dict[tuple[str, str], tuple[float, float]] = {}
    for student, challenge, was, now in rows:
        old, new = best.get((student, challenge), (0.0, 0.0))
        best[(student, challenge)] = (max(old, was or 0.0), max(new, now))
    return Effect(tuple(sorted(Change(s, c, b, a) for (s, c), (b, a) in best.items())))


@dataclass(frozen=True, order=True)
class GradebookMove:
    """A grade of an LMS gradebook the batch would change, once confirmed and passed back."""

    student: str
    challenge: str
    sent: float | None  # what the gradebook last took (None: nothing yet)
    after: float  # what it would get, under the course's late policy and score mode


# The LMS side, handed in by the app that assembles the dashboard (the LTI tool sits above it):
# the grades a batch's results would move, read from the stored rows.
GradebookMoves = Callable[[Session, int], list[GradebookMove]]


def no_gradebooks(_: Session, __: int) -> list[GradebookMove]:
    """Without an LTI tool no grade reaches an LMS gradebook."""
    return []
