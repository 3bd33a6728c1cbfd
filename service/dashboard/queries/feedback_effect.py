"""Which messages work: of the students told each diagnosis, or each lesson step a localisation
names, those whose next attempt no longer has it, and the median attempts and time until it was
gone, read from the aggregates kept as results are stored (`service.dashboard.aggregates.effect`):
two small reads whatever the size of the class."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.dashboard.aggregates.effect import DIAGNOSIS, STEP, bucket_seconds
from service.dashboard.aggregates.tables import AggFeedbackEffect, AggFeedbackGone
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.scope import course_ids

KINDS = (DIAGNOSIS, STEP)  # the order they are listed in


@dataclass(frozen=True)
class MessageEffect:
    """One message of a challenge and what the students told it did next."""

    challenge: str
    kind: str  # DIAGNOSIS or STEP
    message_id: str  # the diagnosis's id, or the step's name in the challenge's [steps]
    told: int  # students told it
    answered: int  # of them, those who made an attempt that ran since
    gone_next: int  # of them, those whose next attempt that ran no longer has it
    gone: int  # those in whose attempts since it is gone
    median_attempts: float | None  # until it was gone (1: the next attempt), over those
    median_seconds: float | None  # likewise, from the attempt that told it (within 4.4 %)

    @property
    def next_share(self) -> float | None:
        """Of the students who tried again, the share whose next attempt no longer has it."""
        return self.gone_next / self.answered if self.answered else None


def median(counts: Mapping[float, int]) -> float | None:
    """The median of values given with how many times each occurs (the mean of the middle two
    when their number is even), None for none."""
    ordered = sorted((value, n) for value, n in counts.items() if n > 0)
    total = sum(n for _, n in ordered)
    if total == 0:
        return None

    def at(position: int) -> float:
        seen = 0
        for value, n in ordered:
            seen += n
            if position < seen:
                return value
        raise IndexError(position)

    return (at((total - 1) // 2) + at(total // 2)) / 2


def feedback_effects(
    session: Session, course: GrantedCourse, challenge: str | None = None
) -> list[MessageEffect]:
    """Every message told in the course (in one challenge when given), by challenge, diagnoses
    first, the most told first."""
    counts = select(AggFeedbackEffect).where(
        AggFeedbackEffect.course_id.in_(course_ids(course)), AggFeedbackEffect.told > 0
    )
    gone = select(AggFeedbackGone).where(
        AggFeedbackGone.course_id.in_(course_ids(course)), AggFeedbackGone.students > 0
    )
    if challenge is not None:
        counts = counts.where(AggFeedbackEffect.challenge == challenge)
        gone = gone.where(AggFeedbackGone.challenge == challenge)
    attempts: dict[tuple[str, str, str], Counter[float]] = defaultdict(Counter)
    seconds: dict[tuple[str, str, str], Counter[float]] = defaultdict(Counter)
    for row in session.scalars(gone):
        key = (row.challenge, row.kind, row.message_id)
        attempts[key][row.attempts] += row.students
        seconds[key][bucket_seconds(row.time_bucket)] += row.students
    found = [
        MessageEffect(
            row.challenge,
            row.kind,
            row.message_id,
            row.told,
            row.answered,
            row.gone_next,
            row.gone,
            median(attempts[(row.challenge, row.kind, row.message_id)]),
            median(seconds[(row.challenge, row.kind, row.message_id)]),
        )
        for row in session.scalars(counts)
    ]
    return sorted(found, key=_listed)


def _listed(effect: MessageEffect) -> tuple[str, int, int, str]:
    rank = KINDS.index(effect.kind) if effect.kind in KINDS else len(KINDS)
    return (effect.challenge, rank, -effect.told, effect.message_id)
