"""CSRF protection: a secret token kept in the signed session and echoed by every form."""

from __future__ import annotations

import hmac
import secrets

from fastapi import Request

from service.core.errors import Forbidden

SESSION_KEY = "csrf"
FIELD = "csrf_token"


def token(request: Request) -> str:
    """The session's token, created on first use (also for the login form, before logging in)."""
    found = request.session.get(SESSION_KEY)
    if not isinstance(found, str):
        found = secrets.token_urlsafe(32)
        request.session[SESSION_KEY] = found
    return found


def renew(request: Request) -> None:
    request.session[SESSION_KEY] = secrets.token_urlsafe(32)


def check(request: Request, fields: dict[str, str]) -> None:
    expected = request.session.get(SESSION_KEY)
    sent = fields.get(FIELD, "")
    if not isinstance(expected, str) or not hmac.compare_digest(expected.encode(), sent.encode()):
        raise Forbidden("the form's security token is missing or stale: reload the page and try again")
