"""The whole roster, end to end: the test LMS's launches name its course's roster (NRPS 2.0); the
tool reads it page by page with its service token, keeps it, and the dashboard lists every
enrolled learner, those who never submitted included, refreshed on launch and on demand (keyboard
only); the platform reads it over the API. A bad answer keeps the roster read before."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.accessibility import Audit
from tests.dashboard.site import Site
from tests.lti.conftest import student_frame
from tests.lti.platform import INSTRUCTOR, LEARNER, Link, Platform
from tests.lti.test_advantage import CORRECT, GRADED
from tests.student_page import click_submit
from tests.students.test_page import type_code
from tests.waiting import wait_for, wait_until

pytestmark = pytest.mark.slow
COURSE = "ROSTER-1"  # the LMS context's label: the tool's course
READ = 120  # s: the launch's task, the sender process, the LMS's pages; a bound, not a speed check


def learner(user: str, name: str, **more: Any) -> dict[str, Any]:
    return {"user_id": user, "name": name, "roles": [LEARNER], "status": "Active", **more}


@pytest.fixture
def course(lms: Platform) -> Iterator[Link]:
    """A course of its own in the LMS (the other tests' launches come from course-42), with five
    learners, an instructor and one entry no LMS may send."""
    kept = (lms.context_id, lms.context_label, lms.members, lms.page_size)
    lms.context_id, lms.context_label = "course-roster", COURSE
    lms.members = [
        learner("ana", "Ana Ruiz"),
        learner("ben", "Ben Ito"),
        {"user_id": "prof", "name": "Prof", "roles": [INSTRUCTOR], "status": "Active"},
        learner("cai", "Cai <b>Wu</b>"),  # shown as text, never as markup
        {"name": "no user id", "roles": [LEARNER]},
        learner("dan", "Dan Olsen", status="Inactive"),
        learner("eli", '=HYPERLINK("x")'),  # a formula in a CSV is made inert
    ]
    lms.page_size = 2  # four pages, each named by the last one's Link header
    link = Link("link-roster", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    lms.place(link)
    yield link
    lms.context_id, lms.context_label, lms.members, lms.page_size = kept
    lms.spoil_roster = None


def _roster_read(page: Page, tool: Site, text: str) -> None:
    """The roster page, reloaded until it says `text` (the worker reads the LMS in the background)."""
    url = f"{tool.base}/dashboard/courses/{COURSE}/roster"

    def says() -> bool:
        page.goto(url)
        return text in (page.locator("main").text_content() or "")

    wait_until(
        says,
        READ,
        lambda: f"the roster page never said {text!r}: {page.locator('main').text_content()}",
        every=0.5,
    )


def test_every_enrolled_learner_is_listed_with_who_has_not_started(
    tool: Site, lms: Platform, course: Link, desktop: Page
) -> None:
    asked_before = len(lms.roster_pages)
    frame = student_frame(desktop, lms, "ana", course.id)  # a learner's launch asks for the roster
    type_code(frame, CORRECT)
    click_submit(frame, "Submit")
    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=GRADED)

    desktop.goto(lms.window_url("prof", "instructor", course.id))  # asks nothing: asked a moment ago
    expect(desktop.locator("h1")).to_contain_text(COURSE)
    _roster_read(desktop, tool, "5 enrolled learners")
    assert len(lms.roster_pages) - asked_before == 4  # one reading, every page once
    assert any("cursor=Page-1" in url for url in lms.roster_pages)  # the cursor's case kept
    main = desktop.locator("main")
    expect(main).to_contain_text("1 entries of the LMS's list were not valid")
    tally = desktop.get_by_role("region", name="Per challenge", exact=False)
    cells = tally.get_by_role("row", name="Row-wise layer norm").locator("td")
    expect(cells).to_have_text(["4", "4", "5"])  # not started, not yet 100 (all but ana), enrolled
    expect(main.get_by_role("row", name="Cai <b>Wu</b>", exact=False)).to_be_visible()
    expect(main.get_by_role("row", name="dan (inactive)", exact=False)).to_be_visible()
    assert "prof" not in (desktop.locator("table.students").text_content() or "")

    desktop.get_by_label("Show").select_option("not_started")  # who has not started, by keyboard
    desktop.get_by_label("Show").press("Tab")
    desktop.keyboard.press("Enter")
    rows = desktop.locator("table.students tbody tr")
    expect(rows).to_have_count(4)
    expect(desktop.locator("table.students")).not_to_contain_text("Ana Ruiz")

    lms.members = [m for m in lms.members if m.get("user_id") != "ben"] + [learner("fay", "Fay Lin")]
    refresh = desktop.get_by_role("button", name="Ask the LMS for the roster again")
    refresh.focus()
    desktop.keyboard.press("Enter")
    expect(desktop.get_by_role("status")).to_contain_text("Asked the LMS for the roster")
    _roster_read(desktop, tool, "fay")
    expect(desktop.locator("table.students")).not_to_contain_text("Ben Ito")

    csv = desktop.request.get(f"{tool.base}/dashboard/courses/{COURSE}/roster.csv")
    lines = csv.text().splitlines()
    assert lines[0].startswith("student,name,status,layer_norm")
    assert any(line.startswith("ana,Ana Ruiz,active,100") for line in lines)
    assert any(line.startswith("eli,\"'=HYPERLINK(") for line in lines)

    key = tool.run("keys", "create", "--name", "lms", "--course", COURSE).strip().splitlines()[-1]
    answer = httpx.get(f"{tool.base}/v1/courses/{COURSE}/roster", headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 200, answer.text
    listed = {m["student"]: m for m in answer.json()["members"]}
    assert sorted(listed) == ["ana", "cai", "dan", "eli", "fay"]
    assert listed["ana"]["best"] == {"layer_norm": 100.0}
    assert listed["fay"]["best"] == {}
    assert listed["dan"]["status"] == "inactive"


def _failed_saying(tool: Site, headers: dict[str, str], said: str) -> dict[str, Any] | None:
    """The roster once its last reading failed saying `said`, else None."""
    now: dict[str, Any] = httpx.get(f"{tool.base}/v1/courses/{COURSE}/roster", headers=headers).json()
    return now if now["error"] and said in now["error"].lower() else None


def _read_once(tool: Site, headers: dict[str, str]) -> dict[str, Any]:
    """The roster once the LMS's list has been read (the instructor's launch asked for it, or an
    earlier test's)."""

    def read() -> dict[str, Any] | None:
        found: dict[str, Any] = httpx.get(f"{tool.base}/v1/courses/{COURSE}/roster", headers=headers).json()
        return found if found["synced_at"] is not None else None

    return wait_for(read, READ, lambda: "the roster was never read", every=0.5)


def test_a_roster_answer_that_loops_or_leaves_the_lms_keeps_the_roster_read_before(
    tool: Site, lms: Platform, course: Link, desktop: Page
) -> None:
    desktop.goto(lms.window_url("prof", "instructor", course.id))
    expect(desktop.locator("h1")).to_contain_text(COURSE)
    key = tool.run("keys", "create", "--name", "lms", "--course", COURSE).strip().splitlines()[-1]
    headers = {"Authorization": f"Bearer {key}"}
    before = _read_once(tool, headers)
    for spoil, said in (("loop", "already read"), ("context", "another context"), ("elsewhere", "refused")):
        lms.spoil_roster = spoil
        lms.members = [*lms.members, learner(f"new-{spoil}", "Not Kept")]
        asked = httpx.post(f"{tool.base}/v1/courses/{COURSE}/roster/refresh", headers=headers)
        assert asked.status_code == 202, asked.text
        failed = functools.partial(_failed_saying, tool, headers, said)
        now = wait_for(failed, READ, functools.partial(str, f"{spoil}: no error said {said!r}"), every=0.5)
        assert now["members"] == before["members"], spoil  # nothing of the bad answer was kept
        assert now["synced_at"] == before["synced_at"]
    _roster_read(desktop, tool, "could not be read")


OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_roster_page_in_both_languages_on_a_desktop_and_a_phone(
    tool: Site, lms: Platform, course: Link, lang: str, screen: str, request: pytest.FixtureRequest
) -> None:
    page: Page = request.getfixturevalue(screen)
    page.goto(lms.window_url("prof", "instructor", course.id))
    expect(page.locator("h1")).to_contain_text(COURSE)
    key = tool.run("keys", "create", "--name", "lms", "--course", COURSE).strip().splitlines()[-1]
    _read_once(tool, {"Authorization": f"Bearer {key}"})
    with Audit() as audit:
        page.goto(f"{tool.base}/dashboard/courses/{COURSE}/roster?lang={lang}")
        audit.check(page, f"roster {lang}-{screen}")
        assert page.evaluate(OVERFLOW) <= 0  # the tables scroll in their own boxes, not the page
        page.locator("#show").select_option("not_100")
        page.locator("form.filters button").click()
        audit.check(page, f"roster, not yet 100 {lang}-{screen}")
        page.locator("form[action$='/roster/refresh'] button").click()
        expect(page.get_by_role("status")).to_be_visible()
        audit.check(page, f"roster asked again {lang}-{screen}")
        assert page.evaluate(OVERFLOW) <= 0
