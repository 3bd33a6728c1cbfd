"""The tool's pages as the test LMS shows them in its frame: the challenge picker (deep linking),
the student page (before and after Submit, in Spanish and English, desktop and phone), the
instructor's way to the dashboard and a refused launch. axe scans the tool's frame alone: the
page around it is the LMS's."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.accessibility import Audit
from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import student_frame, tool_frame
from tests.lti.platform import Link, Platform
from tests.student_page import click_submit
from tests.students.test_page import type_code

BATCH_NORM = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
GRADED = 60_000  # ms: a bound on a grading on a busy machine, not a speed check

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_framed_student_page_before_and_after_submit(
    tool: Site, lms: Platform, lang: str, screen: str, request: pytest.FixtureRequest
) -> None:
    page: Page = request.getfixturevalue(screen)
    link = Link(
        f"a11y-{lang}", "Layer norm", {"challenge": "layer_norm", "lang": lang}, {"scoreMaximum": 100}
    )
    lms.place(link)
    frame = student_frame(page, lms, f"a11y-{lang}-{screen}", link.id)
    with Audit() as audit:
        audit.check(frame, f"framed student page {lang}-{screen}")
        type_code(frame, BATCH_NORM)
        click_submit(frame, "Enviar" if lang == "es" else "Submit")
        expect(frame.locator(".ag-diagnoses")).to_be_visible(timeout=GRADED)
        audit.check(frame, f"framed student page, a diagnosis {lang}-{screen}")


def test_the_picker_the_instructors_way_in_and_a_refusal(tool: Site, lms: Platform, desktop: Page) -> None:
    link = Link("a11y-prof", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    lms.place(link)
    with Audit() as audit:
        desktop.goto(lms.course_url("prof", "instructor"))  # adds an activity: deep linking
        picker = tool_frame(desktop)
        expect(picker.get_by_role("radio", name="layer norm")).to_be_visible(timeout=GRADED)
        audit.check(picker, "deep-link picker")
        desktop.goto(lms.course_url("prof", "instructor", link.id))
        hand_off = tool_frame(desktop)
        expect(hand_off.get_by_role("link", name="Open the course dashboard in a new tab")).to_be_visible()
        audit.check(hand_off, "instructor hand-off")
        desktop.goto(lms.course_url("ana", "learner"))  # a learner may not pick challenges
        refused = tool_frame(desktop)
        expect(refused.locator("[data-reason]")).to_have_attribute("data-reason", "role")
        audit.check(refused, "refused launch")
