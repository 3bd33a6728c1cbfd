"""`autograder serve` on PostgreSQL + Redis: SIGTERM mid-grading finishes it, leaves nothing running, logs no secret."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from service.storage.db import Database
from tests.backend import KeyMaker
from tests.http_server import free_port
from tests.resilience.stack import (
    Stack,
    alive,
    auth,
    body,
    descendants,
    results_of,
    slow,
    status,
)
from tests.waiting import wait_until

pytestmark = pytest.mark.slow
MARKER = "codigo_secreto_del_alumno_91c2"
PASSWORD = "pw_never_logged_5e1f"


def _with_password(url: str) -> str:
    return url.replace("postgres@", f"postgres:{PASSWORD}@", 1)  # trust auth: accepted, never needed


def _start(stack: Stack, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = {**stack.env(), "AUTOGRADER_DATABASE_URL": _with_password(stack.settings.database)}
    port = free_port()
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "serve", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: _healthy(process, base), 90, lambda: log.read_text()[-3000:])
    return process, base


def _healthy(process: subprocess.Popen[bytes], base: str) -> bool:
    assert process.poll() is None, "serve exited"
    try:
        return httpx.get(f"{base}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        time.sleep(0.2)
        return False


def test_sigterm_to_serve_finishes_the_grading_stops_everything_and_logs_no_secret(
    stack: Stack, db: Database, new_key: KeyMaker
) -> None:
    key = new_key()
    log = stack.folder / "serve.log"
    process, base = _start(stack, log)
    try:
        with httpx.Client(base_url=base, headers=auth(key), timeout=30) as client:
            hostile = f"print('{MARKER}')\nimport os\nprint(os.environ)\n"
            assert client.post("/v1/submissions?wait=20", json=body(hostile)).status_code == 200
            broken = f"def layer_norm(X, gamma, beta, eps=1e-5)\n    return '{MARKER}'\n"
            assert client.post("/v1/submissions?wait=20", json=body(broken)).json()["status"] == "error"
            bad_key = {"Authorization": f"Bearer {key.key}x"}
            assert client.get("/v1/submissions", headers=bad_key).status_code == 401
            running = client.post("/v1/submissions", json=body(f"# {MARKER}\n" + slow(2))).json()
        wait_until(lambda: status(db, running["id"]) == "running", 20)
        family = descendants(process.pid)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
        assert status(db, running["id"]) == "done"
        assert results_of(db, running["id"]) == 1
        wait_until(lambda: not alive(family), 15, lambda: f"left running: {alive(family)}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    logged = log.read_text(errors="replace")
    assert "Started server process" in logged
    assert "succeeded" in logged
    for secret in (key.key, key.secret, key.webhook_secret, MARKER, PASSWORD):
        assert secret not in logged
