"""Hostile submissions graded through the real Grader and the default sandbox.

Every test grades through `attack`, which afterwards checks what holds for every attack: no
fake secret of this process appears in any Result, nothing the attack started is still running,
and the reference still scores 100 on the same sandbox.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator

import psutil  # type: ignore[import-untyped]
import pytest

from grader.challenge import Challenge
from grader.grade import Grader
from grader.models import Result
from grader.sandbox.base import Limits
from tests.sandbox.processes import Proc, sandboxed, zygotes
from tests.waiting import wait_until

# Set while pytest collects, before any sandbox starts: the zygotes must not inherit them.
FAKE_SECRETS = {
    "GRADER_TEST_DATABASE_PASSWORD": "pw-5d0e6c1f-not-for-students",
    "AWS_SECRET_ACCESS_KEY": "aws-91b7c3e0-not-for-students",
    "GRADER_TEST_API_TOKEN": "tok-3fa2b8d4-not-for-students",
}
os.environ.update(FAKE_SECRETS)
IN_MEMORY_SECRET = "mem-7e4410aa-not-for-students"  # lives only in the grading process

TIGHT = Limits(cpu_seconds=1, wall_seconds=2, memory_mb=256, output_bytes=4096)


@dataclasses.dataclass
class Attack:
    grader: Grader
    tight: Grader
    results: list[Result] = dataclasses.field(default_factory=list)

    def grade(
        self, code: str, *, tight: bool = False, lang: str = "en", challenge: str = "layer_norm"
    ) -> Result:
        """Grade `code` for `challenge`; `tight` (layer_norm only) uses 1 s of CPU and 2 s of wall clock."""
        result = (self.tight if tight else self.grader).grade(challenge, code, lang)  # type: ignore[arg-type]
        self.results.append(result)
        return result


@pytest.fixture(scope="session")
def tight_grader(grader: Grader, challenges: dict[str, Challenge]) -> Grader:
    """layer_norm with short limits on the same sandbox, so the slow attacks end quickly."""
    return Grader({"layer_norm": dataclasses.replace(challenges["layer_norm"], limits=TIGHT)}, grader.sandbox)


@pytest.fixture
def attack(grader: Grader, tight_grader: Grader, challenges: dict[str, Challenge]) -> Iterator[Attack]:
    before = {p.pid for p in sandboxed()}
    session = Attack(grader, tight_grader)
    yield session
    for result in session.results:
        dumped = result.model_dump_json()
        for secret in (*FAKE_SECRETS.values(), IN_MEMORY_SECRET):
            assert secret not in dumped
    assert_nothing_left(before)
    reference = challenges["layer_norm"].reference_source
    for grader_ in (grader, tight_grader):
        after = grader_.grade("layer_norm", reference)
        assert after.score == 100, after


def assert_nothing_left(before: set[int]) -> None:
    """Only waiting children remain (one per zygote, asleep), and the child that ran is gone."""
    # A generous bound on a loaded machine: usually at once.
    wait_until(lambda: not _problems(before), 30, lambda: str(_problems(before)))


def _problems(before: set[int]) -> list[str]:
    now = sandboxed()
    parents = {z.pid for z in zygotes()}
    problems = [f"zombie {p}" for p in now if p.state == psutil.STATUS_ZOMBIE]
    problems += [f"not a zygote's child {p}" for p in now if p.ppid not in parents]
    for zygote in parents:
        children: list[Proc] = [p for p in now if p.ppid == zygote]
        if len(children) > 1:
            problems.append(f"zygote {zygote} has {len(children)} children")
    survivors = before & {p.pid for p in now}
    if before and len(survivors) >= len(before):
        problems.append(f"the child that ran is still there: {survivors}")
    return problems
