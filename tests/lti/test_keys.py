"""The tool's keys: published at /lti/jwks, rotated from the command line with the previous key
still published, never printed or logged; and an LMS the tool does not know is refused at login."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.dashboard.site import Site
from tests.lti.conftest import student_frame
from tests.lti.platform import Link, Platform
from tests.lti.test_advantage import _deep_link
from tests.student_page import click_submit


def _kids(tool: Site) -> list[str]:
    answer = httpx.get(f"{tool.base}/lti/jwks", timeout=30)
    assert answer.status_code == 200
    keys = answer.json()["keys"]
    assert all(k["kty"] == "RSA" and k["alg"] == "RS256" and k["use"] == "sig" and "d" not in k for k in keys)
    return [k["kid"] for k in keys]


def test_rotation_publishes_the_new_key_beside_the_previous_one(
    tool: Site, lms: Platform, desktop: Page
) -> None:
    before = _kids(tool)
    first = tool.run("lti", "rotate-key").split()[-1]
    assert _kids(tool) == [first, before[0]]
    second = tool.run("lti", "rotate-key").split()[-1]
    assert _kids(tool) == [second, first]  # the one before the previous is retired
    link = _deep_link(lms, desktop)  # the LMS verifies the answer signed with the newest key
    assert link.custom["challenge"] == "layer_norm"


def test_no_private_key_is_printed_or_logged(tool: Site) -> None:
    printed = tool.run("lti", "rotate-key") + tool.run("lti", "platforms", "--json")
    assert "PRIVATE KEY" not in printed
    assert "PRIVATE KEY" not in tool.log()


def test_a_login_from_an_unknown_lms_is_refused_with_a_page(tool: Site) -> None:
    answer = httpx.get(
        f"{tool.base}/lti/login",
        params={
            "iss": "https://lms.invalid",
            "login_hint": "x",
            "target_link_uri": f"{tool.base}/lti/launch",
        },
        headers={"Accept-Language": "es"},
        timeout=30,
    )
    assert answer.status_code == 401
    assert 'data-reason="registration"' in answer.text
    assert "no está registrada" in answer.text
    assert "frame-ancestors 'self' http://localhost" in answer.headers["content-security-policy"]


def test_the_best_score_or_the_last_as_the_course_chooses(tool: Site, lms: Platform, desktop: Page) -> None:
    from tests.lti.test_advantage import CORRECT, score_of
    from tests.students.test_page import BATCH_NORM, type_code

    link: Link = _deep_link(lms, desktop)
    frame = student_frame(desktop, lms, "ines", link.id)

    def submit(code: str, attempts: int) -> None:
        type_code(frame, code)
        with desktop.expect_response(lambda r: r.url.endswith("/students/api/submissions"), timeout=60_000):
            click_submit(frame, "Enviar")
        expect(frame.locator("#attempts tbody tr")).to_have_count(attempts, timeout=60_000)

    expect(frame.locator("#attempts tbody tr")).to_have_count(1, timeout=60_000)  # the empty list's row
    submit(CORRECT, 1)
    assert score_of(link, "ines", 1)["scoreGiven"] == 100
    tokens = lms.tokens_issued
    submit(BATCH_NORM, 2)
    assert score_of(link, "ines", 2)["scoreGiven"] == 100  # best
    tool.run("lti", "score-mode", "--platform", "lms", "--course", "TRF-42", "last")
    try:
        submit(BATCH_NORM, 3)
        assert score_of(link, "ines", 3)["scoreGiven"] < 100  # last
        assert lms.tokens_issued == tokens  # the AGS access token was reused, not asked for again
    finally:
        tool.run("lti", "score-mode", "--platform", "lms", "--course", "TRF-42", "best")
