"""`/dashboard/lti/enter`: an instructor's launch ticket exchanged for a dashboard session (mounted
in the dashboard's app, whose session cookie it sets), then the course's overview."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from service.core.errors import Unauthorized
from service.dashboard import csrf, sessions
from service.dashboard.deps import SESSION_TOKEN
from service.dashboard.links import url
from service.lti import entry
from service.storage.db import Database
from service.web.deps import Db

router = APIRouter()


def _open(db: Database, instructor_id: int) -> str:
    with db.transaction() as session:
        return sessions.open_session(session, instructor_id, sessions.LIFETIME_SECONDS)


@router.get("/lti/enter", name="lti_enter")
async def enter(request: Request, db: Db, ticket: str = "") -> Response:
    found = await run_in_threadpool(entry.redeem, db, ticket)
    if found is None:
        raise Unauthorized(
            "this dashboard link was used already or has expired: open the tool again from your course"
        )
    token = await run_in_threadpool(_open, db, found.instructor_id)
    request.session.clear()
    request.session[SESSION_TOKEN] = token
    csrf.renew(request)
    return RedirectResponse(str(url(request, "overview", course=found.course)), status_code=303)
