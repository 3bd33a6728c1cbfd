"""LTI Advantage against the LMS: an instructor adds a challenge by deep linking; a student launched
into it submits; the score reaches the LMS's line item through AGS."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, text

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import shoot, student_frame, tool_frame
from tests.lti.platform import Link, Platform
from tests.student_page import click_submit
from tests.students.test_page import type_code
from tests.waiting import wait_for

CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text()
GRADED = 60_000  # ms
SCORE_ARRIVES = 120  # s: grading, then the sender process's post; a bound, not a speed check


def _deep_link(lms: Platform, page: Page) -> Link:
    before = set(lms.links)
    page.goto(lms.course_url("prof", "instructor"))
    frame = tool_frame(page)
    # login, the LMS's answer and the launch come first: on a machine loaded by other suites that
    # can take longer than an action's default wait
    frame.get_by_role("radio", name="layer norm").check(timeout=GRADED)
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


def score_of(link: Link, user: str, count: int = 1) -> dict[str, Any]:
    """The latest score the LMS received for `user` once it has `count` of them."""

    def received() -> dict[str, Any] | None:
        scores = [s for s in link.scores if s["userId"] == user]
        return scores[-1] if len(scores) >= count else None

    return wait_for(received, SCORE_ARRIVES, lambda: f"no score for {user} reached the LMS", every=0.2)


def test_a_students_score_reaches_the_lms_gradebook(tool: Site, lms: Platform, desktop: Page) -> None:
    link = _deep_link(lms, desktop)
    frame = student_frame(desktop, lms, "eva", link.id)
    type_code(frame, CORRECT)
    click_submit(frame, "Enviar")
    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=GRADED)
    score = score_of(link, "eva")
    assert score["scoreGiven"] == 100
    assert score["scoreMaximum"] == 100
    assert score["activityProgress"] == "Completed"
    assert score["gradingProgress"] == "FullyGraded"
    gradebook = frame.locator("#attempts tbody tr").first.locator("td").last
    expect(gradebook).to_have_text("enviada (100)", timeout=GRADED)  # the page learns it, no reload
    shoot(desktop, "student-desktop-graded")


def _passback(tool: Site, submission_state: str) -> list[dict[str, object]]:
    def rows() -> list[dict[str, object]] | None:
        found: list[dict[str, object]] = json.loads(tool.run("lti", "scores", "--json"))
        return found if any(r["state"] == submission_state for r in found) else None

    return wait_for(rows, SCORE_ARRIVES, lambda: f"no attempt's score became {submission_state}", every=0.5)


def _row_of(tool: Site, student: str, state: str) -> dict[str, object]:
    """The student's attempt row once its score is in `state`."""

    def row() -> dict[str, object] | None:
        rows: list[dict[str, object]] = json.loads(tool.run("lti", "scores", "--json"))
        return next((r for r in rows if r["student"] == student and r["state"] == state), None)

    return wait_for(row, SCORE_ARRIVES, lambda: f"{student}'s score did not become {state}", every=0.5)


def test_each_attempts_passback_is_listed(tool: Site, lms: Platform, desktop: Page) -> None:
    link = _deep_link(lms, desktop)
    frame = student_frame(desktop, lms, "gil", link.id)
    type_code(frame, CORRECT)
    click_submit(frame, "Enviar")
    score_of(link, "gil")
    sent = [r for r in _passback(tool, "sent") if r["student"] == "gil"]
    assert sent
    assert sent[0]["score_sent"] == 100
    assert sent[0]["tries"] == 1
    assert sent[0]["course"] == "TRF-42"
    desktop.goto(lms.course_url("gil", "learner", link.id))  # the student sees it on the page too
    expect(tool_frame(desktop).locator("#attempts tbody tr").first).to_contain_text("enviada (100)")


def test_a_score_the_gradebook_could_not_take_is_sent_again(tool: Site, lms: Platform, desktop: Page) -> None:
    link = Link("link-busy", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    lms.place(link)
    lms.unavailable[link.id] = 1
    frame = student_frame(desktop, lms, "iris", link.id)
    type_code(frame, CORRECT)
    click_submit(frame, "Submit")
    assert score_of(link, "iris")["scoreGiven"] == 100
    assert _row_of(tool, "iris", "sent")["tries"] == 2


def test_a_line_item_at_a_private_address_gets_no_post(tool: Site, lms: Platform, desktop: Page) -> None:
    """A hostile LMS names an internal address as its line item: the tool refuses to post there."""
    lms.place(
        Link("link-ssrf", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    )
    lms.spoil = "lineitem"
    frame = student_frame(desktop, lms, "hugo", "link-ssrf")
    type_code(frame, CORRECT)
    click_submit(frame, "Submit")
    failed = [r for r in _passback(tool, "failed") if r["student"] == "hugo"]
    assert failed
    assert "refused" in str(failed[0]["error"])
    assert failed[0]["score_sent"] is None


def test_a_score_whose_task_was_lost_is_sent_by_the_sweeper(tool: Site, lms: Platform, desktop: Page) -> None:
    """As if the broker lost the task: the attempt's row waits, untried, its grading long over."""
    link = _deep_link(lms, desktop)
    frame = student_frame(desktop, lms, "jon", link.id)
    type_code(frame, CORRECT)
    click_submit(frame, "Enviar")
    score_of(link, "jon")
    [row] = [r for r in json.loads(tool.run("lti", "scores", "--json")) if r["student"] == "jon"]
    engine = create_engine(tool.database_url)
    try:
        with engine.begin() as connection:
            connection.execute(
                text("UPDATE lti_scores SET state = 'waiting', tried_at = NULL WHERE submission_id = :id"),
                {"id": row["submission"]},
            )
            connection.execute(
                text("UPDATE submissions SET finished_at = :long_ago WHERE id = :id"),
                {"id": row["submission"], "long_ago": datetime.now(UTC) - timedelta(hours=1)},
            )
    finally:
        engine.dispose()
    assert score_of(link, "jon", 2)["scoreGiven"] == 100
