"""The one place a course's limits are enforced: every submission (API, student page, LTI) is
admitted or refused here, inside the transaction that stores it.

The student's row is locked (`SELECT ... FOR UPDATE` on PostgreSQL; SQLite's transactions take
the write lock up front) before their attempts are counted, so concurrent posts of one student
are counted one after another and never take more attempts than allowed. An attempt counts
from the moment it is stored (queued or running too), unless it ended in an internal error of
ours: that one is given back.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, exists, insert, not_, select

from grader.text import Lang
from service.core.errors import ServiceError
from service.policies import store, wording
from service.policies.rules import Limits, Standing, standing
from service.policies.tables import RefusedAttempt
from service.storage.db import Database
from service.storage.tables import Course, GradingResult, Student, Submission, new_id, now

NOT_COUNTED_KINDS = ("internal",)  # failures of ours, never the student's
EXHAUSTED_RETRY_SECONDS = 3600  # nothing changes by itself; in case an instructor raises the limit

_STUDENT = (
    select(Student.id)
    .join(Course, Course.id == Student.course_id)
    .where(
        Course.platform_id == bindparam("platform_id"),
        Course.slug == bindparam("course"),
        Student.external_id == bindparam("student"),
    )
)
_OURS = exists().where(
    GradingResult.submission_id == Submission.id, GradingResult.error_kind.in_(NOT_COUNTED_KINDS)
)
_COUNTED = select(Submission.created_at).where(
    Submission.student_id == bindparam("student_id"),
    Submission.challenge == bindparam("challenge"),
    not_(and_(Submission.status == "error", _OURS)),
)


class AttemptRefused(ServiceError):
    """429: a course policy refuses this attempt; the detail is in the student's language."""

    status_code = 429

    def __init__(self, detail: str, standing: Standing, at: datetime) -> None:
        super().__init__(detail)
        self.standing = standing
        wait = EXHAUSTED_RETRY_SECONDS if standing.next_at is None else _seconds_until(standing.next_at, at)
        self.headers = {
            "Retry-After": str(wait),
            "RateLimit-Limit": str(standing.allowed if standing.allowed is not None else standing.used),
            "RateLimit-Remaining": "0",
            "RateLimit-Reset": str(wait),
        }


def limits(connection: Connection, platform_id: int, course: str, challenge: str) -> Limits:
    return store.applying(connection, platform_id, course, challenge)


def lock_student(connection: Connection, row: dict[str, Any]) -> int:
    """Lock the submitting student's row until the storing transaction ends: their concurrent
    posts are admitted one after another."""
    params = {"platform_id": row["platform_id"], "course": row["course"], "student": row["student"]}
    return int(connection.execute(_STUDENT.with_for_update(of=Student), params).scalar_one())


def admit(
    connection: Connection, limits: Limits, row: dict[str, Any], student_id: int
) -> AttemptRefused | None:
    """With the student locked: None when the submission may be stored; else the refusal is
    stored and its error returned, to be raised once the transaction is committed."""
    counted = connection.execute(_COUNTED, {"student_id": student_id, "challenge": row["challenge"]})
    at = row["created_at"]
    now_standing = standing(limits, [_aware(moment) for moment in counted.scalars()], at)
    if now_standing.refused is None:
        return None
    _store_refusal(connection, student_id, row, now_standing)
    return AttemptRefused(wording.refusal(now_standing, _lang(row["lang"]), at), now_standing, at)


def standing_of(db: Database, platform_id: int, course: str, student: str, challenge: str) -> Standing | None:
    """Where a student stands now (the student page shows it before Submit); None when no
    policy limits the challenge. No lock: only shown, the intake decides."""
    with db.single_statements() as connection:
        applying = store.applying(connection, platform_id, course, challenge)
        if not applying.limited:
            return None
        params = {"platform_id": platform_id, "course": course, "student": student}
        student_id = connection.execute(_STUDENT, params).scalar()
        moments: list[datetime] = []
        if student_id is not None:
            counted = connection.execute(_COUNTED, {"student_id": student_id, "challenge": challenge})
            moments = [_aware(moment) for moment in counted.scalars()]
    return standing(applying, moments, now())


def _store_refusal(connection: Connection, student_id: int, row: dict[str, Any], refused: Standing) -> None:
    course_id = select(Student.course_id).where(Student.id == student_id).scalar_subquery()
    connection.execute(
        insert(RefusedAttempt).values(
            id=new_id(),
            course_id=course_id,
            student_id=student_id,
            challenge=row["challenge"],
            lang=row["lang"],
            code=row["code"],
            reason=refused.refused,
            retry_at=refused.next_at,
            created_at=row["created_at"],
        )
    )


def _aware(moment: datetime) -> datetime:
    """Stored times are UTC; SQLite gives them back without their zone."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _seconds_until(moment: datetime, at: datetime) -> int:
    return max(1, int((moment - at).total_seconds() + 0.999))


def _lang(lang: str) -> Lang:
    return "en" if lang == "en" else "es"
