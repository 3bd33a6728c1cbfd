"""What a course's limits allow a student now, from the times of the attempts that count.

Pure: the caller reads the attempts (under a lock, so that two requests cannot both take the
last one) and the clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

Reason = Literal["max_attempts", "cooldown", "window"]


@dataclass(frozen=True)
class Limits:
    """Every field None is no limit of that kind."""

    max_attempts: int | None = None
    cooldown_seconds: int | None = None
    window_attempts: int | None = None
    window_seconds: int | None = None

    @property
    def limited(self) -> bool:
        return self.max_attempts is not None or self.cooldown_seconds is not None or self._windowed

    @property
    def _windowed(self) -> bool:
        return self.window_attempts is not None and self.window_seconds is not None


@dataclass(frozen=True)
class Standing:
    """Where a student stands: attempts used, allowed (None: no maximum), and whether one more
    may be taken now; if not, why, and from when (None: never, the maximum is used up)."""

    used: int
    allowed: int | None
    refused: Reason | None
    next_at: datetime | None

    @property
    def left(self) -> int | None:
        return None if self.allowed is None else max(self.allowed - self.used, 0)


def standing(limits: Limits, counted: Sequence[datetime], at: datetime) -> Standing:
    """`counted`: the creation times of the attempts that count, in any order."""
    newest_first = sorted(counted, reverse=True)
    used = len(newest_first)
    if limits.max_attempts is not None and used >= limits.max_attempts:
        return Standing(used, limits.max_attempts, "max_attempts", None)
    waits: list[tuple[datetime, Reason]] = []
    if limits.cooldown_seconds is not None and newest_first:
        waits.append((newest_first[0] + timedelta(seconds=limits.cooldown_seconds), "cooldown"))
    if limits.window_attempts is not None and limits.window_seconds is not None:
        span = timedelta(seconds=limits.window_seconds)
        recent = [moment for moment in newest_first if moment > at - span]
        if len(recent) >= limits.window_attempts:
            waits.append((recent[limits.window_attempts - 1] + span, "window"))
    pending = [wait for wait in waits if wait[0] > at]
    if not pending:
        return Standing(used, limits.max_attempts, None, None)
    next_at, reason = max(pending)
    return Standing(used, limits.max_attempts, reason, next_at)
