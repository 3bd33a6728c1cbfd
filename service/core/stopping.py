"""Stopping a background task for certain, even one whose library swallows a cancellation.

redis-py's pub/sub, cancelled while it connects or subscribes, can eat the CancelledError and go
on listening: a single `cancel()` then `await` waits for ever, and the lifespan shutdown (the
whole `serve`) with it. Cancelling again until the task ends reaches it at its next await.
"""

from __future__ import annotations

import asyncio
import contextlib

RECANCEL_SECONDS = 0.05


async def cancel_and_wait(task: asyncio.Task[None]) -> None:
    """Cancel `task` and return once it has ended, however many cancellations that takes."""
    while not task.done():
        task.cancel()
        await asyncio.wait([task], timeout=RECANCEL_SECONDS)
    with contextlib.suppress(asyncio.CancelledError):
        task.result()
