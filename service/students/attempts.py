"""The student page's submissions, through the platform's own path (`intake`), scoped to a grant."""

from __future__ import annotations

from grader.text import Lang
from service.core.errors import NotFound
from service.policies import admin, gate, late, wording
from service.storage.db import Database
from service.storage.tables import now
from service.students import feedback, labels
from service.students.gradebook import Gradebook
from service.students.grants import GrantRefused, PageGrant
from service.students.schemas import Allowance, Attempt, Refusal, Refused
from service.submissions import keys, records, schemas
from service.submissions import rate_limits as ratelimit
from service.submissions.intake import Intake
from service.submissions.keys import Caller

MAX_LISTED = 50


def caller(grant: PageGrant) -> Caller:
    return Caller(platform_id=grant.platform_id, key_id=grant.key_id, courses=frozenset({grant.course}))


def check_key_active(db: Database, grant: PageGrant) -> None:
    """A link works as long as the platform's key that made it: not once it is revoked, nor once
    a rotated key's grace period is over, on every route."""
    with db.reading() as session:
        alive = keys.alive(session, grant.key_id)
    if not alive:
        raise GrantRefused("expired")


def submit(
    intake: Intake,
    grant: PageGrant,
    code: str,
    submission_id: str,
    limits: ratelimit.SubmissionLimits,
    gradebook: Gradebook,
) -> schemas.Submission:
    body = schemas.SubmissionIn(
        challenge=grant.challenge, code=code, student=grant.student, course=grant.course, lang=grant.lang
    )
    limits.check(caller(grant), body)
    view = intake.submit(caller(grant), body, None, submission_id)
    if grant.lti_link_id is not None:
        gradebook.link(view.id, grant.lti_link_id, grant.student)
    return view


def read(intake: Intake, grant: PageGrant, submission_id: str) -> schemas.Submission:
    """One of this grant's submissions; any other is as unknown as a missing one."""
    view = intake.read(caller(grant), submission_id)
    if (view.course, view.student, view.challenge) != (grant.course, grant.student, grant.challenge):
        raise NotFound(f"no submission {submission_id!r}")
    return view


def listing(db: Database, grant: PageGrant, gradebook: Gradebook) -> list[Attempt]:
    with db.reading() as session:
        page = records.listing(
            session, caller(grant), grant.course, grant.student, grant.challenge, MAX_LISTED, None
        )
    listed = [attempt(s, grant, with_feedback=False) for s in page.items]
    if grant.lti_link_id is None:
        return listed
    sent = gradebook.states([a.id for a in listed])
    return [a.model_copy(update=_gradebook(sent.get(a.id), grant)) for a in listed]


def _gradebook(state: tuple[str, float | None] | None, grant: PageGrant) -> dict[str, str | None]:
    if state is None:
        return {"gradebook": None, "gradebook_state": None}
    name, score = state
    told = labels.GRADEBOOK_STATES[name].format(score=score or 0)(grant.lang)
    return {"gradebook": told, "gradebook_state": name}


def attempt(view: schemas.Submission, grant: PageGrant, with_feedback: bool) -> Attempt:
    result = view.result
    counted = late.Counted(view.late, view.days_late, view.counted_score)
    told = labels.late(counted)
    html = (
        str(feedback.fragment(result, grant.lang, with_style=False, counted=counted))
        if result and with_feedback
        else None
    )
    return Attempt(
        id=view.id,
        status=view.status,
        status_text=labels.STATUSES[view.status](grant.lang),
        score=result.score if result else None,
        created_at=view.created_at,
        late=view.late,
        days_late=view.days_late,
        counted_score=view.counted_score,
        late_text=told(grant.lang) if told else None,
        error_line=result.error.line if result and result.error else None,
        feedback_html=html,
    )


def _late_now(due: late.Due, lang: Lang) -> str | None:
    """Past the due date: what an attempt sent now would count for at best (a full score's worth)."""
    best = late.counted(now(), 100.0, due)
    return labels.LATE_NOW.format(score=best.counted_score)(lang) if best.late else None


def allowance(db: Database, grant: PageGrant) -> Allowance:
    found = gate.standing_of(db, grant.platform_id, grant.course, grant.student, grant.challenge)
    due = admin.due_now(db, grant.platform_id, grant.course, grant.student, grant.challenge)
    due_at, late_now = due.at, _late_now(due, grant.lang)
    if found is None:
        return Allowance(limited=False, due_at=due_at, late_now=late_now)
    left = found.left
    return Allowance(
        due_at=due_at,
        late_now=late_now,
        limited=True,
        used=found.used,
        allowed=found.allowed,
        left=left,
        next_at=found.next_at,
        exhausted=found.refused == "max_attempts",
        left_told=None
        if found.allowed is None or left is None
        else labels.attempts_left(left, found.allowed)(grant.lang),
    )


def refused(error: gate.AttemptRefused, grant: PageGrant) -> Refused:
    """The refusal for the page: its words without a time, the time for the browser to word."""
    used = wording.used_words(error.standing)(grant.lang)
    return Refused(detail=error.detail, refusal=Refusal(used=used, next_at=error.standing.next_at))
