from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.challenge import Challenge, load_challenges
from grader.grade import Grader
from grader.sandbox import default_sandbox

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = Path(__file__).parent / "solutions"


@pytest.fixture(scope="session")
def challenges() -> dict[str, Challenge]:
    return load_challenges(ROOT / "challenges")


@pytest.fixture(scope="session")
def grader(challenges: dict[str, Challenge]) -> Iterator[Grader]:
    sandbox = default_sandbox()
    yield Grader(challenges, sandbox)
    sandbox.close()
