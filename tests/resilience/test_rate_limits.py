"""Rate limits per key and per student: 429 with Retry-After, shared through Redis, never a 500."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from service.core.counting import LocalCounts, RedisCounts
from service.submissions import rate_limits
from tests.backend import KeyMaker
from tests.resilience.stack import REFERENCE, Stack, auth, body

# Every request of a test counts at one moment, the middle of a window: none crosses a window's end.
MOMENT = (time.time() // rate_limits.WINDOW_SECONDS + 0.5) * rate_limits.WINDOW_SECONDS


def _limited_app(stack: Stack) -> FastAPI:
    """The API with 5 submissions a minute per key and 3 per student, on the stack's Redis."""
    from service.api.app import create_app

    settings = stack.settings.model_copy(
        update={"rate_per_key_per_minute": 5, "rate_per_student_per_minute": 3}
    )
    app = create_app(settings)
    app.state.limits = dataclasses.replace(app.state.limits, clock=lambda: MOMENT)
    return app


@pytest.fixture
def limited(stack: Stack) -> Iterator[TestClient]:
    with TestClient(_limited_app(stack)) as client:
        yield client


def _post(client: TestClient, headers: dict[str, str], student: str) -> int:
    return client.post("/v1/submissions", json=body(REFERENCE, student=student), headers=headers).status_code


def test_one_students_loop_is_limited_and_the_class_goes_on(limited: TestClient, new_key: KeyMaker) -> None:
    headers = auth(new_key())
    assert [_post(limited, headers, "ana") for _ in range(3)] == [202] * 3
    refused = limited.post("/v1/submissions", json=body(REFERENCE, student="ana"), headers=headers)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= rate_limits.WINDOW_SECONDS
    assert "student" in refused.json()["detail"]
    assert _post(limited, headers, "bea") == 202


def test_one_key_is_limited_and_another_key_is_not(limited: TestClient, new_key: KeyMaker) -> None:
    first, second = auth(new_key("platform-a")), auth(new_key("platform-b"))
    assert [_post(limited, first, f"s{i}") for i in range(5)] == [202] * 5
    assert _post(limited, first, "s5") == 429
    assert _post(limited, second, "s5") == 202


def test_limits_are_shared_by_api_processes_through_redis(
    stack: Stack, limited: TestClient, new_key: KeyMaker
) -> None:
    headers = auth(new_key())
    assert [_post(limited, headers, "ana") for _ in range(2)] == [202] * 2
    with TestClient(_limited_app(stack)) as other:  # as another process: a counter of its own, the same Redis
        assert _post(other, headers, "ana") == 202
        assert _post(other, headers, "ana") == 429


def test_deployments_sharing_a_redis_count_apart(limited: TestClient, new_key: KeyMaker) -> None:
    headers = auth(new_key())  # every test's database numbers its first key 1: the same ids
    assert [_post(limited, headers, f"s{i}") for i in range(5)] == [202] * 5


def test_without_redis_limits_are_counted_in_the_process() -> None:
    counter = LocalCounts()
    limits = [rate_limits.Limit("this student", "student:x", 2)]
    assert rate_limits.enforce(counter, limits, moment=120.0) == rate_limits.Standing(2, 1, 60)
    assert rate_limits.enforce(counter, limits, moment=150.0) == rate_limits.Standing(2, 0, 30)
    with pytest.raises(rate_limits.RateLimited) as refused:
        rate_limits.enforce(counter, limits, moment=170.5)
    assert refused.value.status_code == 429
    assert refused.value.headers == {
        "Retry-After": "10",
        "RateLimit-Limit": "2",
        "RateLimit-Remaining": "0",
        "RateLimit-Reset": "10",
    }
    rate_limits.enforce(counter, limits, moment=180.0)  # a new minute


def test_the_closest_limit_is_the_one_with_the_fewest_left() -> None:
    counter = LocalCounts()
    limits = [
        rate_limits.Limit("this API key", "key:1", 100),
        rate_limits.Limit("this student", "student:y", 3),
    ]
    assert rate_limits.enforce(counter, limits, moment=61.0) == rate_limits.Standing(3, 2, 59)


def test_a_redis_outage_falls_back_to_counting_in_the_process() -> None:
    counter = RedisCounts("redis://127.0.0.1:1/0")  # nothing listens there
    limits = [rate_limits.Limit("this API key", "key:1", 1)]
    rate_limits.enforce(counter, limits, moment=60.0)
    with pytest.raises(rate_limits.RateLimited):
        rate_limits.enforce(counter, limits, moment=61.0)
