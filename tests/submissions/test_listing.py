"""The filtered, paginated list of a platform's submissions, and the challenges."""

from __future__ import annotations

from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import auth

CODE = "def layer_norm(X, gamma, beta, eps=1e-5):\n    return X\n"


def submit(
    client: TestClient, key: CreatedKey, student: str, course: str, challenge: str = "layer_norm"
) -> str:
    payload = {"challenge": challenge, "code": CODE, "student": student, "course": course}
    response = client.post("/v1/submissions", json=payload, headers=auth(key))
    assert response.status_code in (200, 202), response.text
    return str(response.json()["id"])


def test_list_filters_by_course_student_and_challenge(client: TestClient, key: CreatedKey) -> None:
    ana_a = submit(client, key, "ana", "a")
    submit(client, key, "bea", "a")
    ana_b = submit(client, key, "ana", "b", "bloque")

    def ids(query: str) -> set[str]:
        response = client.get(f"/v1/submissions?{query}", headers=auth(key))
        assert response.status_code == 200
        return {item["id"] for item in response.json()["items"]}

    assert len(ids("")) == 3
    assert ids("student=ana") == {ana_a, ana_b}
    assert ids("course=a&student=ana") == {ana_a}
    assert ids("challenge=bloque") == {ana_b}
    assert ids("course=nope") == set()


def test_list_pages_newest_first_without_gaps_or_repeats(client: TestClient, key: CreatedKey) -> None:
    made = [submit(client, key, f"s{i}", "a") for i in range(7)]
    seen: list[str] = []
    cursor = None
    while True:
        query = "limit=3" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(f"/v1/submissions?{query}", headers=auth(key)).json()
        assert len(page["items"]) <= 3
        seen += [item["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert sorted(seen) == sorted(made)
    assert len(seen) == len(set(seen))
    created = [
        item["created_at"] for item in client.get("/v1/submissions", headers=auth(key)).json()["items"]
    ]
    assert created == sorted(created, reverse=True)


def test_bad_cursor_and_limit_are_422(client: TestClient, key: CreatedKey) -> None:
    assert client.get("/v1/submissions?cursor=%%%", headers=auth(key)).status_code == 422
    assert client.get("/v1/submissions?limit=0", headers=auth(key)).status_code == 422
    assert client.get("/v1/submissions?limit=101", headers=auth(key)).status_code == 422


def test_challenges_list_and_statement_by_language(client: TestClient) -> None:
    listed = client.get("/v1/challenges").json()
    by_id = {c["id"]: c for c in listed}
    assert "layer_norm" in by_id
    assert by_id["layer_norm"]["functions"][0]["name"] == "layer_norm"
    spanish = client.get("/v1/challenges/layer_norm").json()
    english = client.get("/v1/challenges/layer_norm?lang=en").json()
    assert spanish["lang"] == "es"
    assert english["lang"] == "en"
    assert spanish["statement"] != english["statement"]
    assert english["statement"]
    assert english["functions"][0]["signature"].startswith("layer_norm(")
    assert client.get("/v1/challenges/nope").status_code == 404
    assert client.get("/v1/challenges/layer_norm?lang=fr").status_code == 422
