"""A failed dynamic registration speaks to the LMS administrator who opened it: what failed and
what to check; a student's refused launch keeps its own words and shows nothing of the kind."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.dashboard.site import Site
from tests.http_server import free_port
from tests.lti.hostile import INTERNAL_HOST


def _invitation(tool: Site) -> str:
    return tool.run("lti", "invite", "--name", "lms-failing", "--tool-url", tool.base).splitlines()[-1]


def test_a_registration_opened_without_the_lms_says_what_to_paste_where(tool: Site, desktop: Page) -> None:
    desktop.goto(_invitation(tool))
    expect(desktop.locator("h1")).to_have_text("The tool could not be registered")
    failed = desktop.locator("[data-failed]")
    expect(failed).to_contain_text("without its openid_configuration parameter")
    expect(failed).to_contain_text('"Tool URL"')
    expect(desktop.locator("main")).not_to_contain_text("tell your instructor")
    expect(desktop.locator("main")).to_contain_text("autograder lti invite")


def test_an_lms_that_does_not_answer_is_named_with_its_url(tool: Site, desktop: Page) -> None:
    closed = f"http://127.0.0.1:{free_port()}/.well-known/openid-configuration"
    desktop.set_extra_http_headers({"Accept-Language": "es"})
    desktop.goto(f"{_invitation(tool)}&openid_configuration={closed}")
    failed = desktop.locator("[data-failed]")
    expect(failed).to_contain_text(f"El corrector no pudo leer la configuración OpenID en {closed}")
    expect(failed).to_contain_text("la conexión fue rechazada o no llegó")
    expect(failed).to_contain_text("cortafuegos")
    expect(failed).not_to_contain_text("Errno")
    expect(failed).not_to_contain_text("HTTPConnection")


def test_an_lms_on_an_address_the_grader_does_not_reach_says_so(tool: Site, desktop: Page) -> None:
    internal = f"http://{INTERNAL_HOST}:{free_port()}/.well-known/openid-configuration"
    desktop.goto(f"{_invitation(tool)}&openid_configuration={internal}")
    expect(desktop.locator("[data-failed]")).to_contain_text(
        "the grader does not connect to that address (private, local or unresolvable)"
    )


def test_a_students_refused_launch_keeps_its_words_and_no_internals(tool: Site, desktop: Page) -> None:
    desktop.goto(f"{tool.base}/lti/login")
    expect(desktop.locator("[data-reason]")).to_have_attribute("data-reason", "login")
    expect(desktop.locator("h1")).to_have_text("The activity could not be opened")
    expect(desktop.locator("main")).to_contain_text("tell your instructor")
    expect(desktop.locator("[data-failed]")).to_have_count(0)
