"""What a late attempt is worth in the gradebook, by the course's late policy.

`best_on_time`: late attempts are graded and shown, but the gradebook keeps the best (or last)
on-time score, 0 when none was on time. `penalty`: a late attempt's score loses a share per day
(or part of a day) late. No late policy: a late attempt counts as any other. Pure: the caller
reads the attempts and the student's due date.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

LatePolicy = Literal["best_on_time", "penalty"]
ScoreMode = Literal["best", "last"]
DAY_SECONDS = 86400


@dataclass(frozen=True)
class Due:
    """A student's due date for a challenge (theirs by extension, else the course's, else the
    LMS's) and the late policy; `at` None: no due date."""

    at: datetime | None = None
    policy: LatePolicy | None = None
    penalty_percent: float | None = None  # per day late, of the score


@dataclass(frozen=True)
class Graded:
    submitted_at: datetime
    score: float


@dataclass(frozen=True)
class Counted:
    """What one attempt counts for, as every reader is told it (the API, the pages, the CSVs):
    whether it came late and by how many days (or parts of one), and the score the late policy
    counts (None until graded; 0 for a late attempt that does not count, under best on time)."""

    late: bool
    days_late: int
    counted_score: float | None


@dataclass(frozen=True)
class Gradebook:
    """The score to pass back and its timestamp: when the newest graded attempt was submitted."""

    score: float
    timestamp: datetime


def days_late(submitted_at: datetime, due: Due) -> int:
    if due.at is None or submitted_at <= due.at:
        return 0
    return math.ceil((submitted_at - due.at).total_seconds() / DAY_SECONDS)


def worth(attempt: Graded, due: Due) -> float | None:
    """The attempt's score in the gradebook; None: it does not count there (late, best on time)."""
    late = days_late(attempt.submitted_at, due)
    if late == 0 or due.policy is None:
        return attempt.score
    if due.policy == "best_on_time":
        return None
    share = max(0.0, 1 - (due.penalty_percent or 0) / 100 * late)
    return round(attempt.score * share, 2)


def counted(submitted_at: datetime, score: float | None, due: Due) -> Counted:
    """The one decision of what an attempt counts for: the passback's `worth`, told."""
    late = days_late(submitted_at, due)
    if score is None:
        return Counted(late > 0, late, None)
    value = worth(Graded(submitted_at, score), due)
    return Counted(late > 0, late, 0.0 if value is None else value)


def gradebook(attempts: Sequence[Graded], due: Due, mode: ScoreMode) -> Gradebook:
    """The best (or the last) of what the attempts are worth; at least one attempt."""
    newest = max(attempts, key=lambda a: a.submitted_at)
    counted = [(a.submitted_at, value) for a in attempts if (value := worth(a, due)) is not None]
    if not counted:
        return Gradebook(0.0, newest.submitted_at)
    score = max(counted)[1] if mode == "last" else max(value for _, value in counted)
    return Gradebook(score, newest.submitted_at)
