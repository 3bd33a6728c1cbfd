"""Fixed-size messages between the grader, its zygote and a waiting child, with descriptors.

The zygote is trusted (it never runs student code), but nothing here is pickled all the same:
every message is one struct on a SOCK_SEQPACKET socket, so message boundaries are kept.

grader -> zygote  SETUP  a setup's key;            fds: the setup (decoded once, before forking)
grader -> zygote  HINT   the key of the setup the next children should warm up on (NO_WARMUP: none)
zygote -> grader  READY  a forked child waits, and how many setups it holds;
                         fds: a pidfd of it, the socket it waits on
grader -> child   START  cpu, memory, wall;       fds: the job, the report memory, the stdout pipe,
                         the argument memory, and the helpers' socket if the calls pass helpers
zygote -> grader  ENDED  the child was reaped: wait status, cpu seconds, peak rss kB
"""

from __future__ import annotations

import array
import contextlib
import os
import socket
import struct
from dataclasses import dataclass

START = struct.Struct("<IQd")
READY = struct.Struct("<BiI")
ENDED = struct.Struct("<Bidq")
KEYED = struct.Struct("<B32s")  # SETUP and HINT
READY_TAG, ENDED_TAG, SETUP_TAG, HINT_TAG = 1, 2, 3, 4
NO_WARMUP = "-" * 32  # a HINT: the grader is busy, warming up would only take its CPU
MAX_SETUPS = 64  # a zygote decodes at most this many setups; others go as jobs in full
MAX_FDS = 6


@dataclass(frozen=True)
class Start:
    cpu_seconds: int
    memory_bytes: int
    wall_seconds: float

    def pack(self) -> bytes:
        return START.pack(self.cpu_seconds, self.memory_bytes, self.wall_seconds)


@dataclass(frozen=True)
class Ended:
    status: int
    cpu_seconds: float
    max_rss_kb: int

    def pack(self) -> bytes:
        return ENDED.pack(ENDED_TAG, self.status, self.cpu_seconds, self.max_rss_kb)


class ChannelClosed(ConnectionError):
    """The other end went away or broke the format."""


def send(sock: socket.socket, data: bytes, fds: tuple[int, ...] = ()) -> None:
    ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
    sock.sendmsg([data], ancillary)


def receive(sock: socket.socket, sizes: tuple[int, ...]) -> tuple[bytes, list[int]]:
    """One message whose length is one of `sizes`, and the descriptors that came with it."""
    fd_space = socket.CMSG_SPACE(MAX_FDS * array.array("i").itemsize)
    data, ancillary, flags, _ = sock.recvmsg(max(sizes) + 1, fd_space, socket.MSG_CMSG_CLOEXEC)
    fds: list[int] = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            received = array.array("i")
            received.frombytes(payload[: len(payload) - len(payload) % received.itemsize])
            fds.extend(received)
    if len(data) not in sizes or flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
        for fd in fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        raise ChannelClosed(f"unexpected message of {len(data)} bytes")
    return data, fds


def unpack_start(data: bytes) -> Start:
    cpu, memory, wall = START.unpack(data)
    return Start(cpu, memory, wall)


def unpack_ended(data: bytes) -> Ended:
    _, status, cpu, rss = ENDED.unpack(data)
    return Ended(status, cpu, rss)
