"""A student's data on request, over the API: exported whole, then erased so that no table, no
similar view in memory and no cache file holds their id or their code; another student's stays."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.core.settings import Settings
from service.dashboard import similar_views
from service.dashboard.aggregates.tables import AggChallenge
from service.dashboard.similarity import Report
from service.lti.tables import LtiContext, LtiLearner, LtiLink, LtiRegistration, LtiScore, LtiValue
from service.privacy.tables import Erasure
from service.roster.tables import RosterMember
from service.storage.db import Database
from service.storage.registry import metadata
from service.storage.tables import ApiKey, Course, Student, Submission, now
from service.submissions.keys import CreatedKey
from tests.backend import auth

COURSE = "ia-2026"
GONE = "sofia-4f2a9c"  # the student who asks; an id no other value contains
SUB = "lms-user-7d31e0"  # her id in the LMS
NAME = "Sofía Quintanilla-Marker"
MARK = "mark_b71c55e0"  # in every program she wrote: her code, findable
KEPT = "tomas-kept"


def _code(settings: Settings, wrong: bool) -> str:
    reference = (settings.challenges_dir / "layer_norm" / "reference.py").read_text()
    body = reference.replace("return", "return 0 *", 1) if wrong else reference
    return f"# {MARK}\n{MARK} = 1\n{body}"


def _post(client: TestClient, key: CreatedKey, student: str, code: str) -> Any:
    payload = {"challenge": "layer_norm", "code": code, "student": student, "course": COURSE, "lang": "en"}
    return client.post("/v1/submissions?wait=20", json=payload, headers=auth(key))


def _lms_rows(session: Session, key: CreatedKey) -> None:
    """What an LMS's launches leave for a student (tests/lti launch for real): her LTI identity,
    a score sent back, the launch state naming her, and her course's roster row."""
    api_key = session.get_one(ApiKey, key.key_id)
    registration = LtiRegistration(
        platform_id=api_key.platform_id,
        api_key_id=api_key.id,
        issuer="https://lms.example.org",
        client_id="tool",
        login_url="https://lms.example.org/login",
        token_url="https://lms.example.org/token",
        jwks_url="https://lms.example.org/jwks",
        frame_origin="https://lms.example.org",
    )
    session.add(registration)
    session.flush()
    context = LtiContext(registration_id=registration.id, context_id="ctx-1", course=COURSE)
    session.add(context)
    session.flush()
    link = LtiLink(
        context_id=context.id, resource_link_id="rl-1", deployment_id="d1", challenge="layer_norm", lang="en"
    )
    session.add_all([link, LtiLearner(context_id=context.id, student=GONE, sub=SUB)])
    session.flush()
    hers = session.scalar(select(Submission.id).join(Student).where(Student.external_id == GONE))
    assert hers is not None
    session.add(LtiScore(submission_id=hers, link_id=link.id, student=GONE, score_sent=100.0, state="sent"))
    launch = {"sub": SUB, "name": NAME, "student": GONE}
    session.add(LtiValue(key="launch-1", value=json.dumps(launch), expires_at=now() + timedelta(minutes=5)))
    course_id = session.scalar(select(Course.id).where(Course.slug == COURSE))
    session.add(RosterMember(course_id=course_id, student=GONE, name=NAME))


def _traces(db: Database, needles: list[str], student_row: int) -> list[str]:
    """Every cell of every table (the registry's) that holds a needle, or her students.id."""
    found = []
    with db.reading() as session:
        for table in metadata().sorted_tables:
            for row in session.execute(select(table)).mappings():
                for column, value in row.items():
                    text = str(value)
                    if any(needle in text for needle in needles):
                        found.append(f"{table.name}.{column}")
                    if column == "student_id" and value == student_row:
                        found.append(f"{table.name}.{column} = {student_row}")
    return found


def _files_holding(folder: Path, needles: list[str]) -> list[str]:
    return [
        str(path)
        for path in folder.rglob("*")
        if path.is_file() and any(needle.encode() in path.read_bytes() for needle in needles)
    ]


@pytest.fixture
def course_with_two_students(client: TestClient, key: CreatedKey, settings: Settings, db: Database) -> int:
    """Sofía: two graded attempts, one refused by the course's limit, an extension, an LMS's
    rows; Tomás: one graded attempt. Answers her students.id."""
    limit = client.put(
        f"/v1/courses/{COURSE}/policies/layer_norm", json={"max_attempts": 2}, headers=auth(key)
    )
    assert limit.status_code == 200, limit.text
    for wrong in (True, False):
        assert _post(client, key, GONE, _code(settings, wrong)).json()["status"] == "done"
    assert _post(client, key, GONE, _code(settings, False)).status_code == 429  # kept, not graded
    assert _post(client, key, KEPT, _code(settings, True).replace(MARK, "tomas")).json()["status"] == "done"
    extension = {"student": GONE, "challenge": "layer_norm", "due_at": "2026-12-31T23:59:00+01:00"}
    assert (
        client.put(f"/v1/courses/{COURSE}/extensions", json=extension, headers=auth(key)).status_code == 200
    )
    with db.transaction() as session:
        _lms_rows(session, key)
    with db.reading() as session:
        row = session.scalar(select(Student.id).where(Student.external_id == GONE))
    assert row is not None
    return row


