"""What a regrade changed: each student's best score on a challenge before it (their attempts'
results at the earlier version) and after it (at the version regraded to), who went up or down
and by how much. Read from the stored results alone, so it is the same whenever it is asked."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, func, select
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
    """The batch's effect; a submission not regraded yet has no `after` and is left out."""
    versions, earlier = aliased(GradingResult), aliased(GradingResult)
    newest_earlier = (
        select(func.max(versions.challenge_version))
        .where(
            versions.submission_id == RegradeItem.submission_id,
            versions.challenge_version < RegradeItem.challenge_version,
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
        select(Student.external_id, Submission.challenge, before.scalar_subquery(), GradingResult.score)
        .select_from(RegradeItem)
        .join(Submission, Submission.id == RegradeItem.submission_id)
        .join(Student, Student.id == Submission.student_id)
        .join(
            GradingResult,
            and_(
                GradingResult.submission_id == RegradeItem.submission_id,
                GradingResult.challenge_version == RegradeItem.challenge_version,
            ),
        )
        .where(RegradeItem.regrade_id == regrade_id)
    ).all()
    best: dict[tuple[str, str], tuple[float, float]] = {}
    for student, challenge, was, now in rows:
        old, new = best.get((student, challenge), (0.0, 0.0))
        best[(student, challenge)] = (max(old, was or 0.0), max(new, now))
    return Effect(tuple(sorted(Change(s, c, b, a) for (s, c), (b, a) in best.items())))
