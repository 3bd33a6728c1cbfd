"""The dashboard speaks the course: titles and names instead of ids, attempts that did not run
counted apart, times in the instructor's zone, charts that use their space, Spanish or English,
and a hint where content scrolls sideways. Each at desktop and phone width, in a real Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.dashboard.conftest import DESKTOP, PHONE, log_in, shoot
from tests.dashboard.site import Site

pytestmark = pytest.mark.slow

ROWS_TITLE = "With gamma = 1 and beta = 0 every row comes out with mean 0 and deviation 1"
ROWS_TITLE_ES = "Con gamma = 1 y beta = 0 cada fila sale con media 0 y desviación 1"


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=DESKTOP, locale="en-US", timezone_id="UTC")
    yield context
    context.close()


def as_second(context: BrowserContext, site: Site) -> Page:
    """Logged in as the instructor of c2: attempts that did not run, one graded in Spanish."""
    page = context.new_page()
    log_in(page, site, "bea.prof@example.org")
    return page


def test_hidden_tests_are_shown_by_their_titles_with_the_id_on_hover(page: Page, site: Site) -> None:
    card = page.locator("#challenge-layer_norm")
    bar = card.locator("#tests-layer_norm g.share[data-id=rows_mean0_std1]")
    expect(bar.locator("text.label")).to_contain_text("With gamma = 1 and beta = 0")
    assert "rows_mean0_std1" in bar.locator("title").first.text_content()  # type: ignore[operator]
    labels = " ".join(card.locator("#tests-layer_norm text.label").all_text_contents())
    assert "rows_mean0_std1" not in labels
    assert "_" not in labels.replace("d_model", "")
    card.get_by_text("Hidden tests").click()
    listed = card.locator(".tests-list .test-title[data-id=rows_mean0_std1]")
    expect(listed).to_have_text(ROWS_TITLE)
    expect(listed).to_have_attribute("title", "rows_mean0_std1")
    listed.hover()
    shoot(page, "overview-test-titles")


def test_each_diagnosis_is_named_in_its_sentence(page: Page, site: Site) -> None:
    card = page.locator("#challenge-layer_norm")
    card.get_by_text("What each diagnosis means").click()
    line = card.locator(".diagnoses li[data-id=normalizes_by_column]")
    # ben, carla and elena normalised by column: 3 of the 6 who tried; elena's latest attempt
    # still does, while ben's is right and carla's has another mistake
    expect(line.locator("strong")).to_have_text(
        "17 % of the students who tried (1 of 6) still have it in their latest attempt, 50 % (3) had it "
        "in some attempt: their layer_norm normalises by column (axis=0), as batch normalisation does"
    )
    expect(line).to_have_attribute("data-holders", "1")
    expect(line).to_have_attribute("data-students", "3")
    expect(line.locator("code.id")).to_have_text("(normalizes_by_column)")
    expect(line).to_contain_text("that is batch normalisation")  # the explanation students read
    shoot(page, "overview-diagnoses")


def test_who_still_has_a_diagnosis_is_one_link_away(page: Page, site: Site) -> None:
    card = page.locator("#challenge-layer_norm")
    card.get_by_text("What each diagnosis means").click()
    card.locator(".diagnoses li[data-id=normalizes_by_column]").get_by_role(
        "link", name="Who still has it"
    ).click()
    expect(page).to_have_url(re.compile(r"/students\?challenge=layer_norm&holding=normalizes_by_column$"))
    expect(page.locator("table.students tbody th")).to_have_text(["elena"])
    notice = page.locator("p.holding")
    expect(notice).to_contain_text("latest attempt at Row-wise layer norm still has this mistake")
    expect(notice).to_contain_text("normalises by column")
    page.get_by_role("link", name="Attempts").click()  # sorting keeps the filter
    expect(page.locator("table.students tbody th")).to_have_text(["elena"])
    shoot(page, "students-holding")
    page.goto(page.url + "&lang=es")
    expect(notice).to_contain_text(
        "Solo quienes tienen aún este error en su último intento de Layer norm por filas"
    )
    notice.get_by_role("link", name="Mostrar a todo el estudiantado").click()
    expect(page.locator("table.students tbody tr")).to_have_count(6)
    page.goto(
        f"{site.base}/dashboard/courses/c1/students?challenge=layer_norm&holding=sample_deviation&lang=en"
    )
    expect(page.locator("table.students tbody th")).to_have_text(["carla"])  # her latest attempt's


def test_attempts_that_did_not_run_are_counted_apart(context: BrowserContext, site: Site) -> None:
    page = as_second(context, site)
    card = page.locator("#challenge-layer_norm")
    # c2: zoe (reference), yago (a syntax error, then an endless loop), xenia (by column)
    expect(card.locator("[data-stat=attempts]")).to_have_text("4")
    expect(card.locator("[data-stat=errored]")).to_have_text("2")
    line = card.locator("[data-stat=did-not-run]")
    expect(line).to_have_text("Did not run: syntax 25 %, timeout 25 %")
    # the output's shape was right in both attempts that ran: the two that did not run are no failures
    shape = card.locator("#tests-layer_norm g.share[data-id=shape]")
    expect(shape.locator("text.value")).to_have_text("0 %")
    rows = card.locator("#tests-layer_norm g.share[data-id=rows_mean0_std1]")
    expect(rows.locator("text.value")).to_have_text("50 %")  # xenia's, of 2 that ran
    card.get_by_text("Hidden tests").click()
    expect(card.locator(".tests-list li", has_text="The output has the input's shape")).to_contain_text(
        "fails in 0 of the 2 attempts that ran"
    )
    shoot(page, "overview-did-not-run")
    page.set_viewport_size(PHONE)
    expect(line).to_be_visible()
    shoot(page, "overview-did-not-run-phone")


def _shown_in(page: Page, zone: str, abbreviation: str) -> None:
    """Every time on the page is its UTC `datetime` attribute in `zone`, named by its abbreviation."""
    times = page.locator("main time")
    expect(times.first).to_be_visible()
    for i in range(times.count()):
        moment = datetime.fromisoformat(times.nth(i).get_attribute("datetime") or "")
        local = moment.astimezone(ZoneInfo(zone))
        shown = times.nth(i).inner_text()
        assert shown.startswith(local.strftime("%Y-%m-%d %H:%M")), (shown, local)
        assert shown.endswith(abbreviation), shown


def test_times_are_in_the_browsers_zone_or_the_one_chosen(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US", timezone_id="Europe/Madrid")
    page = context.new_page()
    log_in(page, site, "ana.prof@example.org")  # the log-in page remembers the browser's zone
    expect(page.locator("p.zone")).to_contain_text("Times in Europe/Madrid")
    page.get_by_role("link", name="Students").click()
    _shown_in(page, "Europe/Madrid", "CET")
    shoot(page, "students-zone-madrid")
    page.get_by_role("link", name="change").click()
    page.get_by_label("Time zone").select_option("America/Mexico_City")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved: times are shown in America/Mexico_City.")
    shoot(page, "settings")
    page.get_by_role("link", name="Back").click()
    _shown_in(page, "America/Mexico_City", "CST")  # chosen: the browser's zone no longer applies
    page.get_by_role("link", name="carla").click()
    _shown_in(page, "America/Mexico_City", "CST")
    expect(page.locator("#timeline")).to_contain_text("America/Mexico_City")
    page.goto(f"{site.base}/dashboard/settings?tz=auto")  # back to the browser's
    page.goto(f"{site.base}/dashboard/courses/c1/students")
    _shown_in(page, "Europe/Madrid", "CET")
    context.close()


def test_an_unknown_zone_is_never_used(page: Page, site: Site) -> None:
    for zone in ("../../etc/passwd", "Mars/Olympus", ""):
        page.context.add_cookies(
            [{"name": "dashboard_tz", "value": f"chosen:{zone}", "url": f"{site.base}/dashboard/"}]
        )
        page.goto(f"{site.base}/dashboard/courses/c1/students?tz={zone}")
        expect(page.locator("p.zone")).to_contain_text("Times in UTC")


SCORE_CHART = """() => {
  const svg = [...document.querySelectorAll('svg.timeline')].find(s => s.getBoundingClientRect().width > 0);
  const card = svg.closest('.card');
  const padding = parseFloat(getComputedStyle(card).paddingLeft) * 2;
  const axis = svg.querySelector('.y-axis').x1.baseVal.value;
  const first = Math.min(...[...svg.querySelectorAll('circle')].map(c => c.cx.baseVal.value));
  const tick = svg.querySelector('.x-tick').getBoundingClientRect().height;
  return {id: svg.id, fill: svg.getBoundingClientRect().width / (card.clientWidth - padding),
          gap: first - axis, tick: tick};
}"""


def test_the_score_chart_fills_its_card_and_no_point_sits_on_an_axis(page: Page, site: Site) -> None:
    page.goto(f"{site.base}/dashboard/courses/c1/students/carla")
    for size, chart in ((DESKTOP, "timeline"), (PHONE, "timeline-narrow")):
        page.set_viewport_size(size)
        measured = page.evaluate(SCORE_CHART)
        assert measured["id"] == chart
        assert measured["fill"] > 0.97, measured
        assert measured["gap"] > 10, measured  # the first attempt is drawn inside the plot
        assert measured["tick"] >= 10, measured  # readable time labels at either width
        expect(page.locator(f"#{chart} circle")).to_have_count(2)
        shoot(page, f"student-chart-{'phone' if size == PHONE else 'desktop'}")


def test_the_language_switch_turns_page_and_titles_spanish(page: Page, site: Site) -> None:
    page.get_by_role("link", name="Español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("link", name="Resumen")).to_be_visible()
    card = page.locator("#challenge-layer_norm")
    expect(card.locator("h2")).to_contain_text("Layer norm por filas")
    expect(card.locator("dt").first).to_have_text("Estudiantes que lo intentaron")
    bar = card.locator("#tests-layer_norm g.share[data-id=rows_mean0_std1]")
    expect(bar.locator("text.label")).to_contain_text("Con gamma = 1 y beta = 0")
    card.get_by_text("Qué significa cada diagnóstico").click()
    expect(card.locator(".diagnoses li[data-id=normalizes_by_column] strong")).to_contain_text(
        "17 % de quienes lo intentaron (1 de 6) lo tienen aún en su último intento, 50 % (3) lo tuvieron en "
        "algún intento: su layer_norm normaliza por columnas"
    )
    shoot(page, "overview-es")
    page.get_by_role("link", name="Estudiantes").click()  # the choice stays for the next pages
    expect(page.get_by_role("heading", level=1)).to_have_text("Estudiantes de c1")
    page.set_viewport_size(PHONE)
    shoot(page, "students-es-phone")
    page.get_by_role("link", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Students of c1")


def test_a_students_feedback_follows_the_page_language(context: BrowserContext, site: Site) -> None:
    page = as_second(context, site)
    page.goto(f"{site.base}/dashboard/courses/c2/students/xenia?lang=es")  # graded in Spanish
    attempt = page.locator("li.attempt").first
    expect(attempt.locator(".tests li[data-id=rows_mean0_std1] .test-title")).to_have_text(ROWS_TITLE_ES)
    expect(attempt.locator(".diagnoses li[data-id=normalizes_by_column]")).to_contain_text(
        "Normalizas por columnas"
    )
    expect(attempt.locator(".feedback-lang")).to_have_count(0)
    shoot(page, "student-es")
    page.get_by_role("link", name="English").click()
    expect(attempt.locator(".tests li[data-id=rows_mean0_std1] .test-title")).to_have_text(ROWS_TITLE)
    diagnosis = attempt.locator(".diagnoses li[data-id=normalizes_by_column]")
    expect(diagnosis.locator("strong")).to_have_text(
        "layer_norm normalises by column (axis=0), as batch normalisation does"
    )
    expect(diagnosis).to_contain_text("You normalise by columns (axis=0)")  # the grader's own, in English
    message = attempt.locator(".tests li[data-id=rows_mean0_std1] .message")
    expect(message).to_contain_text("not met, because your layer_norm normalises by column")
    expect(attempt.locator(".feedback")).to_have_attribute("lang", "en")
    expect(attempt.locator(".feedback-lang")).to_have_count(0)
    page.set_viewport_size(PHONE)
    shoot(page, "student-en-of-spanish-attempt-phone")
    page.set_viewport_size(DESKTOP)
    shoot(page, "student-en-of-spanish-attempt")


def test_an_attempt_that_did_not_run_is_named_by_its_kind(context: BrowserContext, site: Site) -> None:
    page = as_second(context, site)
    page.goto(f"{site.base}/dashboard/courses/c2/students/yago")
    newest, oldest = page.locator("li.attempt").first, page.locator("li.attempt").last
    expect(newest.locator("p.error")).to_contain_text("Did not run (timeout)")
    oldest.locator("summary").click()
    expect(oldest.locator("p.error")).to_contain_text("Did not run (syntax)")
    shoot(page, "student-did-not-run")


HINT = "Scroll sideways to see more →"


def test_a_hint_shows_where_content_scrolls_sideways(page: Page, site: Site) -> None:
    page.goto(f"{site.base}/dashboard/courses/c1/students")
    hint = page.locator(".scroll-hint").first
    expect(hint).to_be_hidden()  # the table fits a desktop
    page.set_viewport_size(PHONE)
    expect(hint).to_be_visible()
    expect(hint).to_have_text(HINT)
    scrolls = (
        "() => { const t = document.querySelector('.table-wrap'); return t.scrollWidth > t.clientWidth; }"
    )
    assert page.evaluate(scrolls)
    shoot(page, "students-phone-scroll-hint")
    page.goto(f"{site.base}/dashboard/courses/c1/students/carla")
    code = page.locator("li.attempt").first.locator(".scroll-hint")
    expect(code).to_be_visible()  # its code is wider than a phone
    page.set_viewport_size(DESKTOP)
    expect(code).to_be_hidden()


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_every_page_at_both_widths(context: BrowserContext, site: Site, width: str) -> None:
    """Each page renders in both languages at this width, fits it, and leaves a screenshot."""
    page = context.new_page()
    page.set_viewport_size(DESKTOP if width == "desktop" else PHONE)
    page.goto(f"{site.base}/dashboard/login")
    shoot(page, f"login-{width}")
    log_in(page, site, "ana.prof@example.org")
    pages = {
        "overview": "courses/c1",
        "students": "courses/c1/students",
        "student": "courses/c1/students/carla",
        "settings": "settings",
        "missing": "courses/c1/students/nobody",
    }
    for lang in ("en", "es"):
        for name, path in pages.items():
            answer = page.goto(f"{site.base}/dashboard/{path}?lang={lang}")
            assert answer is not None, path
            assert answer.status == (404 if name == "missing" else 200), path
            expect(page.locator("html")).to_have_attribute("lang", lang)
            overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{path} scrolls sideways at {width} width"
            shoot(page, f"{name}-{lang}-{width}")


def test_challenges_are_named_by_their_titles_in_columns_options_and_legends(page: Page, site: Site) -> None:
    page.goto(f"{site.base}/dashboard/courses/c1/students")
    column = page.locator("table.students th.challenge[title=layer_norm]")
    expect(column).to_have_text("Row-wise layer norm")
    expect(page.get_by_label("Challenge").locator("option[value=layer_norm]")).to_have_text(
        "Row-wise layer norm"
    )
    page.goto(f"{site.base}/dashboard/courses/c1/students?lang=es")
    expect(column).to_have_text("Layer norm por filas")
    page.goto(f"{site.base}/dashboard/courses/c1/students/ana?lang=en")
    # in the course's order (challenge.toml's `order`: layer norm's lesson first), not by title
    expect(page.locator("ul.legend li")).to_have_text(["Row-wise layer norm", "Build the whole block"])
