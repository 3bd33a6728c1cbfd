"""Bodies of the student page's own endpoints and of the signed-link API."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from service.students.grants import DEFAULT_SECONDS, MAX_SECONDS
from service.submissions.schemas import Name, PlainText, Status


def _origin(value: str) -> str:
    scheme, _, rest = value.partition("://")
    if scheme not in ("http", "https") or not rest or "/" in rest or any(c in rest for c in " ;,'\""):
        raise ValueError("must be an origin such as https://moodle.example.org (scheme and host, no path)")
    return value


class StudentLinkIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    course: Name
    student: Name
    challenge: Annotated[str, Field(min_length=1, max_length=100)]
    lang: Literal["es", "en"] = "es"
    expires_in: Annotated[int, Field(ge=60, le=MAX_SECONDS)] = Field(
        default=DEFAULT_SECONDS, description="seconds the link stays valid (60 to 86400)"
    )
    frame_origin: Annotated[str, Field(max_length=300), AfterValidator(_origin)] | None = Field(
        default=None, description="the origin of the platform page that shows the link in an iframe"
    )


class StudentLink(BaseModel):
    url: str = Field(description="the student's challenge page; open it or embed it in an iframe")
    expires_at: datetime


class CodeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: PlainText


class Attempt(BaseModel):
    """One submission as the student page shows it."""

    id: str
    status: Status
    status_text: str  # the status in the page's language
    score: float | None
    created_at: datetime
    late: bool = False  # what the attempt counts for, as the API's Submission says it
    days_late: int = 0
    counted_score: float | None = None
    late_text: str | None = None  # the same in the page's language (`late: counts 80/100`); None: on time
    error_line: int | None = None
    feedback_html: str | None = None  # the escaped fragment, once graded
    gradebook: str | None = None  # launched from an LMS: whether its gradebook has the score
    gradebook_state: Literal["waiting", "sent", "failed"] | None = None  # the same, for the page's script


class Allowance(BaseModel):
    """What the course's policy leaves the student, shown before Submit; `limited` false: no limit
    on attempts."""

    limited: bool
    used: int = 0
    allowed: int | None = None
    left: int | None = None
    next_at: datetime | None = None  # the next attempt is refused before this time
    exhausted: bool = False  # no attempt left at all
    left_told: str | None = None  # the attempts left, in the page's language (its script adds the times)
    due_at: datetime | None = None  # the student's due date (their extension, the course's or the LMS's)
    late_now: str | None = (
        None  # past it: what an attempt sent now counts for at most, in the page's language
    )


class Refusal(BaseModel):
    """A course policy refused the page's attempt: how many were used, in the page's language,
    and from when the next one is taken (None: never), which the page says in the browser's zone."""

    used: str
    next_at: datetime | None


class Refused(BaseModel):
    detail: str  # the refusal as the API words it (its times in UTC)
    refusal: Refusal
