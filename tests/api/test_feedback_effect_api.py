"""`GET /v1/courses/{course}/feedback-effect` with a real worker: a student shown a diagnosis and
a lesson step, whose next attempt has neither, counts as gone at the next attempt; the figures go
to the course's own platform only, within the key's courses."""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker, auth
from tests.conftest import ROOT, catalogue

FIXED = (ROOT / "tests" / "corpora" / "layer_norm" / "solutions" / "loops.py").read_text()
DIAGNOSED = (catalogue("layer_norm") / "batch_norm.py").read_text()
LOCALISED = (catalogue("layer_norm") / "l2_norm.py").read_text()


def _graded(client: TestClient, key: CreatedKey, student: str, code: str) -> dict[str, object]:
    body = {"challenge": "layer_norm", "code": code, "student": student, "course": "c-effect"}
    answer = client.post("/v1/submissions?wait=30", json=body, headers=auth(key))
    assert answer.status_code == 200, answer.text
    result: dict[str, object] = answer.json()["result"]
    return result


def test_what_the_students_shown_a_message_did_next(
    client: TestClient, key: CreatedKey, new_key: KeyMaker
) -> None:
    diagnosed = _graded(client, key, "ana", DIAGNOSED)
    localised = _graded(client, key, "ben", LOCALISED)
    _graded(client, key, "ana", FIXED)
    _graded(client, key, "ben", LOCALISED)  # the same code again: the step is still there
    got = client.get("/v1/courses/c-effect/feedback-effect?challenge=layer_norm", headers=auth(key))
    assert got.status_code == 200, got.text
    assert (got.json()["course"], got.json()["challenge"]) == ("c-effect", "layer_norm")
    found = {(m["kind"], m["id"]): m for m in got.json()["messages"]}
    diagnosis = diagnosed["diagnoses"][0]["id"]  # type: ignore[index]
    step = localised["localisation"]["step"]  # type: ignore[index]
    assert step
    assert found[("diagnosis", diagnosis)] == {
        "challenge": "layer_norm",
        "kind": "diagnosis",
        "id": diagnosis,
        "shown_to": 1,
        "tried_again": 1,
        "gone_at_next_attempt": 1,
        "gone_at_next_attempt_share": 1.0,
        "gone": 1,
        "median_attempts_until_gone": 1.0,
        "median_seconds_until_gone": found[("diagnosis", diagnosis)]["median_seconds_until_gone"],
    }
    assert found[("diagnosis", diagnosis)]["median_seconds_until_gone"] > 0
    stuck = found[("step", step)]
    assert (stuck["shown_to"], stuck["tried_again"], stuck["gone_at_next_attempt"], stuck["gone"]) == (
        1,
        1,
        0,
        0,
    )
    assert (stuck["gone_at_next_attempt_share"], stuck["median_attempts_until_gone"]) == (0.0, None)
    whole = client.get("/v1/courses/c-effect/feedback-effect", headers=auth(key)).json()
    assert whole["challenge"] is None
    assert whole["messages"] == got.json()["messages"]

    other = new_key("platform-b")
    assert client.get("/v1/courses/c-effect/feedback-effect", headers=auth(other)).json()["messages"] == []
    scoped = new_key("platform-a", ["another-course"])
    assert client.get("/v1/courses/c-effect/feedback-effect", headers=auth(scoped)).status_code == 403
    unknown = client.get("/v1/courses/c-effect/feedback-effect?challenge=nope", headers=auth(key))
    assert unknown.status_code == 422
    assert "unknown challenge 'nope'" in unknown.text
    assert client.get("/v1/courses/c-effect/feedback-effect").status_code == 401
