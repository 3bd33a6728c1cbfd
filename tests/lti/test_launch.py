"""A student launched from the LMS writes `layer_norm`, submits and reads the diagnosis in the same
framed page; an instructor lands on the course's dashboard; bad launches get a clear page."""

from __future__ import annotations

import base64
import json

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.accessibility import page_check
from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import PHONE, shoot, student_frame, tool_frame
from tests.lti.platform import Link, Platform
from tests.student_page import click_submit
from tests.students.test_page import type_code

BATCH_NORM = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
CONTRAST = page_check(ROOT / "tests/dashboard/contrast.js")
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"
FITS_ITS_FRAME = "() => document.documentElement.getBoundingClientRect().height <= window.innerHeight + 1"
GRADED = 60_000  # ms: a bound on a grading on a busy machine, not a speed check


@pytest.fixture
def placed(lms: Platform) -> Link:
    link = Link("link-ln", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    lms.place(link)
    return link


def test_add_platform_prints_the_urls_to_paste_into_the_lms(tool: Site, lms: Platform) -> None:
    assert f"Initiate login URL: {tool.base}/lti/login" in lms.printed
    assert f"Public keyset URL (JWKS): {tool.base}/lti/jwks" in lms.printed
    assert f"{tool.base}/lti/launch" in lms.printed


def test_a_learner_submits_in_the_lms_frame_and_reads_the_diagnosis(
    tool: Site, lms: Platform, placed: Link, desktop: Page
) -> None:
    frame = student_frame(desktop, lms, "ana", placed.id)
    expect(frame.locator("h1")).to_contain_text("layer norm")
    type_code(frame, BATCH_NORM)
    click_submit(frame, "Submit")
    diagnosis = frame.locator('.ag-diagnoses [data-diagnosis="normalizes_by_column"]')
    expect(diagnosis).to_be_visible(timeout=GRADED)
    assert frame.evaluate(CONTRAST) == []  # WCAG AA on the page with its feedback
    shoot(desktop, "student-desktop")


def test_the_launched_page_reads_at_phone_width(tool: Site, lms: Platform, placed: Link, phone: Page) -> None:
    frame = student_frame(phone, lms, "bea", placed.id)
    expect(frame.get_by_role("button", name="Submit")).to_be_visible()
    assert frame.evaluate("() => window.innerWidth") <= PHONE["width"]  # the LMS's page is at phone width
    assert frame.evaluate(OVERFLOW) <= 0
    type_code(frame, BATCH_NORM)
    click_submit(frame, "Submit")
    expect(frame.locator('.ag-diagnoses [data-diagnosis="normalizes_by_column"]')).to_be_visible(
        timeout=GRADED
    )
    expect(frame.locator("#attempts tbody tr td")).to_have_count(5)  # with the gradebook's column
    assert frame.evaluate(OVERFLOW) <= 0  # the feedback and the attempts fit too
    frame.wait_for_function(FITS_ITS_FRAME)  # the LMS fitted its frame to the page (lti.frameResize)
    shoot(phone, "student-phone")


def test_a_long_program_scrolls_inside_the_editor_of_a_fitted_frame(
    tool: Site, lms: Platform, placed: Link, phone: Page
) -> None:
    """The frame grows to the page, and the editor's bound does not grow with the frame."""
    frame = student_frame(phone, lms, "lola", placed.id)
    type_code(frame, "import numpy as np\n" + "x = 1\n" * 400)
    frame.wait_for_function(FITS_ITS_FRAME)
    editor = frame.locator(".cm-editor").bounding_box()
    assert editor is not None
    assert editor["height"] <= PHONE["height"]  # one window's height at most: the rest scrolls inside


@pytest.mark.parametrize("spoil", ["expired", "audience", "deployment", "signature"])
def test_a_bad_launch_is_refused_with_a_page_that_says_why(
    tool: Site, lms: Platform, placed: Link, desktop: Page, spoil: str
) -> None:
    lms.spoil = spoil
    desktop.goto(lms.course_url("ana", "learner", placed.id))
    reason = tool_frame(desktop).locator("[data-reason]")
    expect(reason).to_have_attribute("data-reason", spoil)
    expect(reason).to_be_visible()
    assert tool_frame(desktop).evaluate(CONTRAST) == []


def test_a_launch_issued_in_the_future_is_refused_unless_within_the_leeway(
    tool: Site, lms: Platform, placed: Link, desktop: Page
) -> None:
    lms.spoil = "skewed"  # the LMS's clock 30 s ahead: within a minute's leeway
    desktop.goto(lms.course_url("ana", "learner", placed.id))
    tool_frame(desktop).wait_for_selector(".cm-editor")
    lms.spoil = "future"  # ten minutes ahead: not valid yet
    desktop.goto(lms.course_url("ana", "learner", placed.id))
    expect(tool_frame(desktop).locator("[data-reason]")).to_have_attribute("data-reason", "expired")


def test_a_replayed_launch_is_refused(tool: Site, lms: Platform, placed: Link, desktop: Page) -> None:
    desktop.goto(lms.course_url("ana", "learner", placed.id))
    tool_frame(desktop).wait_for_selector(".cm-editor")
    desktop.goto(f"{lms.origin}/replayed")
    expect(tool_frame(desktop).locator("[data-reason]")).to_have_attribute("data-reason", "nonce")


def test_a_launch_posted_from_another_browser_is_refused(
    tool: Site, lms: Platform, placed: Link, desktop: Page, browser: Browser
) -> None:
    """The state is bound to the browser that started the login: a stolen id_token is no use elsewhere."""
    desktop.goto(lms.course_url("ana", "learner", placed.id))
    tool_frame(desktop).wait_for_selector(".cm-editor")
    other = browser.new_context()
    try:
        page = other.new_page()
        page.goto(f"{lms.origin}/replayed")
        expect(tool_frame(page).locator("[data-reason]")).to_have_attribute("data-reason", "state")
    finally:
        other.close()


def test_an_instructor_launch_opens_the_courses_dashboard_without_a_password(
    tool: Site, lms: Platform, placed: Link, desktop: Page
) -> None:
    desktop.goto(lms.course_url("prof", "instructor", placed.id))
    open_link = tool_frame(desktop).get_by_role("link", name="Open the course dashboard in a new tab")
    with desktop.context.expect_page() as opened:
        open_link.click()
    dashboard = opened.value
    dashboard.wait_for_load_state()
    assert dashboard.url.startswith(f"{tool.base}/dashboard/courses/TRF-42"), dashboard.url
    expect(dashboard.locator("h1")).to_contain_text("TRF-42")
    dashboard.goto(open_link.get_attribute("href") or "")  # the ticket works once
    expect(dashboard.locator("body")).to_contain_text("used already or has expired")


def test_an_instructor_launch_in_a_window_of_its_own_lands_on_the_courses_dashboard(
    tool: Site, lms: Platform, placed: Link, desktop: Page
) -> None:
    desktop.goto(lms.window_url("prof", "instructor", placed.id))
    expect(desktop.locator("h1")).to_contain_text("TRF-42")
    assert desktop.url.startswith(f"{tool.base}/dashboard/courses/TRF-42"), desktop.url


def test_a_learner_cannot_pick_challenges_for_the_course(tool: Site, lms: Platform, desktop: Page) -> None:
    desktop.goto(lms.course_url("ana", "learner"))  # a deep-linking request, from a learner
    expect(tool_frame(desktop).locator("[data-reason]")).to_have_attribute("data-reason", "role")


def test_a_forged_token_does_not_spend_the_real_launchs_nonce(
    tool: Site, lms: Platform, placed: Link
) -> None:
    launch = lms.launch_over_http("ana", placed.id)
    for attribute in ("SameSite=none", "Secure", "Partitioned", "HttpOnly"):  # kept inside the LMS's frame
        assert attribute in launch.set_cookie
    fields, cookie = launch.fields, launch.cookie
    header, payload, signature = fields["id_token"].split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    claims["sub"] = "mallory"  # the same nonce, another student
    payload = base64.urlsafe_b64encode(json.dumps(claims).encode()).decode().rstrip("=")
    forged = {**fields, "id_token": f"{header}.{payload}.{signature}"}
    posted = httpx.post(f"{tool.base}/lti/launch", data=forged, headers={"Cookie": cookie}, timeout=30)
    assert posted.status_code == 401
    assert 'data-reason="signature"' in posted.text
    real = httpx.post(f"{tool.base}/lti/launch", data=fields, headers={"Cookie": cookie}, timeout=30)
    assert real.status_code == 303
    assert "/students/challenge?t=" in real.headers["location"]
    again = httpx.post(f"{tool.base}/lti/launch", data=fields, headers={"Cookie": cookie}, timeout=30)
    assert again.status_code == 401
    assert 'data-reason="nonce"' in again.text


def test_a_frame_without_cookies_offers_the_launch_in_a_new_tab(
    tool: Site, lms: Platform, placed: Link, desktop: Page
) -> None:
    """As in a browser that blocks every cookie of a framed site: the login's cookies never arrive."""

    def without_cookies(route: Route) -> None:  # fetched apart: the browser's cookie jar never sees them
        form = {"Sec-Fetch-Dest": "iframe", "Content-Type": "application/x-www-form-urlencoded"}
        answer = httpx.post(route.request.url, content=route.request.post_data, headers=form, timeout=30)
        headers = {
            k: v for k, v in answer.headers.items() if k.lower() not in ("set-cookie", "content-length")
        }
        route.fulfill(status=answer.status_code, headers=headers, body=answer.content)

    login = f"{tool.base}/lti/login"
    desktop.route(login, without_cookies)
    desktop.goto(lms.course_url("carmen", "learner", placed.id))
    offer = tool_frame(desktop).get_by_role("link", name="Open the activity in a new tab")
    with desktop.context.expect_page() as opened:
        desktop.unroute(login)
        offer.click()
    tab = opened.value
    tab.wait_for_selector(".cm-editor")  # launched at the top level, where its cookie is kept
    assert tab.url.startswith(f"{tool.base}/students/challenge?t=")


def test_the_launched_page_may_be_framed_by_its_lms_only(tool: Site, lms: Platform, placed: Link) -> None:
    launch = lms.launch_over_http("dora", placed.id)
    landed = httpx.post(
        f"{tool.base}/lti/launch", data=launch.fields, headers={"Cookie": launch.cookie}, timeout=30
    )
    assert landed.status_code == 303, landed.text
    page = httpx.get(landed.headers["location"], timeout=30)
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert policy.endswith(f"frame-ancestors 'self' {lms.origin}")
