"""Log in and out: a signed session cookie, with CSRF tokens on both forms."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from service.dashboard import accounts, csrf
from service.dashboard.deps import SESSION_USER, render
from service.dashboard.forms import form_fields
from service.dashboard.throttle import LoginThrottle
from service.storage.db import reading

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


def _authenticate(email: str, password: str) -> accounts.Account | None:
    with reading() as session:
        return accounts.authenticate(session, email, password)


@router.post("/login", name="login_submit")
async def login(request: Request, fields: Form) -> Response:
    csrf.check(request, fields)
    email, client = fields.get("email", ""), request.client.host if request.client else ""
    throttle: LoginThrottle = request.app.state.login_throttle
    throttle.check(email, client)
    account = await run_in_threadpool(_authenticate, email, fields.get("password", ""))
    if account is None:
        throttle.failed(email, client)
        context = {"next": _safe_next(fields.get("next")) or "", "error": "Wrong email or password."}
        return render(request, "login.html", context, status_code=401)
    throttle.succeeded(email, client)
    request.session.clear()  # a fresh session: no fixation of an earlier one
    request.session[SESSION_USER] = account.id
    csrf.renew(request)
    target = _safe_next(fields.get("next")) or str(request.url_for("home"))
    return RedirectResponse(target, status_code=303)


@router.post("/logout", name="logout")
async def logout(request: Request, fields: Form) -> Response:
    csrf.check(request, fields)
    request.session.clear()
    return RedirectResponse(str(request.url_for("login")), status_code=303)
