"""Live pages: one watcher per course that has open dashboards, woken when a result of the course
is stored, fetching each distinct page view once and sending its new live region to every browser
showing it (server-sent events).

A watched course costs, per stored result, one read of its change mark (a sum over a few aggregate
rows) and one render per distinct view (page, language, time zone), however many browsers show
that view. The wake-up is the worker's message on `autograder:course:<id>` (Redis); without Redis,
or if a message is lost, the watcher reads the mark every `poll_seconds` instead.

A course nobody watches has no watcher: nothing is read or rendered for it. With Redis, each of its
stored results still costs that message: one more PUBLISH in the pipeline the worker sends anyway
(no round trip of its own), delivered to every API process, since the hub listens on the pattern
`autograder:course:*` whichever courses are watched, where it is parsed and one dictionary lookup
finds no watcher. Without Redis it costs nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx
import redis.asyncio as aioredis
from sqlalchemy.exc import SQLAlchemyError

from service.core.errors import ServiceError
from service.core.stopping import cancel_and_wait
from service.messaging.graded_pubsub import COURSE_PREFIX

log = logging.getLogger(__name__)
Fetch = Callable[[], Awaitable[str | None]]  # the view's live region now (None: not available)
Mark = Callable[[], Awaitable[object]]  # the course's change mark now
CourseKey = tuple[int, str]  # platform id, course slug
POLL_SECONDS = 2.0  # without Redis: how often a watched course's change mark is read
# During a burst results arrive faster than a page renders: a course's pages are rendered at most
# once a second, so a burst costs each distinct view one render a second, not one per result.
SPACING_SECONDS = 1.0


@dataclass(eq=False)
class Listener:
    """One open page: the live regions to send it."""

    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=4))

    def send(self, html: str) -> None:
        if self.queue.full():  # a slow browser gets the newest region only
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(html)


@dataclass(eq=False)
class View:
    """The browsers showing the same page in the same language and time zone, each with its way
    to fetch the page (its own session's): the first that works renders it for all."""

    listeners: dict[Listener, Fetch] = field(default_factory=dict)
    last: str | None = None

    async def fetch(self) -> str | None:
        for fetch in list(self.listeners.values()):
            html = await fetch()
            if html is not None:
                return html
        return None


@dataclass(eq=False)
class Watched:
    mark: Mark
    views: dict[object, View] = field(default_factory=dict)
    woken: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    course_id: int | None = None


MAX_VIEWS = 20  # distinct live pages of one course at once: each change renders each of them
MAX_LISTENERS = 200  # open streams of one course in one process


class TooManyStreams(ServiceError):
    """A course's live pages or streams are at their budget: a 429, the page works without."""

    status_code = 429
    headers = {"Retry-After": "30"}  # noqa: RUF012


class LiveHub:
    """The watchers of one process. `fetches` counts renders (what N browsers must not multiply).
    A course has at most MAX_VIEWS distinct pages watched and MAX_LISTENERS streams open: a
    change renders every watched page, so an instructor opening streams on endless page
    variants (`?page=1`, `?page=2`, ...) would multiply the renders without bound."""

    def __init__(
        self,
        events_url: str | None,
        poll_seconds: float,
        recheck_seconds: float = 30.0,
        spacing_seconds: float = SPACING_SECONDS,
    ) -> None:
        self.events_url = events_url
        self.poll_seconds = poll_seconds if events_url is None else recheck_seconds
        self.spacing_seconds = spacing_seconds
        self.fetches = 0
        self._courses: dict[CourseKey, Watched] = {}
        self._by_id: dict[int, CourseKey] = {}
        self._listener: asyncio.Task[None] | None = None

    @property
    def watched(self) -> int:
        """How many courses have an open page (each costs a watcher)."""
        return len(self._courses)

    async def start(self) -> None:
        if self.events_url is not None:
            self._listener = asyncio.create_task(self._listen(self.events_url))

    async def stop(self) -> None:
        tasks = [w.task for w in self._courses.values() if w.task is not None]
        if self._listener is not None:
            tasks.append(self._listener)
        for task in tasks:
            await cancel_and_wait(task)
        self._courses.clear()

    def admits(self, course: CourseKey, view: object) -> None:
        """TooManyStreams when one more stream of `view` would exceed the course's budget."""
        watched = self._courses.get(course)
        if watched is None:
            return
        if view not in watched.views and len(watched.views) >= MAX_VIEWS:
            raise TooManyStreams(f"at most {MAX_VIEWS} different live pages of one course at once")
        if sum(len(v.listeners) for v in watched.views.values()) >= MAX_LISTENERS:
            raise TooManyStreams(f"at most {MAX_LISTENERS} live streams of one course at once")

    def subscribe(
        self, course: CourseKey, course_id: int | None, mark: Mark, view: object, fetch: Fetch
    ) -> Listener:
        self.admits(course, view)
        watched = self._courses.get(course)
        if watched is None:
            watched = self._courses[course] = Watched(mark)
            watched.task = asyncio.create_task(self._watch(course, watched))
        if course_id is not None:
            watched.course_id = course_id
            self._by_id[course_id] = course
        listener = Listener()
        watched.views.setdefault(view, View()).listeners[listener] = fetch
        return listener

    def unsubscribe(self, course: CourseKey, view: object, listener: Listener) -> None:
        watched = self._courses.get(course)
        if watched is None:
            return
        shown = watched.views.get(view)
        if shown is not None:
            shown.listeners.pop(listener, None)
            if not shown.listeners:
                del watched.views[view]
        if not watched.views:  # nobody watches the course any more: its watcher stops
            del self._courses[course]
            if watched.course_id is not None:
                self._by_id.pop(watched.course_id, None)
            if watched.task is not None:
                watched.task.cancel()

    def changed(self, course_id: int) -> None:
        """A result of the course was stored (the worker's message)."""
        course = self._by_id.get(course_id)
        if course is not None and course in self._courses:
            self._courses[course].woken.set()

    async def _watch(self, course: CourseKey, watched: Watched) -> None:
        last: object = None
        first = True
        while True:
            try:
                mark = await watched.mark()
                if not first and mark != last:
                    started = asyncio.get_running_loop().time()
                    await self._refresh(watched)
                    elapsed = asyncio.get_running_loop().time() - started
                    # the changes stored meanwhile make one refresh, after the spacing
                    await asyncio.sleep(max(0.0, self.spacing_seconds - elapsed))
                last, first = mark, False
            except (SQLAlchemyError, httpx.HTTPError, OSError) as error:  # the pages keep what they show
                log.warning("live updates of %s paused: %s", course[1], type(error).__name__)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watched.woken.wait(), timeout=self.poll_seconds)
            watched.woken.clear()

    async def _refresh(self, watched: Watched) -> None:
        for view in list(watched.views.values()):
            self.fetches += 1
            html = await view.fetch()
            if html is None or html == view.last:
                continue
            view.last = html
            for listener in list(view.listeners):
                listener.send(html)

    async def _listen(self, url: str) -> None:
        client = aioredis.Redis.from_url(url)
        try:
            while True:
                try:
                    async with client.pubsub() as pubsub:
                        await pubsub.psubscribe(COURSE_PREFIX + "*")
                        async for message in pubsub.listen():
                            if message["type"] == "pmessage":
                                self._message(message["channel"])
                except (aioredis.RedisError, OSError) as error:
                    log.warning("live updates lost Redis (%s); the pages poll meanwhile", error)
                    await asyncio.sleep(1)
        finally:
            await client.aclose()

    def _message(self, channel: bytes) -> None:
        with contextlib.suppress(ValueError):
            self.changed(int(channel.decode().removeprefix(COURSE_PREFIX)))
