"""A regrade batch: previewed (what would change, nothing stored), then confirmed (stored and
passed back), its progress followed."""

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
    queue.regrade_preview(batch_id, ids)  # after the commit: a worker always finds the batch it works for
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
    """A preview of the regrade: the submissions graded again into the batch, nothing stored."""
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
    changed, moves = None, None
    if found.previewed_all:  # its effect, once every submission is previewed
        moved: regrade_effect.GradebookMoves = request.app.state.gradebook_moves
        with db.reading() as session:
            changed = regrade_effect.effect(session, regrade_id)
            moves = moved(session, regrade_id)
    context = {
        "account": account,
        "course": found.course,
        "progress": found,
        "effect": changed,
        "moves": moves,
        "sent": sent,
    }
    return render(request, "regrade.html", context)


def _confirm(
    db: Database,
    queue: TaskQueue,
    regrade_id: int,
    courses: tuple[GrantedCourse, ...],
    versions: dict[str, int],
) -> None:
    with db.transaction() as session:
        confirmed = regrade.confirm(session, regrade_id, courses, versions)
    if confirmed:  # after the commit; a second confirmation sends nothing again
        queue.regrade_confirm(regrade_id)


@router.post("/regrades/{regrade_id}/confirm", name="regrade_confirm")
async def confirm(
    request: Request, account: CurrentAccount, regrade_id: int, known: Challenges, fields: Form, db: Db
) -> RedirectResponse:
    """Store the previewed results and send the grades that changed to the LMSs."""
    csrf.check(request, fields)
    queue: TaskQueue = request.app.state.queue
    versions = {c.id: c.version for c in known.values()}
    await run_in_threadpool(_confirm, db, queue, regrade_id, account.courses, versions)
    return RedirectResponse(str(request.url_for("regrade_page", regrade_id=regrade_id)), status_code=303)


@router.post("/regrades/{regrade_id}/passback", name="regrade_passback")
async def pass_back(
    request: Request, account: CurrentAccount, regrade_id: int, fields: Form, db: Db
) -> RedirectResponse:
    """Send a confirmed regrade's changed grades to the LMSs again (one that was down then); a
    grade its gradebook already has is not sent twice."""
    csrf.check(request, fields)
    found = await run_in_threadpool(_progress, db, regrade_id, account.courses)
    queue: TaskQueue = request.app.state.queue
    if found.confirmed and found.finished:
        await run_in_threadpool(queue.regrade_passback, regrade_id)
    back = request.url_for("regrade_page", regrade_id=regrade_id).include_query_params(sent="1")
    return RedirectResponse(str(back), status_code=303)


@router.get("/regrades/{regrade_id}/progress", name="regrade_progress")
def progress(account: CurrentAccount, regrade_id: int, db: Db) -> JSONResponse:
    found = _progress(db, regrade_id, account.courses)
    body = {
        "total": found.total,
        "done": found.done,
        "percent": found.percent,
        "finished": found.finished,
        "confirmed": found.confirmed,
    }
    return JSONResponse(body, headers={"Cache-Control": "no-store"})
