"""A late attempt's passback follows the course's late policy; the due date comes from the LMS's
line item (`endDateTime`) and the student page shows it in the student's zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playwright.sync_api import Page, expect
from sqlalchemy import create_engine, text

from tests.conftest import ROOT
from tests.dashboard.site import Site
from tests.lti.conftest import student_frame
from tests.lti.platform import Link, Platform
from tests.lti.test_advantage import GRADED, score_of
from tests.student_page import click_submit
from tests.students.test_page import type_code

CORRECT = (ROOT / "tests/corpora/atencion_causal/solutions/class_based.py").read_text()


def late_policy(tool: Site, course: str, challenge: str, penalty_percent: float) -> None:
    """As the instructor sets it on the dashboard (tests/policies covers that page)."""
    engine = create_engine(tool.database_url)
    try:
        with engine.begin() as connection:
            connection.execute(  # the course exists from its first submission: a policy may come first
                text(
                    "INSERT INTO courses (platform_id, slug, created_at) SELECT r.platform_id, c.course, :now"
                    " FROM lti_contexts c JOIN lti_registrations r ON r.id = c.registration_id"
                    " WHERE c.course = :course ON CONFLICT DO NOTHING"
                ),
                {"now": datetime.now(UTC), "course": course},
            )
            connection.execute(
                text(
                    "INSERT INTO course_policies (course_id, challenge, late_policy, late_penalty_percent,"
                    " updated_at) SELECT id, :challenge, 'penalty', :penalty, :now FROM courses WHERE slug = :course"
                ),
                {
                    "challenge": challenge,
                    "penalty": penalty_percent,
                    "now": datetime.now(UTC),
                    "course": course,
                },
            )
    finally:
        engine.dispose()


def _submitted_at(tool: Site, student: str) -> datetime:
    engine = create_engine(tool.database_url)
    try:
        with engine.connect() as connection:
            found = connection.execute(
                text(
                    "SELECT s.created_at FROM submissions s JOIN students t ON t.id = s.student_id"
                    " WHERE t.external_id = :student"
                ),
                {"student": student},
            ).scalar_one()
    finally:
        engine.dispose()
    moment = found if isinstance(found, datetime) else datetime.fromisoformat(found)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def test_a_late_attempt_is_passed_back_with_the_penalty_and_its_own_time(
    tool: Site, lms: Platform, desktop: Page
) -> None:
    due = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=30)  # two started days late
    item = {"scoreMaximum": 100, "endDateTime": due.isoformat()}
    link = Link("link-late", "Causal attention", {"challenge": "atencion_causal", "lang": "en"}, item)
    lms.place(link)
    frame = student_frame(desktop, lms, "lola", link.id)  # the first launch makes the course
    late_policy(tool, "TRF-42", "atencion_causal", penalty_percent=10)
    type_code(frame, CORRECT)
    click_submit(frame, "Submit")
    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=GRADED)
    score = score_of(link, "lola")
    assert score["scoreGiven"] == 80  # 100, less 10 % for each of the two days
    # the student reads the count the gradebook got, once the LMS told the due date (its passback
    # reads the line item): the attempts are read again until the gradebook has the score
    expect(frame.locator("#attempts tbody tr").first).to_contain_text("100/100 (late: counts 80/100)")
    assert datetime.fromisoformat(score["timestamp"]) == _submitted_at(tool, "lola")
    desktop.goto(lms.course_url("lola", "learner", link.id))  # the page now knows the LMS's due date
    frame = student_frame(desktop, lms, "lola", link.id)
    expect(frame.locator("#due")).to_contain_text("Due:")
    expect(frame.locator("#due")).to_contain_text("passed")
