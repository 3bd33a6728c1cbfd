"""The API's request and response bodies (Pydantic). `Result` is the grader's public object."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from grader.models import Result
from service.submissions import ids

Status = Literal["queued", "running", "done", "error"]
FINAL_STATUSES: frozenset[str] = frozenset({"done", "error"})


def plain_text(value: str) -> str:
    """The value, when it is text every database stores as it is (no NUL byte, no lone surrogate)."""
    if "\x00" in value:
        raise ValueError("contains a NUL byte (\\x00): send plain UTF-8 text")
    try:
        value.encode("utf-8")  # in C: a lone surrogate is the only str that cannot be encoded
    except UnicodeEncodeError:
        raise ValueError("is not valid UTF-8 text (it contains a lone surrogate)") from None
    return value


PlainText = Annotated[str, AfterValidator(plain_text)]
Name = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(plain_text)]
StudentId = Annotated[Name, AfterValidator(ids.valid_id)]
CourseId = Annotated[Name, AfterValidator(ids.valid_course)]


class SubmissionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    challenge: Annotated[str, Field(min_length=1, max_length=100)]
    code: PlainText
    student: StudentId = Field(description="the student's id on the platform (rules: docs/security.md)")
    course: CourseId = Field(description="the course's id on the platform; no '/' (docs/security.md)")
    lang: Literal["es", "en"] = "es"
    # checked against the deployment's destinations by the intake (`intake.check_callback`)
    callback_url: Annotated[str, Field(max_length=2000)] | None = None


class Submission(BaseModel):
    id: str
    status: Status
    challenge: str
    student: str
    course: str
    created_at: datetime
    finished_at: datetime | None
    late: bool = Field(
        default=False,
        description="the attempt came after the student's due date (theirs by extension, the course's or"
        " challenge's `due_at`, else the LMS line item's end)",
    )
    days_late: int = Field(
        default=0, ge=0, description="days, or parts of a day, after the due date; 0 on time"
    )
    counted_score: float | None = Field(
        default=None,
        description="the score the course's late policy counts for this attempt (the penalty applied; 0"
        " for a late attempt under `best_on_time`; the score itself when on time or with no late"
        " policy); null until graded. `result.score` stays what the code earned",
    )
    result: Result | None


class WebhookPayload(Submission):
    """What a webhook POSTs: the Submission, and when this attempt was sent (covered by the signature)."""

    sent_at: datetime


class SubmissionPage(BaseModel):
    items: list[Submission]
    next_cursor: str | None = Field(description="pass as `cursor` to get the next page; null at the end")


class Function(BaseModel):
    name: str
    signature: str


class ChallengeSummary(BaseModel):
    id: str
    title: str
    functions: list[Function]


class ChallengeDetail(ChallengeSummary):
    version: int
    lang: Literal["es", "en"]
    statement: str
    max_points: int
    starter: str = Field(
        description="The code an editor starts with: NumPy and a stub per function, whose def lines "
        "are the signatures' name and parameters (a signature may show people what it returns)"
    )


class Layer(BaseModel):
    name: str
    active: bool
    detail: str = ""
    by_design: bool = False  # inactive on purpose: `detail` says why it is not needed


HealthStatus = Literal["ok", "starting", "unavailable"]


class Health(BaseModel):
    status: HealthStatus  # "starting": no worker has reported yet since the API started
    database: bool
    broker: bool
    sandbox: bool
    workers: int
    layers: list[Layer]
    warming: list[str] = Field(
        default_factory=list,
        description="challenges a worker still warms the error model of: graded meanwhile without its diagnoses",
    )
    waiting_for: list[str] = Field(
        default_factory=list, description="what the service waits for before it is usable; empty once it is"
    )
    since: datetime | None = Field(
        default=None,
        description="since when it waits: this API process's start, or the check that first failed",
    )
