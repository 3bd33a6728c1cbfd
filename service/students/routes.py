"""`/students/…`: the challenge page and the endpoints its script calls, authorized by the page's
grant (a signed token in the `Authorization` header: no cookie, so it works in any iframe)."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from service.core.errors import NotFound
from service.policies.gate import AttemptRefused
from service.storage.tables import new_id
from service.students import attempts, labels
from service.students.gradebook import Gradebook
from service.students.grants import GrantRefused, PageGrant, verify
from service.students.page import headers, page_view, templates
from service.students.schemas import Allowance, Attempt, CodeIn
from service.submissions import schemas
from service.submissions.intake import Intake
from service.web.deps import Challenges, CurrentIntake, CurrentWaiter, Db, Limits, SessionSecret
from service.web.waiting import Waiter

router = APIRouter(prefix="/students", include_in_schema=False)
_bearer = HTTPBearer(auto_error=False)
MAX_WAIT_SECONDS = 10.0


async def current_grant(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    secret: SessionSecret,
    db: Db,
) -> PageGrant:
    """The page's grant, signed, unexpired, and made by a key that still works."""
    grant = verify(secret, credentials.credentials if credentials else None)
    await run_in_threadpool(attempts.check_key_active, db, grant)
    return grant


async def lms_gradebook(request: Request) -> Gradebook:
    gradebook: Gradebook = request.app.state.gradebook
    return gradebook


Grant = Annotated[PageGrant, Depends(current_grant)]
LmsGradebook = Annotated[Gradebook, Depends(lms_gradebook)]
Wait = Annotated[float, Query(ge=0, le=MAX_WAIT_SECONDS)]


@router.get("/challenge", response_class=HTMLResponse, name="student_page")
def challenge_page(
    request: Request, known: Challenges, secret: SessionSecret, db: Db, t: str | None = None
) -> HTMLResponse:
    try:
        grant = verify(secret, t)
        attempts.check_key_active(db, grant)
    except GrantRefused:
        context: dict[str, object] = {"expired": labels.LINK_EXPIRED}
        return templates.TemplateResponse(request, "expired.html", context, 401, headers(()))
    challenge = known.get(grant.challenge)
    if challenge is None:
        raise NotFound(f"no challenge {grant.challenge!r}")
    nonce = secrets.token_urlsafe(16)
    context = {"page": page_view(challenge, grant, t or ""), "labels": labels, "style_nonce": nonce}
    origins = (grant.frame_origin,) if grant.frame_origin else ()
    return templates.TemplateResponse(request, "challenge.html", context, headers=headers(origins, nonce))


async def _settle(
    intake: Intake, waiter: Waiter, grant: PageGrant, view: schemas.Submission, wait: float
) -> Attempt:
    if wait > 0 and view.status not in schemas.FINAL_STATUSES:
        with waiter.expect(view.id) as woken:

            async def reload(_: bytes | None) -> schemas.Submission:
                return await run_in_threadpool(attempts.read, intake, grant, view.id)

            view = await waiter.settle(woken, wait, await reload(None), _final, reload)
    return attempts.attempt(view, grant, with_feedback=True)


def _final(view: schemas.Submission) -> bool:
    return view.status in schemas.FINAL_STATUSES


@router.post("/api/submissions", name="student_submit", response_model=Attempt)
async def submit(
    body: CodeIn,
    grant: Grant,
    intake: CurrentIntake,
    waiter: CurrentWaiter,
    limits: Limits,
    gradebook: LmsGradebook,
    wait: Wait = 5,
) -> Attempt | JSONResponse:
    try:
        view = await run_in_threadpool(attempts.submit, intake, grant, body.code, new_id(), limits, gradebook)
    except AttemptRefused as error:  # the page words its time in the browser's zone
        told = attempts.refused(error, grant).model_dump(mode="json")
        return JSONResponse(told, status_code=error.status_code, headers=error.headers)
    # _settle listens, then reads once more: a grading finished before it listens is not missed.
    return await _settle(intake, waiter, grant, view, wait)


@router.get("/api/submissions/{submission_id}", name="student_read")
async def read(
    submission_id: str, grant: Grant, intake: CurrentIntake, waiter: CurrentWaiter, wait: Wait = 0
) -> Attempt:
    view = await run_in_threadpool(attempts.read, intake, grant, submission_id)
    return await _settle(intake, waiter, grant, view, wait)


@router.get("/api/attempts", name="student_attempts")
async def listing(grant: Grant, gradebook: LmsGradebook, db: Db) -> list[Attempt]:
    return await run_in_threadpool(attempts.listing, db, grant, gradebook)


@router.get("/api/allowance", name="student_allowance")
async def allowance(grant: Grant, db: Db) -> Allowance:
    """Attempts left and the next allowed time under the course's policy, shown before Submit."""
    return await run_in_threadpool(attempts.allowance, db, grant)
