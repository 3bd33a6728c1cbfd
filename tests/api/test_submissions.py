"""POST and GET /v1/submissions with a real worker: graded results, idempotency, waiting."""

from __future__ import annotations

import threading

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from grader.grade import Grader
from service.core.settings import Settings
from service.storage.db import Database
from service.storage.tables import Course, GradingResult, Student, Submission, TestOutcome
from service.submissions.keys import CreatedKey
from tests.backend import auth

WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


def reference(settings: Settings) -> str:
    return (settings.challenges_dir / "layer_norm" / "reference.py").read_text()


def body(code: str, **extra: str) -> dict[str, str]:
    return {"challenge": "layer_norm", "code": code, "student": "ana", "course": "ia-2026", **extra}


def test_post_with_wait_answers_200_with_the_same_result_as_the_command_line(
    client: TestClient, key: CreatedKey, grader: Grader
) -> None:
    response = client.post("/v1/submissions?wait=20", json=body(WRONG, lang="en"), headers=auth(key))
    assert response.status_code == 200, response.text
    submission = response.json()
    assert submission["status"] == "done"
    assert (submission["challenge"], submission["student"], submission["course"]) == (
        "layer_norm",
        "ana",
        "ia-2026",
    )
    assert submission["finished_at"] is not None
    assert submission["created_at"].endswith(("Z", "+00:00"))
    expected = grader.grade("layer_norm", WRONG, "en").model_dump()
    got = submission["result"]
    for field in ("challenge", "status", "score", "points", "max_points", "tests", "diagnoses", "error"):
        assert got[field] == expected[field], field
    assert got["score"] < 100


def test_reference_scores_100(client: TestClient, key: CreatedKey, settings: Settings) -> None:
    response = client.post("/v1/submissions?wait=20", json=body(reference(settings)), headers=auth(key))
    assert response.status_code == 200
    assert response.json()["result"]["score"] == 100


def test_without_wait_answers_202_then_get_with_wait_answers_200(client: TestClient, key: CreatedKey) -> None:
    created = client.post("/v1/submissions", json=body(WRONG), headers=auth(key))
    assert created.status_code == 202
    assert created.json()["status"] in ("queued", "running")
    assert created.json()["result"] is None
    graded = client.get(f"/v1/submissions/{created.json()['id']}?wait=20", headers=auth(key))
    assert graded.status_code == 200
    assert graded.json()["status"] == "done"
    assert graded.json()["result"]["tests"]


def test_broken_code_ends_as_error_with_a_reason(client: TestClient, key: CreatedKey) -> None:
    code = "def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n"
    response = client.post("/v1/submissions?wait=20", json=body(code, lang="en"), headers=auth(key))
    assert response.status_code == 200
    submission = response.json()
    assert submission["status"] == "error"
    assert submission["result"]["error"]["kind"] == "syntax"
    assert submission["result"]["error"]["line"] == 1


def test_same_idempotency_key_gives_one_submission_graded_once(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    headers = {**auth(key), "Idempotency-Key": "attempt-1"}
    first = client.post("/v1/submissions?wait=20", json=body(WRONG), headers=headers)
    second = client.post("/v1/submissions?wait=20", json=body(WRONG), headers=headers)
    assert first.json()["id"] == second.json()["id"]
    assert second.status_code == 200
    with db.transaction() as session:
        assert session.scalar(select(func.count()).select_from(Submission)) == 1
        assert session.scalar(select(func.count()).select_from(GradingResult)) == 1


def test_results_are_stored_as_rows_per_test(client: TestClient, key: CreatedKey, db: Database) -> None:
    response = client.post("/v1/submissions?wait=20", json=body(WRONG), headers=auth(key))
    tests = response.json()["result"]["tests"]
    with db.transaction() as session:
        failed = session.execute(
            select(TestOutcome.test_id, func.count())
            .where(TestOutcome.challenge == "layer_norm", TestOutcome.passed.is_(False))
            .group_by(TestOutcome.test_id)
        ).all()
    assert {test_id for test_id, _ in failed} == {t["id"] for t in tests if not t["passed"]}


def test_unknown_submission_is_404(client: TestClient, key: CreatedKey) -> None:
    response = client.get("/v1/submissions/0123456789abcdef0123456789abcdef", headers=auth(key))
    assert response.status_code == 404
    assert "no submission" in response.json()["detail"]


def test_wait_works_by_polling_the_database_without_redis(
    clean: object, key: CreatedKey, settings: Settings
) -> None:
    from service.api.app import create_app
    from service.web.waiting import Waiter

    app = create_app(settings)
    with TestClient(app) as polling:
        app.state.waiter = Waiter(None, poll_seconds=0.02)
        assert app.state.waiter.mode == "poll"
        response = polling.post("/v1/submissions?wait=20", json=body(WRONG), headers=auth(key))
        assert response.status_code == 200
        assert response.json()["status"] == "done"


def test_concurrent_first_submissions_of_new_courses_and_students_are_all_stored(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    from service.submissions import keys, schemas
    from service.submissions.intake import Intake

    with db.transaction() as session:
        caller = keys.authenticate(session, key.key)
    intake: Intake = client.app.state.intake  # type: ignore[attr-defined]
    start = threading.Barrier(8)
    seen: list[str] = []

    def submit(i: int) -> None:
        payload = schemas.SubmissionIn(**body(WRONG, student=f"new-{i % 2}", course=f"new-{i % 3}"))
        start.wait()
        seen.append(intake.submit(caller, payload, None).course)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seen) == sorted(f"new-{i % 3}" for i in range(8))
    with db.transaction() as session:
        assert session.scalar(select(func.count()).select_from(Submission)) == 8
        pairs = session.execute(
            select(Course.slug, Student.external_id).join(Student, Student.course_id == Course.id)
        ).all()
    assert sorted(pairs) == sorted({(f"new-{i % 3}", f"new-{i % 2}") for i in range(8)})


def test_the_answer_a_wake_up_carries_is_the_submission_a_read_gives(
    client: TestClient, key: CreatedKey
) -> None:
    woken = client.post("/v1/submissions?wait=20", json=body(WRONG, lang="en"), headers=auth(key))
    assert woken.status_code == 200
    assert woken.headers["content-type"] == "application/json"
    read = client.get(f"/v1/submissions/{woken.json()['id']}", headers=auth(key))
    assert read.status_code == 200
    assert read.json() == woken.json()
