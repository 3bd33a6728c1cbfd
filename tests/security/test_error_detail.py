"""A body with tens of thousands of unknown keys gets a short 422, not one error per key."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from service.submissions.keys import CreatedKey
from tests.backend import auth

pytestmark = pytest.mark.slow


def test_the_422_lists_a_few_errors_and_counts_the_rest(client: TestClient, key: CreatedKey) -> None:
    body = {f"k{n}": 0 for n in range(80_000)}
    answer = client.post("/v1/submissions", json=body, headers=auth(key))
    assert answer.status_code == 422
    assert len(answer.content) < 8192, len(answer.content)
    detail = answer.json()["detail"]
    assert 1 <= len(detail) <= 21
    assert "more errors" in detail[-1]["msg"]
    assert detail[0]["type"] in ("missing", "extra_forbidden")
