"""A platform owns its courses: nothing another platform sends reaches their instructors."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.backend import KeyMaker
from tests.security.conftest import Cli, Instructor, log_in, post

pytestmark = pytest.mark.usefixtures("clean")


def test_another_platform_posting_to_a_course_of_the_same_name_stays_out_of_its_instructors_view(
    client: TestClient,
    instructor: Instructor,
    new_key: KeyMaker,
) -> None:
    owner = new_key("uni-b", ["course-b"])
    instructor("prof@uni-b.example", "a-long-password", "course-b")  # one platform knows course-b
    evil = new_key("evil")  # a key without --course
    post(client, owner, "course-b", "bob")
    post(client, evil, "course-b", "carol")  # evil's own course-b, not uni-b's
    log_in(client, "prof@uni-b.example", "a-long-password")
    students = client.get("/dashboard/courses/course-b/students")
    assert students.status_code == 200
    assert "bob" in students.text
    assert "carol" not in students.text
    assert client.get("/dashboard/courses/course-b/students/carol").status_code == 404
    for export in ("gradebook.csv", "attempts.csv"):
        csv = client.get(f"/dashboard/courses/course-b/{export}")
        assert csv.status_code == 200, export
        assert "bob" in csv.text, export
        assert "carol" not in csv.text, export


def test_instructors_name_the_platform_when_two_have_a_course_of_that_name(
    client: TestClient, autograder: Cli, instructor: Instructor, new_key: KeyMaker
) -> None:
    uni_a, uni_b = new_key("uni-a"), new_key("uni-b")
    post(client, uni_a, "intro", "ana")
    post(client, uni_b, "intro", "ben")
    ambiguous = autograder("instructors", "create", "--email", "p@x.example", "--course", "intro")
    assert ambiguous.exit_code == 2
    assert "uni-a" in ambiguous.output
    assert "uni-b" in ambiguous.output
    assert "--platform" in ambiguous.output
    instructor("p@x.example", "a-long-password", "intro", platform="uni-b")
    log_in(client, "p@x.example", "a-long-password")
    students = client.get("/dashboard/courses/intro/students").text
    assert "ben" in students
    assert "ana" not in students


def test_an_unknown_platform_is_a_usage_error(client: TestClient, autograder: Cli, new_key: KeyMaker) -> None:
    new_key("uni-a")
    done = autograder(
        "instructors", "create", "--email", "p@x.example", "--course", "c", "--platform", "nope"
    )
    assert done.exit_code == 2
    assert "nope" in done.output


def test_one_instructor_may_hold_courses_of_two_platforms(
    client: TestClient, instructor: Instructor, new_key: KeyMaker
) -> None:
    uni_a, uni_b = new_key("uni-a"), new_key("uni-b")
    post(client, uni_a, "algebra", "ana")
    post(client, uni_b, "algebra", "ben")
    post(client, uni_b, "nlp", "carl")
    instructor("p@x.example", "a-long-password", "nlp", platform="uni-b")
    instructor("p@x.example", "a-long-password", "algebra", platform="uni-a")
    log_in(client, "p@x.example", "a-long-password")
    assert "carl" in client.get("/dashboard/courses/nlp/students").text
    algebra = client.get("/dashboard/courses/algebra/students").text
    assert "ana" in algebra
    assert "ben" not in algebra
