"""`autograder keys list | revoke | rotate` and labelled output that scripts can still read."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from tests.security.conftest import Cli, post

pytestmark = pytest.mark.usefixtures("clean")


def _create(autograder: Cli, name: str, *courses: str) -> tuple[str, list[str]]:
    done = autograder("keys", "create", "--name", name, *[a for c in courses for a in ("--course", c)])
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    return lines[-1], lines


def _prefix(key: str) -> str:
    return key.split("_", 2)[1]


def _secret(key: str) -> str:
    return key.split("_", 2)[2]  # the secret is URL-safe base64: it may hold "_" itself


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _listed(autograder: Cli) -> list[dict[str, object]]:
    done = autograder("keys", "list", "--json")
    assert done.exit_code == 0, done.output
    rows: list[dict[str, object]] = json.loads(done.stdout)
    return rows


def test_keys_create_labels_the_key_and_keeps_it_alone_on_the_last_line(autograder: Cli) -> None:
    key, lines = _create(autograder, "uni", "c1")
    assert key.startswith("ag_")
    assert " " not in key
    assert "API key" in lines[-2]  # its label, just above it
    assert any(line.startswith("webhook secret") for line in lines)


def test_keys_list_shows_every_key_without_its_secret(client: TestClient, autograder: Cli) -> None:
    first, _ = _create(autograder, "uni", "c1", "c2")
    second, _ = _create(autograder, "other")
    post_first = client.get("/v1/submissions", headers=_bearer(first))
    assert post_first.status_code == 200
    rows = {row["prefix"]: row for row in _listed(autograder)}
    assert set(rows) == {_prefix(first), _prefix(second)}
    used = rows[_prefix(first)]
    assert used["platform"] == "uni"
    assert used["courses"] == ["c1", "c2"]
    assert used["last_used_at"] is not None
    assert used["revoked_at"] is None
    assert used["created_at"]
    assert rows[_prefix(second)]["courses"] == []
    assert rows[_prefix(second)]["last_used_at"] is None
    table = autograder("keys", "list")
    assert table.exit_code == 0
    header = table.stdout.splitlines()[0].split()
    assert header[:3] == ["PLATFORM", "PREFIX", "COURSES"]
    assert "LAST" in header
    assert "REVOKED" in header
    assert _prefix(first) in table.stdout
    assert "c1,c2" in table.stdout
    assert first not in table.stdout
    assert _secret(first) not in json.dumps(rows)


def test_a_revoked_key_is_refused(client: TestClient, autograder: Cli) -> None:
    key, _ = _create(autograder, "uni")
    done = autograder("keys", "revoke", _prefix(key))
    assert done.exit_code == 0
    assert "revoked" in done.stdout
    assert client.get("/v1/submissions", headers=_bearer(key)).status_code == 401
    assert _listed(autograder)[0]["revoked_at"] is not None
    unknown = autograder("keys", "revoke", "000000000000")
    assert unknown.exit_code == 2
    assert "000000000000" in unknown.output


def test_a_rotated_key_keeps_working_for_its_grace_period(client: TestClient, autograder: Cli) -> None:
    old, _ = _create(autograder, "uni", "c1")
    done = autograder("keys", "rotate", _prefix(old), "--grace-hours", "24")
    assert done.exit_code == 0, done.output
    new = done.stdout.splitlines()[-1]
    assert new.startswith("ag_")
    assert new != old
    assert "API key" in done.stdout.splitlines()[-2]
    for key in (old, new):
        assert post(client, key, "c1", "ana")["course"] == "c1"
    denied = client.post(
        "/v1/submissions",
        json={"challenge": "layer_norm", "code": "x = 1\n", "student": "s", "course": "c2"},
        headers=_bearer(new),
    )
    assert denied.status_code == 403  # the new key has the old one's courses, no more
    rows = {row["prefix"]: row for row in _listed(autograder)}
    assert rows[_prefix(old)]["expires_at"] is not None
    assert rows[_prefix(new)]["expires_at"] is None


def test_a_rotation_without_grace_ends_the_old_key_at_once(client: TestClient, autograder: Cli) -> None:
    old, _ = _create(autograder, "uni")
    done = autograder("keys", "rotate", _prefix(old), "--grace-hours", "0")
    assert done.exit_code == 0, done.output
    new = done.stdout.splitlines()[-1]
    assert client.get("/v1/submissions", headers=_bearer(old)).status_code == 401
    assert client.get("/v1/submissions", headers=_bearer(new)).status_code == 200


def test_instructors_create_labels_the_generated_password(client: TestClient, autograder: Cli) -> None:
    _create(autograder, "uni", "c1")
    done = autograder("instructors", "create", "--email", "p@uni.example", "--course", "c1")
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert "password" in lines[-2].lower()
    assert " " not in lines[-1]
    assert len(lines[-1]) >= 12
    listed = autograder("instructors", "list", "--json")
    assert json.loads(listed.stdout) == [
        {"email": "p@uni.example", "courses": [{"platform": "uni", "course": "c1"}]}
    ]
