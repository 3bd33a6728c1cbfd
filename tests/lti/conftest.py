"""The tool as `autograder serve` runs it, an LMS (tests/lti/platform.py) registered with it by
`autograder lti add-platform`, and Chromium on the LMS's course page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, ViewportSize

from tests.conftest import ROOT
from tests.dashboard.site import Site, close_site, open_site
from tests.lti.hostile import ALLOWED_NETWORKS, HostileLms
from tests.lti.platform import Platform
from tests.student_page import whole_page

ARTIFACTS = ROOT / "test-artifacts" / "lti"
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
ROSTER_READ_SECONDS = 8
ROSTER_READ_BYTES = 2 * 1024 * 1024


@pytest.fixture(scope="session")
def lms() -> Platform:
    return Platform()


def serve_tool(folder: Path, lms: Platform, **env: str) -> Iterator[Site]:
    """The tool served from `folder` (with `env` added), `lms` registered with it by `autograder
    lti add-platform` and started; both stopped afterwards. For a fixture to `yield from`."""
    site = open_site(folder)
    site.env["AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS"] = ALLOWED_NETWORKS  # the LMS is there, and only it
    site.env.update(env)
    try:
        lms.printed = site.run(*lms.add_platform_args(), "--tool-url", site.base)
        site.start()
        lms.tool = site.base
        lms.start()
        try:
            yield site
        finally:
            lms.stop()
    finally:  # also when the site never became healthy: stopping an LMS not started would raise first
        close_site(site)


@pytest.fixture(scope="session")
def tool(tmp_path_factory: pytest.TempPathFactory, lms: Platform) -> Iterator[Site]:
    # A lost score is sent again within the test; a roster reading has budgets a test can spend
    # in seconds (the test LMS's rosters take a fraction of them).
    yield from serve_tool(
        tmp_path_factory.mktemp("lti"),
        lms,
        AUTOGRADER_SWEEP_EVERY_SECONDS="1",
        AUTOGRADER_ROSTER_READ_SECONDS=str(ROSTER_READ_SECONDS),
        AUTOGRADER_ROSTER_READ_BYTES=str(ROSTER_READ_BYTES),
    )


@pytest.fixture
def hostile(tool: Site) -> Iterator[HostileLms]:
    """An LMS on the same host as the test LMS (another Moodle of the same university, another
    port), in the attacker's hands (tests/lti/hostile.py)."""
    lms = HostileLms("localhost")
    lms.tool = tool.base
    lms.start()
    yield lms
    lms.stop()


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def tool_frame(page: Page) -> Frame:
    handle = page.locator("iframe").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def student_frame(page: Page, lms: Platform, student: str, link_id: str) -> Frame:
    """The student page launched in the LMS's frame, once a student can use it: its editor made
    and its script run (Submit is enabled by it, and its first read of the attempts is shown)."""
    page.goto(lms.course_url(student, "learner", link_id))
    frame = tool_frame(page)
    frame.wait_for_selector(".cm-editor")
    frame.wait_for_selector("#submit:enabled")
    frame.wait_for_selector("#attempts tbody tr", timeout=60_000)
    return frame


def shoot(page: Page, name: str) -> Path:
    """The whole LMS page with the tool's frame."""
    return whole_page(page, ARTIFACTS / f"{name}.png")
