"""The parent's side of one child's run: read its output with a cap and a wall clock.

Watches the child's stdout+stderr pipe and the zygote's socket, which becomes readable once the
child has been reaped. What the child prints is drained as fast as it comes, so printing never
stops it: the first `output_bytes` are kept, the lines of the first COUNTED bytes counted, and
the rest goes to /dev/null by splice (no copy through this process), so a flood of gigabytes
costs this process little CPU and no memory, and ends with the child's own limits. Tells the
caller when the wall clock ran out, so it can kill the child. (The report is not a pipe: the
child writes it into shared memory, see `report_memory`; that is what has a hard limit.)
Meanwhile it answers the child's helper calls on their socket, through the job's desk, one
datagram each way.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import selectors
import socket
import time
from dataclasses import dataclass, field
from typing import Literal

from grader.sandbox.base import Limits
from grader.wire import MAX_REQUEST, Desk, encode_refusal

COUNTED = 16 << 20  # printed bytes whose lines are counted; beyond them, only bytes
CHUNK = 1 << 16  # a pipe's default capacity: what one read takes at most
SPLICE = 1 << 20

How = Literal["closed", "ended", "deadline"]


@dataclass
class Collected:
    """What the child printed: the first bytes, and how much in all (never a verdict)."""

    stdout: bytearray = field(default_factory=bytearray)
    stdout_seen: int = 0  # bytes printed in all
    counted: int = 0  # the first of them, read here (the rest was spliced away unread)
    newlines: int = 0  # in the bytes counted
    ends_open: bool = False  # the last byte counted was not a newline

    @property
    def lines(self) -> int | None:
        """How many lines were printed; None when there were too many bytes to count them."""
        if self.stdout_seen > self.counted:
            return None
        return self.newlines + int(self.ends_open)


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
        self.sink = -1  # /dev/null, opened once the counted bytes are past

    def close(self) -> None:
        self.selector.close()
        if self.sink >= 0:
            os.close(self.sink)
            self.sink = -1

    def until(self, deadline: float, pipes: bool = True) -> How:
        """Read until the output closed ('closed', or 'ended' if the child was reaped by then),
        or with `pipes` False until the child was reaped; else 'deadline'."""
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
                else:
                    self._read(key.fd)
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
                self._read(fd)

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

    def _read(self, fd: int) -> None:
        """Take one chunk: kept and counted while it is within the bounds, drained past them."""
        got = self.collected
        if got.stdout_seen >= COUNTED:
            self._drain_unread(fd)
            return
        chunk = os.read(fd, CHUNK)
        if not chunk:
            self._closed(fd)
            return
        got.stdout_seen += len(chunk)
        got.counted += len(chunk)
        got.newlines += chunk.count(b"\n")
        got.ends_open = not chunk.endswith(b"\n")
        got.stdout += chunk[: max(0, self.limits.output_bytes - len(got.stdout))]

    def _drain_unread(self, fd: int) -> None:
        """Past the counted bytes: to /dev/null inside the kernel, counting the bytes only."""
        if self.sink < 0:
            self.sink = os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC)
            with contextlib.suppress(OSError):  # a larger pipe: fewer wake-ups per megabyte
                fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, SPLICE)
        moved = os.splice(fd, self.sink, SPLICE)
        if not moved:
            self._closed(fd)
        self.collected.stdout_seen += moved

    def _closed(self, fd: int) -> None:
        self.selector.unregister(fd)
        self.pipes_open -= 1
