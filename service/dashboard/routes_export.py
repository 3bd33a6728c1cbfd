"""Gradebook CSV downloads: wide (one row per student) and long (one row per attempt)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from grader.challenge import in_course_order
from service.dashboard import export, i18n, timezones, views
from service.dashboard.deps import Challenges, VisibleCourse
from service.dashboard.grants import GrantedCourse
from service.dashboard.queries.feedback_effect import MessageEffect, feedback_effects
from service.dashboard.queries.overview import challenges_of
from service.dashboard.queries.students import every_student
from service.web.deps import Db
from service.web.i18n import lang_of

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


@router.get("/courses/{course}/feedback-effect.csv", name="feedback_effect_csv")
def feedback_effect_csv(
    request: Request, course: VisibleCourse, known: Challenges, db: Db
) -> StreamingResponse:
    """What each message did, as the overview shows it: a few rows per challenge."""
    lang = lang_of(request, i18n.COOKIE)
    with db.reading() as session:
        effects = feedback_effects(session, course)

    def words(effect: MessageEffect) -> str:
        return views.message_words(known.get(effect.challenge), effect.kind, effect.message_id, lang)

    return StreamingResponse(
        export.effect_lines(effects, words),
        media_type="text/csv; charset=utf-8",
        headers=_attachment(course, "feedback-effect"),
    )
