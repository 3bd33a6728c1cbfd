"""Attempt limits over the API with a real worker: set by the platform, enforced at the intake."""

from __future__ import annotations

import threading

from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from service.policies.tables import RefusedAttempt
from service.storage.db import Database
from service.storage.tables import GradingResult, Submission
from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker, auth
from tests.waiting import wait_until

WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


def body(course: str, **extra: str) -> dict[str, str]:
    return {"challenge": "layer_norm", "code": WRONG, "student": "ana", "course": course, **extra}


def set_policy(client: TestClient, key: CreatedKey, course: str, challenge: str, **limits: int) -> None:
    response = client.put(f"/v1/courses/{course}/policies/{challenge}", json=limits, headers=auth(key))
    assert response.status_code == 200, response.text


def count(db: Database, model: type[Submission] | type[GradingResult] | type[RefusedAttempt]) -> int:
    with db.reading() as session:
        return session.scalar(select(func.count()).select_from(model)) or 0


def test_the_platform_sets_and_reads_a_course_policy(client: TestClient, key: CreatedKey) -> None:
    set_policy(client, key, "c-read", "*", max_attempts=5)
    set_policy(
        client, key, "c-read", "layer_norm", cooldown_seconds=60, window_attempts=3, window_seconds=600
    )
    got = client.get("/v1/courses/c-read/policies", headers=auth(key)).json()
    assert got["course"] == "c-read"
    assert [(p["challenge"], p["max_attempts"], p["cooldown_seconds"]) for p in got["policies"]] == [
        ("*", 5, None),
        ("layer_norm", None, 60),
    ]
    set_policy(client, key, "c-read", "layer_norm")  # nothing: removed
    assert [
        p["challenge"]
        for p in client.get("/v1/courses/c-read/policies", headers=auth(key)).json()["policies"]
    ] == ["*"]


def test_a_policy_is_refused_for_an_unknown_challenge_half_a_window_or_another_course(
    client: TestClient,
    new_key: KeyMaker,
) -> None:

    narrow = new_key("platform-n", ["mine"])
    put = client.put
    assert put("/v1/courses/mine/policies/nope", json={}, headers=auth(narrow)).status_code == 422
    half = {"window_attempts": 3}
    assert put("/v1/courses/mine/policies/*", json=half, headers=auth(narrow)).status_code == 422
    assert put("/v1/courses/other/policies/*", json={}, headers=auth(narrow)).status_code == 403
    assert client.get("/v1/courses/other/policies", headers=auth(narrow)).status_code == 403


