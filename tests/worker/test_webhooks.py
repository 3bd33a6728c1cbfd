"""Webhooks: the graded Submission is POSTed, signed with HMAC-SHA256, retried, and recorded."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from fastapi.testclient import TestClient

from service.storage.db import Database
from service.submissions.keys import CreatedKey
from tests.backend import auth
from tests.security.webhooks import deliveries


class Receiver:
    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.calls: list[tuple[bytes, str]] = []


@pytest.fixture
def receiver() -> Iterator[tuple[Receiver, str]]:
    state = Receiver(failures=1)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.calls.append((body, self.headers.get("X-Autograder-Signature", "")))
            self.send_response(500 if len(state.calls) <= state.failures else 204)
            self.end_headers()

        def log_message(self, *_: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state, f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()
    server.server_close()


def test_webhook_is_signed_retried_and_recorded(
    client: TestClient, key: CreatedKey, receiver: tuple[Receiver, str], db: Database
) -> None:
    state, url = receiver
    payload = {
        "challenge": "layer_norm",
        "code": "x = 1\n",
        "student": "s",
        "course": "c",
        "callback_url": url,
    }
    submission = client.post("/v1/submissions?wait=20", json=payload, headers=auth(key)).json()
    rows = deliveries(db, submission["id"], 2)
    assert [(r.attempt, r.status_code, r.delivered) for r in rows] == [(1, 500, False), (2, 204, True)]
    body, signature = state.calls[-1]
    expected = "sha256=" + hmac.new(key.webhook_secret.encode(), body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(signature, expected)
    sent = json.loads(body)
    assert sent["id"] == submission["id"]
    assert sent["status"] == "error"
    assert sent["result"]["error"]["kind"]
