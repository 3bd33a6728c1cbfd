"""An Idempotency-Key answers only the request that first used it: the same key sent with another
body is a 422 that says so, and the first submission stays as it was.

Before, a `bloque` body under a key first used for `layer_norm` got the `layer_norm` submission
(and, once graded, its result) with a 200, as if it were the answer to the `bloque` code."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import auth
from tests.security.conftest import CODE

pytestmark = pytest.mark.slow
LAYER_NORM = {"challenge": "layer_norm", "code": CODE, "student": "ana", "course": "c1"}
BLOQUE = {"challenge": "bloque", "code": "def bloque(x):\n    return x\n", "student": "ana", "course": "c1"}


def _post(
    client: TestClient, key: CreatedKey, body: dict[str, str], idempotency_key: str
) -> tuple[int, dict[str, Any]]:
    answer = client.post(
        "/v1/submissions", json=body, headers=auth(key) | {"Idempotency-Key": idempotency_key}
    )
    return answer.status_code, answer.json()


@pytest.mark.parametrize(
    "other",
    [
        BLOQUE,
        {**LAYER_NORM, "code": CODE + "# another attempt\n"},
        {**LAYER_NORM, "student": "ben"},
        {**LAYER_NORM, "lang": "en"},
        {**LAYER_NORM, "callback_url": "https://93.184.215.14/hook"},
    ],
)
def test_the_same_key_with_another_body_is_refused_and_the_first_submission_kept(
    client: TestClient, key: CreatedKey, other: dict[str, str]
) -> None:
    status, first = _post(client, key, LAYER_NORM, "attempt-1")
    assert status == 202, first
    status, refused = _post(client, key, other, "attempt-1")
    assert status == 422, refused
    assert "Idempotency-Key" in refused["detail"]
    assert "different request body" in refused["detail"]
    assert first["id"] not in str(refused)
    listed = client.get("/v1/submissions", headers=auth(key)).json()["items"]
    assert [(s["id"], s["challenge"], s["student"]) for s in listed] == [(first["id"], "layer_norm", "ana")]


def test_the_same_key_with_the_same_request_still_answers_the_first_submission(
    client: TestClient, key: CreatedKey
) -> None:
    _, first = _post(client, key, LAYER_NORM, "attempt-2")
    for again in (LAYER_NORM, {**LAYER_NORM, "lang": "es"}):  # "es" is what an omitted lang means
        status, answered = _post(client, key, again, "attempt-2")
        assert status in (200, 202), answered
        assert answered["id"] == first["id"]
