"""Gradebook CSV downloads, parsed as a spreadsheet would."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest
from playwright.sync_api import Page

from grader.grade import Grader
from tests.dashboard.conftest import ATTEMPTS, code
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


def named_steps(grader: Grader) -> dict[tuple[str, str], tuple[int, int, int]]:
    """The lesson steps the localisation names in course c1's attempts, graded here as the site
    grades them, each with the students shown it, those who tried again and those in whom it went
    away, by their definition (each student's attempts in order; all of them ran)."""
    named: dict[tuple[str, str], list[str | None]] = defaultdict(list)
    for course, student, challenge, path in ATTEMPTS:
        if course == "c1":
            where = grader.grade(challenge, code(path), lang="en").localisation
            named[(student, challenge)].append(where.step if where else None)
    counted: dict[tuple[str, str], tuple[int, int, int]] = {}
    for (_, challenge), steps in named.items():
        for step in {s for s in steps if s}:
            since = steps[steps.index(step) + 1 :]
            shown, again, gone = counted.get((challenge, step), (0, 0, 0))
            counted[(challenge, step)] = (
                shown + 1,
                again + bool(since),
                gone + any(s != step for s in since),
            )
    return counted


def test_what_each_message_did_is_a_row_per_diagnosis_and_step(
    page: Page, site: Site, grader: Grader
) -> None:
    rows = {
        (r["challenge"], r["kind"], r["message_id"]): r for r in _download(page, "What each message did CSV")
    }
    # ben, carla and elena were told it; ben and carla tried again, and neither still had it
    column = rows[("layer_norm", "diagnosis", "normalizes_by_column")]
    assert column["message"].startswith("normalises by column")
    counts = ("shown_to", "tried_again", "gone_at_next_attempt", "gone_at_next_attempt_share", "gone")
    assert [column[c] for c in counts] == ["3", "2", "2", "1", "2"]
    assert column["median_attempts_until_gone"] == "1"
    assert float(column["median_seconds_until_gone"]) > 0
    steps = named_steps(grader)
    assert steps  # the course's attempts name some
    for (challenge, step), (shown, again, gone) in steps.items():
        row = rows[(challenge, "step", step)]
        assert row["message"] == grader.challenges[challenge].steps[step].en
        assert [row[c] for c in ("shown_to", "tried_again", "gone")] == [str(shown), str(again), str(gone)]
    elena = rows[("bloque", "diagnosis", "pre_norm")]  # never tried again
    assert (
        elena["tried_again"],
        elena["gone_at_next_attempt_share"],
        elena["median_attempts_until_gone"],
    ) == (
        "0",
        "",
        "",
    )
