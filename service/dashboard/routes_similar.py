"""Similar submissions on the dashboard: per challenge, the pairs of students whose best (or
last) programs are near-copies once what everyone is given is left out, side by side with the
shared parts marked. For instructors to look at, never a penalty."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from grader.challenge import in_course_order
from service.dashboard import similarity, stored_prints
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.queries.submitted import Which
from service.dashboard.similar_cuts import cut_told
from service.dashboard.similar_views import SimilarViews
from service.storage.db import Database
from service.web.deps import Db

router = APIRouter()
SHOWN_PAIRS = 50


@dataclass(frozen=True)
class Side:
    student: str
    submission: str
    lines: list[tuple[int, str, bool]]  # number, text, shared


@dataclass(frozen=True)
class Shown:
    first: Side
    second: Side
    percent: int
    evidence: tuple[str, ...]


def views_of(request: Request) -> SimilarViews:
    """The process's views (the dashboard's, which the API's route asks too)."""
    app = request.app.state.dashboard if hasattr(request.app.state, "dashboard") else request.app
    views: SimilarViews = app.state.similar_views
    return views


def _side(member: similarity.Member, code: str, shared: frozenset[int]) -> Side:
    lines = code.splitlines() or [""]
    return Side(member.student, member.key, [(n, text, n in shared) for n, text in enumerate(lines, 1)])


def shown(pair: similarity.Pair, codes: dict[str, str]) -> Shown:
    return Shown(
        _side(pair.first, codes.get(pair.first.key, ""), pair.lines[0]),
        _side(pair.second, codes.get(pair.second.key, ""), pair.lines[1]),
        round(100 * pair.share),
        pair.evidence,
    )


def _codes(db: Database, pairs: list[similarity.Pair]) -> dict[str, str]:
    with db.reading() as session:
        return stored_prints.codes(session, {m.key for p in pairs for m in (p.first, p.second)})


@router.get("/courses/{course}/similar", response_class=HTMLResponse, name="similar")
async def similar_page(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    db: Db,
    challenge: Annotated[str, Query(max_length=100)] = "",
    which: Annotated[str, Query(max_length=10)] = "best",
) -> HTMLResponse:
    names = in_course_order(set(known), known)
    chosen = challenge if challenge in known else (names[0] if names else "")
    taken: Which = "last" if which == "last" else "best"
    view = await views_of(request).view(db, course, known[chosen], taken) if chosen else None
    found = view.report if view else similarity.Report()
    codes = await run_in_threadpool(_codes, db, found.pairs[:SHOWN_PAIRS])
    context = {
        "account": account,
        "course": course,
        "page": "similar",
        "challenges": names,
        "chosen": chosen,
        "which": taken,
        "report": found,
        "clusters": found.clusters(),
        "pairs": [shown(p, codes) for p in found.pairs[:SHOWN_PAIRS]],
        "more": max(0, found.flagged - SHOWN_PAIRS),
        "cuts": [cut_told(c) for c in found.cuts],
    }
    return render(request, "similar.html", context)
