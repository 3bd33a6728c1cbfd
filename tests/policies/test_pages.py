"""Policies as people meet them: an instructor sets a limit on the dashboard (keyboard only, es and
en), the student page says what is left before Submit and tells a refusal in the student's words."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.dashboard.conftest import DESKTOP, PHONE, log_in, served
from tests.dashboard.site import Site
from tests.student_page import click_submit
from tests.students.conftest import student_link
from tests.students.test_page import GRADED, SYNTAX_ERROR, type_code

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def own_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """A site of this module's own: its policies change what the other tests could submit."""
    yield from served(tmp_path_factory.mktemp("policies"), [])


@pytest.fixture
def instructor(browser: Browser, own_site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="en-US", timezone_id="UTC")
    page = context.new_page()
    log_in(page, own_site, "ana.prof@example.org")
    yield page
    context.close()


def policies_of(site: Site, course: str) -> dict[str, dict[str, object]]:
    answer = httpx.get(
        f"{site.base}/v1/courses/{course}/policies", headers={"Authorization": f"Bearer {site.key}"}
    )
    assert answer.status_code == 200, answer.text
    return {p["challenge"]: p for p in answer.json()["policies"]}


def test_an_instructor_sets_a_limit_by_keyboard_and_the_platform_reads_it(
    instructor: Page, own_site: Site
) -> None:
    instructor.get_by_role("link", name="Policies").click()
    expect(instructor.get_by_role("heading", name="Policies of c1")).to_be_visible()
    layer_norm = instructor.get_by_role("group", name="Row-wise layer norm")
    layer_norm.get_by_label("Attempts allowed in all").fill("2")
    instructor.keyboard.press("Enter")  # submits the field's own form
    expect(instructor.get_by_role("status")).to_contain_text("Saved")
    assert policies_of(own_site, "c1")["layer_norm"]["max_attempts"] == 2
    expect(layer_norm.get_by_label("Attempts allowed in all")).to_have_value("2")

    instructor.goto(instructor.url.split("?")[0] + "?lang=es")
    every = instructor.get_by_role("group", name="Todos los retos (todo el curso)")
    every.get_by_label("Como mucho estos intentos…").fill("3")
    every.get_by_role("button").click()  # a window without its minutes
    expect(instructor.get_by_role("alert")).to_contain_text("No se guardó")
    assert "*" not in policies_of(own_site, "c1")


def test_the_challenges_follow_the_course_s_order(instructor: Page) -> None:
    instructor.get_by_role("link", name="Policies").click()
    # challenge.toml's `order` (the lessons'), not the ids' or titles' alphabetical one
    titles = [
        "Row-wise layer norm",
        "Build the whole block",
        "The causal mask and the decoder's two attentions",
        "The decoder's block: three sublayers",
    ]
    extension = "Give a student their own due date (no date: remove it)"
    expect(instructor.locator("fieldset > legend")).to_have_text(
        ["Every challenge (course-wide)", *titles, extension]
    )
    options = instructor.locator("#ext-challenge option")
    expect(options).to_have_text(["every challenge", *titles])


def test_the_student_page_says_what_is_left_and_tells_a_refusal(
    instructor: Page, own_site: Site, browser: Browser
) -> None:
    headers = {"Authorization": f"Bearer {own_site.key}"}
    limits = {"max_attempts": 2, "cooldown_seconds": 600}
    put = httpx.put(f"{own_site.base}/v1/courses/c1/policies/bloque", json=limits, headers=headers)
    assert put.status_code == 200, put.text
    context = browser.new_context(viewport=PHONE, locale="es-ES", timezone_id="Europe/Madrid")
    student = context.new_page()
    student.clock.install()  # time flows as usual; fast_forward below stands for the wait
    student.goto(student_link(own_site, challenge="bloque", student="eva", lang="es").json()["url"])
    allowance = student.locator("#allowance")
    expect(allowance).to_have_text("Te quedan 2 de 2 intentos")
    type_code(student.main_frame, SYNTAX_ERROR)
    click_submit(student.main_frame, "Enviar")
    expect(student.locator(".ag-feedback")).to_be_visible(timeout=GRADED)
    # one left: the verb agrees with it; the next one at an hour of the student's zone
    expect(allowance).to_contain_text(
        re.compile(r"^Te queda 1 de 2 intentos; el próximo desde (las|el) .*CET$")
    )
    click_submit(student.main_frame, "Enviar")
    refusal = student.locator("#refusal")
    expect(refusal).to_contain_text(re.compile(r"^1 de 2 intentos usados; el próximo desde (las|el) .*CET$"))
    assert "UTC" not in refusal.inner_text()  # one clock on the page: the student's
    expect(refusal).to_have_attribute("aria-live", "assertive")
    expect(student.locator(".ag-error")).to_be_visible()  # beside the last feedback, not instead of it
    expect(student.locator("#status")).to_be_empty()  # no "grading" left behind
    student.clock.fast_forward("10:05")  # the wait is over: the refusal goes
    expect(refusal).to_be_empty()
    expect(student.locator(".ag-error")).to_be_visible()
    context.close()


