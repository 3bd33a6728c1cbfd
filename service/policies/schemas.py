"""A course policy as the API and the dashboard read and write it."""

from __future__ import annotations

from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from service.policies.rules import Limits

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

    @model_validator(mode="after")
    def _window_whole(self) -> Self:
        if (self.window_attempts is None) != (self.window_seconds is None):
            raise ValueError("window_attempts and window_seconds go together: give both or neither")
        return self

    def limits(self) -> Limits:
        return Limits(self.max_attempts, self.cooldown_seconds, self.window_attempts, self.window_seconds)

    @classmethod
    def of(cls, limits: Limits) -> Self:
        return cls(
            max_attempts=limits.max_attempts,
            cooldown_seconds=limits.cooldown_seconds,
            window_attempts=limits.window_attempts,
            window_seconds=limits.window_seconds,
        )


class Policy(PolicyIn):
    challenge: str = Field(description="the challenge's id, or `*` for the course-wide policy")


class CoursePolicies(BaseModel):
    course: str
    policies: list[Policy] = Field(
        description="a challenge's own policy replaces the course-wide one (`*`) for that challenge"
    )
