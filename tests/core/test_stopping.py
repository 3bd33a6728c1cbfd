"""Stopping a background task that swallows its first cancellation, as redis-py's pub/sub can."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from service.core.stopping import cancel_and_wait
from service.dashboard.live import LiveHub
from service.web.waiting import Waiter


async def _swallows_one_cancellation(swallowed: list[int]) -> None:
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        swallowed.append(1)  # what redis-py does when cancelled mid-subscribe: it listens on
    await asyncio.Event().wait()


def _stopped_within(stop: Callable[[], Awaitable[object]], seconds: float = 5) -> bool:
    """Whether `stop()` returned by itself within `seconds` (it is not cancelled to find out)."""

    async def run() -> bool:
        stopping = asyncio.ensure_future(stop())
        done, _ = await asyncio.wait([stopping], timeout=seconds)
        while not stopping.done():  # not stopped: end it, so the test fails instead of hanging
            stopping.cancel()
            await asyncio.wait([stopping], timeout=0.05)
        return bool(done)

    return asyncio.run(run())


def test_cancel_and_wait_ends_a_task_that_swallowed_a_cancellation() -> None:
    swallowed: list[int] = []

    async def stop() -> bool:
        task = asyncio.create_task(_swallows_one_cancellation(swallowed))
        await asyncio.sleep(0)
        await cancel_and_wait(task)
        return task.done()

    assert _stopped_within(stop)
    assert swallowed == [1]


def test_the_live_hub_stops_though_its_listener_swallowed_a_cancellation() -> None:
    swallowed: list[int] = []

    async def stop() -> None:
        hub = LiveHub(None, 2.0)
        hub._listener = asyncio.create_task(_swallows_one_cancellation(swallowed))
        await asyncio.sleep(0)
        await hub.stop()

    assert _stopped_within(stop)
    assert swallowed == [1]


def test_the_waiter_stops_though_its_listener_swallowed_a_cancellation() -> None:
    swallowed: list[int] = []

    async def stop() -> None:
        waiter = Waiter(None, 0.5)
        waiter._listener = asyncio.create_task(_swallows_one_cancellation(swallowed))
        await asyncio.sleep(0)
        await waiter.stop()

    assert _stopped_within(stop)
    assert swallowed == [1]
