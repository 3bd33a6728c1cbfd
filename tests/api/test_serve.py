"""End to end: `autograder serve` as a real process, on the embedded default, used over HTTP like a platform."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil  # type: ignore[import-untyped]
import pytest

from tests.conftest import ROOT
from tests.http_server import free_port, wait_healthy

pytestmark = pytest.mark.slow


def embedded_env(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(data)
    if "AUTOGRADER_CHALLENGES_DIR" in os.environ:
        env["AUTOGRADER_CHALLENGES_DIR"] = os.environ["AUTOGRADER_CHALLENGES_DIR"]
    return env


def autograder(*args: str) -> list[str]:
    return [sys.executable, "-m", "service.cli", *args]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], str, str]]:
    env = embedded_env(tmp_path / "data")
    created = subprocess.run(
        autograder("keys", "create", "--name", "moodle", "--course", "ia-2026"),
        env=env,
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    key = created.stdout.decode().strip().splitlines()[-1]
    port = free_port()
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen(
        autograder("serve", "--port", str(port)), env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(process, base, lambda: (tmp_path / "serve.log").read_text()[-3000:], 60)
        yield process, base, key
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        log.close()


def test_serve_grades_over_http_and_stops_cleanly(served: tuple[subprocess.Popen[bytes], str, str]) -> None:
    process, base, key = served
    headers = {"Authorization": f"Bearer {key}"}
    reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
    payload = {
        "challenge": "layer_norm",
        "code": reference,
        "student": "ana",
        "course": "ia-2026",
        "lang": "en",
    }
    with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
        graded = client.post("/v1/submissions", params={"wait": 20}, json=payload)
        assert graded.status_code == 200, graded.text
        assert graded.json()["result"]["score"] == 100
        assert client.get(f"/v1/submissions/{graded.json()['id']}").json()["status"] == "done"
        assert client.post("/v1/submissions", json={**payload, "course": "otro"}).status_code == 403
        assert client.get("/v1/submissions", headers={"Authorization": "Bearer nope"}).status_code == 401
    children = psutil.Process(process.pid).children(recursive=True)
    assert children, "serve runs its worker and broker as child processes"
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0
    _gone, alive = psutil.wait_procs(children, timeout=10)
    assert not alive, f"left running after serve stopped: {alive}"
