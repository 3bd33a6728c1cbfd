"""The student page before and after Submit, the pages of a bad link or address, in Spanish and
English, on a desktop and a phone: axe finds no violation. A student who uses the keyboard alone
types, leaves the editor, submits and is told the result."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.accessibility import Audit, weak_rings
from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.student_page import click_submit
from tests.students.conftest import DESKTOP, PHONE, student_link
from tests.students.test_page import type_code

BATCH_NORM = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
SYNTAX_ERROR = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return (X\n"
CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text()
GRADED = 60_000  # ms: a bound on a grading on a busy machine, not a speed check
COMBINATIONS = [(lang, screen) for lang in ("es", "en") for screen in ("desktop", "phone")]
OPEN_ALL = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"

pytestmark = pytest.mark.slow


@pytest.fixture(params=COMBINATIONS, ids=[f"{lang}-{screen}" for lang, screen in COMBINATIONS])
def visitor(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, str, str]]:
    lang, screen = request.param
    locale = "es-ES" if lang == "es" else "en-US"
    if screen == "phone":
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    else:
        context = browser.new_context(viewport=DESKTOP, locale=locale)
    yield context.new_page(), lang, f"{lang}-{screen}"
    context.close()


def submit_and_wait(page: Page, lang: str, code: str, shown: str) -> None:
    type_code(page.main_frame, code)
    click_submit(page.main_frame, "Enviar" if lang == "es" else "Submit")
    expect(page.locator(shown)).to_be_visible(timeout=GRADED)
    expect(page.locator("#submit")).not_to_have_attribute("aria-disabled", "true")
    page.evaluate(OPEN_ALL)


def test_the_student_page_before_and_after_submit(site: Site, visitor: tuple[Page, str, str]) -> None:
    page, lang, how = visitor
    page.goto(student_link(site, student=f"a11y-{how}", lang=lang).json()["url"])
    page.wait_for_selector("#attempts tbody tr")  # its script has run: the editor, the first reading
    with Audit() as audit:
        audit.check(page, f"student page {how}")
        submit_and_wait(page, lang, BATCH_NORM, ".ag-diagnoses")
        audit.check(page, f"student page, a diagnosis {how}")
        submit_and_wait(page, lang, SYNTAX_ERROR, ".ag-error")
        audit.check(page, f"student page, did not run {how}")
        submit_and_wait(page, lang, CORRECT, ".ag-all-passed")
        audit.check(page, f"student page, every test passed {how}")


def test_the_pages_of_a_bad_link_or_address(site: Site, visitor: tuple[Page, str, str]) -> None:
    page, _, how = visitor
    url = student_link(site, student="elena").json()["url"]
    with Audit() as audit:
        page.goto(url[:-3] + ("AAA" if not url.endswith("AAA") else "BBB"))
        audit.check(page, f"expired link {how}")
        page.goto(f"{site.base}/students/nothing-here")
        audit.check(page, f"unknown student path {how}")
        page.goto(f"{site.base}/nowhere")
        audit.check(page, f"unknown path {how}")


def test_an_unknown_address_is_a_page_in_the_readers_language_for_a_browser(site: Site) -> None:
    browser_accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    answer = httpx.get(
        f"{site.base}/nowhere", headers={"Accept": browser_accept, "Accept-Language": "es-ES,es;q=0.9"}
    )
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert '<html lang="es">' in answer.text
    assert "<title>Página no encontrada · autograder</title>" in answer.text
    assert "<h1>Página no encontrada</h1>" in answer.text
    english = httpx.get(f"{site.base}/nowhere", headers={"Accept": browser_accept, "Accept-Language": "en"})
    assert '<html lang="en">' in english.text
    assert "<h1>Page not found</h1>" in english.text


@pytest.mark.parametrize("accept", ["application/json", "*/*", ""])
def test_an_api_client_keeps_its_json_error(site: Site, accept: str) -> None:
    headers = {"Accept": accept} if accept else {}
    for path in ("/nowhere", "/v1/submissions/unknown-id"):
        answer = httpx.get(f"{site.base}{path}", headers=headers)
        assert answer.status_code in (401, 404), path
        assert answer.headers["content-type"] == "application/json", path
        assert "detail" in answer.json()
    html = {"Accept": "text/html"}
    api = httpx.get(f"{site.base}/v1/submissions/x", headers=html)  # the API's paths: JSON always
    assert api.headers["content-type"] == "application/json"


IN_EDITOR = "() => !!document.activeElement.closest('.cm-editor')"
DISPLAY = "(selector) => getComputedStyle(document.querySelector(selector)).display"


def test_a_student_types_leaves_the_editor_submits_and_is_told_the_result(
    site: Site, browser: Browser
) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    page.clock.install()  # time flows as usual; fast_forward below stands for a slow reader
    try:
        page.goto(student_link(site, student="keyboard").json()["url"])
        page.wait_for_selector("#attempts tbody tr")
        assert page.evaluate(DISPLAY, "#status") != "none"  # the live region is there before any result
        for _ in range(10):
            page.keyboard.press("Tab")
            if page.evaluate(IN_EDITOR):
                break
        content = page.locator(".cm-content")
        expect(content).to_be_focused()
        expect(content).to_have_accessible_description(
            "Ctrl+Enter submits too. Tab indents; Escape then Tab leaves the editor."
        )
        page.keyboard.press("Control+A")
        page.keyboard.press("Delete")
        page.keyboard.type("def layer_norm(X, gamma, beta, eps=1e-5):")
        page.keyboard.press("Enter")
        page.keyboard.type("return X")
        for _ in range(3):
            page.keyboard.press("Tab")  # indents: the focus stays
        assert page.evaluate(IN_EDITOR)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Escape")
        page.clock.fast_forward("00:10")  # a while later, Tab still leaves
        page.keyboard.press("Tab")
        button = page.get_by_role("button", name="Submit")
        expect(button).to_be_focused()
        page.keyboard.press("Enter")
        status = page.get_by_role("status").filter(has_text="Score")
        expect(status).to_contain_text(re.compile(r"Score: [\d.]+/100 \(\d+ of \d+ points\)"), timeout=GRADED)
        expect(button).to_be_focused()  # the focus was kept while grading, not dropped to the page
        expect(page.locator("#attempts-status")).to_contain_text("Attempts: 1. The newest: 1,")
        expect(page.locator("#attempts caption")).to_have_text("Your attempts, the newest first")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(IN_EDITOR)  # back in the editor, Tab indents again
        page.keyboard.press("End")
        page.keyboard.press("Tab")
        assert page.evaluate(IN_EDITOR)
    finally:
        context.close()


def test_every_focus_ring_stands_out_on_its_background(site: Site, desktop: Page) -> None:
    desktop.goto(student_link(site, student="rings").json()["url"])
    desktop.wait_for_selector("#attempts tbody tr")
    submit_and_wait(desktop, "en", BATCH_NORM, ".ag-diagnoses")  # its details are Tab stops too
    assert weak_rings(desktop, "student page") == []
