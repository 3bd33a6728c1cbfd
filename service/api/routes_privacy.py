"""`/v1/courses/{course}/students/{student}`: a platform hands a student their data (GDPR art.
15) or erases it (art. 17), for the courses its key may use."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter
from pydantic import BaseModel, Field

from service.api.contract import errors
from service.core.errors import Invalid
from service.privacy import export, forget, whose
from service.submissions import ids
from service.submissions.keys import course_of
from service.web.deps import CurrentCaller, Db

router = APIRouter(prefix="/v1/courses/{course}/students/{student}", tags=["students"])


class StudentErased(BaseModel):
    course: str
    student: str
    submissions: int = Field(description="submissions erased, with their code, results and scores sent back")
    refused_attempts: int
    roster_rows: int
    lti_identities: int
    erased_at: datetime


def _whose(caller: CurrentCaller, db: Db, course: str, student: str) -> whose.Whose:
    slug = course_of(caller, course)
    try:
        named = ids.valid_id(student)
    except ValueError as invalid:
        raise Invalid(f"student id {invalid}") from None
    with db.reading() as session:
        return whose.whose(session, caller.platform_id, slug, named)


@router.get("/data", responses=errors(401, 403, 404, 422, 503))
def export_student_data(course: str, student: str, caller: CurrentCaller, db: Db) -> export.StudentData:
    """Everything kept about the student in the course: each submission with its code and results,
    the attempts the course's policies refused, due dates, roster row, LTI identities and scores."""
    who = _whose(caller, db, course, student)
    with db.reading() as session:
        return export.student_data(session, who)


@router.delete("", responses=errors(401, 403, 404, 422, 503))
def forget_student(course: str, student: str, caller: CurrentCaller, db: Db) -> StudentErased:
    """Erase the student's data in the course (code, results, refused attempts, due dates, roster
    rows, LTI identities) and recompute the course's numbers without them. Cannot be undone; an
    erasure record keeps the counts, not the data."""
    who = _whose(caller, db, course, student)
    with db.transaction() as session:
        erased = forget.forget(session, who, f"API key {caller.key_id}")
    return StudentErased(
        course=who.course,
        student=who.student,
        submissions=erased.submissions,
        refused_attempts=erased.refused_attempts,
        roster_rows=erased.roster_rows,
        lti_identities=erased.lti_identities,
        erased_at=erased.erased_at,
    )
