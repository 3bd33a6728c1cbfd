"""Slow down password guessing: after a few failures, an email is refused for a while from that address."""

from __future__ import annotations

import threading
import time
from collections import deque

from service.core.errors import ServiceError

FAILURES = 5
WINDOW_SECONDS = 15 * 60
MAX_KEYS = 100_000


class TooManyAttempts(ServiceError):
    status_code = 429


class LoginThrottle:
    """In-process counts of recent failures per (email, client address); one per API process."""

    def __init__(self, failures: int = FAILURES, window_seconds: float = WINDOW_SECONDS) -> None:
        self.failures = failures
        self.window = window_seconds
        self._recent: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def _fresh(self, key: tuple[str, str], now: float) -> deque[float]:
        times = self._recent.get(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def check(self, email: str, client: str) -> None:
        with self._lock:
            times = self._fresh((email.strip().lower(), client), time.monotonic())
            if len(times) >= self.failures:
                minutes = max(1, round((times[0] + self.window - time.monotonic()) / 60))
                raise TooManyAttempts(f"Too many failed log-ins: try again in about {minutes} minutes.")

    def failed(self, email: str, client: str) -> None:
        key = (email.strip().lower(), client)
        with self._lock:
            if len(self._recent) > MAX_KEYS:
                self._recent.clear()
            times = self._fresh(key, time.monotonic())
            times.append(time.monotonic())
            self._recent[key] = times

    def succeeded(self, email: str, client: str) -> None:
        with self._lock:
            self._recent.pop((email.strip().lower(), client), None)
