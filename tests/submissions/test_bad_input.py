"""Client mistakes get the right status and a clear message, and nothing is stored half-way."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from service.storage.db import Database
from service.storage.tables import Course, Student, Submission
from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker, auth

GOOD = {"challenge": "layer_norm", "code": "def layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"}


def stored(db: Database) -> tuple[int, int, int]:
    with db.transaction() as session:
        return tuple(  # type: ignore[return-value]
            session.scalar(select(func.count()).select_from(t)) for t in (Submission, Course, Student)
        )


def post(client: TestClient, key: CreatedKey, payload: dict[str, object]) -> tuple[int, object]:
    response = client.post("/v1/submissions", json=payload, headers=auth(key))
    return response.status_code, response.json().get("detail")


def test_code_over_64_kib_is_413(client: TestClient, key: CreatedKey, db: Database) -> None:
    code = "# " + "x" * (64 * 1024)
    status, detail = post(client, key, {**GOOD, "code": code, "student": "s", "course": "c"})
    assert status == 413
    assert "64 KiB" in str(detail)
    assert stored(db) == (0, 0, 0)


def test_nul_byte_is_422_with_a_clear_message(client: TestClient, key: CreatedKey, db: Database) -> None:
    status, detail = post(client, key, {**GOOD, "code": "x = 1\x00", "student": "s", "course": "c"})
    assert status == 422
    assert "NUL byte" in str(detail)
    assert stored(db) == (0, 0, 0)


def test_lone_surrogate_is_422(client: TestClient, key: CreatedKey, db: Database) -> None:
    raw = b'{"challenge": "layer_norm", "code": "x = \\ud800", "student": "s", "course": "c"}'
    response = client.post(
        "/v1/submissions", content=raw, headers={**auth(key), "Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert "UTF-8" in response.text
    assert stored(db) == (0, 0, 0)


@pytest.mark.parametrize(
    "raw",
    [b"not json", b'{"challenge": "layer_norm", "code": "\xff\xfe", "student": "s", "course": "c"}', b"[]"],
)
def test_non_json_or_not_utf8_is_422(client: TestClient, key: CreatedKey, raw: bytes, db: Database) -> None:
    response = client.post(
        "/v1/submissions", content=raw, headers={**auth(key), "Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert stored(db) == (0, 0, 0)


@pytest.mark.parametrize(
    "payload",
    [
        {"code": "x", "student": "s", "course": "c"},
        {**GOOD, "student": "", "course": "c"},
        {**GOOD, "student": "s", "course": "c", "lang": "fr"},
        {**GOOD, "student": "s", "course": "c", "callback_url": "ftp://example.com"},
        {**GOOD, "student": "s", "course": "c", "surprise": 1},
        {**GOOD, "code": 5, "student": "s", "course": "c"},
    ],
)
def test_invalid_body_is_422(
    client: TestClient, key: CreatedKey, payload: dict[str, object], db: Database
) -> None:
    assert post(client, key, payload)[0] == 422
    assert stored(db) == (0, 0, 0)


def test_unknown_challenge_is_422_naming_the_known_ones(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    status, detail = post(client, key, {**GOOD, "challenge": "nope", "student": "s", "course": "c"})
    assert status == 422
    assert "layer_norm" in str(detail)
    assert stored(db) == (0, 0, 0)


def test_wait_outside_0_to_30_is_422(client: TestClient, key: CreatedKey, db: Database) -> None:
    payload = {**GOOD, "student": "s", "course": "c"}
    assert client.post("/v1/submissions?wait=31", json=payload, headers=auth(key)).status_code == 422
    assert client.post("/v1/submissions?wait=-1", json=payload, headers=auth(key)).status_code == 422
    assert stored(db) == (0, 0, 0)


def test_course_outside_the_keys_scope_is_403(client: TestClient, new_key: KeyMaker, db: Database) -> None:
    scoped = new_key("platform-s", ["ia-2026"])
    status, detail = post(client, scoped, {**GOOD, "student": "s", "course": "otro"})
    assert status == 403
    assert "otro" in str(detail)
    assert stored(db) == (0, 0, 0)
    assert post(client, scoped, {**GOOD, "student": "s", "course": "ia-2026"})[0] == 202
