"""The student's challenge page, reached by a signed link and framed by a platform on another site."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.reflow import NARROWEST, overflow
from tests.student_page import click_submit
from tests.students.conftest import PHONE, FramingPlatform, shoot, student_link

BATCH_NORM = (ROOT / "tests/corpora/layer_norm/catalogue/batch_norm.py").read_text()
CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/loops.py").read_text()
GRADED = 30_000  # ms: a bound on waiting for a grading on a busy machine, not a speed check
SYNTAX_ERROR = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return (X\n"


PASTE = """(content, text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    content.dispatchEvent(new ClipboardEvent("paste", {clipboardData: data, bubbles: true, cancelable: true}));
}"""


def type_code(frame: Frame, code: str) -> None:
    """Replace the editor's text as a student does: select all, paste."""
    content = frame.locator(".cm-content")
    content.click()
    frame.page.keyboard.press("Control+A")
    content.evaluate(PASTE, code)


def framed(page: Page, platform: FramingPlatform, url: str) -> Frame:
    platform.frame_url = url
    page.goto(platform.origin)
    handle = page.locator("iframe").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    frame.wait_for_selector(".cm-editor")
    return frame


def test_a_student_submits_in_the_platforms_iframe_and_reads_the_feedback(
    site: Site, platform: FramingPlatform, desktop: Page
) -> None:
    link = student_link(site, frame_origin=platform.origin)
    assert link.status_code == 201, link.text
    frame = framed(desktop, platform, link.json()["url"])
    expect(frame.locator(".statement math").first).to_be_visible()  # the formulas, as MathML
    expect(frame.locator(".signatures")).to_contain_text("layer_norm(X, gamma, beta, eps=1e-5)")

    type_code(frame, BATCH_NORM)
    click_submit(frame, "Submit")
    diagnosis = frame.locator('.ag-diagnoses [data-diagnosis="normalizes_by_column"]')
    expect(diagnosis).to_be_visible(timeout=GRADED)
    failing = frame.locator(".ag-group[open]").first
    expect(failing).to_be_visible()  # a failing category, open, before the passing ones
    expect(frame.locator("#attempts tbody tr")).to_have_count(1)
    # the attempts table reads the score as the feedback does (it said 11.11 above and 11 here)
    expect(frame.locator(".ag-score")).to_contain_text("11.11/100")
    expect(frame.locator("#attempts tbody tr").first).to_contain_text("11.11/100")
    shoot(desktop, "page-desktop-diagnosis")

    type_code(frame, SYNTAX_ERROR)
    frame.page.keyboard.press("Control+Enter")  # submits from the editor
    expect(frame.locator(".ag-error")).to_contain_text("line", timeout=GRADED)
    error_line = frame.locator(".cm-line.ag-error-line")
    expect(error_line).to_have_count(1)
    expect(frame.locator("#attempts tbody tr")).to_have_count(2)
    expect(frame.locator("#attempts tbody tr").first).to_contain_text("0/100")

    type_code(frame, CORRECT)
    click_submit(frame, "Submit")
    expect(frame.locator(".ag-all-passed")).to_be_visible(timeout=GRADED)
    expect(frame.locator(".cm-line.ag-error-line")).to_have_count(0)
    expect(frame.locator("#attempts tbody tr").first).to_contain_text("100/100")


def test_the_draft_stays_in_the_browser_between_visits(site: Site, desktop: Page) -> None:
    url = student_link(site, student="bea").json()["url"]
    desktop.goto(url)
    type_code(desktop.main_frame, "import numpy as np\n\n# half done\n")
    expect(desktop.locator("#draft")).not_to_be_empty()
    again = student_link(site, student="bea").json()["url"]  # a new link, another day
    desktop.goto(again)
    expect(desktop.locator(".cm-content")).to_contain_text("# half done")


def editor_lines(page: Page) -> list[str]:
    lines: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.cm-line')].map(l => l.textContent)"
    )
    return [line.replace("\xa0", " ") for line in lines]  # the DOM shows spaces as no-break spaces


