"""docker-compose.yml: valid, and each of our services runs by hand from this clone, as written.

There is no Docker engine here: the test reads each service's command and environment from the
file and runs them with this clone's virtualenv against this machine's servers (the compose
network's `postgres` and `redis` become the test backend's database and broker, a private queue
and data folder), then uses the API as a platform would.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
import yaml  # type: ignore[import-untyped]

from service.storage.db import Database
from tests.backend import Backend, KeyMaker, auth, stop, wait_for_workers, worker_count
from tests.conftest import ROOT
from tests.http_server import free_port, wait_healthy
from tests.lti.platform import Link, Platform
from tests.waiting import wait_for, wait_until

COMPOSE: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
OURS = ("migrate", "api", "worker")


def test_the_file_describes_the_deployment() -> None:
    assert {"postgres", "redis", *OURS} <= SERVICES.keys()
    assert {name for name, s in SERVICES.items() if s.get("image", "").startswith("autograder")} == set(OURS)
    for name in ("api", "worker"):
        assert SERVICES[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert "SYS_ADMIN" in SERVICES["worker"]["cap_add"]  # the sandbox's namespaces need it
    if shutil.which("docker-compose"):  # Debian's package: the file is valid Compose
        checked = subprocess.run(["docker-compose", "config", "-q"], cwd=ROOT, capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr


def _command(service: str, port: int) -> list[str]:
    """The service's command, its program taken from this virtualenv, on loopback."""
    command = [str(Path(sys.executable).parent / SERVICES[service]["command"][0])]
    rest = [str(part) for part in SERVICES[service]["command"][1:]]
    for flag, value in (("--host", "127.0.0.1"), ("--port", str(port))):
        if flag in rest:
            rest[rest.index(flag) + 1] = value
    return command + rest


