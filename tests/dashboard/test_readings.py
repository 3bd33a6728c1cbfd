"""The dashboard's numbers read one way: challenges in the course's order, the CSV's times as the
pages show them (the instructor's zone, with its offset, to the second), and the first page after
the browser's zone changed already in the new zone."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.dashboard.conftest import DESKTOP, log_in
from tests.dashboard.site import Site

pytestmark = pytest.mark.slow
SECONDS_WITH_OFFSET = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$")


@pytest.fixture
def tokyo(browser: Browser, site: Site) -> Iterator[BrowserContext]:
    """An instructor's browser in Tokyo, logged in there."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US", timezone_id="Asia/Tokyo")
    log_in(context.new_page(), site, "ana.prof@example.org")
    yield context
    context.close()


def test_the_overview_lists_the_challenges_in_the_courses_order(page: Page) -> None:
    cards = page.locator("[id^=challenge-]")
    expect(cards).to_have_count(2)
    # the lessons' order (challenge.toml's `order`): layer_norm before bloque, not by name
    assert [cards.nth(i).get_attribute("id") for i in range(2)] == [
        "challenge-layer_norm",
        "challenge-bloque",
    ]


def test_the_csv_times_are_the_instructors_zone_to_the_second_with_the_zone_in_the_header(
    tokyo: BrowserContext, site: Site
) -> None:
    page = tokyo.pages[0]
    expect(page.locator("p.zone")).to_contain_text("Times in Asia/Tokyo")
    long = page.request.get(f"{site.base}/dashboard/courses/c1/attempts.csv")
    rows = list(csv.DictReader(io.StringIO(long.text())))
    assert "created_at (Asia/Tokyo)" in rows[0]
    assert all(SECONDS_WITH_OFFSET.match(r["created_at (Asia/Tokyo)"]) for r in rows), rows[0]
    wide = page.request.get(f"{site.base}/dashboard/courses/c1/gradebook.csv")
    students = list(csv.DictReader(io.StringIO(wide.text())))
    assert list(students[0])[:3] == ["student", "layer_norm", "bloque"]  # the course's order here too
    assert all(SECONDS_WITH_OFFSET.match(s["last_activity (Asia/Tokyo)"]) for s in students)


def test_the_first_page_after_a_zone_change_is_in_the_new_zone(
    tokyo: BrowserContext, browser: Browser, site: Site
) -> None:
    moved = browser.new_context(
        viewport=DESKTOP, locale="en-US", timezone_id="America/Bogota", storage_state=tokyo.storage_state()
    )
    try:
        page = moved.new_page()
        page.goto(f"{site.base}/dashboard/courses/c1/students")
        expect(page.locator("p.zone")).to_contain_text("Times in America/Bogota")
        page.goto(f"{site.base}/dashboard/courses/c1")  # and it stays there, with no further reload
        expect(page.locator("p.zone")).to_contain_text("Times in America/Bogota")
    finally:
        moved.close()
