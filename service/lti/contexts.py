"""What a launch records: the LMS course as a course of the platform, the link with its challenge
and gradebook endpoints, the learner's LMS id behind their student id."""

from __future__ import annotations

import hashlib
import re

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.dashboard.tables import InstructorCourse
from service.lti.claims import Ags
from service.lti.tables import LtiContext, LtiLearner, LtiLink, LtiRegistration
from service.storage.tables import ApiKey, Course, KeyScope
from service.submissions import ids

MAX_SLUG = 60


def _slug(label: str) -> str:
    words = re.sub(r"[\s/\\]+", "-", label.strip()).strip("-.")[:MAX_SLUG]
    try:
        return ids.valid_course(words) if words else "course"
    except ValueError:
        return "course"


def course(session: Session, registration: LtiRegistration, context_id: str, label: str) -> LtiContext:
    """The tool's course for an LMS context, made on its first launch and named after its label,
    never a course the platform has already: a name taken by its API courses, its keys' courses,
    its instructors' grants or another of its contexts gets a number (two courses never merge).
    Linking a context to an existing course is the operator's act (`link`)."""
    row = session.scalar(
        select(LtiContext).where(
            LtiContext.registration_id == registration.id, LtiContext.context_id == context_id
        )
    )
    if row is not None:
        return row
    taken = taken_names(session, registration.platform_id)
    base = _slug(label)
    slug = base
    for number in range(2, 10_000):
        if slug not in taken:
            break
        slug = f"{base}-{number}"
    row = LtiContext(registration_id=registration.id, context_id=context_id, course=slug, score_mode="best")
    session.add(row)
    session.flush()
    return row


def taken_names(session: Session, platform_id: int) -> set[str]:
    """Every course name the platform uses or has reserved, whether or not it has a submission."""
    queries = (
        select(LtiContext.course).join(LtiRegistration).where(LtiRegistration.platform_id == platform_id),
        select(Course.slug).where(Course.platform_id == platform_id),
        select(KeyScope.course).join(ApiKey).where(ApiKey.platform_id == platform_id),
        select(InstructorCourse.course).where(InstructorCourse.platform_id == platform_id),
    )
    return {name for query in queries for name in session.scalars(query)}


def link_course(session: Session, registration: LtiRegistration, context_id: str, course: str) -> LtiContext:
    """The operator's explicit act: the LMS context opens `course` of the registration's platform
    from now on (an existing course, its students and results included); made if not launched yet."""
    course = ids.valid_course(course)
    row = session.scalar(
        select(LtiContext).where(
            LtiContext.registration_id == registration.id, LtiContext.context_id == context_id
        )
    )
    if row is None:
        row = LtiContext(registration_id=registration.id, context_id=context_id, score_mode="best")
        session.add(row)
    row.course = course
    session.flush()
    return row


def link(
    session: Session,
    context: LtiContext,
    resource_link_id: str,
    deployment_id: str,
    placed: tuple[str, str],
    ags: Ags | None,
) -> LtiLink:
    """The link as this launch describes it: its challenge and language, its gradebook endpoints."""
    row = session.scalar(
        select(LtiLink).where(LtiLink.context_id == context.id, LtiLink.resource_link_id == resource_link_id)
    )
    if row is None:
        row = LtiLink(context_id=context.id, resource_link_id=resource_link_id, context=context)
        session.add(row)
    row.deployment_id = deployment_id
    row.challenge, row.lang = placed
    if ags is not None:
        row.lineitem_url, row.lineitems_url, row.scopes = ags.lineitem, ags.lineitems, " ".join(ags.scopes)
    session.flush()
    return row


def student_id(sub: str) -> str:
    """The LMS user id when it is a valid student id, else a digest of it (stable, opaque)."""
    try:
        return ids.valid_id(sub)
    except ValueError:
        return "lti-" + hashlib.sha256(sub.encode()).hexdigest()[:32]


def learner(session: Session, context: LtiContext, sub: str) -> str:
    student = student_id(sub)
    session.merge(LtiLearner(context_id=context.id, student=student, sub=sub))
    return student
