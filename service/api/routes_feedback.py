"""`/v1/submissions/{id}/feedback.html`: what the student page shows of a graded submission, as an
HTML fragment for platforms that keep their own page (escaped, a small inline stylesheet, no script)."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from starlette.concurrency import run_in_threadpool

from grader.models import Result
from grader.text import Lang
from service.core.errors import ServiceError
from service.policies.late import Counted
from service.storage.db import Database
from service.students import feedback
from service.submissions import records
from service.submissions.keys import Caller
from service.web.deps import CurrentCaller, Db

router = APIRouter(prefix="/v1/submissions", tags=["submissions"])
# Shown on its own, the fragment may use its inline stylesheet and nothing else.
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
}


class NotGraded(ServiceError):
    status_code = 409


@router.get(
    "/{submission_id}/feedback.html",
    response_class=HTMLResponse,
    responses={
        200: {"content": {"text/html": {}}, "description": "the feedback fragment"},
        401: {"description": "no or bad API key"},
        404: {"description": "unknown submission"},
        409: {"description": "not graded yet: wait for the Submission, then ask again"},
    },
)
async def submission_feedback(
    submission_id: str, caller: CurrentCaller, db: Db, lang: Literal["es", "en"] | None = None
) -> HTMLResponse:
    """The feedback of a graded submission; `lang` defaults to the submission's language."""
    result, own_lang, counted = await run_in_threadpool(_graded, db, caller, submission_id)
    html = feedback.fragment(result, lang or own_lang, with_style=True, counted=counted)
    return HTMLResponse(str(html), headers=HEADERS)


def _graded(db: Database, caller: Caller, submission_id: str) -> tuple[Result, Lang, Counted]:
    """The submission's result, the language it was graded in and what it counts for."""
    with db.reading() as session:
        submission = records.get(session, caller, submission_id)
        view = records.view(session, submission)
        lang: Lang = "en" if submission.lang == "en" else "es"
    if view.result is None:
        raise NotGraded(f"submission {submission_id} is {view.status}: not graded yet")
    return view.result, lang, Counted(view.late, view.days_late, view.counted_score)
