"""Waiting requests: woken by pub/sub, and by one recheck query for all of them when a message is lost."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor

from service.core.settings import Settings
from service.storage.tables import new_id
from service.web.waiting import RECHECK_SECONDS, Waiter
from tests.backend import Backend


def test_lost_messages_are_caught_by_one_query_for_every_waiting_request(
    backend: Backend, settings: Settings
) -> None:
    asked: list[list[str]] = []

    async def graded(ids: list[str]) -> Collection[str]:
        asked.append(sorted(ids))
        return ids  # the database says every one of them is graded: their messages were lost

    async def scenario() -> tuple[list[str | None], float]:
        waiter = Waiter(settings.events, 0.02, graded)
        await waiter.start()
        try:
            ids = [new_id() for _ in range(20)]  # nobody publishes their grading
            started = time.monotonic()

            async def wait_for(submission_id: str) -> str | None:
                async def reload(payload: bytes | None) -> str | None:
                    return "done" if payload is None else None

                with waiter.expect(submission_id) as woken:
                    return await waiter.settle(woken, 10, None, lambda v: v == "done", reload)

            answers = await asyncio.gather(*(wait_for(i) for i in ids))
            return list(answers), time.monotonic() - started
        finally:
            await waiter.stop()

    with ThreadPoolExecutor(1) as thread:  # its own event loop (a session's Playwright may hold this one)
        answers, seconds = thread.submit(asyncio.run, scenario()).result()
    assert answers == ["done"] * 20
    assert seconds < 3 * RECHECK_SECONDS + 1  # not the whole `wait`
    # One query a second for whichever requests have waited a second by then (their first tick
    # may split them in two), never one per request.
    assert len(asked) <= 2
    assert sum(len(ids) for ids in asked) == 20
