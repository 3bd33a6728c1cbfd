"""Counts shared by every rate limit and throttle: in Redis where there is one, else in this process.

A count is a key (which names its window: `...:<window number>`) and a value that is forgotten
`ttl` seconds after it was created. Redis makes the counts shared by every process of a
deployment; a Redis outage falls back to counting in this process, never a 500.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

import redis

from service.core.settings import Settings

log = logging.getLogger(__name__)
PRUNE_ABOVE = 100_000  # keys kept in one process before the forgotten ones are dropped


class Counts(Protocol):
    def add(self, changes: list[tuple[str, int]], ttl: int) -> list[int]:
        """Add each amount to its key (created at 0, forgotten after `ttl` s); the new values."""


class LocalCounts:
    """This process's counts, under a lock: concurrent requests each see their own increment."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._values: dict[str, tuple[int, float]] = {}  # key -> (value, forgotten at)
        self._lock = threading.Lock()

    def add(self, changes: list[tuple[str, int]], ttl: int) -> list[int]:
        now = self._clock()
        with self._lock:
            if len(self._values) > PRUNE_ABOVE:
                self._values = {k: v for k, v in self._values.items() if v[1] > now}
            return [self._add(key, amount, ttl, now) for key, amount in changes]

    def _add(self, key: str, amount: int, ttl: int, now: float) -> int:
        value, until = self._values.get(key, (0, now + ttl))
        if until <= now:  # forgotten: counted again from zero
            value, until = 0, now + ttl
        self._values[key] = (value + amount, until)
        return value + amount


class RedisCounts:
    """Counts in Redis, every key's changes in one round trip; this process's while Redis is down."""

    def __init__(self, url: str) -> None:
        self._redis = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        self._fallback = LocalCounts()

    def add(self, changes: list[tuple[str, int]], ttl: int) -> list[int]:
        try:
            with self._redis.pipeline(transaction=False) as pipe:
                for key, amount in changes:
                    pipe.incrby(key, amount)
                    pipe.expire(key, ttl)  # each key names its window: renewing it is harmless
                replies = pipe.execute()
            return [int(value) for value in replies[::2]]
        except (redis.RedisError, OSError) as error:
            log.warning("counts kept in this process: Redis unavailable (%s)", type(error).__name__)
            return self._fallback.add(changes, ttl)


def counts_for(settings: Settings) -> Counts:
    """Redis where the settings name one (every process counts together), else this process."""
    url = settings.rate_limit_redis
    return RedisCounts(url) if url else LocalCounts()
