"""kombu's Redis transport, keeping one synchronous Redis client per channel, with leaner
delivery bookkeeping.

kombu builds a new `redis.Redis` for every publish, delivery bookkeeping and acknowledgement
(its constructor fills a table of ~170 response callbacks: about a tenth of a millisecond each,
three or four times per graded submission). The client only wraps the channel's connection
pool and is safe to share between threads, so this channel keeps it while that pool lives.

Each delivery is recorded among the unacknowledged (a sorted set by time and a hash of the
message, from which kombu restores it after the visibility timeout), and removed at its
acknowledgement. kombu does each as a MULTI/EXEC transaction of two commands: four commands
packed and four replies parsed in Python. Here each is one Lua script (EVALSHA), as atomic, on
the same keys with the same values: one command and one reply. Everything else, restoring
included, is kombu's own transport.
"""

from __future__ import annotations

from time import time
from typing import Any

from kombu.transport import redis as kombu_redis
from kombu.transport import virtual
from kombu.utils.json import dumps

NAME = "service.messaging.kombu_redis:Transport"
SOCKET_NAME = "service.messaging.kombu_redis:SocketTransport"
_RECORD = "redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]); redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])"
_FORGET = "redis.call('ZREM', KEYS[1], ARGV[1]); redis.call('HDEL', KEYS[2], ARGV[1])"


class QoS(kombu_redis.QoS):
    def append(self, message: Any, delivery_tag: str) -> None:
        if self.channel.global_keyprefix:  # kombu prefixes the keys of known commands only
            super().append(message, delivery_tag)  # type: ignore[no-untyped-call]
            return
        delivery = message.delivery_info
        raw = dumps([message._raw, delivery["exchange"], delivery["routing_key"]])  # type: ignore[no-untyped-call]
        keys = [self.unacked_index_key, self.unacked_key]
        with self.channel.conn_or_acquire() as client:
            self.channel.script(_RECORD, client)(keys, [delivery_tag, time(), raw])
        virtual.QoS.append(self, message, delivery_tag)  # type: ignore[no-untyped-call]

    def ack(self, delivery_tag: str) -> None:
        if self.channel.global_keyprefix:
            super().ack(delivery_tag)  # type: ignore[no-untyped-call]
            return
        keys = [self.unacked_index_key, self.unacked_key]
        with self.channel.conn_or_acquire() as client:
            self.channel.script(_FORGET, client)(keys, [delivery_tag])
        virtual.QoS.ack(self, delivery_tag)  # type: ignore[no-untyped-call]


class Channel(kombu_redis.Channel):
    QoS = QoS
    _kept: Any = None
    _scripts: tuple[Any, dict[str, Any]] = (None, {})

    def script(self, source: str, client: Any) -> Any:
        """`source` registered on `client` (EVALSHA, loaded again if the server forgot it)."""
        if self._scripts[0] is not client:
            self._scripts = (client, {})
        registered = self._scripts[1]
        if source not in registered:
            registered[source] = client.register_script(source)
        return registered[source]

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)  # type: ignore[no-untyped-call]
        pool = self.pool
        kept = self._kept
        if kept is None or kept.connection_pool is not pool:
            kept = self._kept = super()._create_client()  # type: ignore[no-untyped-call]
        return kept


class Transport(kombu_redis.Transport):
    Channel = Channel


class SocketTransport(Transport):
    """The same on a Unix socket (the embedded broker). kombu splits a URL into host, port and
    database unless its transport parses URLs itself; kombu's channel reads `socket://PATH` whole,
    as it does behind the `redis+socket://` prefix, which would name kombu's own transport."""

    can_parse_url = True


def broker_for(url: str) -> tuple[str, str | None]:
    """The URL kombu connects to and its transport: these for a `redis://` broker and for the
    embedded broker's `redis+socket://` (whose prefix wins over a transport given apart, so it
    goes to kombu as `socket://`), kombu's own choice for any other URL."""
    if url.startswith("redis+socket://"):
        return "socket://" + url.removeprefix("redis+socket://"), SOCKET_NAME
    return url, NAME if url.startswith("redis://") else None
