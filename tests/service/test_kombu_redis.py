"""The Redis transport keeps its synchronous client for as long as the channel's pool lives."""

from __future__ import annotations

import pytest

from service.worker import kombu_redis
from service.worker.celery_app import celery
from tests.service.conftest import Backend


def test_a_channel_reuses_its_client_until_its_pool_is_dropped(backend: Backend) -> None:
    if not backend.broker_url.startswith("redis://"):
        pytest.skip("the embedded broker's URL names kombu's own transport")
    with celery().connection_for_write() as connection:
        assert isinstance(connection.transport, kombu_redis.Transport)
        channel = connection.default_channel
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
            assert first is second
            assert first.ping()
        channel._disconnect_pools()  # as after a fork, or a lost connection
        with channel.conn_or_acquire() as third:
            assert third is not first
            assert third.ping()


def test_other_brokers_keep_kombus_choice() -> None:
    assert kombu_redis.transport_for("redis://127.0.0.1:6379/0") == kombu_redis.NAME
    for url in ("amqp://guest:guest@127.0.0.1:5672//", "redis+socket:///tmp/broker.sock", "rediss://h/0"):
        assert kombu_redis.transport_for(url) is None
