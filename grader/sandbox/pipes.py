"""The parent's side of one child's run: read its output with a cap and a wall clock.

Watches the child's stdout+stderr pipe and the zygote's socket, which becomes readable once the
child has been reaped. Keeps at most the cap of the output (counting the rest), and tells the
caller when the wall clock or the output ran out, so it can kill the child. (The report is
not a pipe: the child writes it into shared memory, see `report_memory`.) Meanwhile it answers
the child's helper calls on their socket, through the job's desk, one datagram each way.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import time
from dataclasses import dataclass, field
from typing import Literal

from grader.sandbox.base import Limits
from grader.wire import MAX_REQUEST, Desk, encode_refusal

FLOOD_FACTOR = 16  # printed bytes beyond this many times the kept limit kill the child

How = Literal["closed", "ended", "deadline", "flood"]


@dataclass
class Collected:
    stdout: bytearray = field(default_factory=bytearray)
    stdout_seen: int = 0

    def over(self, limits: Limits) -> bool:
        return self.stdout_seen > FLOOD_FACTOR * limits.output_bytes


class Reader:
    def __init__(
        self, stdout_fd: int, ended_fd: int, limits: Limits, desk: tuple[socket.socket, Desk] | None = None
    ) -> None:
        """`desk`: the socket the child's helpers ask on, and what answers them."""
        self.limits = limits
        self.collected = Collected()
        self.stdout_fd, self.ended_fd = stdout_fd, ended_fd
        self.selector = selectors.DefaultSelector()
        for fd in (stdout_fd, ended_fd):
            self.selector.register(fd, selectors.EVENT_READ)
        self.desk = desk
        self.desk_fd = -1
        if desk is not None:
            self.desk_fd = desk[0].fileno()
            self.selector.register(self.desk_fd, selectors.EVENT_READ)
        self.pipes_open = 1
        self.ended = False

    def close(self) -> None:
        self.selector.close()

    def until(self, deadline: float, pipes: bool = True) -> How:
        """Read until the output closed ('closed', or 'ended' if the child was reaped by then),
        or with `pipes` False until the child was reaped; else 'deadline' or 'flood'."""
        while not self.ended and (self.pipes_open or not pipes):
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return "deadline"
            for key, _ in self.selector.select(remaining):
                if key.fd == self.ended_fd:
                    self.selector.unregister(key.fd)
                    self.ended = True
                elif key.fd == self.desk_fd:
                    self._answer()
                elif self._read(key.fd):
                    return "flood"
        if self.ended:
            self._drain()
            return "ended"
        return "closed"

    def _drain(self) -> None:
        """The child is dead: what is left in its pipes is all there is."""
        while self.pipes_open:
            ready = [
                key.fd for key, _ in self.selector.select(0) if key.fd not in (self.ended_fd, self.desk_fd)
            ]
            if not ready:
                return
            for fd in ready:
                if self._read(fd):
                    return

    def _answer(self) -> None:
        """Answer one helper request. A child that does not take its answers, or hangs up,
        is served no more: its helpers then fail in its own code."""
        assert self.desk is not None  # noqa: S101 called only when a desk was opened: narrows for mypy
        sock, desk = self.desk
        try:
            request = sock.recv(MAX_REQUEST + 1, socket.MSG_DONTWAIT)
        except BlockingIOError:
            return
        except OSError:
            request = b""
        try:
            if not request:
                raise ConnectionError("the child hung up")
            answer = (
                desk.answer(request)
                if len(request) <= MAX_REQUEST
                else encode_refusal("ValueError: too large")
            )
            sock.send(answer, socket.MSG_DONTWAIT)
        except OSError:
            self.selector.unregister(self.desk_fd)
            self.desk_fd = -1
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def _read(self, fd: int) -> bool:
        """Read one chunk; True when the child has written more than it may."""
        chunk = os.read(fd, 65536)
        if not chunk:
            self.selector.unregister(fd)
            self.pipes_open -= 1
            return False
        got = self.collected
        got.stdout_seen += len(chunk)
        got.stdout += chunk[: max(0, self.limits.output_bytes - len(got.stdout))]
        return got.over(self.limits)
