"""An extension for a student the course does not know (no submission, not on the roster) is
named in the API's answer (`unknown_student: true`), so that a platform catches a typo; it is
still kept (a student may be given one before their first attempt)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from service.roster.tables import RosterMember
from service.storage.db import Database
from service.storage.tables import Course
from service.submissions.keys import CreatedKey
from tests.backend import auth

WRONG = "import numpy as np\n\ndef layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"
DUE = "2030-01-01T00:00:00+01:00"


def _extend(client: TestClient, key: CreatedKey, student: str) -> Any:
    body = {"student": student, "challenge": "*", "due_at": DUE}
    answer = client.put("/v1/courses/c-typo/extensions", json=body, headers=auth(key))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_an_extension_names_a_student_the_course_does_not_know(
    client: TestClient, key: CreatedKey, db: Database
) -> None:
    submission = {"challenge": "layer_norm", "code": WRONG, "student": "ana", "course": "c-typo"}
    assert client.post("/v1/submissions", json=submission, headers=auth(key)).status_code in (200, 202)
    with db.transaction() as session:
        course_id = session.scalars(select(Course.id).where(Course.slug == "c-typo")).one()
        session.add(RosterMember(course_id=course_id, student="rosa", status="active"))

    assert _extend(client, key, "ana")["unknown_student"] is False  # she submitted
    assert _extend(client, key, "rosa")["unknown_student"] is False  # on the LMS's roster
    typo = _extend(client, key, "anna")
    assert typo["unknown_student"] is True
    assert {e["student"] for e in typo["extensions"]} == {"ana", "rosa", "anna"}  # kept all the same
