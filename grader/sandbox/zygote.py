"""The zygote: a secret-free process with NumPy imported that forks one child per job.

Started by `ZygoteSandbox` as a fresh interpreter (never forked from the grader, which may hold
secrets) with an empty environment. It sets up the namespaces its children share, compiles the
system-call filter once, then keeps one child forked and waiting. For each job it passes the
job's descriptors to the waiting child, hands the grader a pidfd of it, reaps it, reports how it
ended, and forks the next one (checking first that it is still single-threaded). It never reads
a job and never runs student code itself.
"""

from __future__ import annotations

import gc
import json
import os
import select
import shutil
import signal
import socket
import sys
from dataclasses import asdict, dataclass

from grader.sandbox import channel, child, namespaces, syscalls
from grader.sandbox.base import Layer

REAP_GRACE_SECONDS = 2.0
PRELOADED = (
    "math", "cmath", "random", "statistics", "itertools", "functools", "operator", "collections",
    "collections.abc", "typing", "dataclasses", "copy", "string", "re", "decimal", "fractions",
    "numbers", "heapq", "bisect", "time", "warnings", "traceback", "linecache", "ctypes",
    "numpy.linalg", "numpy.random", "numpy.fft", "numpy.lib.stride_tricks",
    "encodings.utf_8", "encodings.latin_1", "encodings.ascii",
)  # fmt: skip


@dataclass(frozen=True)
class Waiting:
    """A forked child waiting for its job on `control`."""

    pid: int
    pidfd: int
    control: socket.socket

    def close(self) -> None:
        os.close(self.pidfd)
        self.control.close()


@dataclass(frozen=True)
class Zygote:
    sock: socket.socket
    prepared: namespaces.Prepared
    rules: syscalls.Filter

    def fork(self) -> Waiting:
        if len(os.listdir("/proc/self/task")) != 1:
            raise RuntimeError("the zygote is not single-threaded: refusing to fork")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            ours.close()
            child.serve(theirs, self.prepared.identity, self.prepared.scratch, self.rules)
        theirs.close()
        return Waiting(pid, os.pidfd_open(pid), ours)


def main(sock_fd: int, uid: int, gid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the grader decides when the zygote ends
    sock = socket.socket(fileno=sock_fd)
    prepared = namespaces.prepare(uid, gid)
    rules = syscalls.build()
    _preload()
    layers = [*prepared.layers, *_own_layers(rules, prepared.identity is not None, uid)]
    zygote = Zygote(sock, prepared, rules)
    waiting = zygote.fork()
    channel.send(sock, json.dumps([asdict(layer) for layer in layers]).encode())
    while _serve_one(zygote, waiting):
        waiting = zygote.fork()
    if prepared.scratch != namespaces.SCRATCH:  # a folder in the host's /tmp: leave nothing
        shutil.rmtree(prepared.scratch, ignore_errors=True)
    os._exit(0)


def _preload() -> None:
    """Import what students and NumPy import lazily: the filter forbids opening files later."""
    import importlib

    for name in PRELOADED:
        importlib.import_module(name)
    import numpy as np

    np.linalg.norm(np.ones((2, 2)) @ np.ones((2, 2)))
    np.random.default_rng(0).standard_normal(2)
    str(np.ones(3))
    gc.collect()
    gc.freeze()  # children's collections then skip the zygote's objects: no copy-on-write storm


def _own_layers(rules: syscalls.Filter, uid_dropped: bool, uid: int) -> list[Layer]:
    return [
        Layer("seccomp", True, f"{rules.rules} rules; anything else kills the process (SIGSYS)"),
        Layer("rlimits", True, "soft = hard: cpu, address space, file size 0, 8 files, 0 processes, no core"),
        Layer(
            "uid",
            uid_dropped,
            f"uid {uid}, no groups" if uid_dropped else "needs CAP_SETUID: runs as the grader's uid",
        ),
        Layer("environment", True, "empty but for BLAS thread counts; zygote started fresh, never forked"),
        Layer("no processes", True, "clone/fork/exec kill the process; RLIMIT_NPROC = 0"),
        Layer("pid namespace", False, "not used: seccomp forbids kill/ptrace and /proc is unreadable"),
        Layer("cgroups", False, "not used: RLIMIT_AS and RLIMIT_CPU bound each child"),
    ]


def _serve_one(zygote: Zygote, waiting: Waiting) -> bool:
    """Run one job on the waiting child; False when the grader has gone."""
    try:
        try:
            data, fds = channel.receive(zygote.sock, channel.START.size)
        except (channel.ChannelClosed, OSError):
            return False
        try:
            if len(fds) != 3:
                return False
            channel.send(waiting.control, data, tuple(fds))
        finally:
            for fd in fds:
                os.close(fd)
        start = channel.unpack_start(data)
        channel.send(zygote.sock, channel.FORKED.pack(waiting.pid), (waiting.pidfd,))
        ended, grader_alive = _reap(waiting, zygote.sock, start.wall_seconds + REAP_GRACE_SECONDS)
    finally:
        _kill(waiting)
        waiting.close()
    _wipe(zygote.prepared.scratch)
    if not grader_alive:
        return False
    channel.send(zygote.sock, ended.pack())
    return True


def _reap(waiting: Waiting, sock: socket.socket, backstop: float) -> tuple[channel.Ended, bool]:
    """Wait for the child; kill it if the grader goes away or the backstop passes."""
    poller = select.poll()
    poller.register(waiting.pidfd, select.POLLIN)
    poller.register(sock.fileno(), select.POLLIN | select.POLLHUP)
    events = dict(poller.poll(backstop * 1000))
    grader_alive = sock.fileno() not in events
    if waiting.pidfd not in events:
        signal.pidfd_send_signal(waiting.pidfd, signal.SIGKILL)
        select.select([waiting.pidfd], [], [])
    cpu = _cpu_seconds(waiting.pid)  # exact, read while the child is a zombie
    _, status, usage = os.wait4(waiting.pid, 0)
    if cpu is None:
        cpu = usage.ru_utime + usage.ru_stime
    return channel.Ended(status, cpu, usage.ru_maxrss), grader_alive


def _cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/schedstat") as file:
            return int(file.read().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def _kill(waiting: Waiting) -> None:
    """Make sure the child is gone and reaped, whatever happened above."""
    try:
        signal.pidfd_send_signal(waiting.pidfd, signal.SIGKILL)
        os.waitpid(waiting.pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _wipe(scratch: str) -> None:
    for entry in os.listdir(scratch):
        path = os.path.join(scratch, entry)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
