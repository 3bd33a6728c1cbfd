"""What Celery's worker spends per task message around the task, with the service's consumer options
and with the ones it had before (remote control, worker heartbeats and rate-limit checks on).

    .venv/bin/python benchmarks/consumer.py [--messages 2000] [--rounds 3] [--broker embedded|redis]

A grading process is a Celery worker on the solo pool (`service.cli.service_commands`): each
task it takes costs the broker's delivery, its bookkeeping and the acknowledgement, plus whatever
the consumer's own services do meanwhile. Here a real worker process, on the service's Celery
configuration (`make_celery`), takes `--messages` tasks that do nothing, published all at once;
one way with the service's options, the other with the options before them (the naive
yardstick), alternated round by round, a fresh worker each time. Prints per way the median over
the rounds of the CPU microseconds per task of the worker process and of the redis-server, the
rate, and the service's ÷ the naive's.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil  # type: ignore[import-untyped]
import redis
from alternating import arguments, medians
from cpu import own_seconds
from transport import broker

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from service.core.settings import Settings  # noqa: E402
from service.messaging.celery_app import make_celery  # noqa: E402

WAYS = ("remote control, heartbeats, rate limits on (naive)", "the service's options")
DONE_KEY = "bench:consumer:done"
# The worker: the service's Celery app, its solo pool and flags; the naive way puts back what
# the service turned off.
WORKER = """
import logging, sys
import redis
from service.core.settings import Settings
from service.messaging.celery_app import make_celery
url, queue, data, naive, done_key = *sys.argv[1:4], sys.argv[4] == "naive", sys.argv[5]
app = make_celery(Settings(broker_url=url, queue=queue, data_dir=data))
if naive:
    app.conf.update(worker_enable_remote_control=True, worker_disable_rate_limits=False)
events = redis.Redis.from_url(url.replace("redis+socket://", "unix://"))
@app.task(name="bench.noop", shared=False)
def noop(i):
    return None
@app.task(name="bench.done", shared=False)
def done(tag):
    events.set(done_key, tag)
logging.getLogger("celery.worker.strategy").setLevel(logging.WARNING)
flags = ["--without-gossip", "--without-mingle"] + ([] if naive else ["--without-heartbeat"])
app.worker_main(["worker", "--loglevel=INFO", "--concurrency=1", "--pool=solo",
                 "--queues=" + queue, "--hostname=bench-%h", *flags])
"""


def measure(way: str, url: str, server: psutil.Process, messages: int) -> dict[str, float]:
    """One fresh worker of this way: warmed up, then `messages` tasks published at once."""
    queue = f"bench-consumer-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as data:
        app = make_celery(Settings(broker_url=url, queue=queue, data_dir=Path(data)))
        events = redis.Redis.from_url(url.replace("redis+socket://", "unix://"))
        naive = "naive" if way == WAYS[0] else "lean"
        worker = subprocess.Popen(
            [sys.executable, "-c", WORKER, url, queue, data, naive, DONE_KEY],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _run(app, events, queue, 50, "warm")  # started, connected, scripts loaded
            process = psutil.Process(worker.pid)
            worker_before, server_before = own_seconds(process), own_seconds(server)
            seconds = _run(app, events, queue, messages, "timed")
            spent_worker, spent_server = (
                own_seconds(process) - worker_before,
                own_seconds(server) - server_before,
            )
        finally:
            worker.terminate()
            worker.wait(timeout=30)
            with app.connection_for_write() as connection:
                connection.default_channel.queue_delete(queue)
    return {
        "worker": 1e6 * spent_worker / messages,
        "server": 1e6 * spent_server / messages,
        "per_s": messages / seconds,
    }


def _run(app: object, events: redis.Redis, queue: str, messages: int, tag: str) -> float:
    """Publish `messages` no-op tasks and a last one; the seconds until that last one ran."""
    events.delete(DONE_KEY)
    started = time.perf_counter()
    for i in range(messages):
        app.send_task("bench.noop", args=[i], queue=queue)  # type: ignore[attr-defined]
    app.send_task("bench.done", args=[tag], queue=queue)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 120
    while events.get(DONE_KEY) != tag.encode():
        if time.monotonic() > deadline:
            raise TimeoutError("the worker did not take the tasks")
        time.sleep(0.01)
    return time.perf_counter() - started


def main() -> None:
    args = arguments(__doc__)
    with broker(args.broker) as (url, server):
        by_way = medians(WAYS, args.rounds, lambda way: measure(way, url, server, args.messages))
    print(f"\n{args.broker} broker, {args.messages} tasks, {args.rounds} rounds alternated (medians)\n")
    print("| way | CPU µs per task, worker process | redis-server | tasks/s |")
    print("| --- | ---: | ---: | ---: |")
    for way, m in by_way.items():
        print(f"| {way} | {m['worker']:.0f} | {m['server']:.0f} | {m['per_s']:.0f} |")
    naive, ours = (by_way[w]["worker"] + by_way[w]["server"] for w in WAYS)
    print(f"| the service's ÷ the naive's, CPU | {ours / naive:.2f}× | | |")


if __name__ == "__main__":
    main()
