"""The one way a test waits for what another process or thread does: look again and again until
it is so, within a generous bound that only ends a test that would otherwise hang (the bound is
never what the test asserts: speed is measured in benchmarks/)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_for(
    find: Callable[[], T | None], seconds: float, explain: Callable[[], str] = str, every: float = 0.05
) -> T:
    """What `find` answers first that is not None; AssertionError (saying `explain()`) once
    `seconds` have passed without one."""
    deadline = time.monotonic() + seconds
    while True:
        found = find()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not there after {seconds} s. {explain()}")
        time.sleep(every)


def wait_until(
    condition: Callable[[], bool], seconds: float, explain: Callable[[], str] = str, every: float = 0.05
) -> None:
    """Until `condition()` holds; AssertionError (saying `explain()`) once `seconds` have passed."""
    wait_for(lambda: True if condition() else None, seconds, explain, every)
