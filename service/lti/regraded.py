"""A regrade's effect on the LMS gradebooks: the grades it would move, as the dashboard's preview
shows them before the batch is confirmed (`regrade_moves`), and once it is, those grades sent
(`pass_back_regrade`), each as any passback works it out (`service.lti.passback`)."""

from __future__ import annotations

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session

from service.dashboard.regrade_effect import GradebookMove
from service.dashboard.tables import RegradeItem
from service.lti import passback
from service.lti.connector import TokenCache
from service.lti.tables import LtiLink, LtiRegistration, LtiScore
from service.outbound.session import Outbound
from service.policies import admin as policies
from service.policies import late
from service.storage.db import Database
from service.storage.tables import Submission


def pass_back_regrade(
    db: Database, regrade_id: int, attempts: int, outbound: Outbound, tokens: TokenCache
) -> int:
    """Each student's grade through each link the regrade touched, sent where it changed (the
    newest attempt through the link decides, as any passback does). How many were looked at."""
    newest = (
        select(LtiScore.link_id, LtiScore.student, func.max(Submission.created_at).label("newest"))
        .join(Submission, Submission.id == LtiScore.submission_id)
        .join(RegradeItem, RegradeItem.submission_id == LtiScore.submission_id)
        .where(RegradeItem.regrade_id == regrade_id)
        .group_by(LtiScore.link_id, LtiScore.student)
        .subquery()
    )
    query = (
        select(LtiScore.submission_id)
        .join(Submission, Submission.id == LtiScore.submission_id)
        .join(newest, and_(newest.c.link_id == LtiScore.link_id, newest.c.student == LtiScore.student))
        .where(Submission.created_at == newest.c.newest)
    )
    with db.transaction() as session:
        chosen = list(session.scalars(query))
    for submission_id in chosen:
        for attempt in range(1, attempts + 1):
            if not passback.post(
                db, submission_id, attempt, attempts, outbound, tokens, only_changed=True
            ).retry:
                break
    return len(chosen)


def regrade_moves(session: Session, regrade_id: int) -> list[GradebookMove]:
    """The grades `pass_back_regrade` would change once the batch is confirmed: each student's
    grade through each link the batch touched (that may take scores), worked out as a passback
    does but with the batch's results, where it differs from what the gradebook last took."""
    pairs = session.execute(
        select(LtiScore.link_id, LtiScore.student)
        .distinct()
        .join(RegradeItem, RegradeItem.submission_id == LtiScore.submission_id)
        .where(RegradeItem.regrade_id == regrade_id)
    ).all()
    moves: list[GradebookMove] = []
    for link_id, student in pairs:
        link = session.get_one(LtiLink, link_id)
        if passback.SCORE_SCOPE not in link.scopes.split():
            continue  # the LMS takes no score through this link
        context = link.context
        platform_id = session.get_one(LtiRegistration, context.registration_id).platform_id
        due = policies.due_of(session, platform_id, context.course, student, link.challenge)
        graded = passback.graded_through(session, link_id, student, regrade_id)
        after = round(late.gradebook(graded, due, passback.score_mode(context.score_mode)).score, 2)
        sent = passback.last_sent(session, link_id, student)
        if sent != after:
            moves.append(GradebookMove(student, link.challenge, sent, after))
    return sorted(moves)
