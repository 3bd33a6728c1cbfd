"""Reading and setting a course's policies, for the platform's API and the instructors' dashboard."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.policies import store
from service.policies.schemas import CoursePolicies, Policy, PolicyIn
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
    store.put(session, store.course_id(session, platform_id, course), challenge, policy.limits())
    return Policy(challenge=challenge, **policy.model_dump())
