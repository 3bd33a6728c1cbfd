"""Who may do what: CSRF tokens on every form, and each instructor sees only their own courses."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.dashboard.conftest import log_in, shoot
from tests.dashboard.site import Site

pytestmark = pytest.mark.slow


def test_posts_without_the_forms_token_are_refused(page: Page, site: Site) -> None:
    no_token = page.request.post(
        f"{site.base}/dashboard/courses/c1/regrades", form={"challenge": "layer_norm"}
    )
    assert no_token.status == 403
    assert "security token" in no_token.text()
    for action in ("confirm", "passback"):  # a regrade's confirmation and its passback too
        refused = page.request.post(f"{site.base}/dashboard/regrades/1/{action}", form={})
        assert refused.status == 403, action
    forged = page.request.post(f"{site.base}/dashboard/logout", form={"csrf_token": "forged"})
    assert forged.status == 403
    page.reload()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()  # still logged in


def test_the_login_form_needs_its_token_too(browser: Browser, site: Site) -> None:
    context = browser.new_context()
    answer = context.request.post(
        f"{site.base}/dashboard/login",
        form={"email": "ana.prof@example.org", "password": "first-course-password"},
    )
    assert answer.status == 403
    context.close()


def test_an_instructor_of_course_c2_cannot_see_course_c1(browser: Browser, site: Site) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 700})
    page = context.new_page()
    log_in(page, site, "bea.prof@example.org")
    expect(page.locator("#challenge-layer_norm [data-stat=tried]")).to_have_text("3")  # c2's zoe, yago, xenia
    for path in ("courses/c1", "courses/c1/students", "courses/c1/students/ana", "courses/c1/gradebook.csv"):
        answer = page.request.get(f"{site.base}/dashboard/{path}")
        assert answer.status == 404, path
        assert "ana" not in answer.text() or path.endswith("ana")
    page.goto(f"{site.base}/dashboard/courses/c1")
    expect(page.get_by_role("alert")).to_contain_text("no course 'c1' among yours")
    shoot(page, "other-course-refused")
    context.close()


def test_logging_out_ends_the_session(page: Page, site: Site) -> None:
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("heading", name="Instructor log in")).to_be_visible()
    page.goto(f"{site.base}/dashboard/courses/c1")
    expect(page.get_by_role("heading", name="Instructor log in")).to_be_visible()


def test_a_generated_password_logs_into_every_course_of_the_instructor(browser: Browser, site: Site) -> None:
    printed = site.run(
        "instructors", "create", "--email", "Cat.Prof@example.org", "--course", "c1", "--course", "c2"
    )
    *summary, label, password = printed.strip().splitlines()
    assert summary == ["instructor: cat.prof@example.org", "courses: c1 (platform), c2 (platform)"]
    assert label.startswith("password (shown once")
    assert password not in site.run("instructors", "list")
    context = browser.new_context(viewport={"width": 1280, "height": 700})
    page = context.new_page()
    page.goto(f"{site.base}/dashboard/")
    page.get_by_label("Email").fill("cat.prof@example.org")
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your courses")).to_be_visible()
    expect(page.locator("ul.courses a")).to_have_text(["c1", "c2"])
    shoot(page, "home")
    page.get_by_role("link", name="c2").click()
    expect(page.locator("#challenge-layer_norm [data-stat=tried]")).to_have_text("3")  # zoe, yago, xenia
    context.close()


def test_repeated_wrong_passwords_are_slowed_down(browser: Browser, site: Site) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site.base}/dashboard/login")
    for _ in range(5):
        page.get_by_label("Email").fill("guessed@example.org")
        page.get_by_label("Password").fill("guess-guess-guess")
        page.get_by_role("button", name="Log in").click()
        expect(page.get_by_role("alert")).to_have_text("Wrong email or password.")
    page.get_by_label("Email").fill("guessed@example.org")
    page.get_by_label("Password").fill("guess-guess-guess")
    with page.expect_response(lambda r: r.url.endswith("/dashboard/login")) as answer:
        page.get_by_role("button", name="Log in").click()
    assert answer.value.status == 429
    expect(page.get_by_role("alert")).to_contain_text("Too many failed log-ins")
    context.close()
