"""`autograder serve` over real sockets, as an outsider meets it, with one instructor.

PostgreSQL + Redis where they run (required in CI), else the embedded default; a request's
headers must arrive within `HEADER_SECONDS`. Clients may speak from any address of 127.0.0.0/8,
so that each test's log-in counts are its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from tests.dashboard.site import Site, close_site, open_site

INSTRUCTOR = "ana.prof@example.org"
PASSWORD = "first-course-password"
HEADER_SECONDS = "1"


@pytest.fixture(scope="package")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    site = open_site(tmp_path_factory.mktemp("live"))
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


def attempt_log_in(client: httpx.Client, email: str, password: str) -> httpx.Response:
    return client.post("/dashboard/login", data={**login_form(client), "email": email, "password": password})
