"""A served site with a class's worth of graded attempts, and a real Chromium to look at it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from sqlalchemy import Engine

from service.core.settings import Settings
from service.storage.db import make_engine
from service.storage.migrations import upgrade
from tests.conftest import ROOT
from tests.dashboard.site import Site, close_site, open_site

ARTIFACTS = ROOT / "test-artifacts" / "dashboard"
PASSWORDS = {
    "ana.prof@example.org": "first-course-password",
    "bea.prof@example.org": "second-course-password",
}
# (course, student, challenge, file under tests/): the order is the order of the attempts.
ATTEMPTS = [
    ("c1", "ana", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
    ("c1", "ana", "bloque", "corpora/bloque/solutions/straightforward.py"),
    ("c1", "ben", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("c1", "ben", "layer_norm", "corpora/layer_norm/solutions/class_based.py"),
    ("c1", "carla", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("c1", "carla", "layer_norm", "corpora/layer_norm/catalogue/sample_std.py"),
    ("c1", "dario", "layer_norm", "corpora/layer_norm/catalogue/eps_outside.py"),
    ("c1", "dario", "bloque", "corpora/bloque/catalogue/no_relu.py"),
    ("c1", "elena", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("c1", "elena", "bloque", "corpora/bloque/catalogue/pre_norm.py"),
    ("c1", "fede", "layer_norm", "corpora/layer_norm/catalogue/in_place.py"),
    ("c2", "zoe", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
]
SYNTAX_ERROR = "def layer_norm(X, gamma, beta, eps=1e-5)\n    return X\n"
ENDLESS = "def layer_norm(X, gamma, beta, eps=1e-5):\n    while True:\n        pass\n"
# Course c2 also has attempts that did not run, and one graded in Spanish: (course, student,
# challenge, code, lang).
MORE = [
    ("c2", "yago", "layer_norm", SYNTAX_ERROR, "en"),
    ("c2", "yago", "layer_norm", ENDLESS, "en"),
    (
        "c2",
        "xenia",
        "layer_norm",
        (ROOT / "tests" / "corpora/layer_norm/catalogue/batch_norm.py").read_text(),
        "es",
    ),
]


def code(path: str) -> str:
    return (ROOT / "tests" / path).read_text()


def served(
    folder: Path,
    attempts: list[tuple[str, str, str, str]],
    embedded: bool = False,
    more: list[tuple[str, str, str, str, str]] | None = None,
) -> Iterator[Site]:
    site = open_site(folder, embedded)
    try:
        for email, password in PASSWORDS.items():
            course = "c1" if email.startswith("ana") else "c2"
            args = ("instructors", "create", "--email", email, "--course", course, "--password-stdin")
            site.run(*args, stdin=password)
        site.start()
        for course, student, challenge, path in attempts:
            site.submit(course, student, challenge, code(path))
        for course, student, challenge, source, lang in more or []:
            site.submit(course, student, challenge, source, lang)
        yield site
    finally:
        close_site(site)


@pytest.fixture
def engine(database_url: str, settings: Settings) -> Iterator[Engine]:
    upgrade(settings, database_url)
    made = make_engine(database_url)
    yield made
    made.dispose()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """Shared by the tests that only read: none of them may add or change data."""
    yield from served(tmp_path_factory.mktemp("dashboard"), ATTEMPTS, more=MORE)


def log_in(page: Page, site: Site, email: str) -> None:
    page.goto(f"{site.base}/dashboard/")
    # by id, not by label: the form speaks the browser's language
    page.locator("#email").fill(email)
    page.locator("#password").fill(PASSWORDS[email])
    page.locator("form.stack button[type=submit]").click()
    page.wait_for_load_state()


DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def page(browser: Browser, site: Site) -> Iterator[Page]:
    """A fresh browser context logged in as the instructor of course c1 (an English browser in UTC)."""
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True, locale="en-US", timezone_id="UTC")
    page = context.new_page()
    log_in(page, site, "ana.prof@example.org")
    yield page
    context.close()


def shoot(page: Page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
