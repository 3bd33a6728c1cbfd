"""A regrade after a change to a challenge: previewed first (who would go up or down, by how much,
which LMS grades would move; nothing stored, nothing sent), then confirmed: stored, and only the
grades that changed reach the LMS; sending again sends nothing twice."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine, text

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import serve_tool, student_frame
from tests.lti.platform import Link, Platform
from tests.lti.test_advantage import GRADED, score_of
from tests.student_page import click_submit
from tests.students.test_page import type_code
from tests.waiting import wait_until

pytestmark = pytest.mark.slow
CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text()
BATCH_NORM = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
PASSWORD = "a regrading instructor"
# The change to the challenge: its shape test weighs 30 points instead of 1. A wrong attempt that
# gets the shape right goes up; a correct one stays at 100. Only layer_norm's own: bloque reuses
# these tests (as a "_shared" module), and its weights are chosen for its lesson's promise.
HEAVIER_SHAPE = (
    "\nfrom dataclasses import replace as _replace\n"
    "if not __name__.endswith('_shared'):\n"
    "    TESTS[0] = _replace(TESTS[0], points=30)\n"
)


@pytest.fixture(scope="module")
def lms() -> Platform:
    return Platform()


@pytest.fixture(scope="module")
def tool(tmp_path_factory: pytest.TempPathFactory, lms: Platform) -> Iterator[Site]:
    """A tool (and an LMS) of this module's own, not the LTI tests' shared one: it changes a
    challenge and restarts."""
    yield from serve_tool(tmp_path_factory.mktemp("regrade-lti"), lms)


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    yield context.new_page()
    context.close()


def _tried_at(tool: Site, student: str) -> datetime | None:
    engine = create_engine(tool.database_url)
    try:
        with engine.connect() as connection:
            found = connection.execute(
                text("SELECT max(tried_at) FROM lti_scores WHERE student = :student"), {"student": student}
            ).scalar()
    finally:
        engine.dispose()
    return found if found is None or isinstance(found, datetime) else datetime.fromisoformat(found)


def _stored_at(tool: Site, version: int) -> int:
    engine = create_engine(tool.database_url)
    try:
        with engine.connect() as connection:
            query = text("SELECT count(*) FROM results WHERE challenge_version = :version")
            return int(connection.execute(query, {"version": version}).scalar() or 0)
    finally:
        engine.dispose()


def _submit(page: Page, lms: Platform, link: Link, student: str, code: str) -> float:
    frame = student_frame(page, lms, student, link.id)
    type_code(frame, code)
    click_submit(frame, "Submit")
    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=GRADED)
    return float(score_of(link, student)["scoreGiven"])


def test_a_regrade_shows_its_effect_then_sends_only_what_changed_once(
    tool: Site, lms: Platform, desktop: Page
) -> None:
    link = Link(
        "link-regrade", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100}
    )
    lms.place(link)
    assert _submit(desktop, lms, link, "ana", CORRECT) == 100
    wrong_before = _submit(desktop, lms, link, "ben", BATCH_NORM)
    assert wrong_before < 100
    tool.run("instructors", "create", "--email", "rg@example.org", "--course", "TRF-42", "--platform", "lms",
             "--password-stdin", stdin=PASSWORD)  # fmt: skip
    tool.stop()
    tests_py = tool.challenges / "layer_norm" / "tests.py"
    tests_py.write_text(tests_py.read_text() + HEAVIER_SHAPE)
    tool.bump_version("layer_norm")
    tool.start()

    desktop.goto(f"{tool.base}/dashboard/")
    desktop.get_by_label("Email").fill("rg@example.org")
    desktop.get_by_label("Password").fill(PASSWORD)
    desktop.get_by_role("button", name="Log in").click()
    desktop.locator("#challenge-layer_norm form.notice").get_by_role("button").click()
    expect(desktop.locator("#regrade-status")).to_contain_text(
        "Preview finished: 2 of 2 submissions graded.", timeout=60_000
    )
    expect(desktop.locator("#regrade-effect")).to_have_text(
        "Would go up: 1 · would go down: 0 · unchanged: 1"
    )
    row = desktop.get_by_role("region", name="Best scores before and after the regrade").get_by_role(
        "row", name="ben"
    )
    cells = row.locator("td").all_inner_texts()
    assert cells[0] == "ben"
    assert float(cells[2]) == wrong_before
    preview_after = float(cells[3])
    assert preview_after > wrong_before
    expect(desktop.locator("#regrade-moves")).to_have_text("1 grade would change there:")
    moved = desktop.get_by_role("region", name="In the LMS gradebooks").get_by_role("row", name="ben")
    assert [float(v) for v in moved.locator("td").all_inner_texts()[2:]] == [wrong_before, preview_after]
    assert len(link.scores) == 2  # nothing sent before the instructor confirms
    assert _stored_at(tool, 2) == 0  # nor stored

    desktop.get_by_role(
        "button", name="Confirm: store these results and send the grades that changed"
    ).click()
    expect(desktop.locator("#regrade-status")).to_contain_text("Stored: 2 of 2 results.", timeout=60_000)
    regraded = score_of(link, "ben", count=2)
    assert regraded["scoreGiven"] == preview_after  # what the preview said
    assert _stored_at(tool, 2) == 2
    first = next(s for s in link.scores if s["userId"] == "ben")
    assert datetime.fromisoformat(regraded["timestamp"]) > datetime.fromisoformat(first["timestamp"])
    looked = _tried_at(tool, "ben")
    desktop.reload()
    desktop.get_by_role("button", name="Send the grades that changed to the LMS again").click()
    expect(desktop.locator("p.saved")).to_contain_text("Sent")
    wait_until(
        lambda: _tried_at(tool, "ben") != looked, 60, every=0.2
    )  # the second send looked at ben's grade...
    assert [s["userId"] for s in link.scores].count("ben") == 2  # ...and sent nothing twice
    assert [s["userId"] for s in link.scores].count("ana") == 1  # unchanged: never sent again