def test_with_no_attempt_left_submit_is_off_and_says_why(own_site: Site, browser: Browser) -> None:
    headers = {"Authorization": f"Bearer {own_site.key}"}
    put = httpx.put(
        f"{own_site.base}/v1/courses/c2/policies/layer_norm", json={"max_attempts": 1}, headers=headers
    )
    assert put.status_code == 200, put.text
    context = browser.new_context(viewport=PHONE, locale="en-GB", timezone_id="Europe/Madrid")
    student = context.new_page()
    url = student_link(own_site, course="c2", challenge="layer_norm", student="una").json()["url"]
    student.goto(url)
    allowance = student.locator("#allowance")
    expect(allowance).to_have_text("1 of 1 attempt left")
    expect(allowance).to_have_attribute("aria-live", "polite")  # its change is announced
    type_code(student.main_frame, SYNTAX_ERROR)
    click_submit(student.main_frame, "Submit")
    expect(student.locator(".ag-feedback")).to_be_visible(timeout=GRADED)
    reason = "No attempts left: you used your only one; Submit is disabled"
    expect(allowance).to_have_text(reason)
    button = student.get_by_role("button", name="Submit")
    expect(button).to_be_disabled()
    expect(button).to_have_accessible_description(reason)
    expect(button).to_be_focused()  # kept where the student was, not dropped to the page
    student.keyboard.press("Enter")  # does nothing: no attempt is sent
    expect(student.locator("#status")).not_to_have_text("Grading…")
    student.reload()  # the same on the next visit, beside the last feedback
    expect(student.get_by_role("button", name="Submit")).to_be_disabled()
    expect(student.locator(".ag-error")).to_be_visible()
    context.close()


def test_an_instructor_sets_a_due_date_a_penalty_and_an_extension(instructor: Page, own_site: Site) -> None:
    instructor.goto(f"{own_site.base}/dashboard/courses/c1/policies?lang=en")
    causal = instructor.get_by_role("group", name="The causal mask and the decoder's two attentions")
    causal.get_by_label("Due date").fill("2026-12-20T23:59")
    causal.get_by_label("Late attempts in the gradebook").select_option(label="a penalty per day late")
    causal.get_by_label("Penalty per day late (%)").fill("10")
    causal.get_by_role("button").click()
    expect(instructor.get_by_role("status")).to_contain_text("Saved")
    stored = policies_of(own_site, "c1")["atencion_causal"]
    assert (stored["due_at"], stored["late_policy"], stored["late_penalty_percent"]) == (
        "2026-12-20T23:59:00Z",
        "penalty",
        10.0,
    )
    extension = instructor.get_by_role("group", name="Give a student their own due date", exact=False)
    extension.get_by_label("Student").fill("eva")
    extension.get_by_label("Challenge").select_option("atencion_causal")
    extension.get_by_label("Due date").fill("2026-12-27T12:00")
    extension.get_by_role("button").click()
    expect(instructor.get_by_role("status")).to_contain_text("the extension of eva")
    expect(instructor.get_by_role("table")).to_contain_text("2026-12-27 12:00 UTC")
    answer = httpx.get(
        f"{own_site.base}/v1/courses/c1/extensions", headers={"Authorization": f"Bearer {own_site.key}"}
    )
    assert answer.json()["extensions"] == [
        {"student": "eva", "challenge": "atencion_causal", "due_at": "2026-12-27T12:00:00Z"}
    ]


def test_the_student_page_shows_their_due_date_in_their_zone(own_site: Site, browser: Browser) -> None:
    headers = {"Authorization": f"Bearer {own_site.key}"}
    body = {"student": "fran", "challenge": "*", "due_at": "2026-12-24T22:30:00Z"}
    assert (
        httpx.put(f"{own_site.base}/v1/courses/c1/extensions", json=body, headers=headers).status_code == 200
    )
    context = browser.new_context(viewport=PHONE, locale="en-GB", timezone_id="Asia/Tokyo")
    student = context.new_page()
    student.goto(student_link(own_site, challenge="layer_norm", student="fran").json()["url"])
    expect(student.locator("#due")).to_have_text("Due: Friday, December 25, 2026 at 07:30 AM GMT+9")
    context.close()


def test_an_extension_for_a_student_the_course_does_not_know_asks_to_confirm(
    instructor: Page, own_site: Site
) -> None:
    own_site.submit("c1", "olga", "layer_norm", SYNTAX_ERROR)
    instructor.goto(f"{own_site.base}/dashboard/courses/c1/policies?lang=en")
    extension = instructor.get_by_role("group", name="Give a student their own due date", exact=False)
    extension.get_by_label("Student").fill("olgaa")  # a typo: nobody of that id submitted or is enrolled
    extension.get_by_label("Due date").fill("2026-12-27T12:00")
    extension.get_by_role("button").click()
    alert = instructor.get_by_role("alert")
    expect(alert).to_contain_text("No student olgaa in this course")
    assert "olgaa" not in _extended(own_site)  # nothing saved before the instructor says so
    expect(
        instructor.get_by_role("group", name="Give a student their own due date", exact=False).get_by_label(
            "Student"
        )
    ).to_have_value("olgaa")  # kept, to be corrected
    alert.get_by_role("button", name="Save the extension of olgaa anyway").click()
    expect(instructor.get_by_role("status")).to_contain_text("the extension of olgaa")
    assert "olgaa" in _extended(own_site)

    extension = instructor.get_by_role("group", name="Give a student their own due date", exact=False)
    extension.get_by_label("Student").fill("olga")  # she submitted: saved at once
    extension.get_by_label("Due date").fill("2026-12-27T12:00")
    extension.get_by_role("button").click()
    expect(instructor.get_by_role("status")).to_contain_text("the extension of olga")
    assert "olga" in _extended(own_site)


def _extended(site: Site) -> set[str]:
    answer = httpx.get(
        f"{site.base}/v1/courses/c1/extensions", headers={"Authorization": f"Bearer {site.key}"}
    )
    return {e["student"] for e in answer.json()["extensions"]}
