"""The course and the student a request names, within one platform."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from service.core.errors import NotFound
from service.lti.tables import LtiContext, LtiLearner, LtiRegistration
from service.policies.tables import DueExtension
from service.roster.tables import RosterMember
from service.storage.tables import Course, Platform, Student


@dataclass(frozen=True)
class Whose:
    platform_id: int
    platform: str
    course_id: int
    course: str
    student: str  # the platform's id of the student
    student_row: int | None  # students.id, None when they never submitted


def whose(session: Session, platform_id: int, course: str, student: str) -> Whose:
    """NotFound unless the platform's course knows the student: by a submission, a roster row,
    an extension or an LTI identity."""
    found = session.execute(
        select(Course.id, Platform.name)
        .join(Platform, Platform.id == Course.platform_id)
        .where(Course.platform_id == platform_id, Course.slug == course)
    ).first()
    if found is None:
        raise NotFound(f"no course {course!r}")
    course_id, platform = found
    row = session.scalar(
        select(Student.id).where(Student.course_id == course_id, Student.external_id == student)
    )
    named = Whose(platform_id, platform, course_id, course, student, row)
    if row is None and not _known_elsewhere(session, named):
        raise NotFound(f"course {course!r} knows no student {student!r}")
    return named


def _known_elsewhere(session: Session, who: Whose) -> bool:
    where = (
        select(RosterMember.id).where(
            RosterMember.course_id == who.course_id, RosterMember.student == who.student
        ),
        select(DueExtension.id).where(
            DueExtension.course_id == who.course_id, DueExtension.student == who.student
        ),
        learners(who).with_only_columns(LtiLearner.sub),
    )
    return any(session.execute(query.limit(1)).first() is not None for query in where)


def learners(who: Whose) -> Select[LtiLearner]:
    """The student's LTI identities in the course: every LMS context of it, on this platform."""
    return (
        select(LtiLearner)
        .join(LtiContext, LtiContext.id == LtiLearner.context_id)
        .join(LtiRegistration, LtiRegistration.id == LtiContext.registration_id)
        .where(
            LtiRegistration.platform_id == who.platform_id,
            LtiContext.course == who.course,
            LtiLearner.student == who.student,
        )
    )


def platforms_with(session: Session, course: str, platform: str | None) -> list[int]:
    """The platforms (their ids) that have a course of that name, or the one named."""
    query = (
        select(Course.platform_id)
        .join(Platform, Platform.id == Course.platform_id)
        .where(Course.slug == course)
    )
    if platform is not None:
        query = query.where(Platform.name == platform)
    return list(session.scalars(query))
