"""Password checks (Argon2, tens of milliseconds of a core each) a few at a time, on their own threads.

On the API's shared thread pool, forty log-in attempts at once took every worker thread and both
cores, and a platform's submission waited behind them (0.13 s became 21.6 s). Here at most
`concurrent` checks run at once, on a limiter of their own; at most `waiting` more wait for a
turn, and any beyond that are refused at once (429) instead of queueing without end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from service.dashboard.throttle import TooManyAttempts

T = TypeVar("T")
WAITING_CHECKS = 32


class PasswordChecks:
    def __init__(self, concurrent: int, waiting: int) -> None:
        self.limiter = anyio.CapacityLimiter(concurrent)
        self.admitted = concurrent + waiting
        self.inside = 0

    async def run(self, check: Callable[..., T], *args: object) -> T:
        if self.inside >= self.admitted:  # one event loop: no lock needed between this test and the count
            raise TooManyAttempts("Too many log-ins at once: try again in a minute.")
        self.inside += 1
        try:
            return await anyio.to_thread.run_sync(check, *args, limiter=self.limiter)
        finally:
            self.inside -= 1
