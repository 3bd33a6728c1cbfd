"""axe-core on a rendered page or frame: WCAG 2.0-2.2 A and AA and axe's best practices, every
violation as one readable line. The page tests of each folder call `assert_accessible`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Frame, Page

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
RUN = "(options) => axe.run(document, options)"
# Each scan's name and count of violations, appended as JSON lines when this is set: the record
# of a run that an audit reads (scans done, violations found).
RECORD = os.environ.get("AXE_RECORD", "")


def violations(target: Page | Frame) -> list[dict[str, Any]]:
    """axe's violations on the document of `target` (a frame is scanned alone, without the page
    around it: the LMS's page is the LMS's)."""
    if not target.evaluate("() => typeof window.axe === 'object'"):
        target.evaluate(AXE_SCRIPT)
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    found: list[dict[str, Any]] = target.evaluate(RUN, options)["violations"]
    return found


def described(found: list[dict[str, Any]]) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']}: " + " | ".join(n["html"][:160] for n in v["nodes"][:4])
        for v in found
    ]


class Audit:
    """Scans that go on past a page with violations; leaving the `with` fails with all of them."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    def check(self, target: Page | Frame, name: str) -> None:
        """`name` says which page and state a failure is of."""
        found = described(violations(target))
        if RECORD:
            with Path(RECORD).open("a") as record:
                record.write(json.dumps({"scan": name, "violations": found}) + "\n")
        self.failures += [f"{name}: {line}" for line in found]

    def __enter__(self) -> Audit:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        if kind is None:
            assert self.failures == [], "\n".join(self.failures)


COLOURS = (Path(__file__).parent / "colours.js").read_text()


def page_check(path: Path) -> str:
    """A check for `evaluate` (a file whose last expression is the function to run) with the
    colour helpers of colours.js before it, in the same scope."""
    return COLOURS + path.read_text()


RING = page_check(Path(__file__).parent / "focus_ring.js")
SEGMENTS = 6  # the fields of a date and time input, each its own Tab stop
MOST_STOPS = 80  # a bound on one page's Tab stops: more means the focus is held somewhere


START_AT_TOP = (
    "() => { document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex'); }"
)


def weak_rings(page: Page, name: str) -> list[str]:
    """Tab through every stop of the page from its top: each one whose ring is missing, thinner
    than 2 px or under 3:1 against the background around it. Where Tab stays put (the editor
    indents), Escape lets it go on, as the page tells its reader."""
    page.evaluate(START_AT_TOP)
    weak: list[str] = []
    seen: list[int] = []
    for _ in range(MOST_STOPS):
        page.keyboard.press("Tab")
        stop = page.evaluate(RING)
        for _ in range(SEGMENTS):  # a date's fields are Tab stops inside its one input
            if stop is None or not seen or stop["id"] != seen[-1]:
                break
            page.keyboard.press("Tab")
            stop = page.evaluate(RING)
        if stop is not None and seen and stop["id"] == seen[-1]:
            page.keyboard.press("Escape")
            page.keyboard.press("Tab")
            stop = page.evaluate(RING)
            assert stop is None or stop["id"] != seen[-1], f"{name}: the focus is held by {stop['what']}"
        if stop is None or stop["id"] in seen[:1]:
            return weak
        seen.append(stop["id"])
        if stop["ratio"] < 3:
            weak.append(f"{name}: {stop['ratio']:.2f}:1 on {stop['what']}")
    raise AssertionError(f"{name}: more than {MOST_STOPS} Tab stops")


__all__ = ["Audit", "described", "violations", "weak_rings"]
