"""One counter for every rate limit and throttle: in this process, or shared through Redis."""

from __future__ import annotations

import uuid

from service.core.counting import LocalCounts, RedisCounts, counts_for
from service.core.settings import Settings
from tests.servers import REDIS, require


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_local_counts_add_each_change_and_return_the_new_values() -> None:
    counts = LocalCounts()
    assert counts.add([("a", 1), ("b", 1)], ttl=60) == [1, 1]
    assert counts.add([("a", 1), ("b", 0)], ttl=60) == [2, 1]
    assert counts.add([("a", -1)], ttl=60) == [1]  # a place given back


def test_a_local_count_is_forgotten_after_its_ttl() -> None:
    clock = Clock()
    counts = LocalCounts(clock)
    assert counts.add([("a", 3)], ttl=60) == [3]
    clock.now += 59
    assert counts.add([("a", 1)], ttl=60) == [4]
    clock.now += 1
    assert counts.add([("a", 1)], ttl=60) == [1]


def test_a_redis_outage_falls_back_to_counting_in_the_process() -> None:
    counts = RedisCounts("redis://127.0.0.1:1/0")  # nothing listens there
    assert counts.add([("a", 1)], ttl=60) == [1]
    assert counts.add([("a", 1)], ttl=60) == [2]


def test_redis_counts_are_shared_by_every_process() -> None:
    require(6379, "Redis")
    key = f"autograder:test:{uuid.uuid4().hex}"
    one, other = RedisCounts(REDIS), RedisCounts(REDIS)
    assert one.add([(key, 1)], ttl=60) == [1]
    assert other.add([(key, 1), (key + ":peek", 0)], ttl=60) == [2, 0]


def test_the_settings_choose_where_counts_are_kept() -> None:
    assert isinstance(counts_for(Settings(broker_url="amqp://guest@127.0.0.1//")), LocalCounts)
    assert isinstance(counts_for(Settings(rate_limit_url=REDIS)), RedisCounts)
