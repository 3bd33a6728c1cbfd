"""Everything the service holds about one student of one course, as one document (GDPR art. 15):
every submission with its code and results, the attempts the course's policies refused, their
own due dates, their roster row and their LTI identities and scores sent back."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.lti.tables import LtiContext, LtiLearner, LtiLink, LtiRegistration, LtiScore
from service.policies.tables import DueExtension, RefusedAttempt
from service.privacy.whose import Whose, learners
from service.roster.tables import RosterMember
from service.storage.tables import GradingResult, Submission, now


class StoredResult(BaseModel):
    challenge_version: int
    status: str
    score: float
    created_at: datetime
    result: dict[str, Any] | None = Field(description="the Result as the API answered it")


class StoredSubmission(BaseModel):
    id: str
    challenge: str
    lang: str
    code: str = Field(description="empty once the retention period erased it")
    status: str
    score: float | None
    callback_url: str | None
    created_at: datetime
    finished_at: datetime | None
    results: list[StoredResult] = Field(description="one per grading, regrades included, oldest first")


class StoredRefusal(BaseModel):
    id: str
    challenge: str
    lang: str
    code: str
    reason: str
    retry_at: datetime | None
    created_at: datetime


class StoredExtension(BaseModel):
    challenge: str = Field(description="`*`: every challenge of the course")
    due_at: datetime
    updated_at: datetime


class StoredRosterRow(BaseModel):
    name: str | None
    status: str
    seen_at: datetime


class StoredLtiIdentity(BaseModel):
    issuer: str
    client_id: str
    context_id: str = Field(description="the LMS course")
    sub: str = Field(description="the LMS's id of the student")


class StoredLtiScore(BaseModel):
    submission_id: str
    resource_link_id: str
    state: str
    score_sent: float | None
    created_at: datetime
    sent_at: datetime | None


class StudentData(BaseModel):
    platform: str
    course: str
    student: str
    exported_at: datetime
    submissions: list[StoredSubmission]
    refused_attempts: list[StoredRefusal]
    due_extensions: list[StoredExtension]
    roster: list[StoredRosterRow]
    lti_identities: list[StoredLtiIdentity]
    lti_scores: list[StoredLtiScore]


def student_data(session: Session, who: Whose) -> StudentData:
    return StudentData(
        platform=who.platform,
        course=who.course,
        student=who.student,
        exported_at=now(),
        submissions=_submissions(session, who),
        refused_attempts=_refusals(session, who),
        due_extensions=[
            StoredExtension(challenge=e.challenge, due_at=e.due_at, updated_at=e.updated_at)
            for e in session.scalars(
                select(DueExtension)
                .where(DueExtension.course_id == who.course_id, DueExtension.student == who.student)
                .order_by(DueExtension.challenge)
            )
        ],
        roster=[
            StoredRosterRow(name=r.name, status=r.status, seen_at=r.seen_at)
            for r in session.scalars(
                select(RosterMember).where(
                    RosterMember.course_id == who.course_id, RosterMember.student == who.student
                )
            )
        ],
        lti_identities=_identities(session, who),
        lti_scores=_scores(session, who),
    )


def _submissions(session: Session, who: Whose) -> list[StoredSubmission]:
    if who.student_row is None:
        return []
    rows = session.scalars(
        select(Submission).where(Submission.student_id == who.student_row).order_by(Submission.created_at)
    ).all()
    results: dict[str, list[StoredResult]] = {row.id: [] for row in rows}
    for result in session.scalars(
        select(GradingResult)
        .join(Submission, Submission.id == GradingResult.submission_id)
        .where(Submission.student_id == who.student_row)
        .order_by(GradingResult.created_at, GradingResult.id)
    ):
        results[result.submission_id].append(
            StoredResult(
                challenge_version=result.challenge_version,
                status=result.status,
                score=result.score,
                created_at=result.created_at,
                result=json.loads(result.document) if result.document else None,
            )
        )
    return [
        StoredSubmission(
            id=row.id,
            challenge=row.challenge,
            lang=row.lang,
            code=row.code,
            status=row.status,
            score=row.score,
            callback_url=row.callback_url,
            created_at=row.created_at,
            finished_at=row.finished_at,
            results=results[row.id],
        )
        for row in rows
    ]


def _refusals(session: Session, who: Whose) -> list[StoredRefusal]:
    if who.student_row is None:
        return []
    query = (
        select(RefusedAttempt)
        .where(RefusedAttempt.student_id == who.student_row)
        .order_by(RefusedAttempt.created_at)
    )
    return [
        StoredRefusal(
            id=r.id,
            challenge=r.challenge,
            lang=r.lang,
            code=r.code,
            reason=r.reason,
            retry_at=r.retry_at,
            created_at=r.created_at,
        )
        for r in session.scalars(query)
    ]


def _identities(session: Session, who: Whose) -> list[StoredLtiIdentity]:
    query = learners(who).with_only_columns(
        LtiRegistration.issuer, LtiRegistration.client_id, LtiContext.context_id, LtiLearner.sub
    )
    return [
        StoredLtiIdentity(issuer=issuer, client_id=client, context_id=context, sub=sub)
        for issuer, client, context, sub in session.execute(query)
    ]


def _scores(session: Session, who: Whose) -> list[StoredLtiScore]:
    if who.student_row is None:
        return []
    query = (
        select(LtiScore, LtiLink.resource_link_id)
        .join(LtiLink, LtiLink.id == LtiScore.link_id)
        .join(Submission, Submission.id == LtiScore.submission_id)
        .where(Submission.student_id == who.student_row)
        .order_by(LtiScore.created_at)
    )
    return [
        StoredLtiScore(
            submission_id=score.submission_id,
            resource_link_id=link,
            state=score.state,
            score_sent=score.score_sent,
            created_at=score.created_at,
            sent_at=score.sent_at,
        )
        for score, link in session.execute(query)
    ]
