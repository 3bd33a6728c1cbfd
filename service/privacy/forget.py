"""A student's data erased on request (GDPR art. 17): their submissions (code, results, tests,
diagnoses, webhook attempts, scores sent back), the attempts refused, their own due dates, their
roster rows, their LTI identities and the launch state naming them; the course's aggregates
recomputed without them; an `Erasure` row that counts what went and names nobody.

The student's prints for the similar-submissions views (`submission_fingerprints`) go with their
submissions (the foreign key cascades); the views made from them are kept in memory: this
process forgets them at once, every API process within a sweep (`ErasureWatch`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, or_, select, text
from sqlalchemy.orm import Session

from service.dashboard import similar_views
from service.dashboard.aggregates.rebuild import rebuild
from service.lti.tables import LtiLearner, LtiValue
from service.policies.tables import DueExtension, RefusedAttempt
from service.privacy.tables import Erasure
from service.privacy.whose import Whose, learners
from service.roster.tables import RosterMember
from service.storage.tables import Student, Submission


@dataclass(frozen=True)
class Erased:
    submissions: int
    refused_attempts: int
    roster_rows: int
    lti_identities: int
    erased_at: datetime


def forget(session: Session, who: Whose, asked_by: str) -> Erased:
    if session.get_bind().dialect.name == "sqlite":  # the freed pages zeroed, not left readable
        session.execute(text("PRAGMA secure_delete=ON"))
    subs = list(session.scalars(learners(who).with_only_columns(LtiLearner.sub)))
    submissions = refused = 0
    if who.student_row is not None:
        submissions = _count(
            session.execute(delete(Submission).where(Submission.student_id == who.student_row))
        )
        refused = _count(
            session.execute(delete(RefusedAttempt).where(RefusedAttempt.student_id == who.student_row))
        )
        session.execute(delete(Student).where(Student.id == who.student_row))  # and its aggregate rows
    roster = _count(
        session.execute(
            delete(RosterMember).where(
                RosterMember.course_id == who.course_id, RosterMember.student == who.student
            )
        )
    )
    session.execute(
        delete(DueExtension).where(
            DueExtension.course_id == who.course_id, DueExtension.student == who.student
        )
    )
    identities = _forget_identities(session, who, subs)
    rebuild(session.connection(), [who.course_id])
    erasure = Erasure(
        platform_id=who.platform_id,
        course_id=who.course_id,
        kind="request",
        asked_by=asked_by,
        submissions=submissions,
        refused_attempts=refused,
        roster_rows=roster,
        lti_identities=identities,
    )
    session.add(erasure)
    session.flush()
    similar_views.forget_everywhere()
    return Erased(submissions, refused, roster, identities, erasure.erased_at)


def _forget_identities(session: Session, who: Whose, subs: list[str]) -> int:
    """The LTI learners' rows, and the launch state (nonces, launches, hand-offs) that names the
    student or one of their LMS ids: it expires within minutes, but holds their claims till then."""
    contexts = learners(who).with_only_columns(LtiLearner.context_id).scalar_subquery()
    gone = _count(
        session.execute(
            delete(LtiLearner).where(LtiLearner.student == who.student, LtiLearner.context_id.in_(contexts))
        )
    )
    named = [json.dumps(value) for value in (who.student, *subs)]
    session.execute(
        delete(LtiValue).where(or_(*(LtiValue.value.contains(name, autoescape=True) for name in named)))
    )
    return gone


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)


class ErasureWatch:
    """For a long-lived process (an API's sweeper): forgets the in-memory similar views whenever
    another process recorded an erasure since the last look."""

    def __init__(self) -> None:
        self._seen: int | None = None

    def look(self, session: Session) -> bool:
        newest = session.scalar(select(Erasure.id).order_by(Erasure.id.desc()).limit(1)) or 0
        changed = self._seen is not None and newest != self._seen
        self._seen = newest
        if changed:
            similar_views.forget_everywhere()
        return changed
