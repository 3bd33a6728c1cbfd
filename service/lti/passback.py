"""AGS score passback: each attempt made through an LTI link is recorded (`service.lti.scores`); once graded,
the student's best (or last, as the course chose) score goes to the link's line item in the LMS
gradebook, from the worker's sender process (`post`), retried with backoff and recorded per attempt.

The score goes through PyLTI1p3's AGS client; its access token (client credentials, signed with the
tool's key) is kept by the worker process's `TokenCache` (`service.lti.connector`). Every request it
sends (the token, the line items and their pages, the score) goes through the service's outgoing
policy, to the origins the LMS's registration names and no others: the line item URLs come from
the LMS's launches and answers, and its token must not go anywhere else.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import requests
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.exception import LtiException, LtiServiceException
from pylti1p3.grade import Grade
from pylti1p3.lineitem import LineItem
from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session, aliased

from service.dashboard.tables import RegradeItem
from service.lti import tool_keys
from service.lti.connector import CachedTokens, TokenCache, lms_connector
from service.lti.tables import LtiContext, LtiLearner, LtiLink, LtiRegistration, LtiScore
from service.outbound.session import Outbound, RefusedRequest
from service.policies import admin as policies
from service.policies import late
from service.storage.db import Database
from service.storage.tables import Submission, now
from service.submissions.schemas import FINAL_STATUSES

log = logging.getLogger(__name__)
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
LINEITEM_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem"  # and lineitem.readonly
MAX_BACKOFF_SECONDS = 300  # the longest wait between two tries of one score (tasks.send_lti_score)


@dataclass(frozen=True)
class Posted:
    sent: bool
    retry: bool
    error: str | None = None


# -- the worker side: sending it -----------------------------------------------------------------
@dataclass(frozen=True)
class _Job:
    registration: LtiRegistration
    key: tool_keys.SigningKey
    link: LtiLink
    context: LtiContext
    student: str
    sub: str
    score: float
    timestamp: datetime  # when the newest graded attempt was submitted
    scopes: list[str]


def post(
    db: Database,
    submission_id: str,
    attempt: int,
    attempts: int,
    outbound: Outbound,
    tokens: TokenCache,
    only_changed: bool = False,
) -> Posted:
    """One try at sending the score this attempt decides; recorded on the attempt's row. The
    LMS's URLs must be where webhooks may go (`outbound`, the worker's policy), and its own.
    `only_changed`: nothing is sent when the gradebook already has this score (a regrade)."""
    with db.transaction() as session:
        job = _job(session, submission_id)
    if job is None:
        return Posted(sent=True, retry=False)  # not graded yet, or no longer linked: nothing to send
    connector = lms_connector(job.registration, job.key, outbound, tokens)
    lms_due = _line_item_end(job, connector)
    with db.transaction() as session:
        job = _scored(session, job, lms_due)
        unchanged = only_changed and last_sent(session, job.link.id, job.student) == round(job.score, 2)
    if unchanged:  # the gradebook has it: nothing sent, the look recorded
        with db.transaction() as session:
            session.get_one(LtiScore, submission_id).tried_at = now()
        return Posted(sent=True, retry=False)
    if only_changed:
        # A regrade changes a grade the LMS took with this attempt's time: AGS lets an LMS ignore
        # a score no newer than the one it has, so this one is stamped now.
        job = replace(job, timestamp=now())
    outcome = _send(job, connector)
    with db.transaction() as session:
        row = session.get_one(LtiScore, submission_id)
        row.tries, row.tried_at = attempt, now()
        row.error = outcome.error
        if outcome.sent:
            row.state, row.score_sent, row.sent_at = "sent", job.score, now()
        elif not outcome.retry or attempt >= attempts:
            row.state = "failed"
    if not outcome.sent:
        log.warning(
            "score for submission %s not accepted (try %d): %s", submission_id, attempt, outcome.error
        )
    return outcome


def destination(db: Database, submission_id: str) -> str | None:
    """The LMS the attempt's score goes to, as the sender's gates count it: its registration."""
    query = (
        select(LtiContext.registration_id)
        .join(LtiLink, LtiLink.context_id == LtiContext.id)
        .join(LtiScore, LtiScore.link_id == LtiLink.id)
        .where(LtiScore.submission_id == submission_id)
    )
    with db.reading() as session:
        found = session.scalar(query)
    return f"lms:{found}" if found is not None else None


def _job(session: Session, submission_id: str) -> _Job | None:
    row = session.get(LtiScore, submission_id)
    submission = session.get(Submission, submission_id)
    if row is None or submission is None or submission.status not in FINAL_STATUSES:
        return None
    link = session.get_one(LtiLink, row.link_id)
    context = session.get_one(LtiContext, link.context_id)
    registration = session.get_one(LtiRegistration, context.registration_id)
    learner = session.get(LtiLearner, (context.id, row.student))
    if learner is None or not link.scopes or SCORE_SCOPE not in link.scopes.split():
        return None  # the LMS granted no score scope for this link: nothing can be sent
    key = tool_keys.signing_key(session)
    return _Job(registration, key, link, context, row.student, learner.sub, 0.0, now(), link.scopes.split())


def _scored(session: Session, job: _Job, lms_due: datetime | None) -> _Job:
    """The job with the score the course's late policy gives, and the newest attempt's time."""
    platform_id, course = job.registration.platform_id, job.context.course
    if lms_due is not None:
        policies.lms_due(session, platform_id, course, job.link.challenge, lms_due)
        session.flush()
    due = policies.due_of(session, platform_id, course, job.student, job.link.challenge)
    book = late.gradebook(
        graded_through(session, job.link.id, job.student), due, score_mode(job.context.score_mode)
    )
    return replace(job, score=book.score, timestamp=book.timestamp)


def last_sent(session: Session, link_id: int, student: str) -> float | None:
    """The score the link's gradebook last took for this student."""
    query = (
        select(LtiScore.score_sent)
        .where(LtiScore.link_id == link_id, LtiScore.student == student, LtiScore.state == "sent")
        .order_by(LtiScore.sent_at.desc())
        .limit(1)
    )
    sent = session.scalar(query)
    return round(sent, 2) if sent is not None else None


