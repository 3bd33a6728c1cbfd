"""Annotated dependencies of the handlers: the caller (from the API key) and the app's state."""

from __future__ import annotations

import hashlib
import time
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from grader.challenge import Challenge
from service.db import transaction
from service.keys import Caller, authenticate
from service.waiting import Waiter

CALLER_CACHE_SECONDS = 10.0  # a revoked key stops working within this time
_bearer = HTTPBearer(auto_error=False, description="The platform's API key")
_callers: dict[str, tuple[float, Caller]] = {}


def _authenticated(key: str | None) -> Caller:
    if not key:
        with transaction() as session:
            return authenticate(session, key)
    digest = hashlib.sha256(key.encode()).hexdigest()
    cached = _callers.get(digest)
    if cached is not None and cached[0] > time.monotonic():
        return cached[1]
    with transaction() as session:
        caller = authenticate(session, key)
    if len(_callers) > 10_000:
        _callers.clear()
    _callers[digest] = (time.monotonic() + CALLER_CACHE_SECONDS, caller)
    return caller


def current_caller(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    return _authenticated(credentials.credentials if credentials else None)


def challenges(request: Request) -> dict[str, Challenge]:
    loaded: dict[str, Challenge] = request.app.state.challenges
    return loaded


def waiter(request: Request) -> Waiter:
    found: Waiter = request.app.state.waiter
    return found


CurrentCaller = Annotated[Caller, Depends(current_caller)]
Challenges = Annotated[dict[str, Challenge], Depends(challenges)]
CurrentWaiter = Annotated[Waiter, Depends(waiter)]
