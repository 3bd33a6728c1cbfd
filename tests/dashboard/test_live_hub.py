"""The live hub: a course nobody watches costs nothing, and N browsers on one view cost one
render per change, not N (a change is a new change mark; without Redis the mark is polled)."""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor

from service.dashboard.live import MAX_LISTENERS, MAX_VIEWS, Listener, LiveHub, TooManyStreams

COURSE = (1, "c1")


async def _next(listener: Listener) -> str:
    return await asyncio.wait_for(listener.queue.get(), timeout=30)


async def _scenario() -> tuple[int, list[str], int, int, bool]:
    hub = LiveHub(None, poll_seconds=0.01, spacing_seconds=0.0)
    mark = [0]
    page = ["v0"]
    renders = 0

    async def read_mark() -> int:
        return mark[0]

    async def fetch() -> str:
        nonlocal renders
        renders += 1
        return page[0]

    listeners = [hub.subscribe(COURSE, 7, read_mark, ("overview", "en", "UTC"), fetch) for _ in range(10)]
    other = hub.subscribe(COURSE, 7, read_mark, ("students", "en", "UTC"), fetch)
    await asyncio.sleep(0.05)  # a few polls of an unchanged mark: nothing rendered
    quiet = renders
    mark[0], page[0] = 1, "v1"
    hub.changed(7)
    received = [await _next(listener) for listener in [*listeners, other]]
    after_one_change = renders
    for listener in listeners:
        hub.unsubscribe(COURSE, ("overview", "en", "UTC"), listener)
    hub.unsubscribe(COURSE, ("students", "en", "UTC"), other)
    watched_after = hub.watched
    await asyncio.sleep(0)
    await hub.stop()
    return (
        quiet,
        received,
        after_one_change,
        watched_after,
        all(listener.queue.empty() for listener in listeners),
    )


def test_one_render_per_view_and_change_whatever_the_number_of_browsers() -> None:
    with ThreadPoolExecutor(1) as thread:  # an event loop of its own (Playwright may hold this thread's)
        quiet, received, renders, watched, drained = thread.submit(asyncio.run, _scenario()).result()
    assert quiet == 0  # an unchanged course renders nothing
    assert received == ["v1"] * 11
    assert renders == 2  # one per distinct view (overview, students), not one per browser
    assert watched == 0  # the last browser gone, the course is not watched any more
    assert drained


async def _burst() -> tuple[int, int]:
    """Changes keep coming after a refresh: none of them renders again within the spacing."""
    hub = LiveHub(None, poll_seconds=0.01, spacing_seconds=3600)
    mark, renders = [0], 0

    async def read_mark() -> int:
        return mark[0]

    async def fetch() -> str:
        nonlocal renders
        renders += 1
        return f"v{mark[0]}"

    listener = hub.subscribe(COURSE, 7, read_mark, ("overview", "en", "UTC"), fetch)
    await asyncio.sleep(0.05)  # the watcher has read the first mark
    mark[0] = 1
    hub.changed(7)
    await _next(listener)
    first = renders
    for change in range(2, 12):  # a burst of results, polled and announced
        mark[0] = change
        hub.changed(7)
        await asyncio.sleep(0.01)
    later = renders
    await hub.stop()
    return first, later


def test_a_burst_renders_each_view_once_per_spacing() -> None:
    with ThreadPoolExecutor(1) as thread:
        first, later = thread.submit(asyncio.run, _burst()).result()
    assert first == 1
    assert later == 1


async def _flood() -> tuple[int, int, int]:
    """An instructor opening streams on endless variants of a page, then endless streams of one:
    each past the course's budget is refused, and another course is not."""
    hub = LiveHub(None, poll_seconds=3600, spacing_seconds=0.0)

    async def read_mark() -> int:
        return 0

    async def fetch() -> str:
        return ""

    views = 0
    with contextlib.suppress(TooManyStreams):
        for n in range(1000):
            hub.subscribe(COURSE, 7, read_mark, (f"students?page={n}", "en", "UTC"), fetch)
            views += 1
    streams = views
    with contextlib.suppress(TooManyStreams):
        for _ in range(1000):
            hub.subscribe(COURSE, 7, read_mark, ("students?page=0", "en", "UTC"), fetch)
            streams += 1
    hub.subscribe((1, "another"), 8, read_mark, ("overview", "en", "UTC"), fetch)
    others = hub.watched
    await hub.stop()
    return views, streams, others


def test_a_course_s_live_pages_and_streams_have_a_budget() -> None:
    with ThreadPoolExecutor(1) as thread:
        views, streams, watched = thread.submit(asyncio.run, _flood()).result()
    assert views == MAX_VIEWS  # before: 1000 pages, each rendered again at every change
    assert streams == MAX_LISTENERS
    assert watched == 2
