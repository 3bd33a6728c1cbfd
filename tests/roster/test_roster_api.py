"""The roster over the API with a real worker: a course's learners as its LMS listed them beside
their best per challenge, only to its own platform; a course no LMS offered has none to ask for
(tests/lti/test_roster.py reads one from the test LMS end to end)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.policies import store
from service.roster import store as roster_store
from service.storage.db import Database
from service.storage.tables import ApiKey
from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker, auth
from tests.policies.test_limits import body


def _listed(db: Database, key: CreatedKey, course: str, *students: str) -> None:
    """The roster an LMS launch would have brought, stored as the worker stores it."""
    with db.transaction() as session:
        platform_id = session.get_one(ApiKey, key.key_id).platform_id
        course_id = store.course_id(session, platform_id, course)
        roster_store.ask(session, course_id)
        members = {s: roster_store.Member(s, s.title(), "active") for s in students}
        roster_store.store_listing(session, course_id, roster_store.Listing(members, 0))


def test_a_course_no_lms_offered_has_no_roster_to_ask_for(client: TestClient, key: CreatedKey) -> None:
    got = client.get("/v1/courses/c-plain/roster", headers=auth(key))
    assert got.status_code == 200, got.text
    assert (got.json()["offered"], got.json()["members"]) == (False, [])
    asked = client.post("/v1/courses/c-plain/roster/refresh", headers=auth(key))
    assert asked.status_code == 404
    assert "launch it from one first" in asked.json()["detail"]


def test_every_learner_is_listed_with_their_best_and_only_to_their_platform(
    client: TestClient, key: CreatedKey, db: Database, new_key: KeyMaker
) -> None:
    _listed(db, key, "c-roster", "ana", "ben")
    graded = client.post("/v1/submissions?wait=30", json=body("c-roster"), headers=auth(key))
    assert graded.status_code == 200, graded.text
    got = client.get("/v1/courses/c-roster/roster", headers=auth(key)).json()
    assert got["offered"] is True
    assert [(m["student"], m["name"], m["best"]) for m in got["members"]] == [
        ("ana", "Ana", {"layer_norm": graded.json()["result"]["score"]}),
        ("ben", "Ben", {}),  # never submitted: still on the roster
    ]
    other = new_key("platform-b")
    assert client.get("/v1/courses/c-roster/roster", headers=auth(other)).json()["members"] == []
    assert client.post("/v1/courses/c-roster/roster/refresh", headers=auth(other)).status_code == 404
    asked = client.post("/v1/courses/c-roster/roster/refresh", headers=auth(key))
    assert asked.status_code == 202, asked.text
    assert asked.json()["requested_at"] >= got["requested_at"]


def test_a_list_read_again_replaces_the_last_one(client: TestClient, key: CreatedKey, db: Database) -> None:
    _listed(db, key, "c-again", "ana", "ben")
    _listed(db, key, "c-again", "ben", "cai")
    got = client.get("/v1/courses/c-again/roster", headers=auth(key)).json()
    assert [m["student"] for m in got["members"]] == ["ben", "cai"]
