"""The dashboard's session cookie is `Secure` when it goes out over HTTPS, and only then (the
embedded default serves plain HTTP on localhost, where a Secure cookie would never come back)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from service.core.settings import Settings
from service.dashboard.app import SESSION_COOKIE, create_dashboard
from service.dashboard.secure_cookie import SecureCookieOverHttps
from service.messaging.enqueue import TaskQueue
from service.storage.db import Database


@pytest.fixture
def dashboard(tmp_path: Path) -> FastAPI:
    settings = Settings(data_dir=tmp_path)
    return create_dashboard(settings, Database.of(settings), TaskQueue.of(settings))


def _session_cookie(dashboard: FastAPI, base_url: str) -> str:
    answer = TestClient(dashboard, base_url=base_url).get("/login")
    assert answer.status_code == 200
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(SESSION_COOKIE + "=")
    return cookie.lower()


def test_over_https_the_session_cookie_is_secure(dashboard: FastAPI) -> None:
    cookie = _session_cookie(dashboard, "https://testserver")
    assert "; secure" in cookie
    assert "httponly" in cookie


def test_over_plain_http_it_is_not(dashboard: FastAPI) -> None:
    assert "secure" not in _session_cookie(dashboard, "http://testserver")


def test_other_cookies_and_an_already_secure_one_are_left_as_they_are() -> None:
    secured = SecureCookieOverHttps(lambda *_: None, "s")  # type: ignore[arg-type]
    assert secured._secured(b"set-cookie", b"other=1; path=/") == (b"set-cookie", b"other=1; path=/")
    assert secured._secured(b"set-cookie", b"s=1; Secure") == (b"set-cookie", b"s=1; Secure")
    assert secured._secured(b"set-cookie", b"s=1; path=/") == (b"set-cookie", b"s=1; path=/; secure")
    assert secured._secured(b"x-other", b"s=1") == (b"x-other", b"s=1")
