"""What one reading made of many requests may take in all: a total deadline and a byte count.

Each request already has its own deadline and answer cap (`session.Outbound`); a reading that
follows an LMS's next-page links would still take 10 s times every page it is led to. A `Budget`
is spent across the reading's requests: each is sent with what is left of the time and the bytes
(never more than its own limits), and once either is spent the next request is not sent.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import requests


class OverBudget(requests.exceptions.ConnectionError):
    """The reading's total time or bytes are spent: what it read so far is not to be kept."""


@dataclass
class Budget:
    seconds: float
    max_bytes: int
    clock: Callable[[], float] = time.monotonic
    started: float = field(init=False)
    spent_bytes: int = field(init=False, default=0)
    _lock: threading.Lock = field(init=False, default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def left(self, deadline: float, max_bytes: int) -> tuple[float, int]:
        """The deadline and answer cap of the next request: its own, or what is left if less;
        OverBudget when nothing is."""
        seconds = self.seconds - (self.clock() - self.started)
        with self._lock:
            room = self.max_bytes - self.spent_bytes
        if self.out_of_time():
            raise OverBudget(self.over_time())
        if room <= 0:
            raise OverBudget(self.over_bytes())
        return min(deadline, seconds), min(max_bytes, room)

    def out_of_time(self) -> bool:
        return self.clock() - self.started >= self.seconds

    def spend(self, count: int) -> None:
        with self._lock:
            self.spent_bytes += count

    def over_time(self) -> str:
        return f"the reading took longer than its {self.seconds:g} s budget"

    def over_bytes(self) -> str:
        return f"the answers came to more than the reading's budget of {self.max_bytes} bytes"