def test_past_the_maximum_an_attempt_is_a_429_in_the_students_language_stored_and_never_graded(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    set_policy(client, key, "c-max", "layer_norm", max_attempts=2)
    for _ in range(2):
        assert (
            client.post("/v1/submissions?wait=20", json=body("c-max"), headers=auth(key)).status_code == 200
        )
    refused = client.post("/v1/submissions?wait=20", json=body("c-max", lang="es"), headers=auth(key))
    assert refused.status_code == 429
    assert refused.json()["detail"] == "2 de 2 intentos usados; no quedan más intentos"
    assert int(refused.headers["Retry-After"]) > 0
    assert (count(db, Submission), count(db, GradingResult), count(db, RefusedAttempt)) == (2, 2, 1)
    with db.reading() as session:
        kept = session.scalars(select(RefusedAttempt)).one()
    assert (kept.code, kept.reason) == (WRONG, "max_attempts")
    other = client.post("/v1/submissions?wait=20", json=body("c-max", challenge="bloque"), headers=auth(key))
    assert other.status_code == 200  # another challenge has no policy


def test_a_cooldown_says_when_in_retry_after(client: TestClient, key: CreatedKey) -> None:
    set_policy(client, key, "c-cool", "*", max_attempts=5, cooldown_seconds=600)
    assert client.post("/v1/submissions", json=body("c-cool"), headers=auth(key)).status_code == 202
    refused = client.post("/v1/submissions", json=body("c-cool", lang="en"), headers=auth(key))
    assert refused.status_code == 429
    assert 590 <= int(refused.headers["Retry-After"]) <= 600
    assert refused.json()["detail"].startswith("1 of 5 attempts used; next one from ")


def test_a_replay_of_an_admitted_attempt_is_not_another_attempt(client: TestClient, key: CreatedKey) -> None:
    set_policy(client, key, "c-replay", "*", max_attempts=1)
    headers = {**auth(key), "Idempotency-Key": "once"}
    first = client.post("/v1/submissions", json=body("c-replay"), headers=headers)
    again = client.post("/v1/submissions", json=body("c-replay"), headers=headers)
    assert (first.status_code, again.status_code) == (202, 202)
    assert first.json()["id"] == again.json()["id"]


def test_an_attempt_that_ended_in_an_internal_error_of_ours_is_given_back(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    set_policy(client, key, "c-ours", "*", max_attempts=1)
    first = client.post("/v1/submissions?wait=20", json=body("c-ours"), headers=auth(key)).json()
    assert client.post("/v1/submissions", json=body("c-ours"), headers=auth(key)).status_code == 429
    with db.transaction() as session:  # as the worker stores a grading it gave up on
        session.execute(update(Submission).where(Submission.id == first["id"]).values(status="error"))
        session.execute(
            update(GradingResult)
            .where(GradingResult.submission_id == first["id"])
            .values(error_kind="internal")
        )
    assert client.post("/v1/submissions", json=body("c-ours"), headers=auth(key)).status_code == 202


def test_concurrent_posts_of_one_student_never_grade_more_than_the_limit(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    posted, allowed = 24, 5
    set_policy(client, key, "c-race", "layer_norm", max_attempts=allowed)
    start = threading.Barrier(posted)
    statuses: list[int] = []

    def post() -> None:
        start.wait()
        statuses.append(client.post("/v1/submissions", json=body("c-race"), headers=auth(key)).status_code)

    threads = [threading.Thread(target=post) for _ in range(posted)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [202] * allowed + [429] * (posted - allowed)
    wait_until(lambda: count(db, GradingResult) >= allowed, 60)
    graded = count(db, GradingResult)
    print(f"\nconcurrent posts of one student: {posted} posted, {allowed} allowed, {graded} graded")
    assert (count(db, Submission), graded, count(db, RefusedAttempt)) == (allowed, allowed, posted - allowed)


def test_the_platform_sets_a_due_date_a_late_policy_and_an_extension(
    client: TestClient, key: CreatedKey
) -> None:
    due = {"due_at": "2026-12-20T23:59:00+01:00", "late_policy": "penalty", "late_penalty_percent": 10}
    set_policy(client, key, "c-due", "layer_norm", **due)  # type: ignore[arg-type]
    got = client.get("/v1/courses/c-due/policies", headers=auth(key)).json()["policies"][0]
    assert (got["due_at"], got["late_policy"], got["late_penalty_percent"]) == (
        "2026-12-20T22:59:00Z",
        "penalty",
        10.0,
    )
    put = client.put
    naive = {"due_at": "2026-12-20T23:59:00"}
    assert put("/v1/courses/c-due/policies/*", json=naive, headers=auth(key)).status_code == 422
    lone = {"late_policy": "penalty"}
    assert put("/v1/courses/c-due/policies/*", json=lone, headers=auth(key)).status_code == 422
    extension = {"student": "ana", "challenge": "layer_norm", "due_at": "2026-12-27T12:00:00Z"}
    listed = put("/v1/courses/c-due/extensions", json=extension, headers=auth(key))
    assert listed.status_code == 200, listed.text
    assert listed.json()["extensions"] == [extension]
    removed = put("/v1/courses/c-due/extensions", json={**extension, "due_at": None}, headers=auth(key))
    assert removed.json()["extensions"] == []
