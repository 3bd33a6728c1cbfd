"""Similar submissions on the dashboard: per challenge, the pairs of students whose best (or
last) programs are near-copies once what everyone is given is left out, side by side with the
shared parts marked. For instructors to look at, never a penalty."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from grader.challenge import in_course_order
from service.dashboard import similarity
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.queries.submitted import MAX_CLASS, Which
from service.dashboard.similar import report
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


def _side(source: similarity.Source, shared: frozenset[int]) -> Side:
    lines = source.code.splitlines() or [""]
    return Side(source.student, source.key, [(n, text, n in shared) for n, text in enumerate(lines, 1)])


def shown(pair: similarity.Pair) -> Shown:
    return Shown(
        _side(pair.first, pair.lines[0]),
        _side(pair.second, pair.lines[1]),
        round(100 * pair.share),
        pair.evidence,
    )


@router.get("/courses/{course}/similar", response_class=HTMLResponse, name="similar")
def similar_page(
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
    found, capped = report(db, course, known[chosen], taken) if chosen else (similarity.Report(), False)
    context = {
        "account": account,
        "course": course,
        "page": "similar",
        "challenges": names,
        "chosen": chosen,
        "which": taken,
        "report": found,
        "clusters": found.clusters(),
        "pairs": [shown(p) for p in found.pairs[:SHOWN_PAIRS]],
        "more": max(0, len(found.pairs) - SHOWN_PAIRS),
        "capped": capped,
        "max_class": MAX_CLASS,
    }
    return render(request, "similar.html", context)
