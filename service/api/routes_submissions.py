"""`/v1/submissions`: submit, read and list, with `wait=` for the result."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Annotated

from fastapi import APIRouter, Header, Query, Response
from starlette.concurrency import run_in_threadpool

from service.api.contract import errors, submission_answers
from service.api.metrics import observe_request
from service.storage.tables import new_id
from service.submissions import rate_limits, records, schemas
from service.submissions.intake import Intake
from service.submissions.keys import Caller
from service.web.deps import CurrentCaller, CurrentIntake, CurrentWaiter, Limits
from service.web.waiting import Waiter, Woken

router = APIRouter(prefix="/v1/submissions", tags=["submissions"])
Wait = Annotated[float, Query(ge=0, le=30, description="seconds to wait for the result (0 to 30)")]
IdempotencyKey = Annotated[
    str | None,
    Header(
        max_length=200,
        description="the same key from the same platform returns the same submission and grades nothing twice",
    ),
]


# What a request has seen of its submission: read from the database, or the graded Submission's
# JSON exactly as the worker published it once stored (final, answered as it is: no second read,
# no parsing and serializing again).
Seen = schemas.Submission | bytes


def _final(seen: Seen) -> bool:
    return isinstance(seen, bytes) or seen.status in schemas.FINAL_STATUSES


async def _settled(
    intake: Intake,
    view: schemas.Submission,
    caller: Caller,
    waiter: Waiter,
    wait: float,
    response: Response,
    woken: Woken | None,
    headers: Mapping[str, str],
) -> schemas.Submission | Response:
    """Wait up to `wait` seconds for the result, woken when it is stored; 200 once final, else 202."""
    seen: Seen = view
    if wait > 0 and not _final(view):
        submission_id = view.id

        async def reload(payload: bytes | None) -> Seen:
            if payload is not None and records.published_view(payload, submission_id) is not None:
                return payload  # answered as the worker wrote it: a valid Submission of this id
            return await run_in_threadpool(intake.read, caller, submission_id)

        with contextlib.ExitStack() as stack:
            if woken is None:  # not listening yet: listen, then look once more so nothing is missed
                woken = stack.enter_context(waiter.expect(submission_id))
                seen = await reload(None)
            seen = await waiter.settle(woken, wait, seen, _final, reload)
    if isinstance(seen, bytes):
        return Response(seen, status_code=200, media_type="application/json", headers=headers)
    response.headers.update(headers)
    response.status_code = 200 if _final(seen) else 202
    return seen


def _submit(
    intake: Intake,
    caller: Caller,
    body: schemas.SubmissionIn,
    idempotency_key: str | None,
    submission_id: str,
    limits: rate_limits.SubmissionLimits,
) -> tuple[schemas.Submission, rate_limits.Standing]:
    """The callback's destination, rate limits, then store and send: one trip to a worker thread
    for all of it."""
    intake.check_callback(body)
    standing = limits.check(caller, body)
    return intake.submit(caller, body, idempotency_key, submission_id), standing


@router.post(
    "",
    status_code=202,
    response_model=schemas.Submission,
    responses={**submission_answers(rate_limited=True), **errors(401, 403, 409, 413, 422, 429, 503)},
)
async def create_submission(
    body: schemas.SubmissionIn,
    caller: CurrentCaller,
    intake: CurrentIntake,
    waiter: CurrentWaiter,
    limits: Limits,
    response: Response,
    wait: Wait = 0,
    idempotency_key: IdempotencyKey = None,
) -> schemas.Submission | Response:
    """Store a submission and queue its grading; 202 while queued or running, 200 once graded."""
    with observe_request("submit", wait > 0):
        submission_id = new_id()
        with waiter.expect(submission_id) as woken:  # before the task is sent: no wake-up is missed
            view, standing = await run_in_threadpool(
                _submit, intake, caller, body, idempotency_key, submission_id, limits
            )
            own = woken if view.id == submission_id else None
            return await _settled(intake, view, caller, waiter, wait, response, own, standing.headers())


@router.get(
    "/{submission_id}",
    response_model=schemas.Submission,
    responses={**submission_answers(rate_limited=False), **errors(401, 404, 422, 503)},
)
async def get_submission(
    submission_id: str,
    caller: CurrentCaller,
    intake: CurrentIntake,
    waiter: CurrentWaiter,
    response: Response,
    wait: Wait = 0,
) -> schemas.Submission | Response:
    """One submission of the caller's platform; 202 while queued or running, 200 once graded."""
    with observe_request("read", wait > 0), waiter.expect(submission_id) as woken:
        view = await run_in_threadpool(intake.read, caller, submission_id)
        return await _settled(intake, view, caller, waiter, wait, response, woken, {})


@router.get("", responses=errors(401, 403, 422, 503))
def list_submissions(
    caller: CurrentCaller,
    intake: CurrentIntake,
    course: str | None = None,
    student: str | None = None,
    challenge: str | None = None,
    limit: Annotated[int, Query(ge=1, le=records.MAX_PAGE)] = 50,
    cursor: str | None = None,
) -> schemas.SubmissionPage:
    """The caller's submissions, newest first; follow `next_cursor` for the next page."""
    with intake.db.reading() as session:
        return records.listing(session, caller, course, student, challenge, limit, cursor)
