"""What one task message costs through the broker's transport: kombu's own and the service's.

    .venv/bin/python benchmarks/transport.py [--messages 2000] [--rounds 3] [--broker embedded|redis]

A grading's message is published once (the API) and then delivered, recorded among the
unacknowledged and acknowledged (the worker). This script does exactly that, message after
message, through kombu's own Redis transport (the naive yardstick, which the embedded default
used until now) and through `service.messaging.kombu_redis` (one kept client per channel, one
Lua script per record and per acknowledgement), alternated round by round in the same minutes.
`embedded` starts a private redis-server on a Unix socket as `autograder serve` does; `redis`
uses the one at 127.0.0.1:6379. Prints per way the median over the rounds of the CPU
microseconds per message of this process (the API's and the worker's side together) and of the
redis-server, the wall p50/p99 of one message, and the rate; and the service's ÷ kombu's.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil  # type: ignore[import-untyped]
from alternating import arguments, medians
from cpu import own_seconds
from kombu.connection import Connection
from kombu.entity import Queue

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.cli.embedded_broker import EmbeddedBroker  # noqa: E402
from service.messaging.kombu_redis import broker_for  # noqa: E402

WAYS = ("kombu's own transport (naive)", "the service's transport")


@contextmanager
def broker(kind: str) -> Iterator[tuple[str, psutil.Process]]:
    """The broker's URL as the service configures it, and its server process."""
    if kind == "redis":
        server = next(p for p in psutil.process_iter(["name"]) if p.info["name"] == "redis-server")
        yield "redis://127.0.0.1:6379/0", server
        return
    with tempfile.TemporaryDirectory() as folder:
        embedded = EmbeddedBroker(Path(folder) / "broker.sock")
        embedded.start()
        try:
            assert embedded.process is not None
            yield f"redis+socket://{embedded.socket}", psutil.Process(embedded.process.pid)
        finally:
            embedded.stop()


def connection_for(way: str, url: str) -> Connection:
    if way == WAYS[0]:
        return Connection(url)  # kombu picks its own transport from the URL
    kombu_url, transport = broker_for(url)
    return Connection(kombu_url, transport=transport)


def measure(way: str, url: str, server: psutil.Process, messages: int) -> dict[str, float]:
    """Publish, receive and acknowledge `messages` messages one after another."""
    queue = Queue(f"bench-{uuid.uuid4().hex[:8]}")
    walls: list[float] = []
    with connection_for(way, url) as connection:
        channel = connection.default_channel
        producer = connection.Producer()
        bound = queue(channel)
        bound.declare()
        for _ in range(20):  # warm: scripts loaded, clients made
            producer.publish("warm", routing_key=queue.name, serializer="json")
            message = bound.get(no_ack=False)
            assert message is not None
            message.ack()
        own, theirs, started = time.process_time(), own_seconds(server), time.perf_counter()
        for i in range(messages):
            start = time.perf_counter()
            producer.publish({"id": i}, routing_key=queue.name, serializer="json")
            message = bound.get(no_ack=False)
            assert message is not None
            message.ack()
            walls.append(time.perf_counter() - start)
        seconds = time.perf_counter() - started
        spent_own, spent_server = time.process_time() - own, own_seconds(server) - theirs
        bound.delete()
    walls.sort()
    return {
        "client": 1e6 * spent_own / messages,
        "server": 1e6 * spent_server / messages,
        "p50": 1000 * statistics.median(walls),
        "p99": 1000 * walls[int(0.99 * (len(walls) - 1))],
        "per_s": messages / seconds,
    }


def main() -> None:
    args = arguments(__doc__)
    with broker(args.broker) as (url, server):
        by_way = medians(WAYS, args.rounds, lambda way: measure(way, url, server, args.messages))
    print(f"\n{args.broker} broker, {args.messages} messages, {args.rounds} rounds alternated (medians)\n")
    print("| way | CPU µs per message, this process | redis-server | p50 ms | p99 ms | messages/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for way, m in by_way.items():
        print(
            f"| {way} | {m['client']:.0f} | {m['server']:.0f} | {m['p50']:.3f} | {m['p99']:.3f} "
            f"| {m['per_s']:.0f} |"
        )
    naive, ours = (by_way[w]["client"] + by_way[w]["server"] for w in WAYS)
    print(f"| the service's ÷ kombu's, CPU | {ours / naive:.2f}× | | | | |")


if __name__ == "__main__":
    main()
