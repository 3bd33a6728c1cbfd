"""Rate limits per API key and per student, so one student's loop cannot starve the class.

Fixed one-minute windows, counted by `service.core.counting` (Redis shared by every API
process where there is one, else this process; never a 500).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from service.core.counting import Counts, counts_for
from service.core.errors import ServiceError
from service.core.settings import Settings
from service.submissions.keys import Caller
from service.submissions.schemas import SubmissionIn

WINDOW_SECONDS = 60


@dataclass(frozen=True)
class Standing:
    """Where a caller stands under its closest limit this minute (the RateLimit-* headers)."""

    limit: int
    remaining: int
    reset_seconds: int

    def headers(self) -> dict[str, str]:
        return {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset_seconds),
        }


class RateLimited(ServiceError):
    status_code = 429

    def __init__(self, detail: str, standing: Standing) -> None:
        super().__init__(detail)
        self.headers = {"Retry-After": str(standing.reset_seconds), **standing.headers()}


@dataclass(frozen=True)
class Limit:
    name: str  # what is limited, in words the client reads
    key: str  # the counter's identity (no raw key or student id)
    per_window: int
    counted: str = "submissions from"  # what is counted, in those words


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x00".join(map(str, parts)).encode()).hexdigest()[:24]


@dataclass(frozen=True)
class SubmissionLimits:
    """The limits one API process enforces, built once from its settings."""

    counts: Counts
    scope: str  # deployments sharing a Redis have their own queue, and their own key ids
    per_key: int
    per_student: int
    clock: Callable[[], float] = time.time

    @classmethod
    def from_settings(cls, settings: Settings) -> SubmissionLimits:
        return cls(
            counts_for(settings),
            settings.queue,
            settings.rate_per_key_per_minute,
            settings.rate_per_student_per_minute,
        )

    def limits_for(self, caller: Caller, body: SubmissionIn) -> list[Limit]:
        student = _digest(caller.platform_id, body.course, body.student)
        return [
            Limit("this API key", f"{self.scope}:key:{caller.key_id}", self.per_key),
            Limit("this student", f"{self.scope}:student:{student}", self.per_student),
        ]

    def check(self, caller: Caller, body: SubmissionIn) -> Standing:
        """Count one submission; RateLimited (429) once a limit is over."""
        return enforce(self.counts, self.limits_for(caller, body), self.clock())


def enforce(
    counts: Counts, limits: list[Limit], moment: float | None = None, seconds: int = WINDOW_SECONDS
) -> Standing:
    """Count one request against every limit (all at once, so a refused request counts against
    each) in fixed windows of `seconds`; RateLimited (429, Retry-After) once one is over, else
    where the closest one stands."""
    current = time.time() if moment is None else moment
    window = int(current // seconds)
    reset = max(1, int((window + 1) * seconds - current + 0.999))
    keys = [f"autograder:rate:{limit.key}:{window}" for limit in limits]
    counts_now = counts.add([(key, 1) for key in keys], seconds * 2)
    span = {60: "a minute", 3600: "an hour"}.get(seconds, f"in {seconds} s")
    for limit, count in zip(limits, counts_now, strict=True):
        if count > limit.per_window:
            raise RateLimited(
                f"too many {limit.counted} {limit.name}: at most {limit.per_window} {span}; "
                f"retry in {reset} s",
                Standing(limit.per_window, 0, reset),
            )
    standings = [
        Standing(limit.per_window, limit.per_window - count, reset)
        for limit, count in zip(limits, counts_now, strict=True)
    ]
    return min(standings, key=lambda standing: (standing.remaining, standing.limit))
