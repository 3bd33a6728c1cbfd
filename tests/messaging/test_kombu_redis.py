"""The Redis transport keeps its synchronous client for as long as the channel's pool lives."""

from __future__ import annotations

import uuid
from pathlib import Path

from kombu.entity import Queue

from service.cli.embedded_broker import EmbeddedBroker
from service.core.settings import Settings
from service.messaging import kombu_redis
from service.messaging.enqueue import TaskQueue
from tests.backend import Backend


def test_a_channel_reuses_its_client_until_its_pool_is_dropped(backend: Backend, settings: Settings) -> None:
    with TaskQueue.of(settings).celery.connection_for_write() as connection:
        assert isinstance(connection.transport, kombu_redis.Transport)
        channel = connection.default_channel
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
            assert first is second
            assert first.ping()
        channel._disconnect_pools()  # as after a fork, or a lost connection
        with channel.conn_or_acquire() as third:
            assert third is not first
            assert third.ping()


def test_redis_brokers_take_this_transport_and_others_keep_kombus_choice() -> None:
    redis_url = "redis://127.0.0.1:6379/0"
    assert kombu_redis.broker_for(redis_url) == (redis_url, kombu_redis.NAME)
    embedded = kombu_redis.broker_for("redis+socket:///tmp/broker.sock")
    assert embedded == ("socket:///tmp/broker.sock", kombu_redis.SOCKET_NAME)
    for url in ("amqp://guest:guest@127.0.0.1:5672//", "rediss://h/0"):
        assert kombu_redis.broker_for(url) == (url, None)


def test_a_delivery_is_recorded_unacknowledged_until_its_ack_and_restored_if_never_acked(
    backend: Backend,
    settings: Settings,
) -> None:
    """The scripts keep kombu's own records: what kombu restores after the visibility timeout."""
    queue = Queue(f"qos-{uuid.uuid4().hex[:8]}")
    with TaskQueue.of(settings).celery.connection_for_write() as connection:
        channel = connection.default_channel
        producer = connection.Producer()
        for body in ("acked", "lost"):
            producer.publish(body, routing_key=queue.name, declare=[queue], serializer="json")
        received = [queue(channel).get(no_ack=False) for _ in range(2)]
        assert [m.payload for m in received if m is not None] == ["acked", "lost"]
        acked, lost = received
        assert acked is not None
        assert lost is not None
        with channel.conn_or_acquire() as client:
            assert client.zcard(channel.unacked_index_key) >= 2
            assert client.hexists(channel.unacked_key, lost.delivery_tag)
            acked.ack()
            assert not client.hexists(channel.unacked_key, acked.delivery_tag)
            assert client.zscore(channel.unacked_index_key, acked.delivery_tag) is None
            channel.qos.restore_by_tag(lost.delivery_tag, client)  # what the visibility timeout does
            assert not client.hexists(channel.unacked_key, lost.delivery_tag)
        again = queue(channel).get(no_ack=True)
        assert again is not None
        assert again.payload == "lost"
        queue(channel).delete()


def test_the_embedded_brokers_socket_takes_this_transport(tmp_path: Path) -> None:
    """The embedded default's broker is a redis-server on a socket: kombu reaches it through this
    transport too (its URL prefix would otherwise pick kombu's own), and a message goes through."""
    broker = EmbeddedBroker(tmp_path / "broker.sock")
    broker.start()
    try:
        settings = Settings(broker_url=f"redis+socket://{broker.socket}", data_dir=tmp_path)
        queue = Queue(f"socket-{uuid.uuid4().hex[:8]}")
        with TaskQueue.of(settings).celery.connection_for_write() as connection:
            assert isinstance(connection.transport, kombu_redis.Transport)
            connection.Producer().publish(
                "through", routing_key=queue.name, declare=[queue], serializer="json"
            )
            received = queue(connection.default_channel).get(no_ack=False)
            assert received is not None
            assert received.payload == "through"
            received.ack()
    finally:
        broker.stop()
