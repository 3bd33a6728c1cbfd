"""Grading a submission twice (a repeated delivery, a second task) stores one result."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from grader.grade import Grader
from service.dashboard.aggregates.keep import keep
from service.dashboard.aggregates.students import list_student
from service.storage.db import Database
from service.storage.tables import ApiKey, GradingResult, Submission, new_id
from service.submissions import accepting, schemas
from service.submissions.keys import Caller, CreatedKey
from service.worker.grading import grade_submission
from tests.backend import Backend, auth
from tests.waiting import wait_until

MAX_ATTEMPTS = 5  # none of these tests reaches it
CODE = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X - X.mean(axis=0)\n"


def stored_submission(db: Database, key: CreatedKey, grader: Grader, callback_url: str | None = None) -> str:
    """A submission stored as the API stores one (no task sent)."""
    with db.transaction() as session:
        row = session.scalars(select(ApiKey)).one()
        caller = Caller(platform_id=row.platform_id, key_id=row.id, courses=None)
    body = schemas.SubmissionIn(
        challenge="layer_norm", code=CODE, student="s", course="c", callback_url=callback_url
    )
    return accepting.accept(
        db, caller, body, None, grader.challenges, new_id(), on_student=list_student
    ).submission_id


def results_of(db: Database, submission_id: str) -> int:
    with db.transaction() as session:
        query = (
            select(func.count())
            .select_from(GradingResult)
            .where(GradingResult.submission_id == submission_id)
        )
        return int(session.scalar(query) or 0)


def test_grading_the_same_submission_twice_stores_one_result(
    clean: Backend, key: CreatedKey, grader: Grader, db: Database
) -> None:
    submission_id = stored_submission(db, key, grader)
    first = grade_submission(db, grader, submission_id, MAX_ATTEMPTS, on_stored=keep)
    second = grade_submission(db, grader, submission_id, MAX_ATTEMPTS, on_stored=keep)
    assert first is not None
    assert first.stored
    assert first.status == "done"
    assert second is not None
    assert not second.stored
    assert results_of(db, submission_id) == 1
    with db.transaction() as session:
        assert session.get_one(Submission, submission_id).attempts == 1


def test_the_same_task_sent_twice_stores_one_result(
    clean: Backend, client: TestClient, key: CreatedKey, grader: Grader, db: Database
) -> None:
    submission_id = stored_submission(db, key, grader)
    queue = client.app.state.queue  # type: ignore[attr-defined]
    queue.grade(submission_id)
    queue.grade(submission_id)
    graded = client.get(f"/v1/submissions/{submission_id}?wait=20", headers=auth(key))
    assert graded.status_code == 200
    assert clean.worker_log is not None
    log = clean.worker_log
    # The second delivery has finished once it says it found the result (before grading, or at
    # storing) and stored nothing.
    told = (
        f"submission {submission_id} needs no grading",
        f"submission {submission_id} was graded by another",
    )
    wait_until(
        lambda: any(t in log.read_text(errors="replace") for t in told), 60, lambda: log.read_text()[-3000:]
    )
    assert results_of(db, submission_id) == 1


def test_unknown_submission_id_is_ignored_by_the_worker_function(
    clean: Backend, grader: Grader, db: Database
) -> None:
    assert grade_submission(db, grader, "0" * 32, MAX_ATTEMPTS, on_stored=keep) is None
