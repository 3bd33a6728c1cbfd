"""The parent's side of one child's run: read its pipes with caps and a wall clock.

Watches the child's stdout+stderr pipe, its report pipe, and the zygote's socket, which becomes
readable once the child has been reaped. Keeps at most the cap of each pipe (counting the rest),
and tells the caller when the wall clock or the output ran out, so it can kill the child.
"""

from __future__ import annotations

import os
import selectors
import time
from dataclasses import dataclass, field
from typing import Literal

from grader.sandbox.base import Limits

FLOOD_FACTOR = 16  # printed bytes beyond this many times the kept limit kill the child

How = Literal["closed", "ended", "deadline", "flood"]


@dataclass
class Collected:
    report: bytearray = field(default_factory=bytearray)
    stdout: bytearray = field(default_factory=bytearray)
    stdout_seen: int = 0
    report_seen: int = 0

    def over(self, limits: Limits) -> bool:
        return self.stdout_seen > FLOOD_FACTOR * limits.output_bytes or self.report_seen > limits.report_bytes


class Reader:
    def __init__(self, stdout_fd: int, report_fd: int, ended_fd: int, limits: Limits) -> None:
        self.limits = limits
        self.collected = Collected()
        self.stdout_fd, self.report_fd, self.ended_fd = stdout_fd, report_fd, ended_fd
        self.selector = selectors.DefaultSelector()
        for fd in (stdout_fd, report_fd, ended_fd):
            self.selector.register(fd, selectors.EVENT_READ)
        self.pipes_open = 2
        self.ended = False

    def close(self) -> None:
        self.selector.close()

    def until(self, deadline: float, pipes: bool = True) -> How:
        """Read until both pipes closed ('closed', or 'ended' if the child was reaped by then),
        or with `pipes` False until the child was reaped; else 'deadline' or 'flood'."""
        while not self.ended and (self.pipes_open or not pipes):
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return "deadline"
            for key, _ in self.selector.select(remaining):
                if key.fd == self.ended_fd:
                    self.selector.unregister(key.fd)
                    self.ended = True
                elif self._read(key.fd):
                    return "flood"
        if self.ended:
            self._drain()
            return "ended"
        return "closed"

    def _drain(self) -> None:
        """The child is dead: what is left in its pipes is all there is."""
        while self.pipes_open:
            ready = [key.fd for key, _ in self.selector.select(0) if key.fd != self.ended_fd]
            if not ready:
                return
            for fd in ready:
                if self._read(fd):
                    return

    def _read(self, fd: int) -> bool:
        """Read one chunk; True when the child has written more than it may."""
        chunk = os.read(fd, 65536)
        if not chunk:
            self.selector.unregister(fd)
            self.pipes_open -= 1
            return False
        got = self.collected
        if fd == self.stdout_fd:
            got.stdout_seen += len(chunk)
            got.stdout += chunk[: max(0, self.limits.output_bytes - len(got.stdout))]
        else:
            got.report_seen += len(chunk)
            got.report += chunk[: max(0, self.limits.report_bytes - len(got.report))]
        return got.over(self.limits)
