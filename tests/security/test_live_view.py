"""The live stream of a course's page renders only that course's live pages: a `view` that leaves
the course (a `..`, written plainly or with percent escapes) is refused, not fetched.

Before, `/dashboard/courses/c/live?view=/dashboard/courses/c/students/../../d` passed the check (it
starts with c's students' path) and the stream then rendered course d's page under course c's
change mark, for every browser that shared that view."""

from __future__ import annotations

import httpx
import pytest

from tests.backend import KeyMaker
from tests.security.conftest import Instructor, log_in, post

pytestmark = pytest.mark.slow
OWN = "/dashboard/courses/c"
LEAVING = [
    f"{OWN}/students/../../d",
    f"{OWN}/students/%2e%2e/%2e%2e/d",
    f"{OWN}/students/%2E%2E",
    f"{OWN}/./students",
    f"{OWN}/students/ana/../../../d",
    "//elsewhere/dashboard/courses/c",
    "http://elsewhere/dashboard/courses/c",
    "/dashboard/courses/d",
    f"{OWN}/activity",
]


def _opened(client: httpx.Client, view: str) -> tuple[int, str]:
    """The stream's status and its first bytes (a refusal's body, or the stream's greeting)."""
    with client.stream("GET", f"{OWN}/live", params={"view": view}) as answer:
        first = next(answer.iter_text(), "")
        return answer.status_code, first


@pytest.fixture
def instructor_of_two_courses(
    served: httpx.Client, instructor: Instructor, new_key: KeyMaker
) -> httpx.Client:
    platform = new_key("uni")
    post(served, platform, "c", "ana")
    post(served, platform, "d", "dora")
    instructor("prof@uni.example", "a-long-password", "c", "d")
    log_in(served, "prof@uni.example", "a-long-password")
    return served


@pytest.mark.parametrize("view", LEAVING)
def test_a_view_that_leaves_the_course_is_refused(instructor_of_two_courses: httpx.Client, view: str) -> None:
    status, body = _opened(instructor_of_two_courses, view)
    assert status == 422, body
    assert "not a live page of this course" in body


@pytest.mark.parametrize("view", [OWN, f"{OWN}?sort=best", f"{OWN}/students", f"{OWN}/students/ana"])
def test_the_course_s_own_live_pages_stream(instructor_of_two_courses: httpx.Client, view: str) -> None:
    status, body = _opened(instructor_of_two_courses, view)
    assert status == 200, body
    assert body.startswith(": live")
