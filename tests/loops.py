"""Coroutines run by a test: on an event loop of their own, in a thread of their own.

Once a Playwright page has been opened, the test process's main thread has Playwright's event loop
running, and `asyncio.run` there fails ("cannot be called from a running event loop"): a test that
passed alone then failed after the browser tests in the same run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """`asyncio.run(make())` in a thread of its own (the coroutine is made there, so none is left
    unawaited when the thread cannot start)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()
