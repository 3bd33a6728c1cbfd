"""Start a regrade batch and watch its progress."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from service.dashboard import csrf, regrade, regrade_effect
from service.dashboard.deps import Challenges, CurrentAccount, VisibleCourse, render
from service.dashboard.forms import form_fields
from service.dashboard.grants import GrantedCourse
from service.messaging.enqueue import TaskQueue
from service.storage.db import Database
from service.web.deps import Db

router = APIRouter()
Form = Annotated[dict[str, str], Depends(form_fields)]


def _start(
    db: Database,
    queue: TaskQueue,
    course: GrantedCourse,
    challenge: str | None,
    versions: dict[str, int],
    instructor_id: int,
) -> int:
    with db.transaction() as session:
        batch = regrade.start(session, course, challenge, versions, instructor_id)
        batch_id = batch.id
    with db.reading() as session:
        ids = regrade.submission_ids(session, batch_id)
    queue.regrade(ids)  # after the commit: a worker always finds the batch it works for
    return batch_id


@router.post("/courses/{course}/regrades", name="regrade_start")
async def start(
    request: Request,
    account: CurrentAccount,
    course: VisibleCourse,
    known: Challenges,
    fields: Form,
    db: Db,
) -> RedirectResponse:
    csrf.check(request, fields)
    versions = {c.id: c.version for c in known.values()}
    queue: TaskQueue = request.app.state.queue
    challenge = fields.get("challenge") or None
    batch_id = await run_in_threadpool(_start, db, queue, course, challenge, versions, account.id)
    return RedirectResponse(str(request.url_for("regrade_page", regrade_id=batch_id)), status_code=303)


def _progress(db: Database, regrade_id: int, courses: tuple[GrantedCourse, ...]) -> regrade.Progress:
    with db.reading() as session:
        return regrade.progress(session, regrade_id, courses)


@router.get("/regrades/{regrade_id}", response_class=HTMLResponse, name="regrade_page")
def page(request: Request, account: CurrentAccount, regrade_id: int, db: Db, sent: str = "") -> HTMLResponse:
    found = _progress(db, regrade_id, account.courses)
    changed = None
    if found.finished:  # its effect, once every submission is graded again
        with db.reading() as session:
            changed = regrade_effect.effect(session, regrade_id)
    context = {"account": account, "course": found.course, "progress": found, "effect": changed, "sent": sent}
    return render(request, "regrade.html", context)


@router.post("/regrades/{regrade_id}/passback", name="regrade_passback")
async def pass_back(
    request: Request, account: CurrentAccount, regrade_id: int, fields: Form, db: Db
) -> RedirectResponse:
    """Send the regrade's changed grades to the LMSs, after the instructor saw its effect."""
    csrf.check(request, fields)
    found = await run_in_threadpool(_progress, db, regrade_id, account.courses)
    queue: TaskQueue = request.app.state.queue
    if found.finished:
        await run_in_threadpool(queue.regrade_passback, regrade_id)
    back = request.url_for("regrade_page", regrade_id=regrade_id).include_query_params(sent="1")
    return RedirectResponse(str(back), status_code=303)


@router.get("/regrades/{regrade_id}/progress", name="regrade_progress")
def progress(account: CurrentAccount, regrade_id: int, db: Db) -> JSONResponse:
    found = _progress(db, regrade_id, account.courses)
    body = {"total": found.total, "done": found.done, "percent": found.percent, "finished": found.finished}
    return JSONResponse(body, headers={"Cache-Control": "no-store"})
