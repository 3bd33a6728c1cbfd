"""Server-sent events of a course's pages: the live region of the page the browser shows, sent
again whenever a stored result changes it (`service.dashboard.live`)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Annotated
from urllib.parse import quote, unquote

import httpx
from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import func, select
from starlette.concurrency import run_in_threadpool

from service.core.errors import Invalid
from service.dashboard import i18n, timezones
from service.dashboard.aggregates.tables import AggVersion
from service.dashboard.deps import PATH, VisibleCourse
from service.dashboard.grants import GrantedCourse
from service.dashboard.live import LiveHub
from service.dashboard.queries.scope import course_ids
from service.storage.db import Database
from service.storage.tables import Course
from service.web.deps import Db
from service.web.i18n import lang_of

router = APIRouter()
HEARTBEAT_SECONDS = 15.0
LIVE = re.compile(r'<div id="live">.*</div>', re.DOTALL)
CSRF = re.compile(r'(name="csrf_token" value=")[^"]*(")')
FORWARDED = ("cookie", "accept-language")
INTERNAL = httpx.URL("http://dashboard")  # the dashboard as the live fetch asks it, in this process


def _view(course: GrantedCourse, view: str) -> httpx.URL:
    """The page (path and query) to render, if it is one of the course's live pages: decided on
    the very URL the fetch requests (its dot segments resolved as the client resolves them)."""
    asked = httpx.URL(view)
    relative = not asked.is_absolute_url and not asked.host and view.startswith("/")
    page = INTERNAL.join(view) if relative else None
    base = f"{PATH}/courses/{quote(course.slug, safe='')}"
    path = page.raw_path.decode("ascii").partition("?")[0] if page is not None else ""
    segments = path.removeprefix(base).split("/")[1:] if path.startswith(f"{base}/") else []
    live = path == base or segments == ["students"] or (len(segments) == 2 and segments[0] == "students")
    if page is None or page.raw_path != asked.raw_path or not live or any(_dot(s) for s in segments):
        raise Invalid("not a live page of this course")
    return page


def _dot(segment: str) -> bool:
    """A segment a server may still read as `.` or `..` (written with percent escapes)."""
    return unquote(segment) in ("", ".", "..")


def _mark(db: Database, course: GrantedCourse) -> int:
    """Changes with every stored result of the course (a first grading or a regrade)."""
    with db.reading() as session:
        query = select(func.coalesce(func.sum(AggVersion.submissions), 0)).where(
            AggVersion.course_id.in_(course_ids(course))
        )
        return int(session.scalar(query) or 0)


def _course_id(db: Database, course: GrantedCourse) -> int | None:
    with db.reading() as session:
        return session.scalar(course_ids(course).where(Course.id.is_not(None)))


def _live_region(html: str) -> str | None:
    """The page's live region, without the session's form token (the browser puts back its own)."""
    found = LIVE.search(html)
    return CSRF.sub(r"\1\2", found.group(0)) if found else None


def _fetcher(request: Request, view: httpx.URL) -> object:
    headers = {k: v for k, v in request.headers.items() if k in FORWARDED}
    app = request.app

    async def fetch() -> str | None:
        transport = httpx.ASGITransport(app=app, root_path=PATH)
        async with httpx.AsyncClient(transport=transport) as client:
            page = await client.get(view, headers=headers)
        return _live_region(page.text) if page.status_code == 200 else None

    return fetch


def _group(request: Request, view: httpx.URL) -> tuple[str, str, str]:
    """What one render serves: the page, in the browser's language and time zone."""
    return (str(view), lang_of(request, i18n.COOKIE), timezones.zone_of(request).name)


async def _events(
    request: Request, db: Database, hub: LiveHub, course: GrantedCourse, view: httpx.URL
) -> AsyncIterator[str]:
    key = (course.platform_id, course.slug)
    group = _group(request, view)

    async def mark() -> int:
        return await run_in_threadpool(_mark, db, course)

    course_id = await run_in_threadpool(_course_id, db, course)
    listener = hub.subscribe(key, course_id, mark, group, _fetcher(request, view))  # type: ignore[arg-type]
    try:
        yield ": live\n\n"
        while True:
            try:
                html = await asyncio.wait_for(listener.queue.get(), timeout=HEARTBEAT_SECONDS)
            except TimeoutError:
                yield ": still here\n\n"
                continue
            yield "event: live\n" + "".join(f"data: {line}\n" for line in html.splitlines()) + "\n"
    finally:
        hub.unsubscribe(key, group, listener)


@router.get("/courses/{course}/live", name="live")
async def live(
    request: Request,
    course: VisibleCourse,
    view: Annotated[str, Query(max_length=2000, description="the page's path and query")],
    db: Db,
) -> StreamingResponse:
    hub: LiveHub = request.app.state.live
    shown = _view(course, view)
    hub.admits((course.platform_id, course.slug), _group(request, shown))  # a 429 before the stream
    return StreamingResponse(
        _events(request, db, hub, course, shown),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
