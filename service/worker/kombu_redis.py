"""kombu's Redis transport, keeping one synchronous Redis client per channel.

kombu builds a new `redis.Redis` for every publish, delivery bookkeeping and acknowledgement
(its constructor fills a table of ~170 response callbacks: about a tenth of a millisecond each,
three or four times per graded submission). The client only wraps the channel's connection
pool and is safe to share between threads, so this channel keeps it while that pool lives.
Everything else is kombu's own transport.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis as kombu_redis

NAME = "service.worker.kombu_redis:Transport"


class Channel(kombu_redis.Channel):
    _kept: Any = None

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


def transport_for(url: str) -> str | None:
    """This transport for a `redis://` broker; kombu's own choice for any other URL (the embedded
    broker's `redis+socket://` names kombu's transport in the URL itself)."""
    return NAME if url.startswith("redis://") else None
