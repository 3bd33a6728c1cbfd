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


class Woken:
    """One waiting request: set when its submission is graded, with what the message carried."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.payload: bytes | None = None


class Waiter:
    """Wakes the requests waiting for a submission; one listener per API process."""

    def __init__(self, events_url: str | None, poll_seconds: float) -> None:
        self.events_url = events_url
        self.poll_seconds = poll_seconds
        self._waiting: dict[str, set[Woken]] = defaultdict(set)
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
                            submission_id = message["channel"].decode().removeprefix(CHANNEL_PREFIX)
                            self._wake(submission_id, message["data"])
            except (aioredis.RedisError, OSError) as error:
                self._subscribed.clear()
                log.warning("event listener lost Redis (%s); waiting requests poll meanwhile", error)
                await asyncio.sleep(1)

    def _wake(self, submission_id: str, payload: bytes) -> None:
        for woken in self._waiting.get(submission_id, ()):
            woken.payload = payload
            woken.event.set()

    @contextlib.contextmanager
    def expect(self, submission_id: str) -> Iterator[Woken]:
        """Listen for the grading of `submission_id` from now on (enter before it can happen)."""
        woken = Woken()
        self._waiting[submission_id].add(woken)
        try:
            yield woken
        finally:
            self._waiting[submission_id].discard(woken)
            if not self._waiting[submission_id]:
                del self._waiting[submission_id]

    async def settle(
        self,
        woken: Woken,
        seconds: float,
        current: T,
        is_final: Callable[[T], bool],
        reload: Callable[[bytes | None], Awaitable[T]],
    ) -> T:
        """Reload `current` each time it may have changed (with what the wake-up carried, if
        anything), until it is final or `seconds` have passed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not is_final(current):
            remaining = deadline - loop.time()
            if remaining <= 0:
                break
            current = await reload(await self._pause(woken, remaining))
        return current

    async def _pause(self, woken: Woken, remaining: float) -> bytes | None:
        if not self._subscribed.is_set():
            await asyncio.sleep(min(self.poll_seconds, remaining))
            return None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(woken.event.wait(), timeout=min(RECHECK_SECONDS, remaining))
        payload, woken.payload = woken.payload, None
        woken.event.clear()
        return payload
