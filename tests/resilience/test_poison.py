"""A submission whose grading keeps dying ends `error` (internal, resubmit) instead of looping forever."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import update

from grader.grade import Grader
from service.dashboard.aggregates.keep import keep
from service.storage.db import Database
from service.storage.tables import Submission
from service.worker.grading import grade_submission
from tests.backend import KeyMaker
from tests.resilience.stack import REFERENCE, auth, body, results_of

MAX_ATTEMPTS = 3  # gradings that may start without finishing before the submission ends `error`


def _started(db: Database, submission_id: str, attempts: int) -> None:
    with db.transaction() as session:
        session.execute(
            update(Submission)
            .where(Submission.id == submission_id)
            .values(status="running", attempts=attempts)
        )


def test_after_the_last_allowed_attempt_the_submission_ends_as_an_internal_error(
    client: TestClient, grader: Grader, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    submitted = client.post("/v1/submissions", json=body(REFERENCE, lang="en"), headers=headers).json()
    _started(db, submitted["id"], MAX_ATTEMPTS)  # every earlier start died
    graded = grade_submission(db, grader, submitted["id"], MAX_ATTEMPTS, on_stored=keep)
    assert graded is not None
    assert graded.stored
    assert graded.status == "error"
    seen = client.get(f"/v1/submissions/{submitted['id']}", headers=headers).json()
    assert seen["status"] == "error"
    assert seen["result"]["error"]["kind"] == "internal"
    assert "resubmit" in seen["result"]["error"]["message"]
    assert seen["result"]["score"] == 0
    assert results_of(db, submitted["id"]) == 1


def test_below_the_limit_a_redelivered_submission_is_graded(
    client: TestClient, grader: Grader, db: Database, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    submitted = client.post("/v1/submissions", json=body(REFERENCE), headers=headers).json()
    _started(db, submitted["id"], MAX_ATTEMPTS - 1)
    graded = grade_submission(db, grader, submitted["id"], MAX_ATTEMPTS, on_stored=keep)
    assert graded is not None
    assert graded.status == "done"
    assert client.get(f"/v1/submissions/{submitted['id']}", headers=headers).json()["result"]["score"] == 100
