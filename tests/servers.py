"""The machine's real servers the tests use, and whether they answer.

With CI=true (`IN_CI`) a test that needs one fails when it is unreachable instead of skipping.
"""

from __future__ import annotations

import os
import socket

import pytest

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"
RABBITMQ = "amqp://guest:guest@127.0.0.1:5672//"
IN_CI = os.environ.get("CI", "").lower() == "true"


def reachable(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def require(port: int, what: str) -> None:
    """Skip the test when `what` does not listen on `port` (fail under CI=true)."""
    if reachable(port):
        return
    if IN_CI:
        pytest.fail(f"CI=true: {what} must be reachable on 127.0.0.1:{port}")
    pytest.skip(f"{what} is not reachable on 127.0.0.1:{port}")
