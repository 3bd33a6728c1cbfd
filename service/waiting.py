"""Wait for a submission's result without a fixed sleep: woken by Redis pub/sub, or polling the DB."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

import redis.asyncio as aioredis

from service.events import CHANNEL_PREFIX

log = logging.getLogger(__name__)
T = TypeVar("T")
RECHECK_SECONDS = 1.0  # with pub/sub, still look at the database this often (a message may be lost)


class Waiter:
    """Wakes the requests waiting for a submission; one listener per API process."""

    def __init__(self, events_url: str | None, poll_seconds: float) -> None:
        self.events_url = events_url
        self.poll_seconds = poll_seconds
        self._waiting: dict[str, set[asyncio.Event]] = defaultdict(set)
        self._listener: asyncio.Task[None] | None = None
        self._client: aioredis.Redis | None = None
        self._subscribed = asyncio.Event()

    @property
    def mode(self) -> str:
        return "pubsub" if self.events_url else "poll"

    async def start(self) -> None:
        if self.events_url is None:
            return
        self._client = aioredis.Redis.from_url(self.events_url)
        self._listener = asyncio.create_task(self._listen())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), timeout=5)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._client is not None:
            await self._client.aclose()

    async def _listen(self) -> None:
        assert self._client is not None
        while True:
            try:
                async with self._client.pubsub() as pubsub:
                    await pubsub.psubscribe(CHANNEL_PREFIX + "*")
                    self._subscribed.set()
                    async for message in pubsub.listen():
                        if message["type"] == "pmessage":
                            self._wake(message["channel"].decode().removeprefix(CHANNEL_PREFIX))
            except (aioredis.RedisError, OSError) as error:
                self._subscribed.clear()
                log.warning("event listener lost Redis (%s); waiting requests poll meanwhile", error)
                await asyncio.sleep(1)

    def _wake(self, submission_id: str) -> None:
        for event in self._waiting.get(submission_id, ()):
            event.set()

    @contextlib.contextmanager
    def expect(self, submission_id: str) -> Iterator[asyncio.Event]:
        """Listen for the grading of `submission_id` from now on (enter before it can happen)."""
        event = asyncio.Event()
        self._waiting[submission_id].add(event)
        try:
            yield event
        finally:
            self._waiting[submission_id].discard(event)
            if not self._waiting[submission_id]:
                del self._waiting[submission_id]

    async def settle(
        self,
        woken: asyncio.Event,
        seconds: float,
        current: T,
        is_final: Callable[[T], bool],
        reload: Callable[[], Awaitable[T]],
    ) -> T:
        """Reload `current` each time it may have changed, until it is final or `seconds` have passed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not is_final(current):
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            await self._pause(woken, remaining)
            current = await reload()
        return current

    async def _pause(self, woken: asyncio.Event, remaining: float) -> None:
        if not self._subscribed.is_set():
            await asyncio.sleep(min(self.poll_seconds, remaining))
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(woken.wait(), timeout=min(RECHECK_SECONDS, remaining))
        woken.clear()
