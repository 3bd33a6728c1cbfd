"""The pages: the instructor's courses, a course's overview, its students, one student."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grader.challenge import Challenge, in_course_order
from grader.text import Lang
from service.core.errors import Invalid
from service.dashboard import attempt_view, charts, i18n, links, timezones, views
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.queries.overview import activity_mark, challenges_of, course_overview
from service.dashboard.queries.students import Order, SortKey, StudentFilter, student_page
from service.dashboard.queries.timeline import attempts
from service.submissions import ids
from service.web.deps import Db
from service.web.i18n import lang_of

router = APIRouter()


@router.get("/", name="home", response_model=None)
def home(request: Request, account: CurrentAccount) -> Response:
    if len(account.courses) == 1:
        return RedirectResponse(
            str(links.url(request, "overview", course=account.courses[0])), status_code=303
        )
    return render(request, "home.html", {"account": account})


@router.get("/courses/{course}", response_class=HTMLResponse, name="overview")
def overview(
    request: Request, account: CurrentAccount, course: VisibleCourse, known: Challenges, db: Db
) -> HTMLResponse:
    with db.reading() as session:
        stats = course_overview(session, course, {c.id: c.version for c in known.values()})
    lang = lang_of(request, i18n.COOKIE)
    cards = [views.card(stats[name], known.get(name), lang) for name in in_course_order(stats, known)]
    return render(request, "overview.html", {"account": account, "course": course, "cards": cards})


@router.get("/courses/{course}/activity", name="activity")
def activity(course: VisibleCourse, db: Db) -> JSONResponse:
    """A mark that changes when a submission arrives or is graded: pages poll it to refresh."""
    with db.reading() as session:
        mark = activity_mark(session, course)
    return JSONResponse({"mark": mark}, headers={"Cache-Control": "no-store"})


def _score(text: str) -> float | None:
    """An empty field (the form's default) means no limit; anything unreadable is refused."""
    if not text.strip():
        return None
    try:
        return float(text)
    except ValueError as error:
        raise Invalid(f"not a score: {text!r}") from error


def _did(known: Mapping[str, Challenge], challenge: str, diagnosis: str, lang: Lang) -> str:
    """What a diagnosis says the code did, in the page's language (its id in words when unknown)."""
    named = views.diagnosis_names(known.get(challenge), lang).get(diagnosis)
    return named.did if named else views.words(diagnosis)


@router.get("/courses/{course}/students", response_class=HTMLResponse, name="students")
def students(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    db: Db,
    q: Annotated[str, Query(max_length=200)] = "",
    challenge: Annotated[str, Query(max_length=100)] = "",
    below: Annotated[str, Query(max_length=10, description="a score, or empty for no limit")] = "",
    holding: Annotated[str, Query(max_length=100, description="a diagnosis of the challenge")] = "",
    sort: SortKey = "student",
    desc: bool = False,
    page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
) -> HTMLResponse:
    chosen = StudentFilter(text=q, challenge=challenge, below=_score(below), holding=holding)
    with db.reading() as session:
        found = student_page(session, course, chosen, Order(sort, challenge, desc), page)
        names = in_course_order(set(known) | set(challenges_of(session, course)), known)
    context = {
        "account": account,
        "course": course,
        "rows": found.rows,
        "listing": found,
        "challenges": names,
        "chosen": chosen,
        "holding_did": _did(known, challenge, holding, lang_of(request, i18n.COOKIE)),
        "sort": sort,
        "desc": desc,
    }
    return render(request, "students.html", context)


# `:path`: a student id may hold `/` (encoded as %2F in links, decoded before routing)
@router.get("/courses/{course}/students/{student:path}", response_class=HTMLResponse, name="student")
def student(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    student: str,
    db: Db,
) -> HTMLResponse:
    student = ids.normal(student)
    with db.reading() as session:
        found = attempts(session, course, student)
    lang, zone = lang_of(request, i18n.COOKIE), timezones.zone_of(request)
    t = i18n.PHRASES.translator(lang)
    named = {
        a.challenge: known[a.challenge].title(lang) if a.challenge in known else a.challenge for a in found
    }
    points = [(named[a.challenge], a.created_at, a.score) for a in found if a.score is not None]
    title, x_title = t("Score over time of {student}", student=student), f"{t('Time zone')}: {zone.name}"
    order = [named[name] for name in in_course_order(named, known)]
    context = {
        "account": account,
        "course": course,
        "student": student,
        "attempts": [attempt_view.view(a, known.get(a.challenge), lang) for a in found],
        "chart": charts.timeline(title, points, zone, x_title, charts.WIDE, order),
        "narrow_chart": charts.timeline(title, points, zone, x_title, charts.NARROW, order),
    }
    return render(request, "student.html", context, status_code=200 if found else 404)


def _back(target: str) -> str:
    """Only a dashboard page of this site (no open redirect through the settings' link back)."""
    ok = target.startswith("/dashboard/") and not target.startswith("//") and "\\" not in target
    return target if ok else "/dashboard/"


@router.get("/settings", response_class=HTMLResponse, name="settings")
def settings(
    request: Request,
    account: CurrentAccount,
    back: Annotated[str, Query(max_length=2000)] = "/dashboard/",
    saved: bool = False,
) -> HTMLResponse:
    context = {"account": account, "zones": timezones.names(), "back": _back(back), "saved": saved}
    return render(request, "settings.html", context)
