"""The whole service as a platform and an instructor meet it: `autograder serve` in a process.

PostgreSQL + Redis when they are reachable (required with CI=true), else the embedded default.
Data reaches the database only through the real path: the HTTP API, the broker, a worker's grader.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.conftest import ROOT
from tests.http_server import free_port, wait_healthy
from tests.servers import IN_CI, REDIS, create_schema, drop_schema, reachable, schema_url


def autograder(*args: str) -> list[str]:
    return [sys.executable, "-m", "service.cli", *args]


@dataclass
class Site:
    folder: Path
    env: dict[str, str]
    schema: str | None
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    key: str = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database_url(self) -> str:
        return (
            self.env.get("AUTOGRADER_DATABASE_URL") or f"sqlite:///{self.folder / 'data' / 'autograder.db'}"
        )

    @property
    def challenges(self) -> Path:
        return Path(self.env["AUTOGRADER_CHALLENGES_DIR"])

    def run(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            autograder(*args),
            env=self.env,
            cwd=ROOT,
            input=stdin,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    def start(self) -> None:
        with (self.folder / "serve.log").open("ab") as log:
            self.process = subprocess.Popen(
                autograder("serve", "--port", str(self.port)),
                env=self.env,
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        # the worker prepares every challenge first; slow on a busy machine
        wait_healthy(self.process, self.base, self.log, 240)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self) -> str:
        return (self.folder / "serve.log").read_text(errors="replace")[-4000:]

    def submit(
        self, course: str, student: str, challenge: str, code: str, lang: str = "en"
    ) -> dict[str, object]:
        """POST as a platform does, then wait (bounded) until the worker has stored the result."""
        payload = {"challenge": challenge, "code": code, "student": student, "course": course, "lang": lang}
        headers = {"Authorization": f"Bearer {self.key}"}
        with httpx.Client(base_url=self.base, headers=headers, timeout=40) as client:
            answer = client.post("/v1/submissions", params={"wait": 20}, json=payload)
            for _ in range(5):
                if answer.status_code != 202:
                    break
                answer = client.get(f"/v1/submissions/{answer.json()['id']}", params={"wait": 20})
        assert answer.status_code == 200, answer.text
        body: dict[str, object] = answer.json()
        return body

    def bump_version(self, challenge: str) -> int:
        """A new version of a challenge's tests, as a course would publish one."""
        manifest = self.challenges / challenge / "challenge.toml"
        text = manifest.read_text()
        old = next(line for line in text.splitlines() if line.startswith("version"))
        version = int(old.split("=")[1]) + 1
        manifest.write_text(text.replace(old, f"version = {version}"))
        return version


def _backend(folder: Path, embedded: bool) -> tuple[dict[str, str], str | None]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTOGRADER_")}
    env["AUTOGRADER_DATA_DIR"] = str(folder / "data")
    env["AUTOGRADER_CHALLENGES_DIR"] = str(folder / "challenges")
    if embedded:
        return env, None
    servers = reachable(5432) and reachable(6379)
    if IN_CI and not servers:
        pytest.fail(
            "CI=true: the dashboard tests need PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379"
        )
    if not servers:
        return env, None
    schema = create_schema("ag_dash")
    env["AUTOGRADER_DATABASE_URL"] = schema_url(schema)
    env["AUTOGRADER_BROKER_URL"] = REDIS
    env["AUTOGRADER_QUEUE"] = f"autograder-dash-{uuid.uuid4().hex[:8]}"
    return env, schema


def open_site(folder: Path, embedded: bool = False) -> Site:
    """A site on PostgreSQL + Redis where they run, or (`embedded`, or without them) the embedded default."""
    shutil.copytree(ROOT / "challenges", folder / "challenges")
    env, schema = _backend(folder, embedded)
    site = Site(folder, env, schema)
    site.run("migrate")
    site.key = site.run(
        "keys", "create", "--name", "platform", "--course", "c1", "--course", "c2"
    ).splitlines()[-1]
    return site


def close_site(site: Site) -> None:
    site.stop()
    if site.schema is not None:
        drop_schema(site.schema)
