"""Logging out ends the session on the server: the old cookie no longer opens the dashboard."""

from __future__ import annotations

import re

import pytest

from tests.dashboard.site import Site
from tests.security.live_site import INSTRUCTOR, PASSWORD, attempt_log_in, client_from

pytestmark = pytest.mark.slow


def test_a_cookie_kept_from_before_logout_is_refused(live_site: Site) -> None:
    with client_from(live_site, "127.0.6.1") as client:
        assert attempt_log_in(client, INSTRUCTOR, PASSWORD).status_code == 303
        home = client.get("/dashboard/courses/c1")
        assert home.status_code == 200
        kept = dict(client.cookies)
        token = re.search(r'name="csrf_token" value="([^"]+)"', home.text)
        assert token is not None
        assert client.post("/dashboard/logout", data={"csrf_token": token.group(1)}).status_code == 303
    with client_from(live_site, "127.0.6.2") as thief:
        thief.cookies.update(kept)
        answer = thief.get("/dashboard/courses/c1")
        assert answer.status_code == 303
        assert "/dashboard/login" in answer.headers["location"]
