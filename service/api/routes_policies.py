"""`/v1/courses/{course}/policies` and `…/extensions`: the platform reads and sets its courses'
limits on attempts, due dates and late policies, and its students' extensions."""

from __future__ import annotations

from fastapi import APIRouter

from service.api.contract import errors
from service.core.errors import Invalid
from service.policies import admin
from service.policies.schemas import (
    CourseExtensions,
    CoursePolicies,
    ExtensionIn,
    ExtensionSaved,
    Policy,
    PolicyIn,
)
from service.policies.tables import EVERY_CHALLENGE
from service.roster import store as roster_store
from service.submissions import ids
from service.submissions.keys import course_of
from service.web.deps import Challenges, CurrentCaller, Db

router = APIRouter(prefix="/v1/courses/{course}", tags=["policies"])


@router.get("/policies", responses=errors(401, 403, 422, 503))
def get_course_policies(course: str, caller: CurrentCaller, db: Db) -> CoursePolicies:
    """The course's policies: the course-wide one (`*`) and each challenge's own."""
    slug = course_of(caller, course)
    with db.reading() as session:
        return admin.course_policies(session, caller.platform_id, slug)


@router.put("/policies/{challenge}", responses=errors(401, 403, 422, 503))
def set_course_policy(
    course: str, challenge: str, body: PolicyIn, caller: CurrentCaller, known: Challenges, db: Db
) -> Policy:
    """Set a challenge's policy (`*`: the course-wide one); a body of nulls removes it."""
    slug = course_of(caller, course)
    if challenge != EVERY_CHALLENGE and challenge not in known:
        raise Invalid(f"unknown challenge {challenge!r}; known: {', '.join(known)}, or * for every one")
    with db.transaction() as session:
        return admin.set_policy(session, caller.platform_id, slug, challenge, body)


@router.get("/extensions", responses=errors(401, 403, 422, 503))
def get_course_extensions(course: str, caller: CurrentCaller, db: Db) -> CourseExtensions:
    """The students' own due dates in this course."""
    slug = course_of(caller, course)
    with db.reading() as session:
        return admin.course_extensions(session, caller.platform_id, slug)


@router.put("/extensions", responses=errors(401, 403, 422, 503))
def set_course_extension(
    course: str, body: ExtensionIn, caller: CurrentCaller, known: Challenges, db: Db
) -> ExtensionSaved:
    """Give a student their own due date for a challenge (`*`: every one); `due_at` null removes it.
    `unknown_student` says when the course knows no such student (a typo?): it is kept all the same."""
    slug = course_of(caller, course)
    if body.challenge != EVERY_CHALLENGE and body.challenge not in known:
        raise Invalid(f"unknown challenge {body.challenge!r}; known: {', '.join(known)}, or * for every one")
    try:
        student = ids.valid_id(body.student)
    except ValueError as invalid:
        raise Invalid(f"student id {invalid}") from None
    with db.transaction() as session:
        admin.extend(session, caller.platform_id, slug, body.model_copy(update={"student": student}))
        unknown = not roster_store.knows(session, caller.platform_id, slug, student)
    with db.reading() as session:
        listed = admin.course_extensions(session, caller.platform_id, slug)
    return ExtensionSaved(**listed.model_dump(), unknown_student=unknown)
