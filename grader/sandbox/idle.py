"""How much CPU other processes have used lately: /proc/stat minus what a sandbox used itself.

A waiting child's warm-up is worth its CPU only when nobody else needs that CPU: under load it
takes time from work that is waiting for a core. What the sandbox's own processes use (the
grader, its zygotes and their children, warm-ups included) is not "someone else", or a warm-up
would count against itself. The kernel counts in ticks of 10 ms, so the measure is an average
over a window of a few tenths of a second.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

WINDOW = 0.3  # seconds a sample stays the reference
_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Sample:
    at: float
    idle_seconds: float  # CPU seconds every core spent idle (idle and iowait) since boot
    ours_seconds: float  # CPU seconds this process and the given ones (with their reaped children) used


def sample(pids: list[int]) -> Sample | None:
    try:
        with open("/proc/stat", "rb") as stat:
            fields = stat.readline().split()
        ours = sum(process_seconds(pid) for pid in pids)
    except (OSError, ValueError, IndexError):
        return None
    if len(fields) < 6 or fields[0] != b"cpu":
        return None
    mine = os.times()
    return Sample(
        time.monotonic(), (int(fields[4]) + int(fields[5])) / _TICKS, ours + mine.user + mine.system
    )


def process_seconds(pid: int) -> float:
    """CPU seconds a process used, with those of the children it reaped."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(value) for value in fields[11:15]) / _TICKS  # utime stime cutime cstime


class OthersMeter:
    """Average CPUs used by other processes over the last window or so; None until then."""

    def __init__(self, ours: Callable[[], list[int]]) -> None:
        self.ours = ours
        self.reference = sample(ours())
        self.last: float | None = None

    def others_cpus(self) -> float | None:
        if self.reference is not None and time.monotonic() - self.reference.at < WINDOW:
            return self.last
        now = sample(self.ours())
        if now is None or self.reference is None:
            self.reference = now
            return self.last
        elapsed = now.at - self.reference.at
        spare = (now.idle_seconds - self.reference.idle_seconds) + (
            now.ours_seconds - self.reference.ours_seconds
        )
        self.last = max(0.0, (os.cpu_count() or 1) - spare / elapsed)
        self.reference = now
        return self.last
