"""How many of the sender's threads each kind of outgoing work and each destination may hold.

The sender (the worker's process on the webhook queue) runs `webhook_senders` threads for
webhooks, LMS grades and roster readings alike. Without a gate, one LMS that answers in 10 s is
sent every thread by its own backlog, and every other platform's webhooks and grades wait behind
it. A `Gates` gives each kind a share of the threads (every kind keeps some that the others
cannot take) and each destination (a receiver's origin, an LMS registration) at most a few.

Taking a slot never waits: a task that finds its kind or its destination full is put back on
the queue a moment later (`service.worker.tasks`), so the thread goes to work that can be done.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["webhooks", "grades", "rosters"]


@dataclass
class Gates:
    """Slots per kind and per destination, shared by the threads of one sender process."""

    kinds: dict[Kind, int]
    per_destination: int
    _held: Counter[str] = field(default_factory=Counter, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    @classmethod
    def for_senders(cls, senders: int) -> Gates:
        """Of `senders` threads: webhooks and grades half each, roster readings (long: up to their
        total deadline) a quarter, and one destination a quarter, at least one each."""
        half, quarter = max(1, senders // 2), max(1, senders // 4)
        return cls({"webhooks": half, "grades": half, "rosters": quarter}, quarter)

    @contextmanager
    def slot(self, kind: Kind, destination: str | None) -> Iterator[bool]:
        """True (and the slot held until the block ends) when both the kind and the destination
        have room; False, holding nothing, when either is full."""
        keys = [f"kind:{kind}"] + ([f"to:{destination}"] if destination else [])
        limits = [self.kinds[kind]] + ([self.per_destination] if destination else [])
        with self._lock:
            taken = all(self._held[k] < limit for k, limit in zip(keys, limits, strict=True))
            if taken:
                self._held.update(keys)
        try:
            yield taken
        finally:
            if taken:
                with self._lock:
                    self._held.subtract(keys)

    def held(self, key: str) -> int:
        """Slots held now by a kind (`kind:webhooks`) or a destination (`to:...`)."""
        with self._lock:
            return self._held[key]
