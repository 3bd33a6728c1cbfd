"""Platforms are isolated, keys are compared in constant time, Idempotency-Key makes one submission."""

from __future__ import annotations

import hmac
import threading
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from service.core.errors import Unauthorized
from service.storage.db import Database
from service.storage.tables import Submission
from service.submissions import keys, schemas
from service.submissions.intake import Intake
from service.submissions.keys import key_parts
from tests.backend import KeyMaker
from tests.resilience.stack import REFERENCE, Stack, auth, body


def _count(db: Database) -> int:
    with db.transaction() as session:
        return session.scalar(select(func.count()).select_from(Submission)) or 0


def test_platform_b_cannot_read_or_list_platform_a_submissions(client: TestClient, new_key: KeyMaker) -> None:
    a, b = auth(new_key("platform-a")), auth(new_key("platform-b"))
    mine = client.post("/v1/submissions", json=body(REFERENCE), headers=a).json()
    assert client.get(f"/v1/submissions/{mine['id']}", headers=b).status_code == 404
    assert client.get(f"/v1/submissions/{mine['id']}?wait=1", headers=b).status_code == 404
    for query in ("", "?course=ia-2026", "?student=ana", "?challenge=layer_norm"):
        assert client.get(f"/v1/submissions{query}", headers=b).json()["items"] == []
    assert [s["id"] for s in client.get("/v1/submissions", headers=a).json()["items"]] == [mine["id"]]
    replay = {**b, "Idempotency-Key": "k1"}
    client.post("/v1/submissions", json=body(REFERENCE), headers={**a, "Idempotency-Key": "k1"})
    assert client.post("/v1/submissions", json=body(REFERENCE), headers=replay).json()["id"] != mine["id"]


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    compared: list[tuple[str, str]] = []
    real = hmac.compare_digest

    def compare(a: str, b: str) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", compare)  # the module service.submissions.keys calls
    return compared


@pytest.mark.parametrize(
    "mangle",
    [
        lambda key: key[:-1] + ("A" if key[-1] != "A" else "B"),  # known prefix, wrong secret
        lambda key: "ag_000000000000_" + key_parts(key)[1],  # unknown prefix
        lambda key: key + "x",  # longer
        lambda key: key,  # the right key
    ],
)
def test_every_key_is_checked_by_a_constant_time_comparison_of_hashes(
    stack: Stack,
    monkeypatch: pytest.MonkeyPatch,
    mangle: Callable[[str], str],
    db: Database,
    new_key: KeyMaker,
) -> None:
    created = new_key()
    compared = _spy(monkeypatch)
    candidate = mangle(created.key)
    with db.transaction() as session:
        try:
            keys.authenticate(session, candidate)
        except Unauthorized:
            assert candidate != created.key
    assert len(compared) == 1
    assert len(compared[0][0]) == len(compared[0][1]) == 64


def test_the_same_idempotency_key_twice_over_http_is_one_submission(
    client: TestClient, new_key: KeyMaker, db: Database
) -> None:
    headers = {**auth(new_key()), "Idempotency-Key": "attempt-1"}
    first = client.post("/v1/submissions", json=body(REFERENCE), headers=headers)
    second = client.post("/v1/submissions", json=body(REFERENCE), headers=headers)
    assert first.status_code == second.status_code == 202
    assert first.json()["id"] == second.json()["id"]
    assert _count(db) == 1


def test_the_same_idempotency_key_sent_concurrently_is_one_submission(
    client: TestClient, db: Database, new_key: KeyMaker
) -> None:
    created = new_key()
    with db.transaction() as session:
        caller = keys.authenticate(session, created.key)
    intake: Intake = client.app.state.intake  # type: ignore[attr-defined]
    start = threading.Barrier(8)
    seen: list[str] = []

    def submit() -> None:
        start.wait()
        seen.append(intake.submit(caller, schemas.SubmissionIn(**body(REFERENCE)), "same").id)

    threads = [threading.Thread(target=submit) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 8
    assert len(set(seen)) == 1
    assert _count(db) == 1
