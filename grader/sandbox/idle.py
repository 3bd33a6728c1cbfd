"""How much CPU the machine has left unused lately: read from /proc/stat.

A waiting child's warm-up is worth its CPU only when the machine has CPU to spare: under load it
takes time from gradings that are waiting for a core. The kernel counts idle time in ticks of
10 ms, so the measure is an average over a window of a few tenths of a second.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

WINDOW = 0.3  # seconds a sample stays the reference
_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Sample:
    at: float
    idle_seconds: float  # CPU seconds of every core spent idle (idle and iowait) since boot


def sample() -> Sample | None:
    try:
        with open("/proc/stat", "rb") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    if len(fields) < 6 or fields[0] != b"cpu":
        return None
    return Sample(time.monotonic(), (int(fields[4]) + int(fields[5])) / _TICKS)


class IdleMeter:
    """Average idle CPUs over the last window or so; None until a window has passed."""

    def __init__(self) -> None:
        self.reference = sample()
        self.last: float | None = None

    def idle_cpus(self) -> float | None:
        now = sample()
        if now is None or self.reference is None:
            return None
        elapsed = now.at - self.reference.at
        if elapsed >= WINDOW:
            self.last = (now.idle_seconds - self.reference.idle_seconds) / elapsed
            self.reference = now
        return self.last