def _environment(service: str, backend: Backend, data: Path, queue: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env.update({name: str(value) for name, value in SERVICES[service].get("environment", {}).items()})
    env.update(  # this machine's servers instead of the compose network's
        AUTOGRADER_DATABASE_URL=backend.database_url,
        AUTOGRADER_BROKER_URL=backend.broker_url,
        AUTOGRADER_QUEUE=queue,
        AUTOGRADER_DATA_DIR=str(data),
    )
    return env


def _start(service: str, port: int, env: dict[str, str], cwd: Path, log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as out:
        return subprocess.Popen(
            _command(service, port), env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT
        )


@pytest.mark.slow
def test_migrate_api_and_worker_run_by_hand_as_written(
    clean: Backend, tmp_path: Path, db: Database, new_key: KeyMaker
) -> None:
    queue = f"compose-{uuid.uuid4().hex[:8]}"
    env = {name: _environment(name, clean, tmp_path / "data", queue) for name in OURS}
    migrated = subprocess.run(_command("migrate", 0), env=env["migrate"], cwd=tmp_path, capture_output=True)
    assert migrated.returncode == 0, migrated.stderr.decode()[-2000:]
    before = worker_count(db)
    port = free_port()
    logs = {name: tmp_path / f"{name}.log" for name in ("api", "worker")}
    started = {name: _start(name, port, env[name], tmp_path, log) for name, log in logs.items()}
    try:
        wait_for_workers(db, started["worker"], logs["worker"], more_than=before)
        base = f"http://127.0.0.1:{port}"
        wait_healthy(started["api"], base, lambda: logs["api"].read_text()[-3000:], 120)
        reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
        posted = httpx.post(
            f"{base}/v1/submissions?wait=30",
            json={"challenge": "layer_norm", "code": reference, "student": "s1", "course": "ia-2026"},
            headers=auth(new_key()),
            timeout=60,
        )
        assert posted.status_code == 200, (
            posted.text
        )  # graded by the compose worker: the only one on its queue
        assert posted.json()["result"]["score"] == 100
        keys = httpx.get(f"{base}/lti/jwks", timeout=30)  # the LTI tool is served too (docs/lti.md)
        assert keys.status_code == 200
        assert keys.json()["keys"][0]["kty"] == "RSA"
    finally:
        for process in started.values():
            stop(process)
        db.close()
    assert [started[name].returncode for name in ("api", "worker")] == [0, 0], {
        name: log.read_text()[-2000:] for name, log in logs.items()
    }


def _score_at(link: Link, user: str, seconds: float) -> dict[str, Any]:
    def received() -> dict[str, Any] | None:
        scores = [s for s in link.scores if s["userId"] == user]
        return scores[-1] if scores else None

    return wait_for(received, seconds, lambda: f"no score for {user} reached the LMS", every=0.2)


@pytest.mark.slow
def test_an_lms_launch_and_its_score_through_the_api_and_worker_as_written(
    clean: Backend, tmp_path: Path, db: Database
) -> None:
    """The LTI tool in the deployment: its API processes share the launch (login in one, launch in
    another), the student's page submits, and the worker's sender posts the score to the LMS."""
    queue = f"compose-{uuid.uuid4().hex[:8]}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {name: _environment(name, clean, tmp_path / "data", queue) for name in OURS}
    for name in OURS:  # this machine's address for the compose file's, and its LMS on loopback
        env[name].update(AUTOGRADER_PUBLIC_URL=base, AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS="127.0.0.0/8")
    migrated = subprocess.run(_command("migrate", 0), env=env["migrate"], cwd=tmp_path, capture_output=True)
    assert migrated.returncode == 0, migrated.stderr.decode()[-2000:]
    lms = Platform()
    cli = [str(Path(sys.executable).parent / "autograder"), *lms.add_platform_args()]
    added = subprocess.run(cli, env=env["api"], cwd=tmp_path, capture_output=True, text=True)
    assert added.returncode == 0, added.stderr[-2000:]
    assert f"{base}/lti/launch" in added.stdout
    before = worker_count(db)
    logs = {name: tmp_path / f"{name}.log" for name in ("api", "worker")}
    started = {name: _start(name, port, env[name], tmp_path, log) for name, log in logs.items()}
    lms.tool = base
    lms.start()
    try:
        wait_for_workers(db, started["worker"], logs["worker"], more_than=before)
        wait_healthy(started["api"], base, lambda: logs["api"].read_text()[-3000:], 120)
        link = Link("link-c", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
        lms.place(link)
        launch = lms.launch_over_http("ana", link.id)
        landed = httpx.post(
            f"{base}/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie}, timeout=30
        )
        assert landed.status_code == 303, landed.text[-2000:]
        token = parse_qs(urlsplit(landed.headers["location"]).query)["t"][0]
        reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
        attempt = httpx.post(
            f"{base}/students/api/submissions?wait=10",
            json={"code": reference},
            headers={"Authorization": f"Bearer {token}"},
            timeout=60,
        )
        assert attempt.status_code == 200, attempt.text
        assert attempt.json()["score"] == 100
        score = _score_at(link, "ana", 120)
        assert score["scoreGiven"] == 100
        assert score["gradingProgress"] == "FullyGraded"
    finally:
        lms.stop()
        for process in started.values():
            stop(process)
        db.close()


def _answering(process: subprocess.Popen[bytes], base: str, log: Path) -> None:
    """Until the API answers anything (healthz says 503 with no worker: that is an answer)."""

    def answers() -> bool:
        assert process.poll() is None, log.read_text()[-3000:]
        try:
            httpx.get(f"{base}/healthz", timeout=5)
        except httpx.HTTPError:
            return False
        return True

    wait_until(answers, 120, lambda: f"the API did not answer:\n{log.read_text()[-3000:]}", every=0.2)


def _closed_by_server(connection: socket.socket, patience: float) -> bool:
    connection.settimeout(patience)
    try:
        while connection.recv(4096):
            pass  # an answer (a 408, say) before the close
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


@pytest.mark.slow
def test_the_api_as_written_has_the_protections_of_serve(clean: Backend, tmp_path: Path) -> None:
    """15.9 and 15.7 in a deployment: half a request is cut off after the header deadline, and a
    forwarded address from a client that is no configured proxy is not believed."""
    env = _environment("api", clean, tmp_path / "data", f"compose-{uuid.uuid4().hex[:8]}")
    env["AUTOGRADER_HEADER_TIMEOUT_SECONDS"] = "1"
    port = free_port()
    log = tmp_path / "api.log"
    api = _start("api", port, env, tmp_path, log)
    try:
        _answering(api, f"http://127.0.0.1:{port}", log)
        with socket.create_connection(("127.0.0.1", port)) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            assert _closed_by_server(connection, patience=60), "half a request still open after 60 s"
        httpx.get(f"http://127.0.0.1:{port}/healthz", headers={"X-Forwarded-For": "203.0.113.77"}, timeout=30)
        stop(api)
        assert "203.0.113.77" not in log.read_text(), log.read_text()[-2000:]
        assert "127.0.0.1:" in log.read_text()  # the access log names the real client
    finally:
        stop(api)
