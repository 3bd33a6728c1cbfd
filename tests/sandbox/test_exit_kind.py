"""How the end of a child becomes an ExitKind: raw wait statuses as the kernel reports them."""

from __future__ import annotations

import signal

import pytest

from grader.sandbox.base import ExitKind, Limits
from grader.sandbox.channel import Ended
from grader.sandbox.harness import REPORT_FULL
from grader.sandbox.zygote_client import exit_kind

LIMITS = Limits(cpu_seconds=2)


def killed_by(number: int, cpu: float = 0.1) -> Ended:
    return Ended(status=number, cpu_seconds=cpu, max_rss_kb=1000)


def exited(code: int) -> Ended:
    return Ended(status=code << 8, cpu_seconds=0.1, max_rss_kb=1000)


@pytest.mark.parametrize(
    ("ended", "timed_out", "kind"),
    [
        (exited(0), False, ExitKind.OK),
        (exited(1), False, ExitKind.OK),  # how it exited is the report's to explain
        (killed_by(signal.SIGSYS), False, ExitKind.FORBIDDEN),
        (killed_by(signal.SIGSEGV), False, ExitKind.CRASH),
        (killed_by(signal.SIGXCPU), False, ExitKind.TIMEOUT),
        (killed_by(signal.SIGKILL, cpu=1.9), False, ExitKind.TIMEOUT),  # RLIMIT_CPU
        (killed_by(signal.SIGKILL, cpu=0.2), False, ExitKind.MEMORY),  # the OOM killer
        (killed_by(signal.SIGKILL), True, ExitKind.TIMEOUT),  # our wall clock
        (exited(REPORT_FULL), False, ExitKind.OUTPUT),  # more report than its memory holds
    ],
)
def test_exit_kind(ended: Ended, timed_out: bool, kind: ExitKind) -> None:
    assert exit_kind(ended, LIMITS, timed_out) == kind
