"""LTI Advantage against the LMS: an instructor adds a challenge by deep linking; a student launched
into it submits; the score reaches the LMS's line item through AGS."""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import shoot, tool_frame
from tests.lti.platform import Link, Platform
from tests.students.test_page import type_code

CORRECT = (ROOT / "tests/solutions/layer_norm/loops.py").read_text()
GRADED = 60_000  # ms
SCORE_ARRIVES = 120  # s: grading, then the sender process's post; a bound, not a speed check


def _deep_link(lms: Platform, page: Page) -> Link:
    before = set(lms.links)
    page.goto(lms.course_url("prof", "instructor"))
    frame = tool_frame(page)
    frame.get_by_role("radio", name="layer norm").check()
    frame.get_by_label("Language of the student's page").select_option("es")
    frame.get_by_role("button", name="Add to the course").click()
    expect(tool_frame(page).locator("#added")).to_contain_text("Layer norm")
    [added] = set(lms.links) - before
    return lms.links[added]


def test_deep_linking_places_the_chosen_challenge_and_language(
    tool: Site, lms: Platform, desktop: Page
) -> None:
    link = _deep_link(lms, desktop)
    assert link.custom == {"challenge": "layer_norm", "lang": "es"}
    assert link.line_item["scoreMaximum"] == 100
    assert link.line_item["resourceId"] == "layer_norm"


def _score_of(link: Link, user: str) -> dict[str, object]:
    deadline = time.monotonic() + SCORE_ARRIVES
    while time.monotonic() < deadline:
        scores = [s for s in link.scores if s["userId"] == user]
        if scores:
            return scores[-1]
        time.sleep(0.2)
    raise AssertionError(f"no score for {user} reached the LMS in {SCORE_ARRIVES} s")


def test_a_students_score_reaches_the_lms_gradebook(tool: Site, lms: Platform, desktop: Page) -> None:
    link = _deep_link(lms, desktop)
    desktop.goto(lms.course_url("eva", "learner", link.id))
    frame = tool_frame(desktop)
    frame.wait_for_selector(".cm-editor")
    type_code(frame, CORRECT)
    frame.get_by_role("button", name="Enviar").click()
    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=GRADED)
    score = _score_of(link, "eva")
    assert score["scoreGiven"] == 100
    assert score["scoreMaximum"] == 100
    assert score["activityProgress"] == "Completed"
    assert score["gradingProgress"] == "FullyGraded"
    shoot(desktop, "student-desktop-graded")
