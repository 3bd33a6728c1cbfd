"""Every dashboard page and state, in Spanish and English, on a desktop and a phone: axe finds no
violation (tests/accessibility.py). An instructor does the whole round with the keyboard alone."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.accessibility import Audit, weak_rings
from tests.dashboard.conftest import DESKTOP, PHONE, served
from tests.dashboard.site import Site
from tests.reflow import NARROWEST, cut_controls, overflow

SYNTAX_ERROR = "def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n"
# ben's page holds every kind of attempt: a diagnosis, one that did not run, one graded in Spanish.
ATTEMPTS = [
    ("c1", "ana", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
    ("c1", "ana", "bloque", "corpora/bloque/solutions/straightforward.py"),
    ("c1", "ben", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    (
        "c1",
        "carla",
        "layer_norm",
        "corpora/layer_norm/catalogue/sample_std.py",
    ),  # a step the localisation names
]
MORE = [
    ("c1", "ben", "layer_norm", SYNTAX_ERROR, "en"),
    ("c1", "ben", "bloque", "def bloque(X, atencion, p):\n    return X\n", "es"),
]
EMAIL = "cleo.prof@example.org"  # of both courses: the list of courses is a page of its own
PASSWORD = "both-courses-password"
COMBINATIONS = [(lang, screen) for lang in ("es", "en") for screen in ("desktop", "phone")]
OPEN_ALL = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def own_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Attempts graded at version 1 of layer_norm, served at version 2: the overview offers a regrade."""
    for site in served(tmp_path_factory.mktemp("dashboard-a11y"), ATTEMPTS, more=MORE):
        args = ("instructors", "create", "--email", EMAIL, "--course", "c1", "--course", "c2")
        site.run(*args, "--password-stdin", stdin=PASSWORD)
        site.stop()
        site.bump_version("layer_norm")
        site.start()
        yield site


def new_context(browser: Browser, lang: str, screen: str) -> BrowserContext:
    locale = "es-ES" if lang == "es" else "en-US"
    if screen == "phone":
        return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    return browser.new_context(viewport=DESKTOP, locale=locale)


def log_in(page: Page, site: Site) -> None:
    page.goto(f"{site.base}/dashboard/")
    page.locator("#email").fill(EMAIL)
    page.locator("#password").fill(PASSWORD)
    page.locator("form.stack button[type=submit]").click()
    expect(page.locator("ul.courses")).to_be_visible()


def scan(audit: Audit, page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.evaluate(OPEN_ALL)  # what a closed <details> holds is a state of the page too
    audit.check(page, name)


@pytest.fixture(params=COMBINATIONS, ids=[f"{lang}-{screen}" for lang, screen in COMBINATIONS])
def visitor(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, str]]:
    lang, screen = request.param
    context = new_context(browser, lang, screen)
    yield context.new_page(), f"{lang}-{screen}"
    context.close()


def test_the_pages_before_logging_in(own_site: Site, visitor: tuple[Page, str]) -> None:
    page, how = visitor
    with Audit() as audit:
        scan(audit, page, f"{own_site.base}/dashboard/login", f"login {how}")
        page.locator("#email").fill(EMAIL)
        page.locator("#password").fill("not the password")
        page.locator("form.stack button[type=submit]").click()
        expect(page.locator("p.error[role=alert]")).to_be_visible()
        audit.check(page, f"login refused {how}")
        scan(audit, page, f"{own_site.base}/nowhere", f"unknown path {how}")


def test_every_page_of_a_logged_in_instructor(own_site: Site, visitor: tuple[Page, str]) -> None:
    page, how = visitor
    log_in(page, own_site)
    base = f"{own_site.base}/dashboard"
    with Audit() as audit:
        audit.check(page, f"courses {how}")
        scan(audit, page, f"{base}/courses/c1", f"overview {how}")
        expect(page.locator("ul.steps li").first).to_be_visible()  # scanned with the steps named
        scan(audit, page, f"{base}/courses/c1/students", f"students {how}")
        scan(audit, page, f"{base}/courses/c1/students?q=nobody", f"students, none found {how}")
        scan(audit, page, f"{base}/courses/c1/students/ben", f"student ben {how}")
        scan(audit, page, f"{base}/courses/c1/students/nobody", f"student without attempts {how}")
        scan(audit, page, f"{base}/courses/c1/policies", f"policies {how}")
        scan(audit, page, f"{base}/courses/c1/roster", f"roster, no LMS's {how}")
        scan(audit, page, f"{base}/settings?back=/dashboard/", f"settings {how}")
        scan(audit, page, f"{base}/courses/c9", f"course not found {how}")
        scan(audit, page, f"{base}/no/such/page", f"dashboard path not found {how}")
        scan(audit, page, f"{own_site.base}/nowhere", f"unknown path {how}")


FINISHED = "() => !/…$/.test(document.getElementById('regrade-status').textContent.trim())"


def test_a_regrade_preview_and_its_progress(own_site: Site, visitor: tuple[Page, str]) -> None:
    page, how = visitor
    log_in(page, own_site)
    page.goto(f"{own_site.base}/dashboard/courses/c1")
    with Audit() as audit:
        page.locator("#regrade-course").get_by_role("button").click()  # the whole course: a preview
        expect(page.locator("#regrade-progress")).to_be_visible()
        audit.check(page, f"regrade preview {how}")
        page.wait_for_function(FINISHED, timeout=60_000)
        expect(page.locator("#regrade-effect")).to_be_visible()
        audit.check(page, f"regrade preview finished {how}")


