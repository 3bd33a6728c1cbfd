"""`/v1/courses/{course}/feedback-effect`: the platform reads which messages work, as the
dashboard's overview shows them: for each diagnosis, and each lesson step a localisation names,
what the students shown it did next."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from service.api.contract import errors
from service.core.errors import Invalid
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.feedback_effect import feedback_effects
from service.submissions.keys import course_of
from service.web.deps import Challenges, CurrentCaller, Db

router = APIRouter(prefix="/v1/courses/{course}", tags=["feedback effect"])


class MessageEffect(BaseModel):
    challenge: str
    kind: str = Field(
        description="`diagnosis` (a Result's `diagnoses[].id`) or `step` (the lesson step its `localisation.step` names)"
    )
    id: str = Field(description="the diagnosis's id, or the step's name in the challenge's [steps]")
    shown_to: int = Field(description="students whose attempts (each as its newest result has it) told it")
    tried_again: int = Field(description="of them, those who made an attempt that ran since")
    gone_at_next_attempt: int = Field(
        description="of those, the students whose next attempt that ran no longer has it (next: by the submissions' creation order)"
    )
    gone_at_next_attempt_share: float | None = Field(
        description="gone_at_next_attempt / tried_again (0 to 1); null when nobody tried again"
    )
    gone: int = Field(description="students in whose later attempts it went away")
    median_attempts_until_gone: float | None = Field(
        description="over those, the attempts that ran from the one that told it to the first without it (1: the next)"
    )
    median_seconds_until_gone: float | None = Field(
        description="likewise, the time between those attempts' submissions (within 4.4 %)"
    )


class FeedbackEffect(BaseModel):
    course: str
    challenge: str | None = Field(description="the challenge asked for; null: every challenge")
    messages: list[MessageEffect] = Field(description="by challenge, diagnoses first, the most shown first")


@router.get("/feedback-effect", responses=errors(401, 403, 422, 503))
def get_feedback_effect(
    course: str, caller: CurrentCaller, known: Challenges, db: Db, challenge: str | None = None
) -> FeedbackEffect:
    """Of the students shown each message, those whose next attempt no longer has it, and the
    median attempts and time until it went away. Attempts that did not run are not counted."""
    slug = course_of(caller, course)
    if challenge is not None and challenge not in known:
        raise Invalid(f"unknown challenge {challenge!r}; known: {', '.join(known)}")
    with db.reading() as session:
        found = feedback_effects(session, GrantedCourse(slug, "", caller.platform_id), challenge)
    messages = [
        MessageEffect(
            challenge=e.challenge,
            kind=e.kind,
            id=e.message_id,
            shown_to=e.told,
            tried_again=e.answered,
            gone_at_next_attempt=e.gone_next,
            gone_at_next_attempt_share=e.next_share,
            gone=e.gone,
            median_attempts_until_gone=e.median_attempts,
            median_seconds_until_gone=e.median_seconds,
        )
        for e in found
    ]
    return FeedbackEffect(course=slug, challenge=challenge, messages=messages)
