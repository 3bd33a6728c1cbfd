"""The student's challenge page as the browser tests drive it: Submit clicked through one helper
that sees the page take the click, and a screenshot of a whole page, framed pages included."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Frame, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import ROOT

ARTIFACTS = ROOT / "test-artifacts"
SUBMIT_SEEN = 10_000  # ms: the page's script says "grading" as the click's first act, before any request

# any change of the status line from now on (the same feedback twice still passes through "grading")
WATCH_STATUS = """() => { window.statusChanged = false;
  new MutationObserver(() => { window.statusChanged = true; })
    .observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true}); }"""

STATE = """() => ({status: document.getElementById('status').textContent,
  disabled: document.getElementById('submit').disabled,
  ariaDisabled: document.getElementById('submit').getAttribute('aria-disabled'),
  focused: document.activeElement && (document.activeElement.id || document.activeElement.className)})"""


def whole_page(page: Page, path: Path) -> Path:
    """The whole page with its frames. The window is made as tall as the page first: a full-page
    screenshot leaves a frame of another site blank below the window's height."""
    path.parent.mkdir(parents=True, exist_ok=True)
    window = page.viewport_size
    assert window is not None
    height = page.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
    page.set_viewport_size({"width": window["width"], "height": max(height, window["height"])})
    page.screenshot(path=str(path))
    page.set_viewport_size(window)
    return path


def click_submit(frame: Frame, label: str) -> None:
    """Click the student page's Submit and see that the page took the click: its status line says
    so at once. When it does not, fail in seconds with the button's state, the focused element and a
    screenshot, so that a lost click is told apart from a result lost after the click."""
    frame.evaluate(WATCH_STATUS)
    frame.get_by_role("button", name=label).click()
    try:
        frame.wait_for_function("() => window.statusChanged === true", timeout=SUBMIT_SEEN)
    except PlaywrightTimeout:
        picture = whole_page(frame.page, ARTIFACTS / "submit-not-taken.png")
        raise AssertionError(
            f"the page did not take the click on {label}: {frame.evaluate(STATE)}, {picture}"
        ) from None
