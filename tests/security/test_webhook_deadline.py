"""A receiver that answers a byte every second neither holds a grading process nor its own delivery for long."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from service.storage.db import Database
from service.submissions.keys import CreatedKey
from tests.backend import auth
from tests.security.receivers import receiver
from tests.security.webhooks import deliveries
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


def _post(
    client: TestClient, key: CreatedKey, student: str, callback: str | None, wait: float
) -> dict[str, object]:
    payload = {"challenge": "layer_norm", "code": "x = 1\n", "student": student, "course": "c"}
    if callback is not None:
        payload["callback_url"] = callback
    answer = client.post(f"/v1/submissions?wait={wait}", json=payload, headers=auth(key))
    assert answer.status_code in (200, 202), answer.text
    body: dict[str, object] = answer.json()
    return body


def test_slow_receivers_do_not_delay_grading(client: TestClient, key: CreatedKey, db: Database) -> None:
    with receiver(trickle_seconds=0.5) as (slow, port):
        hooked = [_post(client, key, f"hooked-{n}", f"http://127.0.0.1:{port}/hook", 20) for n in range(4)]
        wait_until(lambda: len(slow.calls) >= 2, 30)  # both grading processes' worth
        graded = _post(client, key, "plain", None, 20)
        assert graded["status"] == "error", graded  # graded while the receiver still trickles
        rows = deliveries(db, str(hooked[0]["id"]), 1)  # the first attempt, ended by its deadline
    assert rows
    assert not rows[0].delivered
    assert "deadline" in (rows[0].error or ""), rows[0].error
