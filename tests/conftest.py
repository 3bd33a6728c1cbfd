from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from grader.challenge import Challenge, load_challenges
from grader.grade import Grader
from grader.sandbox import default_sandbox
from service.core.settings import Settings
from tests.servers import IN_CI, postgres_schema

ROOT = Path(__file__).resolve().parents[1]
CORPORA = Path(__file__).parent / "corpora"  # tests/corpora/<challenge>/<set>/: tests/corpora/README.md


def solutions(challenge: str) -> Path:
    """The challenge's correct variants in many styles: each must score a clean 100."""
    return CORPORA / challenge / "solutions"


def catalogue(challenge: str) -> Path:
    """The challenge's wrong submissions written with its catalogue, each with its `# expect:`."""
    return CORPORA / challenge / "catalogue"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The defaults, with a data folder of the test's own: a test whose package runs a service
    gets that service's instead (tests/backend.py)."""
    return Settings(data_dir=tmp_path / "data")


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


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind the service runs on: a SQLite file, a PostgreSQL schema."""
    if request.param == "postgres":
        with postgres_schema() as url:
            yield url
    else:
        yield f"sqlite:///{tmp_path / 'test.db'}"
