"""The dashboard on the embedded default (SQLite, the private broker): what `autograder serve` runs bare."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.dashboard.conftest import log_in, served, shoot
from tests.dashboard.site import Site

pytestmark = pytest.mark.slow

CLASS = [
    ("c1", "ana", "layer_norm", "corpora/layer_norm/solutions/loops.py"),
    ("c1", "ben", "layer_norm", "corpora/layer_norm/catalogue/batch_norm.py"),
    ("c1", "ben", "bloque", "corpora/bloque/catalogue/swapped_pairs.py"),
]


@pytest.fixture(scope="module")
def embedded_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    yield from served(tmp_path_factory.mktemp("dashboard-embedded"), CLASS, embedded=True)


def test_every_page_works_on_the_embedded_default(browser: Browser, embedded_site: Site) -> None:
    assert embedded_site.database_url.startswith("sqlite")
    context = browser.new_context(viewport={"width": 1024, "height": 800}, accept_downloads=True)
    page = context.new_page()
    log_in(page, embedded_site, "ana.prof@example.org")
    expect(page.locator("#challenge-layer_norm [data-stat=tried]")).to_have_text("2")
    column = page.locator("#diag-layer_norm g.share[data-id=normalizes_by_column]")
    expect(column).to_contain_text("normalises by column")
    expect(column.locator("text.value")).to_have_text("50 %")
    shoot(page, "embedded-overview")
    with page.expect_download() as info:
        page.get_by_role("link", name="Every attempt CSV").click()
    rows = list(csv.DictReader(io.StringIO(info.value.path().read_text())))
    assert [(r["student"], r["challenge"]) for r in rows] == [(s, c) for _, s, c, _ in CLASS]
    page.get_by_role("link", name="Students").click()
    page.get_by_role("link", name="ben").click()
    expect(page.locator("#timeline .marker")).to_have_count(2)
    context.close()
