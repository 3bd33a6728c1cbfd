"""`/v1/courses/{course}/similar`: the platform reads the pairs of a course's students whose
programs for a challenge are near-copies (as the dashboard shows them): a reason to look."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from service.api.contract import errors
from service.core.errors import Invalid
from service.dashboard.grants import GrantedCourse
from service.dashboard.routes_similar import views_of
from service.dashboard.similar_cuts import in_english
from service.dashboard.similarity import CutKind
from service.submissions.keys import course_of
from service.web.deps import Challenges, CurrentCaller, Db

router = APIRouter(prefix="/v1/courses/{course}", tags=["similarity"])


class SimilarPair(BaseModel):
    students: tuple[str, str]
    submissions: tuple[str, str]
    share: float = Field(
        description="of the smaller program's own fingerprints, the share both hold (0 to 1)"
    )
    shared: int = Field(description="fingerprints in common, once what everyone is given is left out")
    evidence: list[str] = Field(description="`kind:text` (name, comment, string, number) only these two use")
    lines: tuple[list[int], list[int]] = Field(description="each program's lines the shared parts cover")


class SimilarCut(BaseModel):
    kind: CutKind = Field(
        description="what the view's budget left out: class (students past the cap), long_programs "
        "(programs compared by a sample of their own), sample (each program compared by `count` of its "
        "fingerprints), common (fingerprints held by more than `count` programs left out), time (the "
        "comparison ran out of time), pairs (`count` pairs found but not listed), not_fingerprinted "
        "(programs graded before fingerprints were kept, left for a later view)"
    )
    count: int
    detail: str


class SimilarSubmissions(BaseModel):
    course: str
    challenge: str
    which: Literal["best", "last"]
    compared: int = Field(description="students whose programs were compared")
    groups: list[list[str]] = Field(description="students linked by the pairs, largest group first")
    flagged: int = Field(description="pairs found; `pairs` lists the most similar, within the view's budget")
    pairs: list[SimilarPair]
    cut: list[SimilarCut] = Field(description="what the view's budget left out: none when the list is whole")


@router.get("/similar", responses=errors(401, 403, 422, 503))
async def get_similar_submissions(
    request: Request,
    course: str,
    challenge: str,
    caller: CurrentCaller,
    known: Challenges,
    db: Db,
    which: Literal["best", "last"] = "best",
) -> SimilarSubmissions:
    """Each student's best (or last) graded program for the challenge, compared with every
    other; the pairs of near-copies, most similar first. Never a verdict: a reason to look."""
    slug = course_of(caller, course)
    if challenge not in known:
        raise Invalid(f"unknown challenge {challenge!r}; known: {', '.join(known)}")
    view = await views_of(request).view(
        db, GrantedCourse(slug, "", caller.platform_id), known[challenge], which
    )
    found = view.report
    pairs = [
        SimilarPair(
            students=(p.first.student, p.second.student),
            submissions=(p.first.key, p.second.key),
            share=round(p.share, 3),
            shared=p.shared,
            evidence=list(p.evidence),
            lines=(sorted(p.lines[0]), sorted(p.lines[1])),
        )
        for p in found.pairs
    ]
    return SimilarSubmissions(
        course=slug,
        challenge=challenge,
        which=which,
        compared=found.compared,
        groups=found.clusters(),
        flagged=found.flagged,
        pairs=pairs,
        cut=[SimilarCut(kind=c.kind, count=c.count, detail=in_english(c)) for c in found.cuts],
    )
