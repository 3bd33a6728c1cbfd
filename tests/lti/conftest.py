"""The tool as `autograder serve` runs it, an LMS (tests/lti/platform.py) registered with it by
`autograder lti add-platform`, and Chromium on the LMS's course page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, ViewportSize
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import ROOT
from tests.dashboard.site import Site, close_site, open_site
from tests.lti.hostile import ALLOWED_NETWORKS, HostileLms
from tests.lti.platform import Platform

ARTIFACTS = ROOT / "test-artifacts" / "lti"
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


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
    # a lost score is sent again within the test
    yield from serve_tool(tmp_path_factory.mktemp("lti"), lms, AUTOGRADER_SWEEP_EVERY_SECONDS="1")


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
    """The whole LMS page with the tool's frame. The window is made as tall as the page first: a
    full-page screenshot leaves a frame of another site blank below the window's height."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    window = page.viewport_size
    assert window is not None
    height = page.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
    page.set_viewport_size({"width": window["width"], "height": max(height, window["height"])})
    page.screenshot(path=str(path))
    page.set_viewport_size(window)
    return path


SUBMIT_SEEN = 10_000  # ms: the page's script says "grading" as the click's first act, before any request

# any change of the status line from now on (the same feedback twice still passes through "grading")
WATCH_STATUS = """() => { window.statusChanged = false;
  new MutationObserver(() => { window.statusChanged = true; })
    .observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true}); }"""

STATE = """() => ({status: document.getElementById('status').textContent,
  disabled: document.getElementById('submit').disabled,
  ariaDisabled: document.getElementById('submit').getAttribute('aria-disabled'),
  focused: document.activeElement && (document.activeElement.id || document.activeElement.className)})"""


def click_submit(frame: Frame, label: str) -> None:
    """Click the student page's Submit and see that the page took the click: its status line says
    so at once. When it does not, fail in seconds with the button's state, the focused element and a
    screenshot, so that a lost click is told apart from a score lost after the click."""
    frame.evaluate(WATCH_STATUS)
    frame.get_by_role("button", name=label).click()
    try:
        frame.wait_for_function("() => window.statusChanged === true", timeout=SUBMIT_SEEN)
    except PlaywrightTimeout:
        picture = shoot(frame.page, "submit-not-taken")
        raise AssertionError(
            f"the page did not take the click on {label}: {frame.evaluate(STATE)}, {picture}"
        ) from None
