"""A webhook says when it was sent, inside what its signature covers, so a receiver can refuse replays."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import auth
from tests.security.receivers import receiver
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


def test_the_signed_body_and_a_header_carry_the_sending_time(client: TestClient, key: CreatedKey) -> None:
    with receiver() as (received, port):
        payload = {
            "challenge": "layer_norm",
            "code": "x = 1\n",
            "student": "s",
            "course": "c",
            "callback_url": f"http://127.0.0.1:{port}/hook",
        }
        before = time.time()
        client.post("/v1/submissions?wait=20", json=payload, headers=auth(key))
        wait_until(lambda: bool(received.calls), 30)
    [(body, headers)] = received.calls
    signature = "sha256=" + hmac.new(key.webhook_secret.encode(), body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(headers["X-Autograder-Signature"], signature)
    sent_at = datetime.fromisoformat(json.loads(body)["sent_at"])
    assert sent_at.tzinfo is not None
    assert before - 1 <= sent_at.timestamp() <= time.time() + 1
    assert int(headers["X-Autograder-Timestamp"]) == int(sent_at.timestamp())
    assert datetime.now(UTC) >= sent_at
