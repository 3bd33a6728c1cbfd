"""Fuzzing with schemathesis against the service's own OpenAPI schema: no 500, no response off its schema.

The API runs as a real uvicorn process on loopback, on the private PostgreSQL and Redis, with
no worker: `/healthz` answers its documented 503, every other answer must be below 500. Valid and
invalid requests are generated; every response must have a documented status, content type,
headers and body schema.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

from service.api.app import create_app
from service.core.settings import Settings
from tests.backend import KeyMaker
from tests.http_server import free_port
from tests.resilience.stack import Stack, auth
from tests.waiting import wait_until

pytestmark = pytest.mark.slow
schema = schemathesis.openapi.from_dict(create_app(Settings()).openapi())
CONFORMANCE = [
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]
MAX_WAIT = 0.2  # a valid `wait` is shortened: no worker runs here, and waiting proves nothing


def _answers(base: str) -> bool:
    try:
        return httpx.get(f"{base}/v1/challenges", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.fixture
def api(stack: Stack, new_key: KeyMaker) -> Iterator[tuple[str, dict[str, str]]]:
    """The API alone (uvicorn) on a free loopback port, and a valid key's headers."""
    headers = auth(new_key())
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "service.api.app:from_environment",
        "--factory",
        "--port",
        str(port),
    ]
    log = (stack.folder / "api.log").open("wb")
    process = subprocess.Popen(command, env=stack.env(), stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: _answers(base), 30, lambda: (stack.folder / "api.log").read_text()[-2000:])
        yield base, headers
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def _shorten_wait(case: schemathesis.Case[Any]) -> None:
    query = case.query or {}
    try:
        wait = float(query.get("wait", "x"))
    except (TypeError, ValueError):
        return
    if 0 <= wait <= 30:
        query["wait"] = min(wait, MAX_WAIT)


@schema.parametrize()
@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms_to_its_schema(
    case: schemathesis.Case[Any], api: tuple[str, dict[str, str]], settings: Settings
) -> None:
    base, headers = api
    _shorten_wait(case)
    response = case.call(base_url=base, headers=headers)
    case.validate_response(response, checks=CONFORMANCE)
    assert response.status_code < 500 or (case.path, response.status_code) == ("/healthz", 503), response.text
