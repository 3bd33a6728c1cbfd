"""Reading and setting a course's policies, for the platform's API and the instructors' dashboard."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.policies import store
from service.policies.late import Due
from service.policies.schemas import (
    CourseExtensions,
    CoursePolicies,
    Extension,
    ExtensionIn,
    Policy,
    PolicyIn,
)
from service.storage.db import Database
from service.storage.tables import Course


def course_policies(session: Session, platform_id: int, course: str) -> CoursePolicies:
    found = session.scalars(select(Course.id).where(Course.platform_id == platform_id, Course.slug == course))
    course_id = found.first()
    stored = store.of_course(session, course_id) if course_id is not None else {}
    policies = [
        Policy(challenge=challenge, **PolicyIn.of(limits).model_dump())
        for challenge, limits in sorted(stored.items())
    ]
    return CoursePolicies(course=course, policies=policies)


def set_policy(session: Session, platform_id: int, course: str, challenge: str, policy: PolicyIn) -> Policy:
    store.put(session, store.course_id(session, platform_id, course), challenge, policy.rules())
    return Policy(challenge=challenge, **policy.model_dump())


def course_extensions(session: Session, platform_id: int, course: str) -> CourseExtensions:
    found = session.scalars(select(Course.id).where(Course.platform_id == platform_id, Course.slug == course))
    course_id = found.first()
    rows = store.extensions(session, course_id) if course_id is not None else []
    listed = [Extension(student=r.student, challenge=r.challenge, due_at=r.due_at) for r in rows]
    return CourseExtensions(course=course, extensions=listed)


def extend(session: Session, platform_id: int, course: str, extension: ExtensionIn) -> None:
    store.extend(
        session,
        store.course_id(session, platform_id, course),
        extension.student,
        extension.challenge,
        extension.due_at,
    )


def lms_due(session: Session, platform_id: int, course: str, challenge: str, due_at: datetime) -> None:
    """Keep the due date an LMS's line item gives this course's challenge."""
    store.lms_due(session, store.course_id(session, platform_id, course), challenge, due_at)


def due_of(session: Session, platform_id: int, course: str, student: str, challenge: str) -> Due:
    """The student's due date and the course's late policy (what a passback's score follows)."""
    return store.due(session.connection(), platform_id, course, student, challenge)


def due_now(db: Database, platform_id: int, course: str, student: str, challenge: str) -> Due:
    """The student's due date, for their page."""
    with db.single_statements() as connection:
        return store.due(connection, platform_id, course, student, challenge)