def test_tab_indents_inside_the_editor_and_the_page_is_usable_by_keyboard(site: Site, desktop: Page) -> None:
    desktop.goto(student_link(site, student="carla").json()["url"])
    desktop.locator(".cm-content").click()
    desktop.keyboard.press("Control+A")
    desktop.keyboard.press("Delete")
    desktop.keyboard.type("def f(x):")
    desktop.keyboard.press("Enter")  # Python indentation after a colon
    desktop.keyboard.type("y = x")
    assert editor_lines(desktop) == ["def f(x):", "    y = x"]
    desktop.keyboard.press("Tab")
    assert editor_lines(desktop)[1] == "        y = x"
    desktop.keyboard.press("Shift+Tab")
    assert editor_lines(desktop)[1] == "    y = x"
    desktop.keyboard.press("Escape")
    desktop.keyboard.press("Tab")  # Escape, then Tab leaves the editor
    expect(desktop.get_by_role("button", name="Submit")).to_be_focused()
    desktop.keyboard.press("Enter")
    expect(desktop.locator(".ag-feedback")).to_be_visible(timeout=GRADED)
    expect(desktop.locator("#status")).to_contain_text("Score:")  # graded: the status line says the result


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_page_reflows_at_320_px_before_and_after_submit(site: Site, browser: Browser, lang: str) -> None:
    context = browser.new_context(viewport=NARROWEST, is_mobile=True, has_touch=True, locale=lang)
    page = context.new_page()
    submit = "Enviar" if lang == "es" else "Submit"
    try:
        for challenge in ("layer_norm", "bloque", "atencion_causal"):
            page.goto(
                student_link(site, student=f"dario-{lang}", challenge=challenge, lang=lang).json()["url"]
            )
            page.wait_for_selector("#attempts tbody tr")
            expect(page.get_by_role("button", name=submit)).to_be_visible()
            assert overflow(page) <= 0, f"{challenge} ({lang}) scrolls sideways at 320 px"
        type_code(page.main_frame, BATCH_NORM.replace("layer_norm", "atencion"))
        click_submit(page.main_frame, submit)
        expect(page.locator(".ag-feedback")).to_be_visible(timeout=GRADED)
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert overflow(page) <= 0, f"the feedback ({lang}) scrolls sideways at 320 px"
        shoot(page, f"page-320-{lang}")
    finally:
        context.close()


def test_an_expired_or_tampered_link_gets_a_clear_page(site: Site, desktop: Page) -> None:
    url = student_link(site, student="elena").json()["url"]
    response = desktop.goto(url[:-3] + ("AAA" if not url.endswith("AAA") else "BBB"))
    assert response is not None
    assert response.status == 401
    expect(desktop.get_by_role("alert")).to_contain_text("enlace")
    expect(desktop.locator("body")).to_contain_text("Open the challenge again from your course")


NEAR_NAME = "import numpy as np\n\ndef layernorm(X, gamma, beta, eps=1e-5):\n    return X\n"
# The status line's box: a line of text when seen, a pixel when only heard.
STATUS_BOX = "() => document.getElementById('status').getBoundingClientRect().height"


def test_the_feedback_is_shown_once_its_code_as_code(site: Site, browser: Browser) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(student_link(site, student="once", lang="es").json()["url"])
        page.wait_for_selector("#attempts tbody tr")
        type_code(page.main_frame, BATCH_NORM)
        click_submit(page.main_frame, "Enviar")
        line = page.locator(".ag-diagnoses [data-line]")
        expect(line).to_be_visible(timeout=GRADED)
        expect(line.locator("code").first).to_have_text("media = np.mean(X, axis=0)")
        expect(page.locator("#status")).to_contain_text("Nota: 11.11/100")  # still said aloud
        assert page.evaluate(STATUS_BOX) <= 1  # but not shown a second time above the feedback
        assert "`" not in page.locator("#feedback").inner_text()

        type_code(page.main_frame, SYNTAX_ERROR)
        click_submit(page.main_frame, "Enviar")
        expect(page.locator(".ag-not-run")).to_have_text(
            "No se ejecutaron: el archivo no carga.", timeout=GRADED
        )
        expect(page.locator(".ag-group")).to_have_count(0)
        expect(page.locator(".ag-error")).to_contain_text("Error de sintaxis en la línea 4")

        type_code(page.main_frame, NEAR_NAME)
        click_submit(page.main_frame, "Enviar")
        expect(page.locator(".ag-error")).to_contain_text("¿Quisiste decir layernorm?", timeout=GRADED)
        expect(page.locator(".ag-error code").first).to_have_text("layernorm")
        shoot(page, "page-phone-near-name")
    finally:
        context.close()


def test_the_statements_table_is_a_table_that_scrolls_in_its_own_box(site: Site, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 800}, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(student_link(site, student="tabla", challenge="atencion_causal", lang="es").json()["url"])
        page.wait_for_selector("#attempts tbody tr")
        table = page.locator(".statement").get_by_role("table")
        expect(table).to_have_count(1)
        expect(table.get_by_role("columnheader").first).to_have_text("llamada")
        expect(table.get_by_role("row")).to_have_count(3)
        assert "| llamada |" not in page.locator(".statement").inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
        box = page.get_by_role("region", name="Tabla")
        expect(box).to_have_attribute("tabindex", "0")  # reachable by keyboard, to scroll it
    finally:
        context.close()
