"""Keys: no key or a bad one is 401; a platform sees only its own submissions."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from service.core.settings import Settings
from service.storage.db import Database
from service.storage.sealing import sealer_for
from service.storage.tables import ApiKey, now
from service.submissions import key_admin
from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker, auth

PAYLOAD = {"challenge": "layer_norm", "code": "x = 1\n", "student": "s", "course": "c"}


def test_no_key_is_401(client: TestClient) -> None:
    response = client.post("/v1/submissions", json=PAYLOAD)
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == "Bearer"


def test_bad_keys_are_401(client: TestClient, key: CreatedKey) -> None:
    for bad in (
        "nope",
        key.key[:-1] + ("A" if key.key[-1] != "A" else "B"),
        "ag_000000000000_x",
        key.key + "x",
    ):
        response = client.get("/v1/submissions", headers={"Authorization": f"Bearer {bad}"})
        assert response.status_code == 401, bad


def test_a_platform_cannot_read_or_list_another_platforms_submissions(
    client: TestClient, key: CreatedKey, new_key: KeyMaker
) -> None:
    other = new_key("platform-b")
    mine = client.post("/v1/submissions", json=PAYLOAD, headers=auth(key)).json()["id"]
    assert client.get(f"/v1/submissions/{mine}", headers=auth(other)).status_code == 404
    assert client.get("/v1/submissions", headers=auth(other)).json()["items"] == []
    assert client.get(f"/v1/submissions/{mine}", headers=auth(key)).status_code in (200, 202)


def test_same_idempotency_key_on_two_platforms_makes_two_submissions(
    client: TestClient, key: CreatedKey, new_key: KeyMaker
) -> None:
    other = new_key("platform-b")
    first = client.post("/v1/submissions", json=PAYLOAD, headers={**auth(key), "Idempotency-Key": "k"})
    second = client.post("/v1/submissions", json=PAYLOAD, headers={**auth(other), "Idempotency-Key": "k"})
    assert first.json()["id"] != second.json()["id"]


def test_only_the_keys_hash_is_stored(key: CreatedKey, db: Database) -> None:
    from sqlalchemy import select

    from service.storage.tables import ApiKey

    with db.transaction() as session:
        row = session.scalars(select(ApiKey)).one()
        stored = [str(value) for value in (row.prefix, row.key_hash, row.webhook_secret_sealed)]
    assert all(key.key not in value for value in stored)
    assert key.key.split("_")[1] == row.prefix
    assert len(row.key_hash) == 64


def test_a_revoked_or_rotated_key_says_so_and_a_mistyped_one_does_not(
    client: TestClient, db: Database, new_key: KeyMaker, settings: Settings
) -> None:
    revoked, rotated = new_key("platform-r"), new_key("platform-o")
    with db.transaction() as session:
        key_admin.revoke(session, revoked.key)
        key_admin.rotate(session, rotated.key, timedelta(hours=1), sealer_for(settings))
        old = session.get_one(ApiKey, rotated.key_id)
        old.expires_at = now() - timedelta(seconds=1)  # its grace period is over
    mistyped = revoked.key[:-1] + ("A" if revoked.key[-1] != "A" else "B")
    answers = {
        name: client.get("/v1/submissions", headers={"Authorization": f"Bearer {value}"})
        for name, value in (("revoked", revoked.key), ("rotated", rotated.key), ("mistyped", mistyped))
    }
    assert {r.status_code for r in answers.values()} == {401}
    assert answers["revoked"].json() == {
        "detail": "revoked API key: ask the service's operator for a new one"
    }
    assert answers["rotated"].json() == {
        "detail": "expired API key: it was rotated; use the key that replaced it"
    }
    assert answers["mistyped"].json() == {"detail": "invalid API key"}
