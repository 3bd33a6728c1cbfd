"""The API's docs in a real Chromium with every request off this machine refused: they still render.

Swagger UI and ReDoc come from the app itself (a packaged build), so a course's operator can read
them offline; `/` sends a browser to the dashboard.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Request, Route

from tests.dashboard.conftest import ARTIFACTS
from tests.dashboard.site import Site

LOOPBACK = {"127.0.0.1", "localhost", "[::1]"}
OPERATIONS = {
    "create_submission",
    "list_submissions",
    "get_submission",
    "list_challenges",
    "get_challenge",
    "get_health",
    "get_metrics",
}


@dataclass
class Offline:
    """What the page asked for: all of it, and what was refused for leaving the machine."""

    requested: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def route(self, route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort("internetdisconnected")

    def saw(self, request: Request) -> None:
        self.requested.append(request.url)

    def lost(self, request: Request) -> None:
        self.failed.append(f"{request.url}: {request.failure}")


@pytest.fixture
def offline(browser: Browser) -> Iterator[tuple[Page, Offline]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = Offline()
    context.route("**/*", watched.route)
    page = context.new_page()
    page.on("request", watched.saw)
    page.on("requestfailed", watched.lost)
    yield page, watched
    context.close()


def _only_loopback(watched: Offline) -> None:
    assert watched.requested, "the page made no request at all"
    assert not watched.refused, f"requests that would have left the machine: {watched.refused}"
    assert not watched.failed, watched.failed
    assert {urlsplit(url).hostname for url in watched.requested} <= LOOPBACK


def test_swagger_ui_renders_every_operation_offline(offline: tuple[Page, Offline], site: Site) -> None:
    page, watched = offline
    page.goto(f"{site.base}/docs")
    page.locator(".opblock").first.wait_for()
    shown = set(page.locator(".opblock-summary-operation-id").all_inner_texts())
    assert shown >= OPERATIONS
    page.locator("#operations-submissions-create_submission .opblock-summary").click()
    page.get_by_text("RateLimit-Remaining").first.wait_for()  # the operation's answers and headers
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "api-docs-swagger.png"), full_page=True)
    icon = page.locator("link[rel~='icon']").get_attribute("href")
    assert icon is not None
    assert page.request.get(f"{site.base}{icon}").ok
    _only_loopback(watched)


def test_redoc_renders_offline(offline: tuple[Page, Offline], site: Site) -> None:
    page, watched = offline
    page.goto(f"{site.base}/redoc")
    page.get_by_role("heading", name="Create Submission").wait_for()
    page.screenshot(path=str(ARTIFACTS / "api-docs-redoc.png"))
    _only_loopback(watched)


def test_a_browser_at_the_root_lands_on_the_dashboard(offline: tuple[Page, Offline], site: Site) -> None:
    page, watched = offline
    page.goto(f"{site.base}/")
    assert urlsplit(page.url).path.startswith("/dashboard/")
    page.get_by_label("Password").wait_for()
    _only_loopback(watched)
