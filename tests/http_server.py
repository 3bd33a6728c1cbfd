"""For tests that start the service as a process: a free port, and waiting until it is healthy."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Callable

import httpx

from tests.waiting import wait_until


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_healthy(process: subprocess.Popen[bytes], base: str, log: Callable[[], str], seconds: float) -> None:
    """Until `base`/healthz answers 200 with no error model warming; fails with the end of `log` if the process exits or time is up."""

    def healthy() -> bool:
        assert process.poll() is None, f"the process exited:\n{log()}"
        try:
            answer = httpx.get(f"{base}/healthz", timeout=2)
        except httpx.HTTPError:
            return False
        return answer.status_code == 200 and not answer.json()["warming"]  # every grading searches

    wait_until(healthy, seconds, lambda: f"not healthy:\n{log()}", every=0.2)
