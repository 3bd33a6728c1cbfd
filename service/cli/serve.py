"""`autograder serve`: the API, the grading workers and (embedded) the broker, started and stopped together."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator

import uvicorn

from service.cli.api_server import api_config
from service.cli.embedded_broker import EmbeddedBroker
from service.cli.startup import data_folder_held, listening
from service.core.parent_death import die_with_parent
from service.core.settings import Settings, get_settings
from service.storage import migrations
from service.storage.private_files import make_private

log = logging.getLogger(__name__)
WARM_SHUTDOWN_SECONDS = 30


@contextlib.contextmanager
def worker_process(settings: Settings) -> Iterator[subprocess.Popen[bytes]]:
    """`autograder worker` as a child, told the broker in force; warm shutdown on exit."""
    env = {**os.environ, "AUTOGRADER_BROKER_URL": settings.broker}
    command = [sys.executable, "-m", "service.cli", "worker"]
    process = subprocess.Popen(
        command, env=env, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent, process_group=0
    )
    try:
        yield process
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=WARM_SHUTDOWN_SECONDS)
    except subprocess.TimeoutExpired:
        log.error("worker did not stop in %s s: killing it", WARM_SHUTDOWN_SECONDS)
        process.kill()
        process.wait()


class _Server(uvicorn.Server):
    """Uvicorn, except that a SIGTERM/SIGINT stops the API and returns, so the workers stop next."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def _watch(process: subprocess.Popen[bytes], server: uvicorn.Server, stopping: threading.Event) -> None:
    """If the workers die, stop serving instead of accepting work nobody grades."""
    process.wait()
    if not server.should_exit and not stopping.is_set():
        log.error("the grading worker exited (status %s): stopping", process.returncode)
        server.should_exit = True


def serve(host: str | None, port: int | None) -> int:
    """0 once stopped by a signal; 1 when anything failed to start (every child is stopped then),
    or the workers failed. CannotStart for what is checked before starting anything."""
    settings = get_settings()
    make_private(settings.data_dir)
    host, port = host or settings.host, port or settings.port
    with contextlib.ExitStack() as stack:
        if settings.database_url is None or settings.embedded_broker:
            stack.enter_context(data_folder_held(settings.data_folder(), _address(host, port)))
        sock = stack.enter_context(listening(host, port))
        if settings.database_url is None:
            migrations.upgrade(settings)
        server = _Server(api_config(settings, host, port))
        if settings.embedded_broker:
            stack.enter_context(EmbeddedBroker(settings.broker_socket))
        os.environ["AUTOGRADER_BROKER_URL"] = settings.broker  # the API sends where the worker listens
        get_settings.cache_clear()
        worker = stack.enter_context(worker_process(get_settings()))
        stopping = threading.Event()
        stack.callback(stopping.set)  # runs first: the worker stopped by serve is no failure
        threading.Thread(target=_watch, args=(worker, server, stopping), daemon=True).start()
        server.run(sockets=[sock])
    if not server.started:
        log.error("the API did not start: every process of serve was stopped")
        return 1
    return 0 if worker.returncode in (0, None) else 1


def _address(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"
