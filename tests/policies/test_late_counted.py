"""A late attempt says what it counts for wherever a platform reads it: the Submission the API
answers (queued, waited for, read, listed) and the webhook carry `late`, `days_late` and
`counted_score`, from the same late policy the LMS passback follows; `result.score` stays what the
code earned."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import auth
from tests.conftest import ROOT

CORRECT = (ROOT / "tests/corpora/layer_norm/solutions/class_based.py").read_text()


def _late_policy(client: TestClient, key: CreatedKey, course: str, **policy: object) -> None:
    due = datetime.now(UTC) - timedelta(hours=30)  # an attempt now is two started days late
    body = {"due_at": due.isoformat(), **policy}
    answer = client.put(f"/v1/courses/{course}/policies/layer_norm", json=body, headers=auth(key))
    assert answer.status_code == 200, answer.text


def _submit(client: TestClient, key: CreatedKey, course: str, student: str, wait: float) -> Any:
    body = {"challenge": "layer_norm", "code": CORRECT, "student": student, "course": course, "lang": "en"}
    return client.post("/v1/submissions", params={"wait": wait}, json=body, headers=auth(key))


def _counted(submission: dict[str, Any]) -> tuple[object, ...]:
    return submission["late"], submission["days_late"], submission["counted_score"]


def test_a_late_attempt_carries_its_penalty_queued_graded_read_and_listed(
    client: TestClient, key: CreatedKey
) -> None:
    _late_policy(client, key, "c-late", late_policy="penalty", late_penalty_percent=20)
    queued = _submit(client, key, "c-late", "ana", wait=0)
    assert queued.status_code == 202, queued.text
    assert _counted(queued.json()) == (True, 2, None)  # late from the start; counted once graded
    graded = client.get(f"/v1/submissions/{queued.json()['id']}", params={"wait": 20}, headers=auth(key))
    assert graded.status_code == 200, graded.text
    assert graded.json()["result"]["score"] == 100  # what the code earned
    assert _counted(graded.json()) == (True, 2, 60.0)  # 100 less two days' 20 %
    waited = _submit(client, key, "c-late", "ben", wait=20)
    assert waited.status_code == 200, waited.text
    assert _counted(waited.json()) == (True, 2, 60.0)  # the worker's own answer says it too
    listed = client.get("/v1/submissions", params={"course": "c-late"}, headers=auth(key)).json()["items"]
    assert [_counted(s) for s in listed] == [(True, 2, 60.0), (True, 2, 60.0)]


def test_an_extension_makes_it_on_time_and_best_on_time_counts_a_late_one_as_0(
    client: TestClient, key: CreatedKey
) -> None:
    _late_policy(client, key, "c-late2", late_policy="best_on_time")
    late = _submit(client, key, "c-late2", "ana", wait=20)
    assert _counted(late.json()) == (True, 2, 0.0)
    extension = {
        "student": "ana",
        "challenge": "*",
        "due_at": (datetime.now(UTC) + timedelta(days=1)).isoformat(),
    }
    assert client.put("/v1/courses/c-late2/extensions", json=extension, headers=auth(key)).status_code == 200
    read = client.get(f"/v1/submissions/{late.json()['id']}", headers=auth(key)).json()
    assert _counted(read) == (False, 0, 100.0)  # read again: their own due date now applies


def test_without_a_due_date_an_attempt_counts_its_score(client: TestClient, key: CreatedKey) -> None:
    answer = _submit(client, key, "c-on-time", "ana", wait=20)
    assert answer.status_code == 200, answer.text
    assert _counted(answer.json()) == (False, 0, 100.0)
