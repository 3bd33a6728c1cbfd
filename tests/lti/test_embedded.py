"""The LTI tool on the embedded default (SQLite, the private broker), as `scripts/serve` runs it bare:
a student launched from the LMS reads the diagnosis in its frame and the LMS receives the score."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import pytest
from playwright.sync_api import Page, expect

from tests.dashboard.site import Site, close_site, open_site
from tests.lti.conftest import student_frame
from tests.lti.platform import Link, Platform
from tests.lti.test_advantage import score_of
from tests.lti.test_late_passback import CORRECT, late_policy
from tests.lti.test_launch import BATCH_NORM, GRADED
from tests.student_page import click_submit
from tests.students.test_page import type_code

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def embedded_lms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Site, Platform]]:
    lms = Platform()
    site = open_site(tmp_path_factory.mktemp("lti-embedded"), embedded=True)
    site.env["AUTOGRADER_WEBHOOK_ALLOWED_NETWORKS"] = "127.0.0.0/8"  # the LMS's AGS endpoint is there
    try:
        site.run(*lms.add_platform_args(), "--tool-url", site.base)
        site.start()
        lms.tool = site.base
        lms.start()
        yield site, lms
    finally:
        lms.stop()
        close_site(site)


def test_a_launch_its_diagnosis_and_its_score_on_the_embedded_default(
    embedded_lms: tuple[Site, Platform], desktop: Page
) -> None:
    site, lms = embedded_lms
    assert site.database_url.startswith("sqlite")
    link = Link("link-e", "Layer norm", {"challenge": "layer_norm", "lang": "en"}, {"scoreMaximum": 100})
    lms.place(link)
    frame = student_frame(desktop, lms, "ana", link.id)
    type_code(frame, BATCH_NORM)
    click_submit(frame, "Submit")
    diagnosis = frame.locator('.ag-diagnoses [data-diagnosis="normalizes_by_column"]')
    expect(diagnosis).to_be_visible(timeout=GRADED)
    score = score_of(link, "ana")
    assert score["scoreGiven"] < 100  # the diagnosed mistake fails some tests
    assert score["gradingProgress"] == "FullyGraded"


def test_a_line_item_s_end_in_any_offset_is_its_instant_on_the_embedded_default(
    embedded_lms: tuple[Site, Platform], desktop: Page
) -> None:
    """The penalty follows the true instant of `endDateTime`: given at +14:00, it is not read as 14
    hours later (where SQLite used to drop the offset)."""
    site, lms = embedded_lms
    due = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=30)  # two started days late
    end = due.astimezone(timezone(timedelta(hours=14))).isoformat()
    item = {"scoreMaximum": 100, "endDateTime": end}
    link = Link("link-k", "Causal attention", {"challenge": "atencion_causal", "lang": "en"}, item)
    lms.place(link)
    frame = student_frame(desktop, lms, "kai", link.id)  # the first launch makes the course
    late_policy(site, "TRF-42", "atencion_causal", penalty_percent=10)
    type_code(frame, CORRECT)
    click_submit(frame, "Submit")
    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=GRADED)
    assert score_of(link, "kai")["scoreGiven"] == 80  # 100, less 10 % for each of the two days
