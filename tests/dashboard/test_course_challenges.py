"""A course's own challenges (AUTOGRADER_CHALLENGES_DIRS): served beside the built-ins, never in
place of one, and a new version of one is picked up at restart and offered as a regrade."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import ROOT
from tests.dashboard.conftest import PASSWORDS, log_in
from tests.dashboard.site import Site, autograder, close_site, open_site

COURSE_ID = "norma_del_curso"


def _course_challenge(folder: Path, challenge_id: str = COURSE_ID, version: int = 1) -> Path:
    """A course's own challenge: layer_norm's folder under another id (its files name no id)."""
    target = folder / challenge_id
    shutil.copytree(ROOT / "challenges" / "layer_norm", target)
    manifest = target / "challenge.toml"
    manifest.write_text(
        manifest.read_text()
        .replace('id = "layer_norm"', f'id = "{challenge_id}"')
        .replace("version = 1", f"version = {version}")
    )
    return target


@pytest.fixture
def course_site(tmp_path: Path) -> Iterator[Site]:
    courses = tmp_path / "curso"
    courses.mkdir()
    _course_challenge(courses)
    site = open_site(tmp_path / "site")
    site.env["AUTOGRADER_CHALLENGES_DIRS"] = str(courses)
    try:
        email = "ana.prof@example.org"
        site.run(
            "instructors",
            "create",
            "--email",
            email,
            "--course",
            "c1",
            "--password-stdin",
            stdin=PASSWORDS[email],
        )
        site.start()
        yield site
    finally:
        close_site(site)


def _challenge(site: Site, challenge_id: str) -> dict[str, object]:
    answer = httpx.get(
        f"{site.base}/v1/challenges/{challenge_id}", headers={"Authorization": f"Bearer {site.key}"}
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, object] = answer.json()
    return found


def test_a_course_challenge_is_graded_and_a_new_version_offered_as_a_regrade(
    course_site: Site, browser: Browser
) -> None:
    listed = httpx.get(
        f"{course_site.base}/v1/challenges", headers={"Authorization": f"Bearer {course_site.key}"}
    )
    assert {c["id"] for c in listed.json()} >= {COURSE_ID, "layer_norm", "bloque_decoder"}
    reference = (ROOT / "challenges" / "layer_norm" / "reference.py").read_text()
    for student in ("ana", "ben"):
        graded = course_site.submit("c1", student, COURSE_ID, reference)
        assert graded["result"]["score"] == 100  # type: ignore[index]
    assert _challenge(course_site, COURSE_ID)["version"] == 1

    course_site.stop()
    manifest = Path(course_site.env["AUTOGRADER_CHALLENGES_DIRS"]) / COURSE_ID / "challenge.toml"
    manifest.write_text(manifest.read_text().replace("version = 1", "version = 2"))
    course_site.start()

    assert _challenge(course_site, COURSE_ID)["version"] == 2
    page = browser.new_page()
    try:
        log_in(page, course_site, "ana.prof@example.org")
        notice = page.locator(f"#challenge-{COURSE_ID} form.notice")
        expect(notice).to_contain_text("2 submissions graded with an earlier version")
        notice.get_by_role("button", name=f"Preview the regrade of {COURSE_ID} at version 2").click()
        status = page.locator("#regrade-status")
        # the course's own challenge regrades from its own folder, as a built-in does
        expect(status).to_contain_text("Preview finished: 2 of 2 submissions graded.", timeout=60_000)
        expect(page.locator("#regrade-effect")).to_have_text(
            "Would go up: 0 · would go down: 0 · unchanged: 2"
        )
    finally:
        page.close()


def test_a_course_challenge_may_not_shadow_a_built_in(tmp_path: Path) -> None:
    courses = tmp_path / "curso"
    courses.mkdir()
    _course_challenge(courses, "layer_norm")
    site = open_site(tmp_path / "site", embedded=True)
    site.env["AUTOGRADER_CHALLENGES_DIRS"] = str(courses)
    done = subprocess.run(
        autograder("challenges"), env=site.env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode != 0
    assert "the id 'layer_norm' is already the challenge of" in done.stderr
    assert "may not shadow another" in done.stderr
