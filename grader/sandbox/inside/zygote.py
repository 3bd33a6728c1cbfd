"""The zygote: a secret-free process with NumPy imported that forks one child per job.

Started by `ZygoteSandbox` as a fresh interpreter (never forked from the grader, which may hold
secrets) with an empty environment. It sets up the namespaces its children share, compiles the
system-call filter once, then loops: fork a child (checking first that it is still
single-threaded), hand the grader a pidfd of it and the socket it waits on, so the job's
descriptors go from the grader straight to the child, then reap it and report how it ended.
It never runs student code itself. The grader may send it challenges' setups (calls, input
arrays, helper code: what every child of that challenge gets anyway, never an expected output):
decoded once here, they are inherited by every later child, which then needs only the source.
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

from grader.sandbox.inside import channel, child, harness, linux, namespaces, syscalls, warmup
from grader.wire import Layer

PRELOADED = (
    "math", "cmath", "random", "statistics", "itertools", "functools", "operator", "collections",
    "collections.abc", "typing", "dataclasses", "copy", "string", "re", "decimal", "fractions",
    "numbers", "heapq", "bisect", "time", "warnings", "traceback", "linecache", "ctypes",
    "numpy.linalg", "numpy.random", "numpy.fft", "numpy.lib.stride_tricks",
    "numpy.ma",  # np.median, np.percentile and np.quantile import it on first use
    "numpy.typing",  # type hints: `from numpy.typing import NDArray`
    "encodings.utf_8", "encodings.latin_1", "encodings.ascii",
)  # fmt: skip


@dataclass(frozen=True)
class Waiting:
    """A forked child waiting for its job on `control`."""

    pid: int
    pidfd: int
    control: socket.socket


@dataclass
class Zygote:
    sock: socket.socket
    prepared: namespaces.Prepared
    rules: syscalls.Filter
    setups: dict[str, harness.Setup]
    warm_on: str | None = None  # the setup the next children warm up on

    def fork(self) -> Waiting:
        if thread_count() != 1:
            raise RuntimeError("the zygote is not single-threaded: refusing to fork")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = linux.fork_bare()  # single-threaded, checked above
        if pid == 0:
            ours.close()
            plan = warmup.Plan(self.warm_on != channel.NO_WARMUP, self.setups.get(self.warm_on or ""))
            child.serve(theirs, self.prepared.identity, self.prepared.scratch, self.rules, self.setups, plan)
        theirs.close()
        return Waiting(pid, os.pidfd_open(pid), ours)

    def take_message(self) -> bool:
        """Take a setup or a hint from the grader; False when the grader has gone instead."""
        try:
            data, fds = channel.receive(self.sock, (channel.KEYED.size,))
        except (OSError, channel.ChannelClosed):
            return False
        try:
            tag, raw_key = channel.KEYED.unpack(data)
            key = raw_key.decode("ascii")
            if tag == channel.HINT_TAG:
                self.warm_on = key
            elif tag == channel.SETUP_TAG and len(self.setups) < channel.MAX_SETUPS and len(fds) == 1:
                self._decode(key, fds[0])
        finally:
            for fd in fds:
                os.close(fd)
        return True

    def _decode(self, key: str, fd: int) -> None:
        self.setups[key] = harness.load_setup(harness.read_all(fd))
        gc.collect()
        gc.freeze()


def thread_count() -> int:
    """This process's threads: /proc counts them in its task folder's links ("." and ".." aside)."""
    return os.stat("/proc/self/task").st_nlink - 2


def main(sock_fd: int, uid: int, gid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the grader decides when the zygote ends
    sock = socket.socket(fileno=sock_fd)
    # Import everything before the private tmpfs covers /tmp: the project or its virtualenv may
    # live there (a CI clone does), and nothing could be imported from it afterwards.
    rules = syscalls.build()
    rules.fprog_address  # noqa: B018 (built here once, not in every child)
    _preload()
    prepared = namespaces.prepare(uid, gid)
    layers = [*prepared.layers, *_own_layers(rules, prepared.identity is not None, uid)]
    zygote = Zygote(sock, prepared, rules, {})
    channel.send(sock, json.dumps([asdict(layer) for layer in layers]).encode())
    while _serve_one(zygote):
        pass
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
        Layer(
            "rlimits", True, "soft = hard: cpu, address space, file size 0, 10 files, 0 processes, no core"
        ),
        Layer(
            "uid",
            uid_dropped,
            f"uid {uid}, no groups" if uid_dropped else "needs CAP_SETUID: runs as the grader's uid",
        ),
        Layer("environment", True, "empty but for BLAS thread counts; zygote started fresh, never forked"),
        Layer("no processes", True, "clone/fork/exec kill the process; RLIMIT_NPROC = 0"),
        Layer("pid namespace", False, "seccomp forbids kill/ptrace and /proc is unreadable", by_design=True),
        Layer("cgroups", False, "RLIMIT_AS and RLIMIT_CPU bound each child", by_design=True),
    ]


def _serve_one(zygote: Zygote) -> bool:
    """Fork a child, hand it to the grader, reap it; False when the grader has gone."""
    waiting = zygote.fork()
    ended = None
    try:
        try:
            channel.send(
                zygote.sock,
                channel.READY.pack(channel.READY_TAG, waiting.pid, len(zygote.setups)),
                (waiting.pidfd, waiting.control.fileno()),
            )
        except OSError:  # the grader has gone: end here, quietly (the child is killed below)
            return False
        finally:
            waiting.control.close()  # the grader has it now: the job goes straight to the child
        ended = _reap(waiting, zygote)
    finally:
        if ended is None:
            _kill(waiting)
        os.close(waiting.pidfd)
    _wipe(zygote.prepared.scratch)
    if ended is None:
        return False
    channel.send(zygote.sock, ended.pack())
    return True


def _reap(waiting: Waiting, zygote: Zygote) -> channel.Ended | None:
    """Wait for the child to end, taking messages meanwhile; None if the grader goes away first."""
    poller = select.poll()
    poller.register(waiting.pidfd, select.POLLIN)
    poller.register(zygote.sock.fileno(), select.POLLIN | select.POLLHUP)
    while zygote.sock.fileno() in dict(poller.poll()):
        if not zygote.take_message():
            return None
    # The kernel makes user + system time add up to the exact run time (to the microsecond).
    _, status, usage = os.wait4(waiting.pid, 0)
    return channel.Ended(status, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def _kill(waiting: Waiting) -> None:
    """Make sure a child not reaped yet is gone and reaped, whatever happened above."""
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
