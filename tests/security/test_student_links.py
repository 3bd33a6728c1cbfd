"""A student's link works exactly as long as the platform's key that made it: on the page and on
every route its script calls (submit, read one attempt, list the attempts).

Before, after `keys rotate` and its grace period the old key got 401 but its links still submitted
(for up to 24 h, the link's own lifetime), and after `keys revoke` submitting stopped but reading
the attempts still answered 200: only revocation was checked, and only on submit."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from service.storage.db import Database
from service.storage.tables import ApiKey, Submission, now
from service.submissions.keys import CreatedKey, key_parts
from tests.backend import auth
from tests.security.conftest import CODE, Cli

pytestmark = pytest.mark.slow


def _link(client: TestClient, key: CreatedKey) -> str:
    body = {"challenge": "layer_norm", "student": "ana", "course": "c1", "lang": "en"}
    made = client.post("/v1/student-links", json=body, headers=auth(key))
    assert made.status_code == 201, made.text
    url: str = made.json()["url"]
    return parse_qs(urlsplit(url).query)["t"][0]


def _routes(client: TestClient, token: str, attempt: str) -> dict[str, int]:
    """Every route of the link, as its page and its script call them."""
    bearer = {"Authorization": f"Bearer {token}"}
    return {
        "page": client.get("/students/challenge", params={"t": token}).status_code,
        "submit": client.post(
            "/students/api/submissions", params={"wait": 0}, json={"code": CODE}, headers=bearer
        ).status_code,
        "read": client.get(f"/students/api/submissions/{attempt}", headers=bearer).status_code,
        "attempts": client.get("/students/api/attempts", headers=bearer).status_code,
    }


def _first_attempt(client: TestClient, token: str) -> str:
    made = client.post(
        "/students/api/submissions",
        params={"wait": 0},
        json={"code": CODE},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert made.status_code == 200, made.text
    attempt: str = made.json()["id"]
    return attempt


def _submissions(db: Database) -> int:
    with db.transaction() as session:
        return session.scalar(select(func.count()).select_from(Submission)) or 0


def _prefix(key: CreatedKey) -> str:
    return key_parts(key.key)[0]


def test_a_link_works_through_its_key_s_grace_period_and_not_after(
    client: TestClient, key: CreatedKey, autograder: Cli, db: Database
) -> None:
    token = _link(client, key)
    attempt = _first_attempt(client, token)
    assert autograder("keys", "rotate", _prefix(key), "--grace-hours", "24").exit_code == 0
    assert set(_routes(client, token, attempt).values()) == {200}  # within the grace period
    with db.transaction() as session:  # the grace period is over
        session.execute(
            update(ApiKey)
            .where(ApiKey.prefix == _prefix(key))
            .values(expires_at=now() - timedelta(seconds=1))
        )
    stored = _submissions(db)
    assert _routes(client, token, attempt) == {"page": 401, "submit": 401, "read": 401, "attempts": 401}
    assert _submissions(db) == stored  # the refused submit stored nothing


def test_a_link_stops_on_every_route_when_its_key_is_revoked(
    client: TestClient, key: CreatedKey, autograder: Cli, db: Database
) -> None:
    token = _link(client, key)
    attempt = _first_attempt(client, token)
    assert autograder("keys", "revoke", _prefix(key)).exit_code == 0
    stored = _submissions(db)
    refused = _routes(client, token, attempt)
    assert refused == {"page": 401, "submit": 401, "read": 401, "attempts": 401}
    assert _submissions(db) == stored
    answer = client.get("/students/api/attempts", headers={"Authorization": f"Bearer {token}"})
    assert "open the challenge again from your course" in answer.json()["detail"]
