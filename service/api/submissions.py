"""`/v1/submissions`: submit, read and list, with `wait=` for the result."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Response
from starlette.concurrency import run_in_threadpool

from service import intake, ratelimit, schemas, submissions
from service.api.deps import Challenges, CurrentCaller, CurrentWaiter
from service.db import transaction
from service.metrics import observe_request

router = APIRouter(prefix="/v1/submissions", tags=["submissions"])
Wait = Annotated[float, Query(ge=0, le=30, description="seconds to wait for the result (0 to 30)")]
ERRORS: dict[int | str, dict[str, str]] = {
    401: {"description": "no or bad API key"},
    403: {"description": "course not allowed for this key"},
    404: {"description": "unknown submission"},
    413: {"description": "code over 64 KiB"},
    422: {"description": "invalid body"},
    429: {"description": "rate limited: retry after `Retry-After` seconds"},
    503: {"description": "database or queue unavailable"},
}


async def _settled(
    view: schemas.Submission, caller: CurrentCaller, waiter: CurrentWaiter, wait: float, response: Response
) -> schemas.Submission:
    if wait > 0 and view.status not in schemas.FINAL_STATUSES:
        await waiter.until(view.id, wait, lambda: run_in_threadpool(intake.is_final, view.id))
        view = await run_in_threadpool(intake.read, caller, view.id)
    response.status_code = 200 if view.status in schemas.FINAL_STATUSES else 202
    return view


@router.post("", status_code=202, responses={200: {"description": "graded"}, **ERRORS})
async def create_submission(
    body: schemas.SubmissionIn,
    caller: CurrentCaller,
    known: Challenges,
    waiter: CurrentWaiter,
    response: Response,
    wait: Wait = 0,
    idempotency_key: Annotated[str | None, Header(max_length=200)] = None,
) -> schemas.Submission:
    """Store a submission and queue its grading; 202 while queued or running, 200 once graded."""
    with observe_request("submit", wait > 0):
        await run_in_threadpool(ratelimit.check_submission, caller, body)
        view = await run_in_threadpool(intake.submit, caller, body, idempotency_key, known)
        return await _settled(view, caller, waiter, wait, response)


@router.get("/{submission_id}", responses={200: {"description": "graded"}, **ERRORS})
async def read_submission(
    submission_id: str, caller: CurrentCaller, waiter: CurrentWaiter, response: Response, wait: Wait = 0
) -> schemas.Submission:
    """One submission of the caller's platform; 202 while queued or running, 200 once graded."""
    with observe_request("read", wait > 0):
        view = await run_in_threadpool(intake.read, caller, submission_id)
        return await _settled(view, caller, waiter, wait, response)


@router.get("", responses=ERRORS)
def list_submissions(
    caller: CurrentCaller,
    course: str | None = None,
    student: str | None = None,
    challenge: str | None = None,
    limit: Annotated[int, Query(ge=1, le=submissions.MAX_PAGE)] = 50,
    cursor: str | None = None,
) -> schemas.SubmissionPage:
    """The caller's submissions, newest first; follow `next_cursor` for the next page."""
    with transaction() as session:
        return submissions.listing(session, caller, course, student, challenge, limit, cursor)
