"""The dashboard in a real browser: log in, the overview's charts, the students table, a student."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from grader.grade import Grader
from tests.accessibility import page_check
from tests.dashboard.conftest import shoot
from tests.dashboard.site import Site
from tests.dashboard.test_export import named_steps

pytestmark = pytest.mark.slow


def test_login_leads_to_the_course_overview_with_charts_of_real_results(page: Page, site: Site) -> None:
    expect(page).to_have_url(re.compile(r"/dashboard/courses/c1$"))
    layer_norm = page.locator("#challenge-layer_norm")
    expect(layer_norm.locator("[data-stat=tried]")).to_have_text("6")
    expect(layer_norm.locator("[data-stat=reached]")).to_have_text("2")  # ana and ben
    expect(layer_norm.locator("[data-stat=attempts]")).to_have_text("8")
    histogram = page.locator("#hist-layer_norm")
    expect(histogram.locator("rect")).to_have_count(11)
    expect(histogram.locator("text.value").last).to_have_text("2")  # two students at 100
    diagnoses = page.locator("#diag-layer_norm")
    # ben, carla and elena normalised by column at some point, and only elena's latest attempt
    # still does (ben and carla moved on): the chart is of who still has it, 1 of the 6 who tried
    column = diagnoses.locator("g.share[data-id=normalizes_by_column]")
    expect(column.locator("text.label")).to_contain_text("normalises by column")
    expect(column.locator("text.value")).to_have_text("17 %")
    expect(page.locator("#tests-layer_norm rect").first).to_be_visible()
    shoot(page, "overview")


def test_beside_each_diagnosis_and_step_what_the_students_told_it_did_next(
    page: Page, site: Site, grader: Grader
) -> None:
    layer_norm = page.locator("#challenge-layer_norm")
    layer_norm.get_by_text("What each diagnosis means").click()
    # ben, carla and elena normalised by column; ben and carla tried again without it
    column = layer_norm.locator("ul.diagnoses li[data-id=normalizes_by_column] .effect")
    expect(column).to_have_text(
        re.compile(
            r"^Shown to 3 students\. Of the 2 who tried again, 2 no longer had it in their next attempt "
            r"\(100 %\)\. It went away for 2, after a median of 1 attempt and \d+ (s|min)\.$"
        )
    )
    steps = named_steps(grader)
    assert steps  # the course's attempts name some
    for challenge in {c for c, _ in steps}:
        page.locator(f"#challenge-{challenge}").get_by_text(
            "Steps of the lesson named where the code parts from it"
        ).click()
    for (challenge, step), (shown, again, gone) in steps.items():
        named = page.locator(f"#challenge-{challenge} ul.steps li[data-id='{step}']")
        expect(named.locator("strong")).to_have_text(grader.challenges[challenge].steps[step].en)
        effect = named.locator(".effect")
        expect(effect).to_have_attribute("data-told", str(shown))
        expect(effect).to_have_attribute("data-answered", str(again))
        expect(effect).to_have_attribute("data-gone", str(gone))
    bloque = page.locator("#challenge-bloque")
    bloque.get_by_text("What each diagnosis means").click()
    expect(bloque.locator("li[data-id=pre_norm] .effect")).to_have_text(
        "Shown to 1 student. Nobody has tried again yet."
    )
    shoot(page, "overview-effects")
    page.goto(f"{site.base}/dashboard/courses/c1?lang=es")
    page.locator("#challenge-layer_norm").get_by_text("Qué significa cada diagnóstico").click()
    expect(page.locator("#challenge-layer_norm li[data-id=normalizes_by_column] .effect")).to_contain_text(
        "De quienes volvieron a intentarlo (2), 2 ya no lo tenían en su siguiente intento (100 %)."
    )
    page.goto(f"{site.base}/dashboard/courses/c1?lang=en")


def test_wrong_password_is_refused(browser: Browser, site: Site) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site.base}/dashboard/login")
    page.get_by_label("Email").fill("ana.prof@example.org")
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_have_text("Wrong email or password.")
    assert page.request.get(f"{site.base}/dashboard/courses/c1", max_redirects=0).status == 303
    shoot(page, "login-refused")
    context.close()


def test_students_table_filters_and_sorts(page: Page, site: Site) -> None:
    page.get_by_role("link", name="Students").click()
    rows = page.locator("table.students tbody tr")
    expect(rows).to_have_count(6)
    page.get_by_label("Student contains").fill("ar")
    page.get_by_role("button", name="Filter").click()
    expect(rows.locator("th")).to_have_text(["carla", "dario"])
    page.get_by_label("Student contains").fill("")
    page.get_by_label("Challenge", exact=True).select_option("layer_norm")
    page.get_by_label("Best score below").fill("100")
    page.get_by_role("button", name="Filter").click()
    expect(rows.locator("th")).to_have_text(["carla", "dario", "elena", "fede"])
    page.get_by_role("link", name="Attempts").click()  # sorts by attempts, most first
    expect(rows.first.locator("th")).to_have_text(re.compile("carla|dario|elena"))
    expect(rows.last.locator("th")).to_have_text("fede")
    shoot(page, "students")


def test_a_students_page_shows_the_timeline_code_and_feedback(page: Page, site: Site) -> None:
    page.get_by_role("link", name="Students").click()
    page.get_by_role("link", name="carla").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("carla")
    expect(page.locator("#timeline .marker")).to_have_count(2)
    newest = page.locator("li.attempt").first
    expect(newest.locator("summary")).to_contain_text("Row-wise layer norm")
    expect(newest.locator("summary strong").first).to_have_attribute("title", "layer_norm")
    expect(newest.locator("pre.code")).to_contain_text("def layer_norm")
    expect(newest).to_contain_text("sample_deviation")
    shoot(page, "student")
    page.set_viewport_size({"width": 390, "height": 844})
    shoot(page, "student-phone")


UNLABELLED = """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
    .filter(el => el.labels.length === 0 && !el.getAttribute('aria-label')).map(el => el.outerHTML)"""
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"


def test_pages_fit_a_phone_and_every_control_has_a_label(page: Page, site: Site) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    for path, name in (("courses/c1", "overview-phone"), ("courses/c1/students", "students-phone")):
        page.goto(f"{site.base}/dashboard/{path}")
        assert page.evaluate(OVERFLOW) <= 0, f"{path} scrolls sideways at phone width"
        assert page.evaluate(UNLABELLED) == []
        shoot(page, name)


def test_every_text_has_enough_contrast(page: Page, site: Site) -> None:
    """WCAG AA: 4.5:1 for text, 3:1 for large text, measured on the rendered pages."""
    check = page_check(Path(__file__).parent / "contrast.js")
    for path in ("courses/c1", "courses/c1/students", "courses/c1/students/carla"):
        page.goto(f"{site.base}/dashboard/{path}")
        assert page.evaluate(check) == [], path
    pale = "() => { const p = document.createElement('p'); p.textContent = 'pale'; p.style.color = '#bbbbbb'; document.querySelector('main').append(p); }"
    page.evaluate(pale)
    assert [f for f in page.evaluate(check) if '"pale"' in f], "the check finds a pale text"
