"""Annotated dependencies of the handlers: the caller (from the API key) and the app's state."""

from __future__ import annotations

import hashlib
import time
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from grader.challenge import Challenge
from service.core.errors import InvalidField
from service.messaging.enqueue import TaskQueue
from service.storage.db import Database
from service.submissions.intake import Intake
from service.submissions.keys import Caller, authenticate
from service.submissions.rate_limits import SubmissionLimits
from service.submissions.schemas import plain_text
from service.web.waiting import Waiter

CALLER_CACHE_SECONDS = 10.0  # a revoked key stops working within this time
_bearer = HTTPBearer(auto_error=False, description="The platform's API key")
_callers: dict[str, tuple[float, Caller]] = {}


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _cached(key: str | None) -> Caller | None:
    cached = _callers.get(_digest(key)) if key else None
    return cached[1] if cached is not None and cached[0] > time.monotonic() else None


def _authenticated(db: Database, key: str | None) -> Caller:
    caller = _cached(key)
    if caller is not None:
        return caller
    with db.transaction() as session:
        caller = authenticate(session, key)
    assert key  # noqa: S101 authenticate refuses a missing key
    if len(_callers) > 10_000:
        _callers.clear()
    _callers[_digest(key)] = (time.monotonic() + CALLER_CACHE_SECONDS, caller)
    return caller


# The dependencies are coroutines: a plain `def` one would cost each request a trip to a thread.
async def current_caller(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    key = credentials.credentials if credentials else None
    caller = _cached(key)
    if caller is not None:
        return caller
    return await run_in_threadpool(_authenticated, request.app.state.db, key)


def database_of(request: Request) -> Database:
    """The database of the app serving this request (built once by its factory; the dashboard's
    is the API's)."""
    found: Database = request.app.state.db
    return found


async def database(request: Request) -> Database:
    return database_of(request)


async def challenges(request: Request) -> dict[str, Challenge]:
    loaded: dict[str, Challenge] = request.app.state.challenges
    return loaded


async def waiter(request: Request) -> Waiter:
    found: Waiter = request.app.state.waiter
    return found


async def app_session_secret(request: Request) -> str:
    secret: str = request.app.state.session_secret
    return secret


async def submission_limits(request: Request) -> SubmissionLimits:
    limits: SubmissionLimits = request.app.state.limits
    return limits


async def current_intake(request: Request) -> Intake:
    """Where the app's submissions enter (built at its start, with its challenges)."""
    found: Intake = request.app.state.intake
    return found


async def task_queue(request: Request) -> TaskQueue:
    """Where the app sends tasks (built once by the app's factory)."""
    found: TaskQueue = request.app.state.queue
    return found


Db = Annotated[Database, Depends(database)]
CurrentCaller = Annotated[Caller, Depends(current_caller)]
Challenges = Annotated[dict[str, Challenge], Depends(challenges)]
CurrentWaiter = Annotated[Waiter, Depends(waiter)]
Limits = Annotated[SubmissionLimits, Depends(submission_limits)]
SessionSecret = Annotated[str, Depends(app_session_secret)]
CurrentIntake = Annotated[Intake, Depends(current_intake)]
Tasks = Annotated[TaskQueue, Depends(task_queue)]


async def plain_parameters(request: Request) -> None:
    """Every path and query parameter is text a database stores: a NUL byte (`%00`) is refused by
    the parameter's name before any handler looks it up, as a body's field is (PostgreSQL refuses
    a NUL in text, and the lookup would fail as a 500 or a 503)."""
    given = [("path", k, v) for k, v in request.path_params.items()]
    given += [("query", k, v) for k, v in request.query_params.multi_items()]
    for place, name, value in given:
        if isinstance(value, str):
            try:
                plain_text(value)
            except ValueError as refused:
                raise InvalidField((place, name), str(refused)) from None
