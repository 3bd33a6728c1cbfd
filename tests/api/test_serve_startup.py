"""`autograder serve` starting: what it checks first says one line and exits at once, a start-up
failure leaves no child running, and /healthz says "starting" until a worker has reported."""

from __future__ import annotations

import fcntl
import socket
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import psutil  # type: ignore[import-untyped]
import pytest

from service.cli.startup import served_address
from tests.api.test_serve import autograder, embedded_env
from tests.conftest import ROOT
from tests.http_server import free_port
from tests.waiting import wait_until

pytestmark = pytest.mark.slow


def _run_serve(
    data: Path, port: int, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**embedded_env(data), **(extra or {})}
    return subprocess.run(
        autograder("serve", "--port", str(port)),
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _children_of_data_folder(data: Path) -> list[psutil.Process]:
    """Processes started for this data folder (the broker names its socket in its command line)."""
    found = []
    for process in psutil.process_iter(["cmdline"]):
        if any(str(data) in part for part in process.info["cmdline"] or ()):
            found.append(process)
    return found


@pytest.fixture
def held_port() -> Iterator[int]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def test_a_port_in_use_is_said_in_one_line_and_nothing_is_started(tmp_path: Path, held_port: int) -> None:
    data = tmp_path / "data"
    done = _run_serve(data, held_port)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"autograder serve: 127.0.0.1:{held_port} is already in use by another program; "
        "stop it, or choose another port with --port"
    ]
    assert not (data / "broker.aof").exists(), "no broker was started"
    assert not _children_of_data_folder(data)


def test_a_second_serve_on_the_same_data_folder_is_said_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    with (data / "serve.lock").open("a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a running serve holds it
        lock.write("4242\n")
        lock.flush()
        done = _run_serve(data, free_port())
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        f"autograder serve: another autograder serve (pid 4242) is using the data folder {data}; "
        "stop it, or set AUTOGRADER_DATA_DIR to another folder"
    ]


def test_a_start_up_failure_stops_every_child_and_ends_in_one_sentence(tmp_path: Path) -> None:
    data, challenges = tmp_path / "data", tmp_path / "challenges"
    (challenges / "broken").mkdir(parents=True)
    (challenges / "broken" / "challenge.toml").write_text("id = [unclosed\n")
    done = _run_serve(data, free_port(), {"AUTOGRADER_CHALLENGES_DIR": str(challenges)})
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("autograder serve: could not start: ChallengeError: "), last
    assert "challenge.toml: not TOML: " in last
    assert "╭" not in done.stderr, "a plain traceback in the log, not a framed one"
    assert not _children_of_data_folder(data), "the broker and the workers were stopped"


def test_healthz_says_starting_until_a_worker_reports(tmp_path: Path) -> None:
    data, port = tmp_path / "data", free_port()
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen(
        autograder("serve", "--port", str(port)), env=embedded_env(data), cwd=ROOT, stdout=log, stderr=log
    )
    seen: list[str] = []
    bodies: list[dict[str, Any]] = []
    try:

        def ready() -> bool:
            """One look at healthz, every answer kept: `starting` (503) until `ok` (200)."""
            assert process.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
            except httpx.HTTPError:
                return False
            seen.append(answer.json()["status"])
            assert answer.status_code == (200 if seen[-1] == "ok" else 503)
            bodies.append(answer.json())
            return seen[-1] == "ok"

        wait_until(ready, 120, lambda: str(seen), every=0.1)
        assert served_address(data) == f"http://127.0.0.1:{port}", (
            "for the commands that print the tool's URLs"
        )
        assert set(seen[:-1]) == {"starting"}, seen
        starting = bodies[0]
        assert [w.split(":")[0] for w in starting["waiting_for"]] == ["a grading worker"], starting
        assert datetime.fromisoformat(starting["since"]) <= datetime.now(UTC)
        assert (bodies[-1]["waiting_for"], bodies[-1]["since"]) == ([], None)
        process.terminate()
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        log.close()
