"""A platform cannot make the service read an LMS's roster without end: a course's readings are
limited per hour (429 with Retry-After beyond), counted only for asks that queue a reading."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from service.core.settings import Settings
from service.roster.tables import RosterSync
from service.storage.db import Database
from service.storage.tables import Course
from service.submissions.keys import CreatedKey
from tests.security.conftest import Instructor, auth, log_in, post
from tests.waiting import wait_for

READ = 60  # s: the worker's reading of a course no LMS context opens; a bound, not a speed check


@pytest.fixture
def limited(settings: Settings) -> Iterator[TestClient]:
    from service.api.app import create_app

    with TestClient(
        create_app(settings.model_copy(update={"roster_reads_per_course_per_hour": 2}))
    ) as client:
        yield client


def _offered(db: Database, slug: str) -> None:
    """The course's roster as a launch would have offered it (its LMS context gone since: each
    reading ends at once, with its error kept)."""
    with db.transaction() as session:
        course_id = session.scalars(select(Course.id).where(Course.slug == slug)).one()
        session.add(RosterSync(course_id=course_id, members=0, skipped=0))


def _read(client: TestClient, key: CreatedKey) -> dict[str, Any]:
    def read() -> dict[str, Any] | None:
        found: dict[str, Any] = client.get("/v1/courses/c1/roster", headers=auth(key)).json()
        return found if found["error"] is not None and not found["reading"] else None

    return wait_for(read, READ, lambda: "the worker never read the roster", every=0.1)


def test_a_course_s_roster_readings_are_limited_per_hour(
    limited: TestClient, key: CreatedKey, db: Database, instructor: Instructor
) -> None:
    post(limited, key, "c1", "ana")
    _offered(db, "c1")
    for _ in range(2):
        asked = limited.post("/v1/courses/c1/roster/refresh", headers=auth(key))
        assert asked.status_code == 202, asked.text
        assert asked.json()["queued"] is True
        _read(limited, key)
    refused = limited.post("/v1/courses/c1/roster/refresh", headers=auth(key))
    assert refused.status_code == 429, refused.text
    assert "roster readings" in refused.json()["detail"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 3600
    assert limited.get("/v1/courses/c1/roster", headers=auth(key)).json()["reading"] is False

    instructor("ana.prof@example.org", "a long passphrase 1", "c1")  # the dashboard's button, the same count
    log_in(limited, "ana.prof@example.org", "a long passphrase 1")
    page = limited.get("/dashboard/courses/c1/roster")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None, page.text
    pressed = limited.post(
        "/dashboard/courses/c1/roster/refresh", data={"csrf_token": html.unescape(token.group(1))}
    )
    assert pressed.status_code == 200, pressed.text
    assert "read as often this hour as it may be" in pressed.text
