"""Log in and out: a session kept on the server (its token in a signed cookie), CSRF tokens on both forms."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from service.dashboard import accounts, csrf, sessions
from service.dashboard.deps import SESSION_TOKEN, render
from service.dashboard.forms import form_fields
from service.dashboard.password_checks import PasswordChecks
from service.dashboard.throttle import LoginThrottle
from service.storage.db import Database
from service.web.deps import Db

router = APIRouter()
Form = Annotated[dict[str, str], Depends(form_fields)]


def _safe_next(target: str | None) -> str | None:
    """Only a path of this site: never `//host` or `https://…` (no open redirect)."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return None


@router.get("/login", response_class=HTMLResponse, name="login")
def login_page(request: Request, next: str | None = None) -> HTMLResponse:
    return render(request, "login.html", {"next": _safe_next(next) or "", "error": None})


def _authenticate(db: Database, email: str, password: str) -> accounts.Account | None:
    with db.reading() as session:
        return accounts.authenticate(session, email, password)


@router.post("/login", name="login_submit")
async def login(request: Request, fields: Form, db: Db) -> Response:
    csrf.check(request, fields)
    email, client = fields.get("email", ""), request.client.host if request.client else ""
    throttle: LoginThrottle = request.app.state.login_throttle
    checks: PasswordChecks = request.app.state.password_checks
    ticket = await run_in_threadpool(throttle.admit, email, client)
    account = await checks.run(_authenticate, db, email, fields.get("password", ""))
    if account is None:
        await run_in_threadpool(throttle.failed, ticket)
        context = {"next": _safe_next(fields.get("next")) or "", "error": "Wrong email or password."}
        return render(request, "login.html", context, status_code=401)
    await run_in_threadpool(throttle.succeeded, ticket)
    token = await run_in_threadpool(_open_session, db, account.id)
    request.session.clear()  # a fresh session: no fixation of an earlier one
    request.session[SESSION_TOKEN] = token
    csrf.renew(request)
    target = _safe_next(fields.get("next")) or str(request.url_for("home"))
    return RedirectResponse(target, status_code=303)


@router.post("/logout", name="logout")
async def logout(request: Request, fields: Form, db: Db) -> Response:
    csrf.check(request, fields)
    token = request.session.get(SESSION_TOKEN)
    if isinstance(token, str):
        await run_in_threadpool(_close_session, db, token)
    request.session.clear()
    return RedirectResponse(str(request.url_for("login")), status_code=303)


def _open_session(db: Database, instructor_id: int) -> str:
    with db.transaction() as session:
        return sessions.open_session(session, instructor_id, sessions.LIFETIME_SECONDS)


def _close_session(db: Database, token: str) -> None:
    with db.transaction() as session:
        sessions.close_session(session, token)
