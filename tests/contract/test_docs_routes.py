"""The docs' pages load nothing from elsewhere; `/` and `/favicon.ico` answer (in-process, no browser)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from service.api.app import create_app
from service.core.settings import Settings


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))  # no lifespan: these pages need no database or broker


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_docs_pages_load_only_their_own_assets(client: TestClient, page: str) -> None:
    html = client.get(page).text
    assert "http://" not in html, html
    assert "https://" not in html, html
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert len(assets) >= 2
    for asset in assets:
        answer = client.get(asset)
        assert answer.status_code == 200, asset
        assert answer.content, asset


def test_the_favicon_is_served(client: TestClient) -> None:
    answer = client.get("/favicon.ico")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.content.startswith(b"<svg")


@pytest.mark.parametrize(
    ("accept", "target"),
    [
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "/dashboard/"),
        ("application/json", "/openapi.json"),
        ("*/*", "/docs"),
        ("", "/docs"),
    ],
)
def test_the_root_sends_each_client_somewhere_useful(client: TestClient, accept: str, target: str) -> None:
    answer = client.get("/", headers={"Accept": accept}, follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"] == target
    assert answer.headers["vary"] == "Accept"


def test_redocs_own_logo_is_served(client: TestClient) -> None:
    logo = client.get("/redoc/logo-mini.svg")
    assert logo.status_code == 200
    assert logo.headers["content-type"].startswith("image/svg+xml")
    assert logo.content.lstrip().startswith(b"<svg")
