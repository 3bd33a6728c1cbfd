"""The retention period: the code of old graded submissions erased in bounded batches by the API's
sweeper, their scores and results kept; off by default."""

from __future__ import annotations

import time
from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import select, update

from service.api.app import create_app
from service.core.settings import Settings
from service.dashboard.fingerprint_tables import SubmissionFingerprint
from service.privacy.retention import erase_old_code
from service.privacy.tables import Erasure
from service.storage.db import Database
from service.storage.tables import GradingResult, Submission, now
from service.submissions.keys import CreatedKey
from tests.backend import auth
from tests.waiting import wait_until

WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X  # retained\n"


def _graded(client: TestClient, key: CreatedKey, students: list[str]) -> list[str]:
    ids = []
    for student in students:
        body = {"challenge": "layer_norm", "code": WRONG, "student": student, "course": "ia-2026"}
        answer = client.post("/v1/submissions?wait=20", json=body, headers=auth(key))
        assert answer.json()["status"] == "done", answer.text
        ids.append(answer.json()["id"])
    return ids


def _age(db: Database, ids: list[str], days: float) -> None:
    with db.transaction() as session:
        moment = now() - timedelta(days=days)
        session.execute(update(Submission).where(Submission.id.in_(ids)).values(created_at=moment))


def _codes(db: Database) -> dict[str, str]:
    with db.reading() as session:
        return dict(session.execute(select(Submission.id, Submission.code)).all())


def test_old_code_goes_in_bounded_batches_and_the_scores_stay(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    old, recent = _graded(client, key, ["ana", "ben", "cai"]), _graded(client, key, ["dan"])
    _age(db, old, 40)
    with db.reading() as session:
        scores = dict(session.execute(select(GradingResult.submission_id, GradingResult.score)).all())
    assert erase_old_code(db, days=30, batch=2) == 2
    assert sorted(code == "" for code in _codes(db).values()) == [False, False, True, True]
    assert erase_old_code(db, days=30, batch=2) == 1
    assert erase_old_code(db, days=30, batch=2) == 0
    codes = _codes(db)
    assert [codes[i] for i in old] == ["", "", ""]
    assert codes[recent[0]] == WRONG
    with db.reading() as session:
        assert dict(session.execute(select(GradingResult.submission_id, GradingResult.score)).all()) == scores
        assert [e.submissions for e in session.scalars(select(Erasure).order_by(Erasure.id))] == [2, 1]
        # the prints the worker made keep the code's own words ("retained"): they go with it
        assert session.scalars(select(SubmissionFingerprint.submission_id)).all() == recent
    read = client.get(f"/v1/submissions/{old[0]}", headers=auth(key)).json()
    assert read["result"]["score"] == scores[old[0]]


def test_the_sweeper_erases_only_when_a_retention_is_set(
    settings: Settings, client: TestClient, key: CreatedKey, db: Database
) -> None:
    old = _graded(client, key, ["ana"])
    _age(db, old, 400)
    quick = settings.model_copy(update={"sweep_every_seconds": 0.05})
    with TestClient(create_app(quick)):
        time.sleep(0.5)  # several rounds of a sweeper with no retention set
    assert _codes(db)[old[0]] == WRONG
    kept = quick.model_copy(update={"retention_days": 365})
    with TestClient(create_app(kept)):
        wait_until(lambda: _codes(db)[old[0]] == "", 30)