def graded_through(
    session: Session, link_id: int, student: str, regrade_id: int | None = None
) -> list[late.Graded]:
    """The student's graded attempts through this link; with `regrade_id`, each at the score that
    batch's result gives it (its preview's, before it is stored)."""
    item = aliased(RegradeItem)
    score = Submission.score if regrade_id is None else func.coalesce(item.score, Submission.score)
    query = (
        select(score.label("score"), Submission.created_at)
        .join(LtiScore, LtiScore.submission_id == Submission.id)
        .where(
            LtiScore.link_id == link_id,
            LtiScore.student == student,
            Submission.status.in_(FINAL_STATUSES),
        )
    )
    if regrade_id is not None:
        query = query.outerjoin(
            item, and_(item.submission_id == Submission.id, item.regrade_id == regrade_id)
        )
    return [late.Graded(r.created_at, r.score or 0.0) for r in session.execute(query).all()]


def score_mode(chosen: str) -> late.ScoreMode:
    """The score a context's gradebook takes: the student's last, or (by default) their best."""
    return "last" if chosen == "last" else "best"


def _line_item_end(job: _Job, connector: CachedTokens) -> datetime | None:
    """The line item's `endDateTime`, where the LMS sends one and lets the tool read it: the due
    date of the course's challenge unless the instructor set one. Unreadable: none."""
    if not job.link.lineitem_url or not any(s.startswith(LINEITEM_SCOPE) for s in job.scopes):
        return None
    service_data: Any = {
        "scope": job.scopes,
        "lineitem": job.link.lineitem_url,
        "lineitems": job.link.lineitems_url,
    }
    try:
        item = AssignmentsGradesService(connector, service_data).get_lineitem()
    except (LtiException, LtiServiceException, RefusedRequest, requests.RequestException) as error:
        log.warning("line item of link %s not read (its due date unknown): %s", job.link.id, error)
        return None
    end = item.get_end_date_time()
    try:
        parsed = datetime.fromisoformat(end) if isinstance(end, str) and end else None
    except ValueError:
        return None
    return parsed if parsed is None or parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def _send(job: _Job, connector: CachedTokens) -> Posted:
    service_data: Any = {
        "scope": job.scopes,
        "lineitem": job.link.lineitem_url,
        "lineitems": job.link.lineitems_url,
    }
    grade = (
        Grade()
        .set_score_given(round(job.score, 2))
        .set_score_maximum(100)
        .set_activity_progress("Completed")
        .set_grading_progress("FullyGraded")
        .set_timestamp(job.timestamp.isoformat())
        .set_user_id(job.sub)
    )
    try:
        AssignmentsGradesService(connector, service_data).put_grade(grade, _line_item(job.link))
    except LtiServiceException as error:
        status = error.response.status_code if error.response is not None else 0
        if status == 401:
            connector.forget()
        return Posted(False, retry=status in (401, 408, 425, 429) or status >= 500, error=f"HTTP {status}")
    except LtiException as error:
        return Posted(False, retry=False, error=str(error))
    except RefusedRequest as refused:  # never worth another try
        return Posted(False, retry=False, error=f"refused: {refused}")
    except requests.RequestException as error:
        return Posted(False, retry=True, error=f"{type(error).__name__}: {error}")
    return Posted(True, retry=False)


def _line_item(link: LtiLink) -> LineItem | None:
    """None: the launch named the link's line item. Else the one of this link, found or made."""
    if link.lineitem_url:
        return None
    return (
        LineItem()
        .set_score_maximum(100)
        .set_label(link.challenge)
        .set_resource_id(link.challenge)
        .set_resource_link_id(link.resource_link_id)
        .set_tag(f"autograder-{link.resource_link_id}")  # how the library finds it again: one per link
    )
