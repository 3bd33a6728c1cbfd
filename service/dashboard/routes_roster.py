"""A course's roster on the dashboard: every learner its LMS lists, who has not started a
challenge and who is not yet at 100, as a page and as CSV, and the roster asked for again."""

from __future__ import annotations

from typing import Annotated, get_args

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from grader.challenge import in_course_order
from service.dashboard import csrf, export, links
from service.dashboard.aggregates.bests import bests
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.forms import form_fields
from service.dashboard.grants import GrantedCourse
from service.messaging.enqueue import TaskQueue
from service.roster.asks import RosterAsks
from service.roster.queries import Roster, Show, course_roster
from service.storage.db import Database
from service.submissions.rate_limits import RateLimited
from service.web.deps import Db

router = APIRouter()
Form = Annotated[dict[str, str], Depends(form_fields)]
PAGE_SIZE = 100
SHOWS: tuple[str, ...] = get_args(Show)


def _roster(db: Database, course: GrantedCourse) -> Roster:
    with db.reading() as session:
        return course_roster(session, course.platform_id, course.slug, bests)


@router.get("/courses/{course}/roster", response_class=HTMLResponse, name="roster")
def roster_page(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    db: Db,
    challenge: Annotated[str, Query(max_length=100)] = "",
    show: Annotated[str, Query(max_length=20)] = "all",
    page: Annotated[int, Query(ge=1, le=1_000)] = 1,
    asked: Annotated[str, Query(max_length=10)] = "",
) -> HTMLResponse:
    found = _roster(db, course)
    names = in_course_order(set(known), known)
    chosen = challenge if challenge in names else (names[0] if names else "")
    shown_as: Show = show if show in SHOWS else "all"  # type: ignore[assignment]
    members = [m for m in found.members if m.shown(shown_as, chosen)]
    first = (page - 1) * PAGE_SIZE
    context = {
        "account": account,
        "course": course,
        "page": "roster",
        "sync": found.sync,
        "tallies": [found.tally(name) for name in names],
        "challenges": names,
        "chosen": chosen,
        "show": shown_as,
        "members": members[first : first + PAGE_SIZE],
        "matching": len(members),
        "first": first + 1,
        "number": page,
        "has_next": first + PAGE_SIZE < len(members),
        "asked": asked,
    }
    return render(request, "roster.html", context)


def _ask(asks: RosterAsks, db: Database, queue: TaskQueue, course: GrantedCourse) -> str:
    """What became of the ask, as the page says it: yes, joined (a reading was on its way),
    limited (the course's readings this hour are spent) or no (no LMS offers this roster)."""
    try:
        asked = asks.ask(db, queue, course.platform_id, course.slug)
    except RateLimited:
        return "limited"
    if asked is None:
        return "no"
    return "yes" if asked.queued else "joined"


@router.post("/courses/{course}/roster/refresh", name="roster_refresh")
async def refresh(request: Request, course: VisibleCourse, fields: Form, db: Db) -> RedirectResponse:
    csrf.check(request, fields)
    state = request.app.state
    asked = await run_in_threadpool(_ask, state.roster_asks, db, state.queue, course)
    target = links.url(request, "roster", course=course.slug).include_query_params(asked=asked)
    return RedirectResponse(str(target), status_code=303)


@router.get("/courses/{course}/roster.csv", name="roster_csv")
def roster_csv(course: VisibleCourse, known: Challenges, db: Db) -> Response:
    """Every learner of the roster with their best per challenge (empty: not started)."""
    found = _roster(db, course)
    names = in_course_order(set(known), known)
    lines = [export.csv_line(["student", "name", "status", *names])]
    for m in found.members:
        bests = [f"{m.best[n]:g}" if m.started(n) else "" for n in names]
        lines.append(export.csv_line([m.student, m.name or "", m.status, *bests]))
    headers = {"Content-Disposition": f'attachment; filename="{course.slug}-roster.csv"'}
    return Response("".join(lines), media_type="text/csv; charset=utf-8", headers=headers)
