"""The service as a process (`autograder serve`), a platform's page on another site that frames
the student page, and a real Chromium."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.conftest import ROOT
from tests.dashboard.site import Site, close_site, open_site

ARTIFACTS = ROOT / "test-artifacts" / "students"
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    site = open_site(tmp_path_factory.mktemp("students"))
    try:
        site.start()
        yield site
    finally:
        close_site(site)


class FramingPlatform:
    """A course platform's page, on another site (localhost, not 127.0.0.1), that shows a URL in an iframe."""

    def __init__(self) -> None:
        self.frame_url = ""
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = (
                    "<!doctype html><title>Course</title><h1>Course platform</h1>"
                    f'<iframe title="challenge" src="{platform.frame_url}" '
                    'style="width:100%;height:1400px;border:0"></iframe>'
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://localhost:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def platform() -> Iterator[FramingPlatform]:
    framing = FramingPlatform()
    yield framing
    framing.close()


def student_link(site: Site, **fields: object) -> httpx.Response:
    body = {"course": "c1", "student": "ana", "challenge": "layer_norm", "lang": "en", **fields}
    headers = {"Authorization": f"Bearer {site.key}"}
    return httpx.post(f"{site.base}/v1/student-links", json=body, headers=headers, timeout=30)


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


def shoot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
