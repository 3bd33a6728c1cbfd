"""The FastAPI application: routers, error handlers, and what lives as long as the process."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException

from grader.challenge import load_challenges
from service.api import (
    routes_challenges,
    routes_feedback,
    routes_feedback_effect,
    routes_ops,
    routes_policies,
    routes_privacy,
    routes_roster,
    routes_similar,
    routes_student_links,
    routes_submissions,
)
from service.api.body_limit import BodyLimit
from service.api.openapi_document import install, operation_id
from service.api.routes_docs import add_docs
from service.api.sweeper import sweep_forever
from service.core.errors import RETRY_AFTER_SECONDS, InvalidField, ServiceError
from service.core.settings import Settings
from service.dashboard.aggregates.students import list_student
from service.dashboard.app import PREFIX, create_dashboard
from service.dashboard.secret import session_secret
from service.lti import pages as lti_pages
from service.lti import routes as lti_routes
from service.lti import routes_entry as lti_entry
from service.lti.regraded import regrade_moves
from service.lti.scores import LmsGradebook
from service.messaging.enqueue import TaskQueue
from service.outbound.session import Outbound
from service.storage.db import Database
from service.students import routes as student_routes
from service.submissions.intake import Intake
from service.submissions.rate_limits import SubmissionLimits
from service.web import error_pages
from service.web.deps import plain_parameters
from service.web.waiting import Waiter

log = logging.getLogger(__name__)
STUDENT_STATIC = Path(__file__).resolve().parents[1] / "students" / "static"
MAX_BODY_BYTES = 1024 * 1024  # 64 KiB of code, escaped in JSON, fits many times over
MAX_ERRORS = 20  # listed in a 422; the rest are counted


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    app.state.challenges = load_challenges(*settings.challenge_roots)
    intake = Intake(
        app.state.db,
        app.state.challenges,
        app.state.queue.grade,
        app.state.outbound.destinations,
        list_student,
    )
    app.state.intake = intake

    async def graded(submission_ids: list[str]) -> set[str]:
        return await run_in_threadpool(intake.graded, submission_ids)

    app.state.waiter = Waiter(settings.events, settings.poll_seconds, graded)
    await app.state.waiter.start()
    await app.state.dashboard.state.live.start()
    sweeping = asyncio.create_task(sweep_forever(settings, app.state.db, app.state.queue))
    yield
    sweeping.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await sweeping
    await app.state.dashboard.state.live.stop()
    await app.state.waiter.stop()
    app.state.db.close()  # its pools: a process may make many apps (the next use opens new ones)


async def _service_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ServiceError)  # noqa: S101 narrows for mypy
    if isinstance(error, InvalidField):
        field = {"type": "value_error", "loc": list(error.loc), "msg": f"Value error, {error.detail}"}
        return JSONResponse({"detail": [field]}, status_code=422)
    if error_pages.wants_html(request):
        return error_pages.page(request, error.status_code, error.headers)
    return JSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)


async def _invalid_request(_: Request, error: Exception) -> JSONResponse:
    """FastAPI's 422, without echoing the input (it may be 64 KiB of code, or not encodable)."""
    assert isinstance(error, RequestValidationError)  # noqa: S101 narrows for mypy
    errors = error.errors()
    detail = [{"type": e["type"], "loc": list(e["loc"]), "msg": e["msg"]} for e in errors[:MAX_ERRORS]]
    if len(errors) > MAX_ERRORS:  # one error per unknown key would make an answer of megabytes
        more = len(errors) - MAX_ERRORS
        detail.append({"type": "too_many_errors", "loc": ["body"], "msg": f"and {more} more errors"})
    return JSONResponse({"detail": detail}, status_code=422)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)  # noqa: S101 narrows for mypy
    if error.status_code == 400 and isinstance(error.__cause__, UnicodeDecodeError):
        detail = [{"type": "utf8_invalid", "loc": ["body"], "msg": "the body is not valid UTF-8 text"}]
        return JSONResponse({"detail": detail}, status_code=422)
    if error_pages.wants_html(request):
        return error_pages.page(request, error.status_code, error.headers)
    return await http_exception_handler(request, error)


async def _database_error(_: Request, error: Exception) -> JSONResponse:
    log.error("database unavailable: %s", type(error).__name__)
    return JSONResponse(
        {"detail": "the database is unavailable; retry shortly"},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def from_environment() -> FastAPI:
    """uvicorn's factory (`autograder api`, `serve`): the API on the Settings its process's
    environment gives, read here, once."""
    return create_app(Settings())


def create_app(settings: Settings) -> FastAPI:
    """The API on these Settings: everything the app builds is given them, or what it built from
    them (its `Database`, its `TaskQueue`)."""
    database = Database.of(settings)
    app = FastAPI(
        title="autograder",
        version="1",
        summary="Grades the NumPy challenges of a course on Transformers, with feedback",
        lifespan=lifespan,
        docs_url=None,  # served by routes_docs, from packaged assets: no CDN
        redoc_url=None,
        generate_unique_id_function=operation_id,
        dependencies=[Depends(plain_parameters)],
    )
    app.state.settings = settings
    app.state.db = database
    app.state.queue = TaskQueue.of(settings)  # where submissions are sent to be graded
    app.state.session_secret = session_secret(settings)  # signs the student pages' grants
    app.state.limits = SubmissionLimits.from_settings(settings)
    app.state.gradebook = LmsGradebook(
        database, app.state.queue
    )  # where the student pages' LMS attempts are scored
    app.state.outbound = Outbound.from_settings(settings)  # every request it sends (to LMSs)
    install(app)
    add_docs(app)
    app.include_router(routes_submissions.router)
    app.include_router(routes_challenges.router)
    app.include_router(routes_ops.router)
    app.include_router(routes_feedback.router)
    app.include_router(routes_policies.router)
    app.include_router(routes_roster.router)
    app.include_router(routes_privacy.router)
    app.include_router(routes_similar.router)
    app.include_router(routes_feedback_effect.router)
    app.include_router(routes_student_links.router)
    app.include_router(student_routes.router)
    app.mount("/students/static", StaticFiles(directory=STUDENT_STATIC), name="student_static")
    app.include_router(lti_routes.router)
    app.mount("/lti/static", StaticFiles(directory=lti_pages.STATIC), name="lti_static")
    app.state.dashboard = create_dashboard(
        settings, database, app.state.queue, lti_entry.router, gradebook_moves=regrade_moves
    )
    app.mount(PREFIX, app.state.dashboard)
    app.add_exception_handler(ServiceError, _service_error)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(DBAPIError, _database_error)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    return app
