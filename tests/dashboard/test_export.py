"""Gradebook CSV downloads, parsed as a spreadsheet would."""

from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import Page

from tests.dashboard.conftest import ATTEMPTS
from tests.dashboard.site import Site

pytestmark = pytest.mark.slow


def _download(page: Page, link: str) -> list[dict[str, str]]:
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    download = info.value
    assert download.suggested_filename.startswith("c1-")
    path = download.path()
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_gradebook_has_one_row_per_student_with_the_best_of_each_challenge(page: Page, site: Site) -> None:
    rows = {row["student"]: row for row in _download(page, "Gradebook CSV (best per challenge)")}
    assert set(rows) == {"ana", "ben", "carla", "dario", "elena", "fede"}
    assert float(rows["ana"]["layer_norm"]) == 100
    assert float(rows["ana"]["bloque"]) == 100
    assert float(rows["ben"]["layer_norm"]) == 100  # the best of a wrong and a right attempt
    assert rows["fede"]["bloque"] == ""  # never tried
    assert float(rows["carla"]["layer_norm"]) < 100
    assert rows["carla"]["attempts"] == "2"


def test_long_form_has_every_attempt_with_its_diagnoses(page: Page, site: Site) -> None:
    rows = _download(page, "Every attempt CSV")
    expected = [(s, c) for course, s, c, _ in ATTEMPTS if course == "c1"]
    assert [(r["student"], r["challenge"]) for r in rows[: len(expected)]] == expected
    first_carla = next(r for r in rows if r["student"] == "carla")
    assert "normalizes_by_column" in first_carla["diagnoses"].split(";")
    assert all(r["status"] == "done" and r["challenge_version"] for r in rows)
