"""A roster reading within its budget, against the test LMS: a reading led through endless slow
pages or big ones stops at its total deadline or byte budget, a page nested too deeply or not JSON
is an error, and each keeps the roster read before, with the reason on the dashboard's roster page
and in the API. An ask while a reading is on its way joins it: the LMS is read once."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import httpx
import pytest

from tests.dashboard.site import Site
from tests.lti.conftest import ROSTER_READ_BYTES, ROSTER_READ_SECONDS
from tests.lti.platform import LEARNER, Link, Platform
from tests.waiting import wait_for, wait_until

pytestmark = pytest.mark.slow
READ = 120  # s: a bound on the sender's reading, not a speed check
_numbers = itertools.count(1)


def _learners(*users: str) -> list[dict[str, Any]]:
    return [{"user_id": u, "name": u.title(), "roles": [LEARNER], "status": "Active"} for u in users]


class Course:
    """A course of its own in the test LMS, opened by an instructor's launch (which asks for its
    roster), with the platform's key and the instructor's dashboard."""

    def __init__(self, tool: Site, lms: Platform, label: str) -> None:
        self.tool, self.lms, self.label = tool, lms, label
        link = Link(f"link-{label}", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {})
        lms.place(link)
        lms.context_id, lms.context_label = f"ctx-{label}", label
        lms.members, lms.page_size = _learners("ana", "ben", "cai"), 2
        launch = lms.launch_over_http("prof", link.id, role="instructor")
        self.browser = httpx.Client(base_url=tool.base, timeout=30)
        landed = self.browser.post("/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie})
        assert landed.status_code == 303, landed.text
        entered = self.browser.get(landed.headers["location"])  # into the dashboard
        assert entered.status_code == 303, entered.text
        assert entered.headers["location"].endswith(f"/courses/{label}")
        key = tool.run("keys", "create", "--name", "lms", "--course", label).strip().splitlines()[-1]
        self.headers = {"Authorization": f"Bearer {key}"}

    def roster(self) -> dict[str, Any]:
        answer = httpx.get(f"{self.tool.base}/v1/courses/{self.label}/roster", headers=self.headers)
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        return found

    def refresh(self) -> dict[str, Any]:
        answer = httpx.post(f"{self.tool.base}/v1/courses/{self.label}/roster/refresh", headers=self.headers)
        assert answer.status_code == 202, answer.text
        asked: dict[str, Any] = answer.json()
        return asked

    def read(self, done: Any) -> dict[str, Any]:
        """The roster once `done(roster)` holds (the sender reads in the background)."""

        def got_there() -> dict[str, Any] | None:
            found = self.roster()
            return found if done(found) else None

        return wait_for(got_there, READ, lambda: f"the roster never got there: {self.roster()}", every=0.3)

    def page(self) -> str:
        return self.browser.get(f"/dashboard/courses/{self.label}/roster").text


@pytest.fixture
def course(tool: Site, lms: Platform) -> Iterator[Course]:
    kept = (lms.context_id, lms.context_label, lms.members, lms.page_size)
    opened = Course(tool, lms, f"BUDGET-{next(_numbers)}")
    with closing(opened.browser):
        yield opened
    lms.context_id, lms.context_label, lms.members, lms.page_size = kept
    lms.spoil_roster = None
    lms.roster_held.set()


@pytest.mark.parametrize(
    ("spoil", "said", "pages_at_most"),
    [
        # a page a second, each naming another: the reading ends at its total deadline
        ("slow", f"longer than its {ROSTER_READ_SECONDS} s budget", ROSTER_READ_SECONDS + 2),
        # 600 kB a page, each naming another: it ends once its bytes are spent
        ("big", f"budget of {ROSTER_READ_BYTES} bytes", ROSTER_READ_BYTES // 600_000 + 2),
        ("nested", "nested too deeply", 1),
        ("malformed", "page 1 is not json", 1),
    ],
)
def test_a_reading_past_its_budget_or_of_a_page_it_cannot_parse_keeps_the_roster_read_before(
    course: Course, lms: Platform, spoil: str, said: str, pages_at_most: int
) -> None:
    before = course.read(lambda r: r["synced_at"] is not None)  # the launch's reading
    assert sorted(m["student"] for m in before["members"]) == ["ana", "ben", "cai"]
    lms.members = [*lms.members, *_learners("dan", "eva")]
    lms.spoil_roster = spoil
    asked_before = len(lms.roster_pages)
    assert course.refresh()["queued"] is True
    after = course.read(lambda r: r["error"] is not None and not r["reading"])
    assert said in after["error"].lower(), after["error"]
    assert after["members"] == before["members"]  # nothing of the spent reading was kept
    assert after["synced_at"] == before["synced_at"]
    assert len(lms.roster_pages) - asked_before <= pages_at_most
    assert "could not be read" in course.page()  # the instructor is told why


def test_an_ask_while_a_reading_is_on_its_way_joins_it(course: Course, lms: Platform) -> None:
    course.read(lambda r: r["synced_at"] is not None)
    lms.roster_held.clear()  # the LMS holds the next reading's first page
    asked_before = len(lms.roster_pages)
    first = course.refresh()
    assert first["queued"] is True
    # The reading is running once the LMS was asked.
    wait_until(
        lambda: len(lms.roster_pages) != asked_before,
        READ,
        lambda: "the reading never reached the LMS",
        every=0.1,
    )
    joined = course.refresh()
    assert joined == {**first, "queued": False}  # the same reading, asked for at the same moment
    assert course.roster()["reading"] is True
    assert "A reading of the LMS&#39;s list is on its way" in course.page()
    form = course.browser.get(f"/dashboard/courses/{course.label}/roster")
    assert form.status_code == 200
    lms.roster_held.set()
    done = course.read(lambda r: not r["reading"])
    assert done["error"] is None
    assert len(lms.roster_pages) - asked_before == 2  # one reading of the two pages, not two readings
