"""Gradebook CSV downloads: wide (one row per student) and long (one row per attempt)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from grader.challenge import in_course_order
from service.dashboard import export, timezones
from service.dashboard.deps import Challenges, VisibleCourse
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.overview import challenges_of
from service.dashboard.queries.students import every_student
from service.web.deps import Db

router = APIRouter()


def _attachment(course: GrantedCourse, kind: str) -> dict[str, str]:
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in course.slug)
    return {"Content-Disposition": f'attachment; filename="{safe}-{kind}.csv"', "Cache-Control": "no-store"}


@router.get("/courses/{course}/gradebook.csv", name="gradebook")
def gradebook(request: Request, course: VisibleCourse, known: Challenges, db: Db) -> StreamingResponse:
    """Streamed from the aggregates a chunk of students at a time."""
    with db.reading() as session:
        names = in_course_order(set(known) | set(challenges_of(session, course)), known)
    return StreamingResponse(
        export.wide(every_student(course, db.reading), names, timezones.zone_of(request)),
        media_type="text/csv; charset=utf-8",
        headers=_attachment(course, "gradebook"),
    )


@router.get("/courses/{course}/attempts.csv", name="attempts_csv")
def attempts_csv(request: Request, course: VisibleCourse, db: Db) -> StreamingResponse:
    return StreamingResponse(
        export.long_lines(course, db.reading, zone=timezones.zone_of(request)),
        media_type="text/csv; charset=utf-8",
        headers=_attachment(course, "attempts"),
    )
