from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from grader.challenge import Challenge, load_challenges
from grader.grade import Grader
from grader.sandbox import default_sandbox

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = Path(__file__).parent / "solutions"
WRONG = Path(__file__).parent / "wrong"
IN_CI = os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def challenges() -> dict[str, Challenge]:
    return load_challenges(ROOT / "challenges")


@pytest.fixture(scope="session")
def grader(challenges: dict[str, Challenge]) -> Iterator[Grader]:
    sandbox = default_sandbox()
    yield Grader(challenges, sandbox)
    sandbox.close()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One Chromium for the whole run: Playwright's sync API allows one instance per process."""
    if not Path(CHROMIUM).exists():
        if IN_CI:
            pytest.fail(f"CI=true: {CHROMIUM} is missing (scripts/ensure-chromium installs it)")
        pytest.skip(f"{CHROMIUM} is missing: run scripts/ensure-chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
