"""The feedback fragment for platforms that keep their own page, and the signed-link API's refusals."""

from __future__ import annotations

import httpx

from tests.dashboard.site import Site
from tests.students.conftest import student_link

PRINTS_MARKUP = (
    "import numpy as np\n"
    'print("<script>alert(1)</script>")\n\n'
    "def layer_norm(X, gamma, beta, eps=1e-5):\n"
    "    return X\n"
)


def test_the_fragment_is_the_escaped_feedback_with_its_stylesheet_and_no_script(site: Site) -> None:
    graded = site.submit("c1", "frida", "layer_norm", PRINTS_MARKUP)
    headers = {"Authorization": f"Bearer {site.key}"}
    answer = httpx.get(
        f"{site.base}/v1/submissions/{graded['id']}/feedback.html", headers=headers, timeout=30
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/html")
    html = answer.text
    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # what the code printed, escaped
    assert "<style>" in html
    assert ".ag-feedback" in html
    assert 'class="ag-tests"' in html
    assert "Tests" in html
    spanish = httpx.get(
        f"{site.base}/v1/submissions/{graded['id']}/feedback.html",
        params={"lang": "es"},
        headers=headers,
        timeout=30,
    )
    assert "Pruebas" in spanish.text


def test_the_fragment_of_an_unknown_submission_or_without_a_key_is_refused(site: Site) -> None:
    headers = {"Authorization": f"Bearer {site.key}"}
    missing = httpx.get(f"{site.base}/v1/submissions/{'0' * 32}/feedback.html", headers=headers, timeout=30)
    assert missing.status_code == 404
    anonymous = httpx.get(f"{site.base}/v1/submissions/{'0' * 32}/feedback.html", timeout=30)
    assert anonymous.status_code == 401


def test_the_link_api_refuses_what_it_cannot_grant(site: Site) -> None:
    narrowed = site.run("keys", "create", "--name", "platform", "--course", "c1").splitlines()[-1]
    headers = {"Authorization": f"Bearer {narrowed}"}
    body = {"course": "c2", "student": "ana", "challenge": "layer_norm"}
    other_course = httpx.post(f"{site.base}/v1/student-links", json=body, headers=headers, timeout=30)
    assert other_course.status_code == 403
    assert student_link(site, challenge="no_such_challenge").status_code == 422
    assert student_link(site, frame_origin="https://lms.example.org/path").status_code == 422
    assert student_link(site, expires_in=10).status_code == 422
    no_key = httpx.post(f"{site.base}/v1/student-links", json=body, timeout=30)
    assert no_key.status_code == 401


def test_a_link_framed_by_one_platform_names_only_that_platform_as_frame_ancestor(site: Site) -> None:
    url = student_link(site, frame_origin="https://lms.example.org").json()["url"]
    page = httpx.get(url, timeout=30)
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "frame-ancestors 'self' https://lms.example.org" in policy
    assert "script-src 'self';" in policy
    assert page.headers["referrer-policy"] == "no-referrer"
