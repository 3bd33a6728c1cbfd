"""Pages that change under the instructor's eyes: new submissions, and a regrade's progress."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine, text

from tests.accessibility import Audit
from tests.dashboard.conftest import code, log_in, served, shoot
from tests.dashboard.site import Site

FIRST = [
    ("c1", "ana", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
    ("c1", "ben", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("c1", "carla", "layer_norm", "corpora/layer_norm/catalogue/sample_std.py"),
]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def own_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """A site of this module's own: these tests add submissions and publish a new version."""
    yield from served(tmp_path_factory.mktemp("dashboard-live"), FIRST)


@pytest.fixture
def own_page(browser: Browser, own_site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log_in(page, own_site, "ana.prof@example.org")
    yield page
    context.close()


def _versions(site: Site) -> dict[int, int]:
    engine = create_engine(site.database_url)
    try:
        with engine.connect() as connection:
            query = "SELECT challenge_version, COUNT(*) FROM results GROUP BY challenge_version"
            return {int(v): int(n) for v, n in connection.execute(text(query))}
    finally:
        engine.dispose()


def test_a_new_submission_appears_without_reloading(own_page: Page, own_site: Site) -> None:
    """Pushed by the server (server-sent events), not polled: the page asks nothing after loading."""
    asked: list[str] = []
    own_page.on("request", lambda request: asked.append(request.url))
    own_page.reload()
    tried = own_page.locator("#challenge-layer_norm [data-stat=tried]")
    expect(tried).to_have_text("3")
    own_page.evaluate("window.notReloaded = true")
    own_site.submit("c1", "dario", "layer_norm", code("corpora/layer_norm/catalogue/batch_norm.py"))
    expect(tried).to_have_text("4", timeout=15_000)
    assert own_page.evaluate("window.notReloaded") is True  # the same page, refreshed in place
    assert [url for url in asked if "/live?view=" in url]  # one event stream
    assert not [url for url in asked if "/activity" in url]  # no polling
    expect(own_page.get_by_role("status")).to_contain_text("Updated at")


def test_regrade_is_previewed_then_stored_keeping_the_earlier_results(own_page: Page, own_site: Site) -> None:
    assert _versions(own_site) == {1: 4}
    own_page.goto(f"{own_site.base}/dashboard/courses/c1")
    expect(own_page.locator("#challenge-layer_norm")).to_be_visible()
    expect(own_page.locator("#regrade-course")).to_have_count(0)  # nothing out of date: not offered
    own_site.stop()
    own_site.bump_version("layer_norm")
    own_site.start()
    own_page.reload()
    notice = own_page.locator("#challenge-layer_norm form.notice")
    expect(notice).to_contain_text("4 submissions graded with an earlier version")
    shoot(own_page, "overview-before-regrade")
    notice.get_by_role("button", name="Preview the regrade of layer_norm at version 2").click()
    bar = own_page.get_by_label("Preview")
    expect(bar).to_be_visible()
    status = own_page.locator("#regrade-status")
    expect(status).to_contain_text("Preview finished: 4 of 4 submissions graded.", timeout=30_000)
    # the result is put in place and said, without a reload
    expect(own_page.locator("#regrade-effect")).to_have_text(
        "Would go up: 0 · would go down: 0 · unchanged: 4"
    )
    expect(status).to_contain_text("No grade in an LMS gradebook would change.")
    assert _versions(own_site) == {1: 4}  # a preview stores nothing
    with Audit() as audit:
        audit.check(own_page, "regrade preview finished")
    shoot(own_page, "regrade-preview")
    own_page.get_by_role(
        "button", name="Confirm: store these results and send the grades that changed"
    ).click()
    expect(own_page.get_by_label("Results stored")).to_be_visible()
    expect(status).to_contain_text("Stored: 4 of 4 results.", timeout=30_000)
    assert own_page.get_by_label("Results stored").get_attribute("value") == "4"
    expect(own_page.locator("#regrade-effect")).to_have_text("Went up: 0 · went down: 0 · unchanged: 4")
    expect(own_page.get_by_role("button", name="Confirm", exact=False)).to_have_count(0)
    with Audit() as audit:
        audit.check(own_page, "regrade stored")
    shoot(own_page, "regrade-finished")
    assert _versions(own_site) == {1: 4, 2: 4}  # every earlier result stays on record
    own_page.get_by_role("link", name="Back to the overview").click()
    expect(own_page.locator("#challenge-layer_norm form.notice")).to_have_count(0)
    expect(own_page.locator("#regrade-course")).to_have_count(0)
    expect(own_page.locator("#challenge-layer_norm h2")).to_contain_text("version 2")


def test_live_updates_speak_the_page_language(own_page: Page, own_site: Site) -> None:
    own_page.goto(f"{own_site.base}/dashboard/courses/c1?lang=es")
    tried = own_page.locator("#challenge-layer_norm [data-stat=tried]")
    before = int(tried.inner_text())
    own_site.submit("c1", "emma", "layer_norm", code("corpora/layer_norm/catalogue/batch_norm.py"))
    expect(tried).to_have_text(str(before + 1), timeout=15_000)
    expect(own_page.get_by_role("status")).to_contain_text("Actualizado a las")