PAGES = (
    "/",
    "/courses/c1",
    "/courses/c1/students",
    "/courses/c1/students/ben",
    "/courses/c1/policies",
    "/courses/c1/roster",
    "/settings",
)


def test_every_focus_ring_stands_out_on_its_background(own_site: Site, browser: Browser) -> None:
    context = new_context(browser, "en", "desktop")
    page = context.new_page()
    try:
        log_in(page, own_site)
        weak = []
        for path in PAGES:
            page.goto(f"{own_site.base}/dashboard{path}")
            page.evaluate(OPEN_ALL)
            weak += weak_rings(page, path)
        assert weak == []
    finally:
        context.close()


REFLOWED = (
    *PAGES,
    "/courses/c1/students?q=nobody",
    "/courses/c1/students/nobody",
    "/courses/c1/similar",
    "/courses/c9",
    "/no/such/page",
)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_page_reflows_at_320_px_and_shows_its_choices_whole(
    own_site: Site, browser: Browser, lang: str
) -> None:
    extension = {
        "student": "ana-with-a-long-id",
        "challenge": "atencion_causal",
        "due_at": "2026-12-05T18:08:00Z",
    }
    answer = httpx.put(
        f"{own_site.base}/v1/courses/c1/extensions",
        json=extension,
        headers={"Authorization": f"Bearer {own_site.key}"},
    )
    assert answer.status_code == 200, answer.text  # the policies page lists it in its table
    locale = "es-ES" if lang == "es" else "en-US"
    for viewport in (NARROWEST, DESKTOP):
        context = browser.new_context(viewport=viewport, locale=locale, timezone_id="UTC")
        page = context.new_page()
        try:
            page.goto(f"{own_site.base}/dashboard/login?lang={lang}")
            assert overflow(page) <= 0, "login"
            log_in(page, own_site)
            for path in REFLOWED:
                page.goto(f"{own_site.base}/dashboard{path}?lang={lang}")
                page.evaluate(OPEN_ALL)
                width = viewport["width"]
                assert overflow(page) <= 0, f"{path} scrolls sideways at {width} px ({lang})"
                if viewport is DESKTOP:  # on a phone a choice may be longer than the phone is wide
                    assert cut_controls(page) == [], f"{path} cuts a choice at {width} px ({lang})"
            page.goto(f"{own_site.base}/dashboard/courses/c1/policies?lang={lang}")
            due = page.get_by_role("cell").filter(has_text="2026-12-05").bounding_box()
            assert due is not None
            assert due["x"] + due["width"] <= viewport["width"], "an extension's due date is cut"
        finally:
            context.close()


FOCUSED_TEXT = "() => (document.activeElement.textContent || document.activeElement.value || '').trim()"


IS_FOCUSED = "(selector) => document.activeElement.matches(selector)"


def tab_to(page: Page, text: str = "", back: bool = False, selector: str = "") -> None:
    """Tab (or Shift+Tab) until the focused control says `text` (or matches `selector`)."""
    for _ in range(60):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(IS_FOCUSED, selector) if selector else page.evaluate(FOCUSED_TEXT) == text:
            return
    raise AssertionError(f"no Tab stop {selector or text!r} on {page.url}")


def test_an_instructor_goes_everywhere_with_the_keyboard_alone(own_site: Site, browser: Browser) -> None:
    context = new_context(browser, "en", "desktop")
    page = context.new_page()
    try:
        page.goto(f"{own_site.base}/dashboard/")
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED_TEXT) == "Skip to the content"  # the first stop of every page
        page.keyboard.press("Enter")
        assert page.evaluate("() => document.activeElement.id") == "main"
        page.keyboard.press("Tab")
        expect(page.locator("#email")).to_be_focused()
        page.keyboard.type(EMAIL)
        page.keyboard.press("Tab")
        page.keyboard.type(PASSWORD)
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", name="Your courses")).to_be_visible()

        tab_to(page, "c1")
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_have_text("c1")
        tab_to(page, "What each diagnosis means")
        page.keyboard.press("Enter")  # a <summary>: opens its details
        expect(page.locator("details").filter(has=page.locator("summary:focus"))).to_have_attribute(
            "open", ""
        )
        tab_to(page, "Students", back=True)  # the course's navigation, above the content
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Students of c1")
        tab_to(page, selector=".table-wrap")  # the table's box takes the focus: it may scroll sideways
        tab_to(page, "ben")
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_contain_text("ben")
        tab_to(page, selector="pre.code")  # so does a code box
        tab_to(page, "Español", back=True)
        page.keyboard.press("Enter")
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.get_by_role("heading", level=2).first).to_have_text("Nota a lo largo del tiempo")
        tab_to(page, "cambiar")
        page.keyboard.press("Enter")
        expect(page.get_by_role("heading", level=1)).to_have_text("Ajustes")
        tab_to(page, "Cerrar sesión", back=True)
        page.keyboard.press("Enter")
        expect(page.locator("#email")).to_be_visible()
    finally:
        context.close()
