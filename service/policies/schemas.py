"""A course policy as the API and the dashboard read and write it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from service.policies.rules import Limits
from service.policies.store import Rules

MAX_ATTEMPTS = 1000
MAX_SECONDS = 30 * 24 * 3600  # thirty days

Attempts = Annotated[int, Field(ge=1, le=MAX_ATTEMPTS)]
Seconds = Annotated[int, Field(ge=1, le=MAX_SECONDS)]


class PolicyIn(BaseModel):
    """Limits on a student's attempts at a challenge; a field left out (or null) is no limit."""

    model_config = ConfigDict(extra="forbid")

    max_attempts: Attempts | None = Field(
        default=None, description="graded attempts allowed in all; an internal error of ours never counts"
    )
    cooldown_seconds: Seconds | None = Field(default=None, description="seconds between two attempts")
    window_attempts: Attempts | None = Field(
        default=None, description="at most this many attempts in any `window_seconds` (both or neither)"
    )
    window_seconds: Seconds | None = Field(default=None, description="the span of `window_attempts`")
    due_at: datetime | None = Field(
        default=None,
        description="the due date (with its zone); else the LMS's line item's `endDateTime`, if any",
    )
    late_policy: Literal["best_on_time", "penalty"] | None = Field(
        default=None,
        description=(
            "late attempts are graded and shown either way; `best_on_time`: the LMS gradebook keeps the"
            " best on-time score; `penalty`: a late score loses `late_penalty_percent` per day late;"
            " null: a late attempt counts as any other"
        ),
    )
    late_penalty_percent: Annotated[float, Field(ge=0, le=100)] | None = Field(
        default=None, description="with `penalty`: the share of the score lost per day (or part of one) late"
    )

    @model_validator(mode="after")
    def _whole(self) -> Self:
        if (self.window_attempts is None) != (self.window_seconds is None):
            raise ValueError("window_attempts and window_seconds go together: give both or neither")
        if self.due_at is not None and self.due_at.tzinfo is None:
            raise ValueError("due_at needs its time zone (e.g. 2026-12-20T23:59:00+01:00)")
        if (self.late_policy == "penalty") != (self.late_penalty_percent is not None):
            raise ValueError("late_penalty_percent goes with late_policy penalty, and only with it")
        return self

    def rules(self) -> Rules:
        limits = Limits(self.max_attempts, self.cooldown_seconds, self.window_attempts, self.window_seconds)
        return Rules(limits, self.due_at, self.late_policy, self.late_penalty_percent)

    @classmethod
    def of(cls, rules: Rules) -> Self:
        limits = rules.limits
        return cls(
            max_attempts=limits.max_attempts,
            cooldown_seconds=limits.cooldown_seconds,
            window_attempts=limits.window_attempts,
            window_seconds=limits.window_seconds,
            due_at=rules.due_at,
            late_policy=rules.late_policy,
            late_penalty_percent=rules.late_penalty_percent,
        )


class Policy(PolicyIn):
    challenge: str = Field(description="the challenge's id, or `*` for the course-wide policy")


class CoursePolicies(BaseModel):
    course: str
    policies: list[Policy] = Field(
        description="a challenge's own policy replaces the course-wide one (`*`) for that challenge"
    )


class ExtensionIn(BaseModel):
    """A student's own due date for a challenge (`*`: every challenge of the course); null removes it."""

    model_config = ConfigDict(extra="forbid")

    student: Annotated[str, Field(min_length=1, max_length=200)]
    challenge: Annotated[str, Field(min_length=1, max_length=100)]
    due_at: datetime | None

    @model_validator(mode="after")
    def _zoned(self) -> Self:
        if self.due_at is not None and self.due_at.tzinfo is None:
            raise ValueError("due_at needs its time zone (e.g. 2026-12-20T23:59:00+01:00)")
        return self


class Extension(BaseModel):
    student: str
    challenge: str
    due_at: datetime


class CourseExtensions(BaseModel):
    course: str
    extensions: list[Extension]


class ExtensionSaved(CourseExtensions):
    unknown_student: bool = Field(
        description="the course knows no such student (no submission, not on its LMS roster): a typo?"
        " The extension is kept all the same (it may come before their first attempt)"
    )
