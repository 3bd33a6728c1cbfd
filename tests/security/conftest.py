"""The service as an attacker meets it: `autograder serve` over real sockets, and the API with a real worker.

`served`: a whole site (PostgreSQL + Redis where they run, required in CI; else the embedded
default) with one instructor, its headers read under a short deadline. `backend`: the service
tests' real worker and database, with 127.0.0.0/8 allowed as a webhook receiver and a short
delivery deadline (the webhook tests' receivers listen there).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import httpx
import pytest

from tests.dashboard.site import Site, close_site, open_site
from tests.service.conftest import (
    Backend,
    _choose,
    _configure,
    clean,
    client,
    key,
    reset_caches,
    start_worker,
    stop,
    wait_for_workers,
)

INSTRUCTOR = "ana.prof@example.org"
PASSWORD = "first-course-password"
HEADER_SECONDS = "1"
WEBHOOK_ENV = {
    "AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
    "AUTOGRADER_WEBHOOK_TIMEOUT_SECONDS": "2",
    "AUTOGRADER_WEBHOOK_ATTEMPTS": "2",
}


@pytest.fixture(scope="package")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    site = open_site(tmp_path_factory.mktemp("served"))
    site.env["AUTOGRADER_HEADER_TIMEOUT_SECONDS"] = HEADER_SECONDS
    site.env["AUTOGRADER_LOGIN_FAILURES_PER_MINUTE"] = "30"
    try:
        site.run(
            "instructors",
            "create",
            "--email",
            INSTRUCTOR,
            "--course",
            "c1",
            "--password-stdin",
            stdin=PASSWORD,
        )
        site.start()
        yield site
    finally:
        close_site(site)


def client_from(site: Site, address: str) -> httpx.Client:
    """A browser-like client whose connections come from `address` (any of 127.0.0.0/8)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=site.base, transport=transport, timeout=60, follow_redirects=False)


def login_form(client: httpx.Client) -> dict[str, str]:
    """The login form's hidden fields, with the session cookie the form's token belongs to."""
    page = client.get("/dashboard/login")
    assert page.status_code == 200, page.text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None, page.text
    return {"csrf_token": token.group(1), "next": ""}


def log_in(client: httpx.Client, email: str, password: str) -> httpx.Response:
    return client.post("/dashboard/login", data={**login_form(client), "email": email, "password": password})


@pytest.fixture(scope="package")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Backend]:
    """As the service tests' backend, with the webhook settings above (API in this process and worker)."""
    import psycopg

    from service.storage import db
    from service.storage.migrations import upgrade

    tmp = tmp_path_factory.mktemp("security")
    saved = dict(os.environ)
    chosen, schema = _choose(tmp)
    from service.cli.embedded_broker import EmbeddedBroker

    broker = EmbeddedBroker(tmp / "broker.sock") if chosen.name == "embedded" else None
    if broker is not None:
        broker.start()
    _configure(chosen, tmp)
    os.environ.update(WEBHOOK_ENV)
    reset_caches()
    upgrade()
    worker = start_worker(dict(os.environ), tmp / "worker.log")
    try:
        wait_for_workers(worker, tmp / "worker.log")
        yield chosen
    finally:
        stop(worker)
        db.engine().dispose()
        if broker is not None:
            broker.stop()
        if schema is not None:
            with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as connection:
                connection.execute(f"DROP SCHEMA {schema} CASCADE")
        os.environ.clear()
        os.environ.update(saved)
        reset_caches()


__all__ = ["clean", "client", "key"]  # the service tests' fixtures, on this package's backend
