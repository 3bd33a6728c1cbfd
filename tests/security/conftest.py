"""The service's fixtures (real PostgreSQL + Redis in CI), a platform's requests, an instructor's login."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from typer.testing import CliRunner, Result

from service.cli.main import app
from service.submissions.keys import CreatedKey
from tests.backend import Backend, auth, backend, clean, client, command_env, db, key, new_key, settings
from tests.http_server import free_port
from tests.security.live_site import live_site
from tests.waiting import wait_until

__all__ = ["auth", "backend", "clean", "client", "db", "key", "live_site", "new_key", "settings"]

runner = CliRunner()
CODE = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


Cli = Callable[..., Result]  # autograder("keys", "create", ..., stdin=None)
Instructor = Callable[..., None]  # instructor(email, password, *courses, platform=None)


@pytest.fixture
def autograder(clean: Backend) -> Cli:
    """The command line, in this process, on the package's service: its Settings given to the
    command as the environment it reads them from (the runner restores the environment)."""

    def run(*args: str, stdin: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=stdin, env=command_env(clean.settings))

    return run


def post(
    client: httpx.Client | TestClient,
    key: CreatedKey | str,
    course: str,
    student: str,
    idempotency_key: str | None = None,
) -> dict[str, object]:
    token = key if isinstance(key, str) else key.key
    headers = {"Authorization": f"Bearer {token}"} | (
        {"Idempotency-Key": idempotency_key} if idempotency_key else {}
    )
    payload = {"challenge": "layer_norm", "code": CODE, "student": student, "course": course}
    answer = client.post("/v1/submissions", json=payload, headers=headers)
    assert answer.status_code in (200, 202), answer.text
    body: dict[str, object] = answer.json()
    return body


@pytest.fixture
def instructor(autograder: Cli) -> Instructor:
    """Makes an instructor through the command line."""

    def make(email: str, password: str, *courses: str, platform: str | None = None) -> None:
        args = ["instructors", "create", "--email", email, "--password-stdin"]
        args += [a for c in courses for a in ("--course", c)]
        args += ["--platform", platform] if platform else []
        done = autograder(*args, stdin=password + "\n")
        assert done.exit_code == 0, done.output

    return make


def log_in(client: httpx.Client | TestClient, email: str, password: str) -> None:
    form = client.get("/dashboard/login")
    found = re.search(r'name="csrf_token" value="([^"]+)"', form.text)
    assert found is not None, form.text
    fields = {"csrf_token": html.unescape(found.group(1)), "email": email, "password": password}
    answer = client.post("/dashboard/login", data=fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._href = dict(attrs).get("href")

    def handle_data(self, data: str) -> None:
        if self._href is not None and data.strip():
            self.links.append((data.strip(), self._href))
            self._href = None


def links(page: str) -> dict[str, str]:
    """The links of a page, by their text (as a browser reads both: entities decoded)."""
    parser = _Links()
    parser.feed(page)
    return dict(parser.links)


@pytest.fixture
def served(clean: Backend) -> Iterator[httpx.Client]:
    """The app behind a real HTTP server (uvicorn, in a thread): paths reach it percent-decoded
    once, as from a browser (Starlette's TestClient decodes them twice)."""
    from service.api.app import create_app

    server = uvicorn.Server(
        uvicorn.Config(create_app(clean.settings), host="127.0.0.1", port=free_port(), log_level="warning")
    )
    thread = threading.Thread(target=server.run, name="uvicorn")
    thread.start()

    def started() -> bool:
        assert thread.is_alive(), "uvicorn stopped before it started"
        return bool(server.started)

    wait_until(started, 60, lambda: "uvicorn did not start")
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{server.config.port}", timeout=30) as client:
            yield client
    finally:
        server.should_exit = True
        thread.join()
