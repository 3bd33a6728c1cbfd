"""Student and course ids: look-alikes refused or merged, every valid id reachable by its link (15.6, 15.9)."""

from __future__ import annotations

import html
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from service.submissions.keys import CreatedKey
from tests.backend import KeyMaker
from tests.security.conftest import Instructor, auth, links, log_in, post

PAYLOAD = {"challenge": "layer_norm", "code": "x = 1\n"}
LOOK_ALIKES = {
    "zero-width space": "carol\u200b",
    "zero-width joiner": "ca\u200drol",
    "right-to-left override": "\u202elorac",
    "carriage return and line feed": "carol\r\n",
    "line feed": "car\nol",
    "tab": "car\tol",
    "escape": "carol\x1b[2J",
    "byte order mark": "\ufeffcarol",
    "leading space": " carol",
    "trailing space": "carol ",
}


@pytest.mark.parametrize("field", ["student", "course"])
@pytest.mark.parametrize("kind", list(LOOK_ALIKES))
def test_ids_with_invisible_or_control_characters_are_refused(
    client: TestClient, key: CreatedKey, field: str, kind: str
) -> None:
    body = {**PAYLOAD, "student": "s", "course": "c", field: LOOK_ALIKES[kind]}
    answer = client.post("/v1/submissions", json=body, headers=auth(key))
    assert answer.status_code == 422, answer.text
    [error] = answer.json()["detail"]
    assert error["loc"] == ["body", field]
    assert "character" in error["msg"] or "space" in error["msg"]
    assert client.get("/v1/submissions", headers=auth(key)).json()["items"] == []


def test_composed_and_decomposed_spellings_are_one_student(client: TestClient, key: CreatedKey) -> None:
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    first = post(client, key, "curso", decomposed)
    post(client, key, "curso", composed)
    assert first["student"] == composed
    listed = client.get("/v1/submissions", params={"student": decomposed}, headers=auth(key)).json()
    assert [item["student"] for item in listed["items"]] == [composed, composed]


@pytest.mark.parametrize("dots", [".", ".."])
def test_dot_segments_are_not_ids(client: TestClient, key: CreatedKey, dots: str) -> None:
    for field in ("student", "course"):
        body = {**PAYLOAD, "student": "s", "course": "c", field: dots}
        answer = client.post("/v1/submissions", json=body, headers=auth(key))
        assert answer.status_code == 422, (field, answer.text)


def test_a_course_name_cannot_contain_a_slash(client: TestClient, key: CreatedKey) -> None:
    answer = client.post(
        "/v1/submissions", json={**PAYLOAD, "student": "s", "course": "2026/spring"}, headers=auth(key)
    )
    assert answer.status_code == 422
    assert "/" in answer.json()["detail"][0]["msg"]


URL_SENSITIVE = ["group/7", "a/../b", "who?me=1", "tag#2", "100% sure", "dots..", "a+b c", "ñandú", "x%2Fy"]


def test_every_student_of_the_list_opens_by_its_link(
    served: httpx.Client, instructor: Instructor, new_key: KeyMaker
) -> None:
    client = served
    platform = new_key("uni", ["ids"])
    for student in URL_SENSITIVE:
        post(client, platform, "ids", student)
    instructor("prof@uni.example", "a-long-password", "ids")
    log_in(client, "prof@uni.example", "a-long-password")
    page = client.get("/dashboard/courses/ids/students")
    assert page.status_code == 200, page.text
    found = links(page.text)
    for student in URL_SENSITIVE:
        href = urlsplit(found[student]).path  # the path as sent: still percent-encoded
        assert href.startswith("/dashboard/courses/ids/students/"), (student, href)
        assert href.count("/") == 5, (student, href)  # the id is one segment
        opened = client.get(href)
        assert opened.status_code == 200, (student, href)
        assert html.escape(student) in opened.text, (student, href)


def test_a_browser_follows_each_students_link_to_that_student(
    served: httpx.Client, browser: Browser, instructor: Instructor, new_key: KeyMaker
) -> None:
    """Chromium, not an HTTP client, resolves the links: dot segments, `#`, `?` and `%` as a browser does."""
    platform = new_key("uni", ["ids"])
    for student in URL_SENSITIVE:
        post(served, platform, "ids", student)
    instructor("prof@uni.example", "a-long-password", "ids")
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{served.base_url}/dashboard/login")
    page.get_by_label("Email").fill("prof@uni.example")
    page.get_by_label("Password").fill("a-long-password")
    page.get_by_role("button", name="Log in").click()
    for student in URL_SENSITIVE:
        page.goto(f"{served.base_url}/dashboard/courses/ids/students")
        page.get_by_role("link", name=student, exact=True).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(f"{student} in ids")
    context.close()


NUL_REQUESTS = [
    ("GET", "/v1/submissions/ab%00cd", ("path", "submission_id")),
    ("GET", "/v1/submissions/ab%00cd/feedback.html", ("path", "submission_id")),
    ("GET", "/v1/submissions?student=a%00b", ("query", "student")),
    ("GET", "/v1/submissions?course=c%00", ("query", "course")),
    ("GET", "/v1/challenges/layer%00norm", ("path", "challenge_id")),
    ("GET", "/v1/challenges?lang=e%00s", ("query", "lang")),
    ("GET", "/v1/courses/c%00/policies", ("path", "course")),
    ("GET", "/v1/courses/c%00/extensions", ("path", "course")),
    ("GET", "/v1/courses/c%00/roster", ("path", "course")),
    ("GET", "/v1/courses/c%00/similar", ("path", "course")),
    ("GET", "/v1/courses/c%00/feedback-effect", ("path", "course")),
    ("PUT", "/v1/courses/c%00/policies/layer_norm", ("path", "course")),
]


@pytest.mark.parametrize(("method", "url", "where"), NUL_REQUESTS)
def test_a_nul_byte_in_a_path_or_query_parameter_is_refused_by_name(
    client: TestClient, key: CreatedKey, method: str, url: str, where: tuple[str, str]
) -> None:
    """PostgreSQL refuses a NUL in text: unchecked, it reached the database as a 500 or a 503."""
    answer = client.request(method, url, headers=auth(key), json={} if method == "PUT" else None)
    assert answer.status_code == 422, answer.text
    [error] = answer.json()["detail"]
    assert tuple(error["loc"]) == where
    assert "NUL" in error["msg"]


@pytest.mark.parametrize(
    "path",
    [
        "/dashboard/courses/c%00",
        "/dashboard/courses/ids/students/a%00b",
        "/dashboard/courses/c%00/gradebook.csv",
    ],
)
def test_a_nul_byte_in_a_dashboard_link_is_a_refusal_not_a_failure(
    served: httpx.Client, instructor: Instructor, new_key: KeyMaker, path: str
) -> None:
    new_key("uni", ["ids"])
    instructor("prof@uni.example", "a-long-password", "ids")
    log_in(served, "prof@uni.example", "a-long-password")
    answer = served.get(path)
    assert answer.status_code == 422, answer.text
