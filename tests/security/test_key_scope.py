"""A key limited to some courses reads only those courses, as it writes only to them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.backend import KeyMaker
from tests.security.conftest import auth, post


def test_a_limited_key_cannot_read_a_submission_of_another_course(
    client: TestClient, new_key: KeyMaker
) -> None:
    limited, other = new_key("uni", ["c1"]), new_key("uni", ["c2"])
    theirs = post(client, other, "c2", "ana")["id"]
    mine = post(client, limited, "c1", "ben")["id"]
    assert client.get(f"/v1/submissions/{theirs}", headers=auth(limited)).status_code == 404
    assert (
        client.get(f"/v1/submissions/{theirs}", params={"wait": 1}, headers=auth(limited)).status_code == 404
    )
    assert client.get(f"/v1/submissions/{mine}", headers=auth(limited)).status_code in (200, 202)


def test_a_limited_key_cannot_list_another_course(client: TestClient, new_key: KeyMaker) -> None:
    limited, whole = new_key("uni", ["c1"]), new_key("uni")
    post(client, whole, "c2", "ana")
    mine = post(client, limited, "c1", "ben")["id"]
    refused = client.get("/v1/submissions", params={"course": "c2"}, headers=auth(limited))
    assert refused.status_code == 403
    assert "c2" in refused.json()["detail"]
    unfiltered = client.get("/v1/submissions", headers=auth(limited)).json()["items"]
    assert [item["id"] for item in unfiltered] == [mine]
    by_student = client.get("/v1/submissions", params={"student": "ana"}, headers=auth(limited))
    assert by_student.json()["items"] == []
    assert len(client.get("/v1/submissions", headers=auth(whole)).json()["items"]) == 2


def test_an_idempotency_key_reused_in_another_course_does_not_answer_the_first_submission(
    client: TestClient,
    new_key: KeyMaker,
) -> None:
    limited, other = new_key("uni", ["c1"]), new_key("uni", ["c2"])
    theirs = post(client, other, "c2", "ana", idempotency_key="attempt-7")
    payload = {"challenge": "layer_norm", "code": "x = 1\n", "student": "ben", "course": "c1"}
    replay = client.post(
        "/v1/submissions", json=payload, headers=auth(limited) | {"Idempotency-Key": "attempt-7"}
    )
    assert replay.status_code == 409, replay.text
    assert str(theirs["id"]) not in replay.text
    assert "ana" not in replay.text
    assert "Idempotency-Key" in replay.json()["detail"]


def test_the_same_idempotency_key_in_the_same_course_still_answers_the_same_submission(
    client: TestClient,
    new_key: KeyMaker,
) -> None:
    first, second = new_key("uni", ["c1"]), new_key("uni", ["c1", "c2"])
    original = post(client, first, "c1", "ana", idempotency_key="attempt-8")
    again = post(client, second, "c1", "ana", idempotency_key="attempt-8")
    assert again["id"] == original["id"]
