"""Wait for a submission's result without a fixed sleep: woken by Redis pub/sub, or polling the DB.

With pub/sub, a lost message (a dropped connection, a failed publish) is caught by one query a
second for all the requests of this process that have waited that long, not one per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable, Collection, Iterator
from typing import TypeVar

import redis.asyncio as aioredis

from service.core.stopping import cancel_and_wait
from service.messaging.graded_pubsub import CHANNEL_PREFIX

log = logging.getLogger(__name__)
T = TypeVar("T")
RECHECK_SECONDS = 1.0  # with pub/sub, still look at the database this often (a message may be lost)
Finished = Callable[[list[str]], Awaitable[Collection[str]]]  # which of these ids are graded


class Woken:
    """One waiting request: set when its submission is graded, with what the message carried."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.payload: bytes | None = None
        self.since = time.monotonic()


class Waiter:
    """Wakes the requests waiting for a submission; one listener per API process."""

    def __init__(self, events_url: str | None, poll_seconds: float, finished: Finished | None = None) -> None:
        self.events_url = events_url
        self.poll_seconds = poll_seconds
        self._finished = finished
        self._waiting: dict[str, set[Woken]] = defaultdict(set)
        self._listener: asyncio.Task[None] | None = None
        self._rechecker: asyncio.Task[None] | None = None
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
        if self._finished is not None:
            self._rechecker = asyncio.create_task(self._recheck(self._finished))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._subscribed.wait(), timeout=5)

    async def stop(self) -> None:
        for task in (self._listener, self._rechecker):
            if task is not None:
                await cancel_and_wait(task)
        if self._client is not None:
            await self._client.aclose()

    async def _listen(self) -> None:
        assert self._client is not None  # noqa: S101 started before listening: narrows for mypy
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

    async def _recheck(self, finished: Finished) -> None:
        """Every RECHECK_SECONDS, wake the requests that waited that long and whose submission
        the database says is graded (its message was lost): one query for all of them."""
        while True:
            await asyncio.sleep(RECHECK_SECONDS)
            cutoff = time.monotonic() - RECHECK_SECONDS
            due = [i for i, waiting in self._waiting.items() if any(w.since <= cutoff for w in waiting)]
            if not due:
                continue
            try:
                graded = await finished(due)
            except Exception as error:  # noqa: BLE001 the database is down: waiters time out as before
                log.warning("could not recheck waiting requests: %s", type(error).__name__)
                continue
            for submission_id in graded:
                self._wake(submission_id, None)

    def _wake(self, submission_id: str, payload: bytes | None) -> None:
        for woken in self._waiting.get(submission_id, ()):
            if payload is not None or not woken.event.is_set():
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
        # Without a rechecker (a Waiter built without `finished`), each request rechecks by itself.
        timeout = remaining if self._rechecker is not None else min(RECHECK_SECONDS, remaining)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(woken.event.wait(), timeout=timeout)
        payload, woken.payload = woken.payload, None
        woken.event.clear()
        return payload
