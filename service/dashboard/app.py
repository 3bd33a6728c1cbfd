"""The dashboard as an ASGI app of its own, mounted by the service's app at `PREFIX`."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware.sessions import SessionMiddleware

from grader.challenge import load_challenges
from service.core.counting import counts_for
from service.core.errors import ServiceError
from service.core.settings import Settings
from service.dashboard import (
    routes_auth,
    routes_export,
    routes_live,
    routes_pages,
    routes_policies,
    routes_regrade,
    routes_roster,
    routes_similar,
)
from service.dashboard.deps import LoginRequired, optional_account, render
from service.dashboard.live import POLL_SECONDS, LiveHub
from service.dashboard.password_checks import WAITING_CHECKS, PasswordChecks
from service.dashboard.regrade_effect import GradebookMoves, no_gradebooks
from service.dashboard.secret import session_secret
from service.dashboard.secure_cookie import SecureCookieOverHttps
from service.dashboard.sessions import LIFETIME_SECONDS
from service.dashboard.similar_views import SimilarViews
from service.dashboard.throttle import LoginThrottle
from service.messaging.enqueue import TaskQueue
from service.roster.asks import RosterAsks
from service.storage.db import Database
from service.web import error_pages
from service.web.deps import plain_parameters

PREFIX = "/dashboard"
SESSION_COOKIE = "autograder_dashboard"


async def _login_required(request: Request, _: Exception) -> Response:
    # the path as sent (ids still percent-encoded), so the way back after logging in is the same page
    sent = request.scope.get("raw_path")
    back = sent.decode("latin-1") if isinstance(sent, bytes) else request.url.path
    login = request.url_for("login").include_query_params(next=back)
    return RedirectResponse(str(login), status_code=303)


async def _service_error(request: Request, error: Exception) -> HTMLResponse:
    assert isinstance(error, ServiceError)  # noqa: S101 narrows for mypy
    account = await run_in_threadpool(optional_account, request)
    context = {"status": error.status_code, "detail": error.detail, "account": account}
    return render(request, "error.html", context, status_code=error.status_code)


async def _http_error(request: Request, error: Exception) -> Response:
    """An unknown path of the dashboard (or a method it does not take) as a dashboard page."""
    assert isinstance(error, HTTPException)  # noqa: S101 narrows for mypy
    if not error_pages.wants_html(request):
        return await http_exception_handler(request, error)
    account = await run_in_threadpool(optional_account, request)
    context = {"status": error.status_code, "detail": None, "account": account}
    return render(request, "error.html", context, status_code=error.status_code)


async def _security_headers(request: Request, call_next: object) -> Response:
    response: Response = await call_next(request)  # type: ignore[operator]
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'",
    )
    return response


def create_dashboard(
    settings: Settings,
    db: Database,
    queue: TaskQueue,
    *more: APIRouter,
    gradebook_moves: GradebookMoves = no_gradebooks,
) -> FastAPI:
    """The dashboard's app on this database, sending its regrades to `queue`; `more` are routers of other packages
    served under its session cookie (the LTI instructor's entry); `gradebook_moves` tells which LMS
    grades a regrade would change (the LTI tool's)."""
    app = FastAPI(
        title="autograder dashboard",
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        dependencies=[Depends(plain_parameters)],
    )
    app.state.db = db
    app.state.queue = queue
    app.state.gradebook_moves = gradebook_moves
    app.state.challenges = load_challenges(*settings.challenge_roots)
    app.state.login_throttle = LoginThrottle(
        counts_for(settings), settings.queue, settings.login_failures_per_minute
    )
    app.state.password_checks = PasswordChecks(settings.password_checks, WAITING_CHECKS)
    app.state.live = LiveHub(settings.events, POLL_SECONDS)
    app.state.roster_asks = RosterAsks.from_settings(settings)  # the API's refresh route asks here too
    app.state.similar_views = SimilarViews()  # the API's similar route too
    for module in (
        routes_auth,
        routes_pages,
        routes_export,
        routes_regrade,
        routes_live,
        routes_policies,
        routes_roster,
        routes_similar,
    ):
        app.include_router(module.router)
    for router in more:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=Path(__file__).parent / "static"), name="static")
    app.add_exception_handler(LoginRequired, _login_required)
    app.add_exception_handler(ServiceError, _service_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.middleware("http")(_security_headers)
    app.add_middleware(
        SessionMiddleware,
        secret_key=session_secret(settings),
        session_cookie=SESSION_COOKIE,
        max_age=LIFETIME_SECONDS,
        path=PREFIX,
        same_site="lax",
    )
    app.add_middleware(SecureCookieOverHttps, cookie=SESSION_COOKIE)  # outside the session's
    return app