def test_the_export_holds_everything_kept_about_the_student(
    client: TestClient, key: CreatedKey, course_with_two_students: int
) -> None:
    answer = client.get(f"/v1/courses/{COURSE}/students/{GONE}/data", headers=auth(key))
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert (data["course"], data["student"]) == (COURSE, GONE)
    assert len(data["submissions"]) == 2
    assert all(MARK in s["code"] and s["results"] for s in data["submissions"])
    assert sorted(s["results"][0]["score"] for s in data["submissions"]) == sorted(
        s["score"] for s in data["submissions"]
    )
    assert [r["reason"] for r in data["refused_attempts"]] == ["max_attempts"]
    assert [e["challenge"] for e in data["due_extensions"]] == ["layer_norm"]
    assert [r["name"] for r in data["roster"]] == [NAME]
    assert [i["sub"] for i in data["lti_identities"]] == [SUB]
    assert [s["score_sent"] for s in data["lti_scores"]] == [100.0]
    assert KEPT not in answer.text
    other = client.get(f"/v1/courses/{COURSE}/students/nobody-here/data", headers=auth(key))
    assert other.status_code == 404


def test_forget_leaves_no_trace_of_the_student_in_any_table_or_cache(
    client: TestClient, key: CreatedKey, settings: Settings, db: Database, course_with_two_students: int
) -> None:
    similar = client.get(
        f"/v1/courses/{COURSE}/similar", params={"challenge": "layer_norm"}, headers=auth(key)
    )
    assert similar.status_code == 200, similar.text
    assert similar_views.held_everywhere() > 0  # the view made of her programs' prints, in memory
    needles = [GONE, SUB, NAME, MARK]
    assert _traces(db, needles, course_with_two_students)  # the scan sees what is there

    erased = client.delete(f"/v1/courses/{COURSE}/students/{GONE}", headers=auth(key))
    assert erased.status_code == 200, erased.text
    counts = {
        k: erased.json()[k] for k in ("submissions", "refused_attempts", "roster_rows", "lti_identities")
    }
    assert counts == {"submissions": 2, "refused_attempts": 1, "roster_rows": 1, "lti_identities": 1}

    assert _traces(db, needles, course_with_two_students) == []
    assert similar_views.held_everywhere() == 0
    assert _files_holding(settings.cache_dir, needles) == []  # the error models' runs: the challenge's only
    with db.reading() as session:
        record = session.scalars(select(Erasure)).one()
        assert (record.kind, record.submissions, record.refused_attempts) == ("request", 2, 1)
        assert session.scalars(select(AggChallenge.tried)).all() == [1]  # Tomás alone, recomputed
    assert client.get(f"/v1/courses/{COURSE}/students/{GONE}/data", headers=auth(key)).status_code == 404
    listed = client.get("/v1/submissions", params={"course": COURSE}, headers=auth(key)).json()["items"]
    assert [item["student"] for item in listed] == [KEPT]


def test_the_command_line_exports_and_forgets_the_same(
    client: TestClient, key: CreatedKey, settings: Settings, db: Database, course_with_two_students: int
) -> None:
    from typer.testing import CliRunner

    from service.cli.main import app
    from tests.backend import command_env

    runner, env = CliRunner(), command_env(settings)
    asked = ["--course", COURSE, "--student", GONE]
    exported = runner.invoke(app, ["students", "export", *asked], env=env)
    assert exported.exit_code == 0, exported.output
    document = json.loads(exported.stdout)
    api = client.get(f"/v1/courses/{COURSE}/students/{GONE}/data", headers=auth(key)).json()
    assert {k: v for k, v in document.items() if k != "exported_at"} == {
        k: v for k, v in api.items() if k != "exported_at"
    }
    refused = runner.invoke(app, ["students", "forget", *asked], env=env, input="n\n")
    assert refused.exit_code == 1
    assert _traces(db, [MARK], course_with_two_students)  # nothing erased without a yes
    forgot = runner.invoke(app, ["students", "forget", *asked, "--yes"], env=env)
    assert forgot.exit_code == 0, forgot.output
    assert _traces(db, [GONE, SUB, NAME, MARK], course_with_two_students) == []
    again = runner.invoke(app, ["students", "export", *asked], env=env)
    assert again.exit_code == 1
    assert "knows no student" in again.stderr


def test_an_erasure_by_another_process_empties_this_ones_similar_views(db: Database, key: CreatedKey) -> None:
    from service.privacy.forget import ErasureWatch

    watch = ErasureWatch()
    with db.reading() as session:
        assert not watch.look(session)  # the first look only notes where the records are
    views = similar_views.SimilarViews()
    views.cache.put(
        ((1, COURSE, "layer_norm", 1, "best"), (1, None)), similar_views.View(Report(groups=[[MARK]]), False)
    )
    assert similar_views.held_everywhere() > 0
    with db.transaction() as session:
        session.add(Erasure(kind="request", asked_by="command line"))
    with db.reading() as session:
        assert watch.look(session)
        assert not watch.look(session)
    assert similar_views.held_everywhere() == 0
