"""A late attempt under a penalty is counted where people read it, by the one late policy the API
and the LMS passback follow: the student page before Submit ("counts at most") and after (beside
"Nota: 100/100"), the instructor's attempts of the student, the students page, `gradebook.csv`
and `attempts.csv`."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ROOT
from tests.dashboard.conftest import DESKTOP, PHONE, log_in, served
from tests.dashboard.site import Site
from tests.student_page import click_submit
from tests.students.conftest import student_link
from tests.students.test_page import GRADED, type_code

pytestmark = pytest.mark.slow

CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/class_based.py").read_text()


@pytest.fixture(scope="module")
def late_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """c1's layer_norm was due 30 hours ago (an attempt now is two started days late) with a
    penalty of 20 % a day: a perfect attempt counts 60."""
    for site in served(tmp_path_factory.mktemp("late"), []):
        due = (datetime.now(UTC) - timedelta(hours=30)).isoformat()
        body = {"due_at": due, "late_policy": "penalty", "late_penalty_percent": 20}
        headers = {"Authorization": f"Bearer {site.key}"}
        answer = httpx.put(f"{site.base}/v1/courses/c1/policies/layer_norm", json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        yield site


def test_the_student_page_says_a_late_attempt_s_worth_before_and_after_submitting(
    late_site: Site, browser: Browser
) -> None:
    context = browser.new_context(viewport=PHONE, locale="es-ES", timezone_id="Europe/Madrid")
    student = context.new_page()
    student.goto(student_link(late_site, student="lola", lang="es").json()["url"])
    expect(student.locator("#due")).to_contain_text("Un intento enviado ahora cuenta como mucho 60/100.")
    type_code(student.main_frame, CORRECT)
    click_submit(student.main_frame, "Enviar")
    score = student.locator(".ag-feedback .ag-score")
    expect(score).to_contain_text("Nota: 100/100", timeout=GRADED)
    expect(score).to_contain_text("llega tarde: cuenta 60/100")
    expect(student.locator("#attempts tbody tr").first).to_contain_text(
        "100/100 (llega tarde: cuenta 60/100)"
    )
    context.close()

    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    student = context.new_page()
    student.goto(student_link(late_site, student="lola", lang="en").json()["url"])
    expect(student.locator("#attempts tbody tr").first).to_contain_text("100/100 (late: counts 60/100)")
    expect(student.locator("#due")).to_contain_text("An attempt sent now counts at most 60/100.")
    context.close()


@pytest.fixture
def instructor(browser: Browser, late_site: Site) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="en-US", accept_downloads=True)
    page = context.new_page()
    log_in(page, late_site, "ana.prof@example.org")
    yield page
    context.close()


def _download(page: Page, link: str) -> list[dict[str, str]]:
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    return list(csv.DictReader(io.StringIO(info.value.path().read_text(encoding="utf-8"))))


def test_the_instructor_reads_what_the_late_attempt_counts_for(late_site: Site, instructor: Page) -> None:
    late_site.submit("c1", "mia", "layer_norm", CORRECT)
    instructor.goto(f"{late_site.base}/dashboard/courses/c1/students?lang=en")
    row = instructor.get_by_role("row", name="mia")
    expect(row).to_contain_text("100")
    expect(row).to_contain_text("late: counts 60/100")
    row.get_by_role("link", name="mia").click()
    expect(instructor.locator(".attempt summary").first).to_contain_text("late: counts 60/100")

    instructor.goto(f"{late_site.base}/dashboard/courses/c1?lang=en")
    book = {r["student"]: r for r in _download(instructor, "Gradebook CSV (best per challenge)")}
    assert float(book["mia"]["layer_norm"]) == 100  # what the code earned
    assert float(book["mia"]["counted_score (layer_norm)"]) == 60  # what the late policy counts
    assert book["mia"]["late_attempts (layer_norm)"] == "1"
    assert book["mia"]["counted_score (bloque)"] == book["mia"]["late_attempts (bloque)"] == ""  # never tried
    attempts = [r for r in _download(instructor, "Every attempt CSV") if r["student"] == "mia"]
    assert [(r["score"], r["late"], r["days_late"], r["counted_score"]) for r in attempts] == [
        ("100", "True", "2", "60")
    ]
